#pragma once

// The lines of a batch file in the console's import (docs/design.md §19, docs/batches.md): what
// the check said of each — its problems in place, or that an earlier run of the same file already
// made it — and, once the run reached it, how it ended. The console reads and runs the file
// (app/console/batchworker.h); this model holds its answers, shows them and counts them. Rule 16:
// a row whose outcome is unknown is counted as checking, never as done.

#include "domain/money.h"
#include "domain/operation.h"
#include "itemmodels/rowtablemodel.h"

#include <QMap>
#include <optional>

namespace ops {

// How a row of a run ended (batchrun.h's statuses: refunded, accepted, failed, checking,
// unconfirmed, needs_approval, rejected, not_run, error).
struct BatchRowOutcome
{
    QString status;            // '' until the run reached the row
    QString reason;            // failed, rejected, error: why
    QString operationId;       // the row's operation, when one was opened
    QString providerReference; // refunded: the refund id; accepted: the provider's reference
    bool earlierRun = false;   // answered from the operation an earlier run made
};

// One line of the file.
struct BatchPreviewRow
{
    int line = 0;
    QString orderId;             // '' for a line that did not read as a row
    QString target;              // the charge, payment intent or Adyen payment
    std::optional<Money> amount; // nullopt for a line that did not read as a row
    QString reasonCode;
    QString reference; // the file's reference column
    QString ticket;
    QStringList problems;     // the check's, as it said them; empty: the row is ready
    QString earlierOperation; // not empty: the operation an earlier run made for it
    BatchRowOutcome outcome;

    bool isRow() const { return amount.has_value(); }
};

// A row's outcome as the run delivers it: several at a time (batchworker.h batches them).
struct BatchRowUpdate
{
    int row = 0; // in the preview's order
    BatchRowOutcome outcome;
};

// A checked file: its rows and problems by line, with what the run needs to know.
struct BatchPreview
{
    QString name;
    QString path;
    int lines = 0;                     // refund lines, read well or not
    std::vector<BatchPreviewRow> rows; // by line
    QStringList fileProblems;          // the file as a whole, or a provider it needs
    QMap<QString, qint64> totals;      // currency → minor units, of the rows that read well
    int alreadyRun = 0;                // rows an earlier run of this file made
    int problems = 0;                  // all of them, the file's and the rows'

    // Run may be pressed: no problem anywhere and at least one row.
    bool runnable() const;
};

class BatchPreviewModel final : public RowTableModel<BatchPreviewRow>
{
    Q_OBJECT
public:
    enum Column
    {
        LineColumn,
        OrderColumn,
        TargetColumn,
        AmountColumn,
        ReasonColumn,
        ReferenceColumn,
        CheckColumn,
        ResultColumn,
        ColumnCount
    };
    enum Role
    {
        HasProblemRole = Qt::UserRole + 1, // bool
        StatusRole,                        // the outcome's status code ('' before the run)
        OperationIdRole,
    };

    using RowTableModel::RowTableModel;

    // One dataChanged over the rows the updates span (not the whole table).
    void setOutcomes(const std::vector<BatchRowUpdate> &updates);
    // Rows the run reached, by status; rows it did not reach count as not_run once it ended.
    QMap<QString, int> countByStatus() const;
    int reached() const;

private:
    QStringList columnTitles() const override;
    QVariant rowData(const BatchPreviewRow &row, int column, int role) const override;
    QString checkText(const BatchPreviewRow &row) const;
    QString resultText(const BatchRowOutcome &outcome) const;
};

// A past batch's refund as a row of its view: the order, charge, amount and reason code as
// stored, the file's reference from the row's "batch:NAME:REF", and its outcome as the row
// stands now (the run's statuses: a succeeded row is refunded, an unknown one checking). The file
// line is not stored: 0.
BatchPreviewRow batchRowOf(const Operation &op);

// What the operator reads for a run's status code, translated: "refunded", "checking — outcome
// unknown". Never "done" for an unknown outcome.
QString batchStatusLabel(const QString &status);
// "12 refunded · 1 checking — outcome unknown · 3 not run", in the statuses' fixed order.
QString batchSummaryText(const QMap<QString, int> &counts);

} // namespace ops
