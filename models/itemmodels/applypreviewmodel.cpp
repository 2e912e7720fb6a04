#include "itemmodels/applypreviewmodel.h"

#include "domain/applypreview.h"
#include "domain/leases.h"
#include "itemmodels/localeformat.h"
#include "itemmodels/reasontext.h"

#include <QCoreApplication>
#include <QLocale>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

QString evidenceList(const QList<qint64> &ids)
{
    QStringList parts;
    for (const qint64 id : ids)
        parts.append(u"#"_s + QString::number(id));
    return parts.join(u", "_s);
}

QString proposalText(const Proposal &p)
{
    if (p.action == ProposalAction::Resend)
        return ApplyPreviewModel::tr("resend with the stored key");
    if (p.outcome == OperationState::Succeeded)
        return ApplyPreviewModel::tr("close as succeeded (%1)").arg(p.providerRef);
    return ApplyPreviewModel::tr("close as failed");
}

void countState(BulkSummary &s, std::optional<OperationState> state)
{
    if (state == OperationState::Succeeded)
        ++s.succeeded;
    else if (state == OperationState::Failed)
        ++s.closedFailed;
    else // unknown, open again, or unread: nothing was settled
        ++s.stillUnknown;
}

QString stateText(std::optional<OperationState> state)
{
    if (state == OperationState::Succeeded)
        return ApplyPreviewModel::tr("succeeded");
    if (state == OperationState::Failed)
        return ApplyPreviewModel::tr("closed as failed");
    return ApplyPreviewModel::tr("still unknown");
}

} // namespace

BulkRow bulkRowFromPreview(const ApplyPreviewRow &preview)
{
    BulkRow row;
    row.operationId = preview.operationId;
    row.amount = preview.amount;
    row.exclusion = toString(preview.exclusion);
    row.reason = preview.reason;
    row.needsApproval = preview.needsApproval;
    row.versionMs = preview.versionMs;
    if (preview.proposal) {
        row.proposal = proposalText(*preview.proposal);
        row.evidence = evidenceList(preview.proposal->evidenceIds);
        row.proposalId = preview.proposal->id;
        row.resend = preview.proposal->action == ProposalAction::Resend;
        if (!row.resend)
            row.closesAs = preview.proposal->outcome;
    }
    if (preview.exclusion == ApplyExclusion::ResendNotHere)
        row.exclusion.clear(); // the console applies it by resending (bulkworker.h)
    return row;
}

BulkRow bulkRowForResend(const Operation &op, const ResendBlock &block, KeyMemory memory,
                         qint64 newestEvidenceId)
{
    BulkRow row;
    row.operationId = op.id;
    row.amount = op.amount;
    row.proposal = ApplyPreviewModel::tr("resend with the stored key");
    row.exclusion = block.code;
    row.reason = block.code.isEmpty()
                     ? ApplyPreviewModel::tr("one attempt with key %1").arg(op.idempotencyKey)
                     : block.reason;
    row.resend = true;
    row.onlyReplays = memory != KeyMemory::Nothing;
    if (newestEvidenceId > 0)
        row.evidence = evidenceList({newestEvidenceId});
    row.versionMs = op.updatedAt.toMSecsSinceEpoch();
    return row;
}

QString exclusionLabel(const QString &code)
{
    static const QMap<QString, const char *> labels = {
        {u"no_proposal"_s, QT_TRANSLATE_NOOP("ops::ApplyPreviewModel", "No proposal")},
        {u"unknown_proposal"_s, QT_TRANSLATE_NOOP("ops::ApplyPreviewModel", "No such proposal")},
        {u"proposal_not_open"_s, QT_TRANSLATE_NOOP("ops::ApplyPreviewModel", "Proposal decided")},
        {u"row_closed"_s, QT_TRANSLATE_NOOP("ops::ApplyPreviewModel", "Row closed")},
        {u"not_unknown"_s, QT_TRANSLATE_NOOP("ops::ApplyPreviewModel", "Not in checking")},
        {u"newer_evidence"_s, QT_TRANSLATE_NOOP("ops::ApplyPreviewModel", "Newer evidence")},
        {u"conflicting_evidence"_s,
         QT_TRANSLATE_NOOP("ops::ApplyPreviewModel", "Conflicting evidence")},
        {u"changed_since_preview"_s,
         QT_TRANSLATE_NOOP("ops::ApplyPreviewModel", "Changed since preview")},
        {u"past_window"_s, QT_TRANSLATE_NOOP("ops::ApplyPreviewModel", "Past the window")},
        {u"leased_by_colleague"_s,
         QT_TRANSLATE_NOOP("ops::ApplyPreviewModel", "Leased by a colleague")},
        {u"pending_approval"_s, QT_TRANSLATE_NOOP("ops::ApplyPreviewModel", "Awaiting approval")},
        {u"not_permitted"_s, QT_TRANSLATE_NOOP("ops::ApplyPreviewModel", "Not permitted")},
        {u"resend_not_here"_s, QT_TRANSLATE_NOOP("ops::ApplyPreviewModel", "Resend elsewhere")},
    };
    const auto it = labels.constFind(code);
    return it == labels.constEnd() ? code
                                   : QCoreApplication::translate("ops::ApplyPreviewModel", *it);
}

ApplyPreviewModel::ApplyPreviewModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ApplyPreviewModel::setRows(std::vector<BulkRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    m_results.assign(m_rows.size(), {});
    endResetModel();
}

void ApplyPreviewModel::setResult(int row, BulkRowResult result)
{
    if (row < 0 || std::size_t(row) >= m_rows.size())
        return;
    m_results[std::size_t(row)] = std::move(result);
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void ApplyPreviewModel::setResults(const std::vector<BulkRowUpdate> &updates)
{
    int first = int(m_rows.size());
    int last = -1;
    for (const BulkRowUpdate &u : updates) {
        if (u.row < 0 || std::size_t(u.row) >= m_rows.size())
            continue;
        m_results[std::size_t(u.row)] = u.result;
        first = std::min(first, u.row);
        last = std::max(last, u.row);
    }
    if (last >= first)
        emit dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

int ApplyPreviewModel::runnableCount() const
{
    return int(
        std::count_if(m_rows.begin(), m_rows.end(), [](const BulkRow &r) { return r.runnable(); }));
}

BulkSummary ApplyPreviewModel::summary() const
{
    BulkSummary s;
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const BulkRowResult &r = m_results[i];
        switch (r.outcome) {
        case BulkOutcome::Applied:
            ++s.applied;
            countState(s, r.stateAfter);
            break;
        case BulkOutcome::SentForApproval:
            ++s.sentForApproval;
            break;
        case BulkOutcome::Sent:
            ++s.sent;
            countState(s, r.stateAfter);
            break;
        case BulkOutcome::Failed:
            ++s.failed;
            break;
        case BulkOutcome::Excluded:
            ++s.excluded;
            ++s.excludedBy[exclusionLabel(r.exclusion)];
            break;
        case BulkOutcome::NotRun:
            if (m_rows[i].runnable()) {
                ++s.notReached;
            } else {
                ++s.excluded;
                ++s.excludedBy[exclusionLabel(m_rows[i].exclusion)];
            }
            break;
        }
    }
    return s;
}

int ApplyPreviewModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ApplyPreviewModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ApplyPreviewModel::previewText(const BulkRow &row) const
{
    // The store's English sentence in the operator's language (reasontext.h).
    const QString reason = reasonLabel(row.reason);
    if (!row.runnable())
        return tr("Excluded — %1: %2").arg(exclusionLabel(row.exclusion), reason);
    if (row.needsApproval)
        return tr("Approval request: %1").arg(reason);
    if (row.onlyReplays)
        return tr("%1. Warning: the provider stored an answer under this key and replays it; a "
                  "resend cannot finish this refund (close it as failed and start a new refund).")
            .arg(reason);
    return reason;
}

QString ApplyPreviewModel::resultText(int row) const
{
    const BulkRowResult &r = m_results[std::size_t(row)];
    switch (r.outcome) {
    case BulkOutcome::NotRun:
        return {};
    case BulkOutcome::Applied:
        return tr("Closed: %1").arg(stateText(r.stateAfter));
    case BulkOutcome::SentForApproval:
        return tr("Sent for approval");
    case BulkOutcome::Sent:
        return r.text.isEmpty() ? tr("Resent: %1").arg(stateText(r.stateAfter))
                                : tr("Resent: %1 — %2").arg(stateText(r.stateAfter), r.text);
    case BulkOutcome::Excluded:
        return tr("Excluded — %1: %2").arg(exclusionLabel(r.exclusion), reasonLabel(r.text));
    case BulkOutcome::Failed:
        return tr("Failed: %1").arg(r.text);
    }
    return {};
}

QVariant ApplyPreviewModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || std::size_t(index.row()) >= m_rows.size())
        return {};
    const BulkRow &row = m_rows[std::size_t(index.row())];
    const BulkRowResult &result = m_results[std::size_t(index.row())];
    if (role == OperationIdRole)
        return row.operationId;
    if (role == RunnableRole)
        return row.runnable();
    if (role == OutcomeRole)
        return int(result.outcome);
    if (role == Qt::ToolTipRole &&
        (index.column() == PreviewColumn || index.column() == ResultColumn))
        return index.column() == PreviewColumn ? previewText(row) : resultText(index.row());
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case OperationColumn:
        return row.operationId;
    case AmountColumn:
        return formatMoney(row.amount, QLocale());
    case ProposalColumn:
        return row.proposal.isEmpty() ? tr("—") : row.proposal;
    case EvidenceColumn:
        return row.evidence.isEmpty() ? tr("—") : row.evidence;
    case PreviewColumn:
        return previewText(row);
    case ResultColumn:
        return resultText(index.row());
    default:
        return {};
    }
}

QVariant ApplyPreviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case OperationColumn:
        return tr("Operation");
    case AmountColumn:
        return tr("Amount");
    case ProposalColumn:
        return tr("Proposal");
    case EvidenceColumn:
        return tr("Evidence");
    case PreviewColumn:
        return tr("Preview");
    case ResultColumn:
        return tr("Result");
    default:
        return {};
    }
}

} // namespace ops
