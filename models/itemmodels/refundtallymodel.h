#pragma once

// Refunds counted by reason code or by batch (docs/design.md §19), as the supervisor's Refunds
// tab shows and exports them: how many, how many refunded, failed and still checking (rule 16:
// an unknown outcome is never counted as refunded), the money refunded per currency, and when.
// The tallies are the store's (AuditStats::refundsByReason, refundsByBatch).

#include "domain/audittypes.h"
#include "itemmodels/rowtablemodel.h"

namespace ops {

class RefundTallyModel final : public RowTableModel<RefundTally>
{
    Q_OBJECT
public:
    enum class Key
    {
        Reason,
        Batch
    };
    enum Column
    {
        KeyColumn,
        RefundsColumn,
        SucceededColumn,
        FailedColumn,
        UnsettledColumn,
        RefundedColumn,
        LastColumn,
        ColumnCount
    };
    enum Role
    {
        KeyRole = Qt::UserRole + 1, // the stored key: a reason code ('' none) or a batch name
    };

    explicit RefundTallyModel(Key key, QObject *parent = nullptr);

    // The rows as CSV (RFC 4180), a header first: key, refunds, refunded, failed, checking, then
    // one money column per currency in minor units, and the first and last times (UTC, ISO).
    QByteArray csv() const;

private:
    QStringList columnTitles() const override;
    QVariant rowData(const RefundTally &row, int column, int role) const override;

    Key m_key = Key::Reason;
};

// "Price adjustment" for price_adjustment, "No reason code" for '', translated.
QString reasonCodeLabel(const QString &code);

} // namespace ops
