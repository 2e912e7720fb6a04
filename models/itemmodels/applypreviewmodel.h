#pragma once

// The rows of a bulk run in the checking queue (docs/design.md §10 Bulk resolution, issue 14
// item 3): each selected operation with what its preview says — the proposed outcome and its
// evidence, or the exclusion and its reason — and, once the run reached it, what happened. The
// store decides everything (proposalapply.h for proposals, resendBlock for resends); this model
// holds its answers, shows them and counts the summary. No SQL, no dialogs.

#include "domain/classification.h"
#include "domain/money.h"
#include "domain/operation.h"

#include <QAbstractTableModel>
#include <QMap>
#include <optional>
#include <vector>

namespace ops {

struct ApplyPreviewRow;
struct Operation;
struct ResendBlock;

// One selected row as the preview left it.
struct BulkRow
{
    QString operationId;
    Money amount;
    QString proposal;  // what would be done: "close as failed", "resend with the stored key"
    QString evidence;  // "#12, #14": the evidence the proposal rests on; a resend: the newest
    QString exclusion; // empty: the run will do it; else the store's code ("newer_evidence")
    QString reason;    // the store's text: what running it does, or why it is excluded
    bool needsApproval = false; // above the four-eyes threshold: an approval request is made
    bool resend = false;        // done by resending with the stored key and bytes
    // A close proposal's outcome: what the row is once the run applied it.
    std::optional<OperationState> closesAs;
    // A resend whose key can only replay what the provider stored (DESIGN §16): it cannot finish
    // the refund; said in the preview before anyone confirms.
    bool onlyReplays = false;
    qint64 proposalId = 0;
    qint64 versionMs = 0; // the row's updated_at when previewed (ApplyGuard)

    bool runnable() const { return exclusion.isEmpty(); }
};

// A bulk apply row from previewApply. A resend proposal (the store says resend_not_here) is
// runnable here: the console applies it by resending, unless its window is past.
BulkRow bulkRowFromPreview(const ApplyPreviewRow &preview);
// A bulk resend row from the resend rule (resendBlock) of the row as read now, what the provider
// holds under its key (keyMemoryFor) and the id of the row's newest evidence (0: none), which
// the Evidence column shows as a proposal row shows the evidence its proposal rests on.
BulkRow bulkRowForResend(const Operation &op, const ResendBlock &block, KeyMemory memory,
                         qint64 newestEvidenceId);

enum class BulkOutcome
{
    NotRun,          // excluded by the preview, or cancelled before the run reached it
    Applied,         // closed as proposed (stateAfter: the proposal's outcome)
    SentForApproval, // an approval request waits for a second person
    Sent,            // resent: one attempt with the stored key (stateAfter: what it left)
    Excluded,        // the store refused it when the run reached it (reason given)
    Failed,          // an error (database, provider); nothing half-written
};

struct BulkRowResult
{
    BulkOutcome outcome = BulkOutcome::NotRun;
    QString text;      // what happened, for the Result column
    QString exclusion; // for Excluded: the store's code
    // The row's state once the run reached it, for Applied and Sent: the summary counts rows by
    // it, so a resend that left the row unknown is never counted as done.
    std::optional<OperationState> stateAfter;
};

// A row's result as the run delivers it: several at a time (bulkworker.h batches them).
struct BulkRowUpdate
{
    int row = 0;
    BulkRowResult result;
};

// Rows by what the run left them as (DESIGN §16): succeeded, closed failed, still unknown, sent
// for approval, excluded; errors apart. applied and sent count how the run got there.
struct BulkSummary
{
    int succeeded = 0;
    int closedFailed = 0;
    int stillUnknown = 0; // resent, and the provider's answer settled nothing
    int applied = 0;      // close proposals carried out
    int sentForApproval = 0;
    int sent = 0;                  // resends made
    int excluded = 0;              // by the preview or when reached
    int failed = 0;                // an error (database, provider): nothing half-written
    int notReached = 0;            // runnable rows a cancel left untouched
    QMap<QString, int> excludedBy; // exclusion label → rows
};

class ApplyPreviewModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        OperationColumn,
        AmountColumn,
        ProposalColumn,
        EvidenceColumn,
        PreviewColumn,
        ResultColumn,
        ColumnCount
    };
    enum Role
    {
        OperationIdRole = Qt::UserRole + 1,
        RunnableRole, // bool
        OutcomeRole,  // int BulkOutcome
    };

    explicit ApplyPreviewModel(QObject *parent = nullptr);

    void setRows(std::vector<BulkRow> rows);
    const std::vector<BulkRow> &rows() const { return m_rows; }
    const BulkRowResult &resultAt(int row) const { return m_results.at(std::size_t(row)); }
    void setResult(int row, BulkRowResult result);
    // One dataChanged for the whole batch, over the rows it spans (not the whole table).
    void setResults(const std::vector<BulkRowUpdate> &updates);
    int runnableCount() const;
    BulkSummary summary() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QString previewText(const BulkRow &row) const;
    QString resultText(int row) const;

    std::vector<BulkRow> m_rows;
    std::vector<BulkRowResult> m_results;
};

// What the operator reads for an exclusion code: "Newer evidence", translated.
QString exclusionLabel(const QString &code);

} // namespace ops
