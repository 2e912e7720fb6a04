#include "console/bulkworker.h"

#include "common/refusaltext.h"
#include "console/messagejob.h"
#include "domain/storeerror.h"
#include "storage/messages/messagestore.h"
#include "storage/operations/operationstore.h"
#include "storage/operations/proposalapply.h"
#include "storage/operations/resendlease.h"
#include "storage/session.h"

#include <iterator>

using namespace Qt::StringLiterals;

namespace ops::console {

namespace {

BulkRowResult excludedResult(const QString &code, const QString &text)
{
    return {BulkOutcome::Excluded, text, code, {}};
}

BulkRowResult fromApply(const ApplyResult &r)
{
    switch (r.kind) {
    case ApplyKind::Applied:
        return {BulkOutcome::Applied, r.message, {}, {}};
    case ApplyKind::SentForApproval:
        return {BulkOutcome::SentForApproval, r.message, {}, {}};
    case ApplyKind::Excluded:
        break;
    }
    return excludedResult(toString(r.exclusion), r.message);
}

} // namespace

std::vector<BulkItem> bulkItems(const std::vector<BulkRow> &rows)
{
    std::vector<BulkItem> items;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const BulkRow &r = rows[i];
        if (r.runnable())
            items.push_back(
                {int(i), r.operationId, r.proposalId, r.versionMs, r.resend, r.closesAs});
    }
    return items;
}

BulkWorker::BulkWorker(JobConfig config, const Clock &clock, QString actor, QString leaseHolder,
                       QObject *parent)
    : QObject(parent)
    , m_config(std::move(config))
    , m_clock(clock)
    , m_actor(std::move(actor))
    , m_leaseHolder(std::move(leaseHolder))
{}

BulkWorker::~BulkWorker()
{
    m_thread.cancel();
    m_thread.wait(); // before any member the running body uses is gone
}

void BulkWorker::start(std::vector<BulkItem> items)
{
    m_thread.launch([this, items = std::move(items)] { run(items); });
}

void BulkWorker::startPreview(ui::BulkPreviewRequest request)
{
    m_thread.launch([this, request = std::move(request)] { readPreview(request); });
}

void BulkWorker::readPreview(const ui::BulkPreviewRequest &request)
{
    std::vector<BulkRow> rows;
    try {
        Session session(m_config.dbLocation, m_clock); // this thread's own connection
        const qsizetype total = request.operationIds.size();
        for (qsizetype from = 0; from < total; from += kPreviewPart) {
            if (m_previewHook)
                m_previewHook(int(from));
            if (m_thread.cancelled())
                return; // the dialog is gone or going: nothing to hand back
            std::vector<BulkRow> part =
                readBulkPreview(session, request, from, kPreviewPart, m_clock.now());
            rows.insert(rows.end(), std::make_move_iterator(part.begin()),
                        std::make_move_iterator(part.end()));
        }
    } catch (const StoreError &e) {
        postTo(this, [this, error = ui::storeErrorText(e)] { emit previewFailed(error); });
        return;
    }
    postTo(this, [this, rows = std::move(rows)] { emit previewRead(rows); });
}

void BulkWorker::run(const std::vector<BulkItem> &items)
{
    ResultBatches<BulkRowUpdate> batches([this](std::vector<BulkRowUpdate> results) {
        postTo(this, [this, results = std::move(results)] { emit rowsFinished(results); });
    });
    try {
        Session session(m_config.dbLocation, m_clock); // this thread's own connection
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (m_hook) {
                batches.flush(); // what is done so far is shown while a test holds the row
                m_hook(int(i));
            }
            if (m_thread.cancelled())
                break;
            batches.add({items[i].row, runOne(session, items[i])});
        }
    } catch (const StoreError &e) {
        // The database could not be opened: no row was reached.
        batches.clear();
        for (const BulkItem &item : items)
            batches.add({item.row, {BulkOutcome::Failed, ui::storeErrorText(e), {}, {}}});
    }
    batches.flush();
    postTo(this, [this] { emit finished(); });
}

BulkRowResult BulkWorker::runOne(Session &session, const BulkItem &item) const
{
    try {
        if (item.resend)
            return resendOne(session, item);
        const ApplyGuard guard{item.versionMs, m_leaseHolder};
        BulkRowResult done =
            fromApply(applyProposal(session.store(), item.proposalId, m_actor, guard));
        if (done.outcome == BulkOutcome::Applied) {
            done.stateAfter = item.closesAs;
            // The decision note the close queued goes to the row's ticket now, as after a
            // close by hand; a failure to send leaves it queued, the close stands.
            if (!session.messages().pendingNotes(item.operationId).empty())
                runDecisionNotes(m_config, m_clock, item.operationId, m_actor);
        }
        return done;
    } catch (const StoreError &e) {
        return {BulkOutcome::Failed, ui::storeErrorText(e), {}, {}};
    } catch (const std::exception &e) {
        return {BulkOutcome::Failed, QString::fromUtf8(e.what()), {}, {}};
    }
}

BulkRowResult BulkWorker::resendOne(Session &session, const BulkItem &item) const
{
    OperationStore &store = session.store();
    const ApplyGuard guard{item.versionMs, m_leaseHolder};
    if (item.proposalId > 0) {
        // The same checks as a close proposal; the store leaves the send to us.
        const ApplyPreviewRow check = previewProposal(store, item.proposalId, m_actor, guard);
        if (check.exclusion != ApplyExclusion::ResendNotHere)
            return excludedResult(toString(check.exclusion), check.reason);
    } else {
        const auto op = store.operation(item.operationId);
        if (!op)
            return excludedResult(u"row_closed"_s, tr("no such operation"));
        if (op->updatedAt.toMSecsSinceEpoch() != item.versionMs)
            return excludedResult(u"changed_since_preview"_s,
                                  u"%1 was changed after the preview; preview again"_s.arg(op->id));
        const ResendBlock block =
            resendBlock(*op, activeResendLease(store, op->id), m_leaseHolder, m_clock.now());
        if (!block.code.isEmpty())
            return excludedResult(block.code, block.reason);
    }
    const ResendOutcome sent =
        runResend(m_config, m_clock, item.operationId, m_actor, m_leaseHolder);
    if (sent.sent) {
        if (item.proposalId > 0)
            settleResendProposal(store, item.proposalId, m_actor);
        BulkRowResult done{BulkOutcome::Sent, sent.message, {}, {}};
        if (sent.operation)
            done.stateAfter = sent.operation->state;
        return done;
    }
    if (sent.awaitingApproval) // the job found or recorded the pending resend approval
        return {BulkOutcome::SentForApproval, sent.error, {}, {}};
    return {BulkOutcome::Failed, sent.error, {}, {}};
}

} // namespace ops::console
