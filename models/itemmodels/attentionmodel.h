#pragma once

// The Attention queue (docs/design.md §10): rows an event or the reconciler could not settle and
// a person must act on, oldest Attention first, with the reason. Holds what the event store
// handed it (setRows); runs no queries itself.

#include "domain/eventtypes.h"
#include "itemmodels/rowtablemodel.h"

namespace ops {

class AttentionModel final : public RowTableModel<AttentionItem>
{
    Q_OBJECT
public:
    enum Column
    {
        OperationColumn,
        AmountColumn,
        StateColumn,
        ReasonColumn,
        RaisedAtColumn,
        RaisedByColumn,
        ColumnCount
    };
    enum Role
    {
        OperationIdRole = Qt::UserRole + 1, // QString
    };
    using RowTableModel::RowTableModel;

    const AttentionItem *itemAt(int row) const { return rowAt(row); }
    // The row showing `operationId`, -1 when none.
    int rowOf(const QString &operationId) const;

protected:
    QStringList columnTitles() const override;
    QVariant rowData(const AttentionItem &item, int column, int role) const override;

private:
    QVariant display(const AttentionItem &item, int column) const;
};

// A receiver beats well inside this (webhookserver.h); the store uses the same default.
inline constexpr qint64 kReceiverStaleAfterMs = 90'000;

// The status bar's receiver line, from the last stored heartbeat and the clock's `now`:
// running while the freshest heartbeat is at most `staleAfterMs` old and not stopped.
struct ReceiverLine
{
    bool running = false;
    QString text;    // "Webhook receiver running · last event 01/12/2026 13:05:09 CET"
    QString toolTip; // the same instants in UTC, and the receiver's address
};
ReceiverLine receiverLine(const ReceiverStatus &status, const QDateTime &now,
                          qint64 staleAfterMs = kReceiverStaleAfterMs);

} // namespace ops
