#include "bulkworker.h"

#include "approvals.h"
#include "operationstore.h"
#include "proposalapply.h"
#include "resendlease.h"
#include "session.h"
#include "storeerror.h"

#include <QThread>

using namespace Qt::StringLiterals;

namespace ops::console {

namespace {

BulkRowResult excludedResult(const QString &code, const QString &text)
{
    return {BulkOutcome::Excluded, text, code};
}

BulkRowResult fromApply(const ApplyResult &r)
{
    switch (r.kind) {
    case ApplyKind::Applied:
        return {BulkOutcome::Applied, r.message, {}};
    case ApplyKind::SentForApproval:
        return {BulkOutcome::SentForApproval, r.message, {}};
    case ApplyKind::Excluded:
        break;
    }
    return excludedResult(toString(r.exclusion), r.message);
}

} // namespace

std::vector<BulkItem> bulkItems(const ApplyPreviewModel &preview)
{
    std::vector<BulkItem> items;
    const auto &rows = preview.rows();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const BulkRow &r = rows[i];
        if (r.runnable())
            items.push_back({int(i), r.operationId, r.proposalId, r.versionMs, r.resend});
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
    cancel();
    wait();
}

bool BulkWorker::isRunning() const
{
    return m_thread && m_thread->isRunning();
}

void BulkWorker::wait()
{
    if (m_thread)
        m_thread->wait();
}

void BulkWorker::start(std::vector<BulkItem> items)
{
    if (isRunning())
        return;
    m_cancelled->store(false);
    delete m_thread;
    m_thread = QThread::create([this, items = std::move(items)] { run(items); });
    m_thread->setObjectName(u"bulk"_s);
    m_thread->start();
}

void BulkWorker::run(const std::vector<BulkItem> &items)
{
    const auto post = [this](auto emitter) {
        QMetaObject::invokeMethod(this, emitter, Qt::QueuedConnection);
    };
    try {
        Session session(m_config.dbLocation, m_clock); // this thread's own connection
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (m_hook)
                m_hook(int(i));
            if (m_cancelled->load())
                break;
            const BulkRowResult result = runOne(session, items[i]);
            post([this, row = items[i].row, result] { emit rowFinished(row, result); });
        }
    } catch (const StoreError &e) {
        // The database could not be opened: no row was reached.
        const BulkRowResult failed{BulkOutcome::Failed, e.message(), {}};
        for (const BulkItem &item : items)
            post([this, row = item.row, failed] { emit rowFinished(row, failed); });
    }
    post([this] { emit finished(); });
}

BulkRowResult BulkWorker::runOne(Session &session, const BulkItem &item) const
{
    try {
        if (item.resend)
            return resendOne(session, item);
        const ApplyGuard guard{item.versionMs, m_leaseHolder};
        return fromApply(applyProposal(session.store(), item.proposalId, m_actor, guard));
    } catch (const StoreError &e) {
        return {BulkOutcome::Failed, e.message(), {}};
    } catch (const std::exception &e) {
        return {BulkOutcome::Failed, QString::fromUtf8(e.what()), {}};
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
        return {BulkOutcome::Sent, sent.message, {}};
    }
    if (session.openApproval(item.operationId, ApprovalAction::Resend, ApprovalState::Pending))
        return {BulkOutcome::SentForApproval, sent.error, {}};
    return {BulkOutcome::Failed, sent.error, {}};
}

} // namespace ops::console
