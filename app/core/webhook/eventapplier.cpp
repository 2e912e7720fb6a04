#include "webhook/eventapplier.h"

#include "domain/money.h"
#include "domain/storeerror.h"
#include "reconcile/eventproof.h"
#include "storage/reconcile/reconcilestore.h"
#include "webhook/webhooklogging.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

bool moneyMoved(const QString &status)
{
    return status == u"succeeded"_s || status == u"pending"_s;
}

bool moneyReturned(const QString &status)
{
    return status == u"failed"_s || status == u"canceled"_s;
}

// Stripe's refund sub-status only moves forward: requires_action → pending → a final one.
int rank(const QString &status)
{
    if (status == u"requires_action"_s)
        return 1;
    if (status == u"pending"_s)
        return 2;
    if (status == u"succeeded"_s || moneyReturned(status))
        return 3;
    return 0;
}

} // namespace

EventApplier::EventApplier(Session &session, QString actor)
    : m_store(session.store())
    , m_events(session.events())
    , m_reconcile(session.reconcile())
    , m_actor(std::move(actor))
{}

EventApplyResult EventApplier::applyLocked(const StripeEvent &event, EventSource source)
{
    const qint64 now = m_store.clock().nowMs();
    StoredEvent row{event.id,
                    Provider::Stripe,
                    event.type,
                    event.created,
                    event.livemode,
                    event.objectType,
                    event.objectId,
                    event.objectStatus,
                    {},
                    MatchedBy::None,
                    source,
                    QDateTime::fromMSecsSinceEpoch(now, Qt::UTC),
                    EventOutcome::Ignored,
                    {},
                    event.raw};
    // Duplicates first: a second delivery of a stored event changes nothing at all.
    if (m_events.hasEventLocked(event.id))
        return {true, EventOutcome::Ignored, u"duplicate"_s, {}, 0};
    Decision decision{EventOutcome::Ignored,
                      u"object type %1 is not handled"_s.arg(
                          event.objectType.isEmpty() ? u"(none)"_s : event.objectType)};
    std::optional<Operation> op;
    if (event.refund) {
        const auto match =
            m_events.matchRefundLocked(event.refund->metadata.value(u"operation_id"_s),
                                       event.idempotencyKey, event.refund->id);
        op = match.operation;
        row.matchedBy = match.by;
        decision = op ? decide(event, row, *op)
                      : Decision{EventOutcome::Ignored, u"unmatched: no operation of ours"_s};
    }
    return recordLocked(row, op, std::move(decision));
}

EventApplyResult EventApplier::recordLocked(StoredEvent &row, const std::optional<Operation> &op,
                                            Decision decision)
{
    const qint64 now = m_store.clock().nowMs();
    if (op)
        row.operationId = op->id;
    row.outcome = decision.outcome;
    row.outcomeReason = decision.reason;
    if (!m_events.insertEventLocked(row))
        return {true, EventOutcome::Ignored, u"duplicate"_s, {}, 0};
    qint64 proposalId = 0;
    if (op) {
        const qint64 evidenceId = m_events.addEventEvidenceLocked(now, row, m_actor);
        if (decision.proposal)
            proposalId = storeProposal(std::move(*decision.proposal), evidenceId);
        if (proposalId > 0 && awaitsProviderNotification(*op)) // Checking, with its proposal
            m_store.markUnknown(op->id, autoCloseOffUnknownReason(), m_actor);
        nlohmann::json detail = {{"event", row.id.toStdString()},
                                 {"type", row.type.toStdString()},
                                 {"object", row.objectId.toStdString()},
                                 {"source", toString(row.source).toStdString()},
                                 {"matched_by", toString(row.matchedBy).toStdString()},
                                 {"reason", decision.reason.toStdString()}};
        if (proposalId > 0)
            detail["proposal_id"] = proposalId;
        m_events.auditEventLocked(now, m_actor, u"event."_s + toString(decision.outcome), op->id,
                                  detail);
    }
    qCInfo(lcWebhook).noquote() << "event" << row.id << row.type << toString(decision.outcome)
                                << (op ? op->id : u"(unmatched)"_s) << decision.reason;
    return {false, decision.outcome, decision.reason, row.operationId, proposalId};
}

EventApplier::Decision EventApplier::decide(const StripeEvent &event, const StoredEvent &row,
                                            const Operation &op)
{
    const StripeRefund &refund = *event.refund;
    if (refund.amount != op.amount.minor ||
        refund.currency.compare(op.amount.currency, Qt::CaseInsensitive) != 0)
        return attention(op, u"provider refund %1 is %2 %3, the operation %4 %5"_s.arg(
                                 refund.id, QString::number(refund.amount), refund.currency,
                                 QString::number(op.amount.minor), op.amount.currency));
    QStringList others = m_events.otherClaimsLocked(op.id, refund.id);
    if (!op.providerRef.isEmpty() && op.providerRef != refund.id &&
        !others.contains(op.providerRef))
        others << op.providerRef;
    if (!others.isEmpty())
        return attention(op, u"two provider refunds claim this operation: %1 and %2"_s.arg(
                                 refund.id, others.join(u", "_s)));
    const auto last = m_events.lastAppliedCreatedLocked(refund.id);
    if (last && event.created < *last)
        return {EventOutcome::Ignored,
                u"older than the last applied event for %1; kept as evidence"_s.arg(refund.id)};
    if (!isFinal(op.state))
        return onLiveRow(event, row, refund, op);
    if (op.state == OperationState::Succeeded)
        return onSucceededRow(event, refund, op);
    // A failed row is final: never reopened. A provider that says money moved disagrees.
    if (moneyMoved(refund.status))
        return attention(op, u"provider refund %1 is %2 but the operation is failed"_s.arg(
                                 refund.id, refund.status));
    return {EventOutcome::Ignored, u"the operation has already failed"_s};
}

EventApplier::Decision EventApplier::onLiveRow(const StripeEvent &event, const StoredEvent &row,
                                               const StripeRefund &refund, const Operation &op)
{
    // §10: with automatic closes off every outcome is a proposal, this event's too.
    if ((moneyMoved(refund.status) || moneyReturned(refund.status)) &&
        !m_reconcile.settings().autoClose)
        return proposeInstead(row, op);
    const QString why =
        u"provider event %1: refund %2 %3"_s.arg(event.id, refund.id, refund.status);
    if (moneyMoved(refund.status)) {
        if (m_store.closeSucceededLocked(op.id, refund.id, refund.status, m_actor, why,
                                         CloseFrom::OpenOrUnknown))
            return {EventOutcome::Applied, u"closed succeeded (%1)"_s.arg(refund.status)};
    } else if (moneyReturned(refund.status)) {
        const QString code = refund.failureReason.isEmpty() ? refund.status : refund.failureReason;
        if (m_store.closeFailedLocked(op.id, code, m_actor, why, CloseFrom::OpenOrUnknown))
            return {EventOutcome::Applied, u"closed failed (%1)"_s.arg(code)};
    }
    return {EventOutcome::Ignored, u"refund status %1 settles nothing"_s.arg(refund.status)};
}

EventApplier::Decision EventApplier::proposeInstead(const StoredEvent &row, const Operation &op)
{
    // The reconciler's rule for stored events (eventproof.h), over the stored ones and this one:
    // the newest by `created` is the proof, whatever order they arrived in.
    std::vector<StoredEvent> events = m_events.eventsOf(op.id);
    events.push_back(row);
    const auto proof = eventProof(op, events);
    if (!proof)
        return {EventOutcome::Ignored,
                u"automatic closes are off and the row's events prove no outcome; kept as "
                "evidence"_s,
                {}};
    const StripeRefund &refund = proof->refund;
    if (proof->event.id != row.id)
        return {EventOutcome::Ignored,
                u"older than stored event %1 for %2 (automatic closes are off: that event "
                "decides the proposal); kept as evidence"_s.arg(proof->event.id, refund.id),
                {}};
    const bool moved = moneyMoved(refund.status);
    const QString failure =
        refund.failureReason.isEmpty() ? QString() : u" (%1)"_s.arg(refund.failureReason);
    const QString why =
        u"Provider event %1 shows refund %2 carrying this operation, %3, status %4%5."_s.arg(
            row.id, refund.id, formatMoney({refund.amount, refund.currency}), refund.status,
            failure);
    const OperationState outcome = moved ? OperationState::Succeeded : OperationState::Failed;
    return {EventOutcome::Ignored,
            u"proposed close %1 (refund %2 %3): automatic closes are off"_s.arg(
                toString(outcome), refund.id, refund.status),
            autoCloseOffProposal(op.id, outcome, refund.id, why, {}, m_actor)};
}

qint64 EventApplier::storeProposal(NewProposal proposal, qint64 evidenceId)
{
    proposal.evidenceIds = {evidenceId};
    try {
        // Joins the caller's transaction: the proposal commits with the event and its evidence.
        return m_reconcile.storeProposal(proposal).id;
    } catch (const ActionRefused &e) { // nothing written; the row cannot have closed meanwhile
        qCWarning(lcWebhook).noquote() << "no proposal for" << proposal.operationId << e.message();
        return 0;
    }
}

EventApplier::Decision EventApplier::onSucceededRow(const StripeEvent &, const StripeRefund &refund,
                                                    const Operation &op)
{
    const bool returned = moneyReturned(refund.status);
    const bool forward = rank(refund.status) > rank(op.providerStatus) ||
                         (returned && !moneyReturned(op.providerStatus));
    if (!forward)
        return {EventOutcome::Ignored,
                u"sub-status %1 is not after %2"_s.arg(refund.status, op.providerStatus)};
    m_store.setProviderStatusLocked(op.id, refund.status, m_actor, OperationState::Succeeded);
    if (returned)
        return attention(op, u"refund %1 %2 after the provider accepted it (%3): the money did "
                             "not reach the customer"_s.arg(refund.id, refund.status,
                                                            refund.failureReason.isEmpty()
                                                                ? u"no reason given"_s
                                                                : refund.failureReason));
    return {EventOutcome::Applied, u"sub-status %1"_s.arg(refund.status)};
}

EventApplier::Decision EventApplier::attention(const Operation &op, const QString &reason)
{
    m_events.raiseAttentionLocked(m_store.clock().nowMs(), op.id, reason, m_actor);
    return {EventOutcome::Attention, reason};
}

} // namespace ops
