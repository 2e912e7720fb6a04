#include "reconcile/reconciler.h"

#include "domain/classification.h"
#include "domain/evidencemaking.h"
#include "domain/money.h"
#include "domain/storeerror.h"
#include "reconcile/eventproof.h"
#include "reconcile/reconcilelogging.h"
#include "reconcile/reconcilerpass.h"
#include "reconcile/reconcileschedule.h"
#include "reconcile/refundreading.h"
#include "slen/slenclient.h"
#include "storage/access/accessstore.h"
#include "storage/events/eventstore.h"
#include "storage/operations/operationstore.h"
#include "storage/operations/resendlease.h"
#include "storage/operations/writescope.h"
#include "storage/reconcile/reconcilestore.h"
#include "storage/session.h"
#include "stripe/stripeclient.h"

#include <algorithm>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops {

namespace {

std::string str(const QString &s)
{
    return s.toStdString();
}
QString qstr(const json &j, const char *key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                            : QString();
}
QString iso(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

// When the row started needing a check: its last attempt (or its creation), or, for a
// succeeded row still pending at the provider, its close.
qint64 baseOf(const Operation &op)
{
    if (op.state == OperationState::Succeeded && op.closedAt)
        return op.closedAt->toMSecsSinceEpoch();
    return (op.lastAttemptAt ? *op.lastAttemptAt : op.createdAt).toMSecsSinceEpoch();
}

} // namespace

qint64 deadlineOf(const Operation &op)
{
    if (op.deadline)
        return op.deadline->toMSecsSinceEpoch();
    return sendDeadlineMs(op.createdAt.toMSecsSinceEpoch(), op.windowSeconds, op.marginSeconds);
}

RowReport reportFor(const Operation &op, const QString &result, const QString &detail,
                    qint64 evidenceId)
{
    RowReport r;
    r.operationId = op.id;
    r.kind = toString(op.kind);
    r.state = toString(op.state);
    r.result = result;
    r.detail = detail;
    r.evidenceId = evidenceId;
    return r;
}

namespace {

QString moneyOf(const json &refund)
{
    return formatMoney({refund.value("amount", qint64(0)), qstr(refund, "currency")});
}

bool sameMoney(const Operation &op, const json &refund)
{
    return refund.value("amount", qint64(-1)) == op.amount.minor &&
           qstr(refund, "currency").toLower() == op.amount.currency.toLower();
}

QStringList idsOf(const json &refunds)
{
    QStringList ids;
    for (const json &r : refunds)
        ids << qstr(r, "id");
    return ids;
}

bool hasPendingApproval(AccessStore &access, const QString &operationId)
{
    return access.openApproval(operationId, ApprovalAction::Close, ApprovalState::Pending) ||
           access.openApproval(operationId, ApprovalAction::Resend, ApprovalState::Pending);
}

bool endsSchedule(const Operation &op, const RowReport &r)
{
    // A refund closed succeeded while still pending is followed until it settles.
    if (r.result == u"closed_succeeded"_s)
        return r.providerStatus != u"pending"_s;
    if (r.result == u"closed_failed"_s || r.result == u"status_advanced"_s)
        return true;
    // A succeeded row whose refund failed later: nothing further can move it forward.
    return op.state == OperationState::Succeeded && r.result == u"attention"_s;
}

} // namespace

nlohmann::ordered_json RowReport::toJson() const
{
    nlohmann::ordered_json j = {{"operation_id", str(operationId)},
                                {"kind", str(kind)},
                                {"state", str(state)},
                                {"result", str(result)},
                                {"detail", str(detail)}};
    if (!providerRef.isEmpty())
        j["provider_ref"] = str(providerRef);
    if (!providerStatus.isEmpty())
        j["provider_status"] = str(providerStatus);
    if (evidenceId > 0)
        j["evidence_id"] = evidenceId;
    if (proposalId > 0)
        j["proposal_id"] = proposalId;
    j["next_check_at"] =
        nextCheckAtMs ? nlohmann::ordered_json(str(iso(*nextCheckAtMs))) : nlohmann::ordered_json();
    return j;
}

int PassReport::count(const QString &result) const
{
    return int(std::count_if(rows.begin(), rows.end(),
                             [&](const RowReport &r) { return r.result == result; }));
}

Reconciler::Reconciler(Session &session, StripeClient *stripe, SlenClient *slen,
                       ReconcilerConfig config)
    : m_session(session)
    , m_store(session.store())
    , m_stripe(stripe)
    , m_slen(slen)
    , m_config(std::move(config))
{}

PassReport Reconciler::pass(bool ignoreSlots, const std::function<void(const RowReport &)> &onRow)
{
    const ReconcileSettings settings = m_session.reconcile().settings();
    Pass pass{settings, ReconcileSchedule(settings), ignoreSlots, m_store.clock().nowMs(), {}, 0,
              0};
    PassReport report;
    const auto candidates = m_session.reconcile().candidates(
        pass.nowMs, m_config.openStaleSeconds * 1000, ignoreSlots, m_config.batch);
    for (const ReconcileCandidate &c : candidates) {
        RowReport row = reconcileRow(pass, c);
        if (onRow)
            onRow(row);
        report.rows.push_back(std::move(row));
    }
    report.providerRequests = pass.requests;
    report.chargesRead = pass.charges;
    qCInfo(lcReconcile) << "pass:" << report.rows.size() << "rows," << pass.charges << "charges,"
                        << pass.requests << "provider requests";
    return report;
}

RowReport Reconciler::reconcileRow(Pass &pass, const ReconcileCandidate &c)
{
    const Operation &op = c.op;
    // A person holds the row: not even its schedule is written.
    if (c.leased)
        return reportFor(op, u"skipped_leased"_s, u"a console holds its resend lease"_s);
    if (c.awaitingApproval)
        return reportFor(op, u"skipped_approval"_s, u"an approval of it is pending"_s);
    if (!pass.ignoreSlots && !c.mark.nextAt) {
        const qint64 first = pass.schedule.first(baseOf(op));
        if (first > pass.nowMs) {
            RowReport r = reportFor(op, u"scheduled"_s, u"first reading at its first slot"_s);
            r.nextCheckAtMs = first;
            m_session.reconcile().recordCheck(op.id, pass.nowMs, first, false, {});
            return r;
        }
    }
    if (op.kind == OperationKind::Refund)
        return reconcileRefund(pass, c);
    RowReport r;
    switch (op.kind) {
    case OperationKind::Execution:
        r = reconcileExecution(pass, c);
        break;
    default:
        r = reconcileCredit(pass, c);
        break;
    }
    schedule(pass, op, r, true);
    return r;
}

void Reconciler::schedule(Pass &pass, const Operation &op, RowReport &report, bool counted)
{
    std::optional<qint64> next;
    if (!endsSchedule(op, report))
        next = pass.schedule.nextAfter(baseOf(op), pass.nowMs, deadlineOf(op));
    m_session.reconcile().recordCheck(op.id, pass.nowMs, next, counted, report.result);
    report.nextCheckAtMs = next;
}

qint64 Reconciler::storeReading(const Operation &op, const QString &title, const json &body)
{
    return m_store.addEvidence(
        providerObject(op.id, title, QByteArray::fromStdString(body.dump(2)), m_config.actor));
}

RowReport Reconciler::reconcileRefund(Pass &pass, const ReconcileCandidate &c)
{
    const Operation &op = c.op;
    RowReport r;
    if (op.provider == Provider::Adyen) // settled by its notifications only (adyenrows.h)
        return reconcileAdyen(pass, op);
    if (!m_stripe || op.chargeId.isEmpty()) {
        r = reportFor(op, u"unsupported"_s,
                      m_stripe ? u"the row has no charge id to read the refunds of"_s
                               : u"no Stripe connection is configured"_s);
        schedule(pass, op, r, true);
        return r;
    }
    std::optional<EventProof> proof;
    if (op.state != OperationState::Succeeded)
        proof = eventProof(op, m_session.events().eventsOf(op.id));
    if (!proof)
        readCharge(pass, op.chargeId); // the network, before the write transaction
    // The reading, the decision and the next slot of the row: one durable commit.
    WriteScope tx(m_store);
    r = proof ? decideFromEvent(pass, op, *proof) : decideFromReading(pass, op);
    schedule(pass, op, r, true);
    tx.commit();
    return r;
}

void Reconciler::readCharge(Pass &pass, const QString &chargeId)
{
    // Rows come grouped by charge: the list is read once for all of them.
    if (pass.reading && pass.reading->chargeId == chargeId)
        return;
    pass.reading =
        readChargeRefunds(*m_stripe, chargeId, QDateTime::fromMSecsSinceEpoch(pass.nowMs, Qt::UTC),
                          m_config.maxPages);
    pass.requests += pass.reading->requests;
    ++pass.charges;
}

RowReport Reconciler::decideFromReading(Pass &pass, const Operation &op)
{
    const ChargeReading &reading = *pass.reading;
    if (!reading.error.isEmpty())
        return reportFor(
            op, u"rescheduled"_s,
            u"reading charge %1's refunds failed: %2"_s.arg(op.chargeId, reading.error));
    const json claims = reading.claiming(op.id);
    const json body = {{"reader", str(m_config.actor)},
                       {"read_at", str(reading.readAt.toString(Qt::ISODateWithMs))},
                       {"operation_id", str(op.id)},
                       {"charge_id", str(op.chargeId)},
                       {"list_complete", reading.complete},
                       {"refunds_examined", reading.refunds.size()},
                       {"claiming_refunds", claims}};
    const QString title =
        claims.size() == 1 ? u"Reconciler: refund %1 on charge %2 (%3)"_s.arg(
                                 qstr(claims[0], "id"), op.chargeId, qstr(claims[0], "status"))
        : claims.empty()
            ? u"Reconciler: no refund for this operation among %1 on charge %2 "
              "(list complete)"_s.arg(reading.refunds.size())
                  .arg(op.chargeId)
            : u"Reconciler: %1 refunds claim this operation on charge %2"_s.arg(claims.size())
                  .arg(op.chargeId);
    const qint64 evidenceId = storeReading(op, title, body);
    return decideRefund(pass, op, reading, evidenceId);
}

RowReport Reconciler::decideRefund(Pass &pass, const Operation &op, const ChargeReading &reading,
                                   qint64 evidenceId)
{
    const json claims = reading.claiming(op.id);
    if (claims.size() > 1)
        return attention(
            op,
            u"%1 refund objects at the provider claim this operation (%2)"_s.arg(claims.size())
                .arg(idsOf(claims).join(u", "_s)),
            evidenceId);
    if (claims.empty()) {
        if (op.state == OperationState::Succeeded)
            return reportFor(op, u"no_decision"_s,
                             u"refund %1 is not in the charge's list"_s.arg(op.providerRef),
                             evidenceId);
        return proposeWithoutRefund(pass, op, reading, evidenceId);
    }
    const json &refund = claims[0];
    const QString id = qstr(refund, "id");
    if (!sameMoney(op, refund))
        return attention(op,
                         u"refund %1 claims this operation for %2, but the operation is %3"_s.arg(
                             id, moneyOf(refund), formatMoney(op.amount)),
                         evidenceId);
    if (op.state == OperationState::Succeeded)
        return followSucceeded(op, refund, evidenceId);
    const QString status = qstr(refund, "status");
    const QString why = u"Reconciler: refund %1 on charge %2 carries this operation id, %3, "
                        "status %4 (read %5)."_s.arg(id, op.chargeId, moneyOf(refund), status,
                                                     reading.readAt.toString(Qt::ISODateWithMs));
    if (status == u"succeeded"_s || status == u"pending"_s)
        return close(pass, op, OperationState::Succeeded, id, status, {}, why, evidenceId);
    if (status == u"failed"_s || status == u"canceled"_s) {
        const QString reason = qstr(refund, "failure_reason");
        return close(pass, op, OperationState::Failed, id, status,
                     reason.isEmpty() ? u"refund_"_s + status : reason, why, evidenceId);
    }
    RowReport r =
        reportFor(op, u"no_decision"_s,
                  u"refund %1 is %2: read again at the next slot"_s.arg(id, status), evidenceId);
    r.providerRef = id;
    return r;
}

RowReport Reconciler::decideFromEvent(Pass &pass, const Operation &op, const EventProof &proof)
{
    const StripeRefund &refund = proof.refund;
    const QString received = proof.receivedAt.toString(Qt::ISODateWithMs);
    const json body = {{"reader", str(m_config.actor)},
                       {"read_at", str(iso(pass.nowMs))},
                       {"operation_id", str(op.id)},
                       {"source", "stored_provider_event"},
                       {"event_id", str(proof.event.id)},
                       {"received_at", str(received)},
                       {"event", json::parse(proof.event.raw.toStdString(), nullptr, false)}};
    const qint64 evidenceId =
        storeReading(op,
                     u"Reconciler: stored event %1 shows refund %2 (%3)"_s.arg(
                         proof.event.id, refund.id, refund.status),
                     body);
    const QString why =
        u"Reconciler: provider event %1 (stored %2) shows refund %3 on charge %4 carrying this "
        "operation, %5, status %6; no provider read was needed."_s.arg(
            proof.event.id, received, refund.id, refund.charge,
            formatMoney({refund.amount, refund.currency}), refund.status);
    if (refund.status == u"succeeded"_s || refund.status == u"pending"_s)
        return close(pass, op, OperationState::Succeeded, refund.id, refund.status, {}, why,
                     evidenceId);
    return close(pass, op, OperationState::Failed, refund.id, refund.status,
                 refund.failureReason.isEmpty() ? u"refund_"_s + refund.status
                                                : refund.failureReason,
                 why, evidenceId);
}

RowReport Reconciler::followSucceeded(const Operation &op, const json &refund, qint64 evidenceId)
{
    const QString id = qstr(refund, "id");
    const QString status = qstr(refund, "status");
    if (id != op.providerRef)
        return attention(op,
                         u"refund %1 claims this operation, but the row was closed with %2"_s.arg(
                             id, op.providerRef),
                         evidenceId);
    if (status == u"pending"_s)
        return reportFor(op, u"no_decision"_s, u"refund %1 is still pending"_s.arg(id), evidenceId);
    if (!advancePending(op.id, status))
        return reportFor(
            op, u"no_decision"_s,
            u"refund %1 is %2; the row's sub-status does not move back"_s.arg(id, status),
            evidenceId);
    if (status == u"failed"_s || status == u"canceled"_s)
        return attention(op,
                         u"refund %1 was accepted, then %2 at the provider (%3): the money did "
                         "not reach the customer"_s.arg(id, status, qstr(refund, "failure_reason")),
                         evidenceId);
    RowReport r = reportFor(op, u"status_advanced"_s,
                            u"refund %1 moved from pending to %2"_s.arg(id, status), evidenceId);
    r.providerRef = id;
    return r;
}

RowReport Reconciler::close(Pass &pass, const Operation &op, OperationState outcome,
                            const QString &providerRef, const QString &providerStatus,
                            const QString &failureCode, const QString &reason, qint64 evidenceId)
{
    if (!pass.settings.autoClose)
        return propose(op, false, outcome, providerRef,
                       reason + u" Automatic closes are off: a person applies it."_s, evidenceId);
    const QString because = u"%1 Evidence #%2."_s.arg(reason).arg(evidenceId);
    if (const QString held =
            closeUnlessHeld(op, outcome, providerRef, providerStatus, failureCode, because);
        !held.isEmpty())
        return reportFor(op, u"no_decision"_s, u"not closed: "_s + held, evidenceId);
    RowReport r = reportFor(
        op, outcome == OperationState::Succeeded ? u"closed_succeeded"_s : u"closed_failed"_s,
        because, evidenceId);
    r.providerRef = providerRef;
    r.providerStatus = providerStatus;
    return r;
}

bool Reconciler::advancePending(const QString &operationId, const QString &status)
{
    // Forward only (docs/design.md §10): pending → succeeded | failed | canceled, nothing else.
    static const QStringList later = {u"succeeded"_s, u"failed"_s, u"canceled"_s};
    if (!later.contains(status))
        return false;
    WriteScope tx(m_store);
    const auto now = m_store.operation(operationId);
    if (!now || now->providerStatus != u"pending"_s ||
        !m_store.setProviderStatusLocked(operationId, status, m_config.actor,
                                         OperationState::Succeeded))
        return false;
    tx.commit();
    return true;
}

QString Reconciler::closeUnlessHeld(const Operation &op, OperationState outcome,
                                    const QString &providerRef, const QString &providerStatus,
                                    const QString &failureCode, const QString &reason)
{
    WriteScope tx(m_store);
    // A person may have taken the row since the pass began: their hold wins.
    if (activeResendLease(m_store, op.id))
        return u"a console took its resend lease"_s;
    if (hasPendingApproval(m_session.access(), op.id))
        return u"an approval of it is pending"_s;
    const bool closed =
        outcome == OperationState::Succeeded
            ? m_store.closeSucceededLocked(op.id, providerRef, providerStatus, m_config.actor,
                                           reason, CloseFrom::OpenOrUnknown)
            : m_store.closeFailedLocked(op.id, failureCode, m_config.actor, reason,
                                        CloseFrom::OpenOrUnknown);
    if (!closed)
        return u"the row was closed meanwhile"_s;
    // The engine's close records the code only; the refund's own status goes beside it.
    if (!providerStatus.isEmpty() && outcome == OperationState::Failed)
        m_store.setProviderStatusLocked(op.id, providerStatus, m_config.actor,
                                        OperationState::Failed);
    tx.commit();
    return {};
}

RowReport Reconciler::proposeWithoutRefund(const Pass &pass, const Operation &op,
                                           const ChargeReading &reading, qint64 evidenceId)
{
    const QString absent = u"No refund at the provider (list complete at %1): none of the %2 "
                           "refunds of charge %3 carries this operation id."_s
                               .arg(reading.readAt.toString(Qt::ISODateWithMs))
                               .arg(reading.refunds.size())
                               .arg(op.chargeId);
    // The step that finishes the customer's refund (DESIGN §16), judged from what the key holds.
    const KeyMemory memory = keyMemoryFor(op, m_store.attempts(op.id));
    const qint64 deadline = deadlineOf(op);
    if (memory == KeyMemory::Nothing && pass.nowMs < deadline)
        return propose(op, true, std::nullopt, {},
                       absent + u" Nothing is stored under the key: resend it with the stored key "
                                "before %1 and the provider reads it as the first request."_s.arg(
                                    iso(deadline)),
                       evidenceId);
    return propose(op, false, OperationState::Failed, {},
                   absent + closeFailedStep(memory, deadline), evidenceId);
}

QString closeFailedStep(KeyMemory memory, qint64 deadlineMs)
{
    if (memory == KeyMemory::StoredAnswer)
        return u" The provider replays its stored 5xx under the key, so a resend cannot finish "
               "it: close failed and start a new refund."_s;
    if (memory == KeyMemory::Conflict)
        return u" The provider holds another request under the key: close failed and start a "
               "new refund."_s;
    return u" The key's window closed at %1: close failed and start a new refund."_s.arg(
        iso(deadlineMs));
}

RowReport Reconciler::propose(const Operation &op, bool resend,
                              std::optional<OperationState> outcome, const QString &providerRef,
                              const QString &reason, qint64 evidenceId)
{
    NewProposal p;
    p.operationId = op.id;
    p.action = resend ? ProposalAction::Resend : ProposalAction::Close;
    p.outcome = outcome;
    p.providerRef = outcome == OperationState::Succeeded ? providerRef : QString();
    p.evidenceIds = {evidenceId};
    p.reason = reason;
    p.createdBy = m_config.actor;
    try {
        const Proposal stored = m_session.reconcile().storeProposal(p);
        RowReport r = reportFor(op, u"proposal"_s, reason, evidenceId);
        r.proposalId = stored.id;
        r.providerRef = providerRef;
        return r;
    } catch (const ActionRefused &e) { // the row closed meanwhile
        return reportFor(op, u"no_decision"_s, e.message(), evidenceId);
    }
}

RowReport Reconciler::attention(const Operation &op, const QString &reason, qint64 evidenceId)
{
    m_session.events().raiseAttention(op.id, reason, m_config.actor);
    return reportFor(op, u"attention"_s, reason, evidenceId);
}

RowReport Reconciler::reconcileCredit(Pass &pass, const ReconcileCandidate &c)
{
    const Operation &op = c.op;
    if (!m_slen || op.customerId.isEmpty())
        return reportFor(op, u"unsupported"_s,
                         m_slen ? u"the row names no customer to read"_s
                                : u"no Slen connection is configured"_s);
    const SlenReply reply = m_slen->getCustomer(op.customerId);
    ++pass.requests;
    if (!reply.ok())
        return reportFor(
            op, u"rescheduled"_s,
            u"reading customer %1 failed (HTTP %2)"_s.arg(op.customerId).arg(reply.http.status));
    const json body = {{"reader", str(m_config.actor)},
                       {"read_at", str(iso(pass.nowMs))},
                       {"operation_id", str(op.id)},
                       {"customer", json::parse(reply.http.body.toStdString(), nullptr, false)},
                       {"note",
                        "A balance does not show whether this movement happened; it proves nothing "
                        "about the operation."}};
    const qint64 evidenceId = storeReading(
        op, u"Reconciler: account of customer %1 (proves nothing)"_s.arg(op.customerId), body);
    if (op.state != OperationState::Unknown)
        return reportFor(op, u"no_decision"_s, u"the row is open: automation still owns it"_s,
                         evidenceId);
    const qint64 deadline = deadlineOf(op);
    if (pass.nowMs >= deadline)
        return reportFor(op, u"no_decision"_s,
                         u"the key's window closed at %1: a resend could move the credits "
                         "twice; close it with evidence"_s.arg(iso(deadline)),
                         evidenceId);
    return propose(op, true, std::nullopt, {},
                   u"Resend with the stored key before %1: Slen replays the first success "
                   "under a key for 24 h and stores no rejection, so a resend cannot move the "
                   "credits twice."_s.arg(iso(deadline)),
                   evidenceId);
}

RowReport Reconciler::reconcileExecution(Pass &pass, const ReconcileCandidate &c)
{
    const Operation &op = c.op;
    if (!m_slen)
        return reportFor(op, u"unsupported"_s, u"no Slen connection is configured"_s);
    if (op.providerRef.isEmpty())
        return reportFor(op, u"no_decision"_s,
                         u"the execution's id is not known; only a resend with the stored key "
                         "would return it"_s);
    const SlenReply reply = m_slen->getExecution(op.providerRef);
    ++pass.requests;
    if (!reply.ok())
        return reportFor(
            op, u"rescheduled"_s,
            u"reading execution %1 failed (HTTP %2)"_s.arg(op.providerRef).arg(reply.http.status));
    const auto ex = parseSlenExecution(reply.http.body);
    const json body = {{"reader", str(m_config.actor)},
                       {"read_at", str(iso(pass.nowMs))},
                       {"operation_id", str(op.id)},
                       {"execution", json::parse(reply.http.body.toStdString(), nullptr, false)}};
    const qint64 evidenceId = storeReading(
        op, u"Reconciler: execution %1 (%2)"_s.arg(op.providerRef, ex ? ex->status : u"?"_s), body);
    if (!ex)
        return reportFor(op, u"no_decision"_s, u"the execution could not be read"_s, evidenceId);
    if (!ex->operationId.isEmpty() && ex->operationId != op.id)
        return attention(op, u"execution %1 carries operation %2"_s.arg(ex->id, ex->operationId),
                         evidenceId);
    const QString why =
        u"Reconciler: execution %1 is %2 (read %3)."_s.arg(ex->id, ex->status, iso(pass.nowMs));
    if (ex->status == u"succeeded"_s)
        return close(pass, op, OperationState::Succeeded, ex->id, ex->status, {}, why, evidenceId);
    if (ex->status == u"failed"_s)
        return close(pass, op, OperationState::Failed, ex->id, ex->status,
                     ex->errorCode.isEmpty() ? u"execution_failed"_s : ex->errorCode, why,
                     evidenceId);
    m_store.recordProviderObject(op.id, ex->id, ex->status, m_config.actor);
    return reportFor(op, u"no_decision"_s, u"execution %1 is still %2"_s.arg(ex->id, ex->status),
                     evidenceId);
}

} // namespace ops
