#include "storage/operations/operationstore.h"

#include "storage/access/approvals.h"
#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/database.h"
#include "storage/db/sqltransaction.h"
#include "storage/db/storagelogging.h"
#include "storage/reconcile/proposals.h"
#include "storage/records/operationrow.h"

#include <QCryptographicHash>
#include <QSqlError>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops {

namespace {

std::string str(const QString &s)
{
    return s.toStdString();
}

QString liveStatesFor(OperationKind kind)
{
    switch (kind) {
    case OperationKind::Refund:
        return u"('open', 'unknown', 'awaiting_approval')"_s;
    case OperationKind::Execution:
        return u"('open', 'unknown', 'succeeded', 'failed')"_s;
    default:
        return u"('open', 'unknown', 'succeeded')"_s;
    }
}

QString closableStates(CloseFrom from)
{
    return from == CloseFrom::Open ? u"('open')"_s : u"('open', 'unknown')"_s;
}

// Whether `actor` may send `op` now in `mode`: a missing right throws ActionRefused; the row's
// state refusing the attempt is NotOpen, or AwaitingProvider for automation while a provider that
// confirms later has not (decided under the row's lock: a caller that read the row before the 201
// was recorded does not send again).
std::optional<AttemptRefusal> stateRefusal(Connection &db, const Operation &op,
                                           const QString &actor, AttemptMode mode)
{
    const bool person = mode == AttemptMode::OperatorResend;
    if (person)
        requireRight(db, actor, Right::Resend);
    // An agent's held refund is sent by a person's resend, which approves it (agentrequests.cpp).
    const bool held = op.state == OperationState::AwaitingApproval;
    if (held && person)
        requireRight(db, actor, Right::Approve);
    const bool stateAllows = op.state == OperationState::Open ||
                             (person && (op.state == OperationState::Unknown || held));
    if (!stateAllows)
        return AttemptRefusal::NotOpen;
    if (!person && awaitsProviderNotification(op))
        return AttemptRefusal::AwaitingProvider;
    return std::nullopt;
}

// The row's sending is spent: its retention window closed, or automation reached its cap
// (rule 4). The row then turns unknown, with the returned reason's words.
std::optional<AttemptRefusal> spentRefusal(const Operation &op, AttemptMode mode, qint64 nowMs)
{
    if (op.deadline && nowMs >= op.deadline->toMSecsSinceEpoch())
        return AttemptRefusal::WindowClosed;
    if (mode == AttemptMode::Automation && op.attempts >= op.attemptCap)
        return AttemptRefusal::CapReached;
    return std::nullopt;
}

} // namespace

OperationStore::OperationStore(const Connection &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{}

Result<void> OperationStore::reconnect()
{
    return Database::reopenIfLost(m_db);
}

std::optional<Operation> OperationStore::operation(const QString &id)
{
    return rows::readOperation(m_db, id);
}

std::optional<Operation> OperationStore::findLiveRefund(Provider provider, const QString &project,
                                                        const QString &unitOfWork,
                                                        const QString &reference)
{
    return refundOfUnit(provider, project, unitOfWork, reference,
                        u"AND state IN "_s + liveStatesFor(OperationKind::Refund));
}

std::optional<Operation> OperationStore::refundOfUnit(Provider provider, const QString &project,
                                                      const QString &unitOfWork,
                                                      const QString &reference, const QString &tail,
                                                      const QVariantList &extra)
{
    Query q = runQuery(m_db,
                       u"SELECT "_s + rows::operationColumns() +
                           u" FROM operations WHERE kind = 'refund' AND provider = ? AND "
                           "project = ? AND unit_of_work = ? AND reference = ? "_s +
                           tail,
                       QVariantList{toString(provider), project, unitOfWork, reference} + extra);
    if (!q.next())
        return std::nullopt;
    return rows::operationFromRow(q);
}

std::optional<Operation> OperationStore::findByKey(OperationKind kind, Provider provider,
                                                   const QString &project, const QString &key)
{
    // Newest first: a failed credit movement frees its key, so older rows may share it.
    Query q = runQuery(m_db,
                       u"SELECT "_s + rows::operationColumns() +
                           u" FROM operations WHERE kind = ? AND provider = ? AND project = ? "
                           "AND idempotency_key = ? AND state IN "_s +
                           liveStatesFor(kind) + u" ORDER BY created_at DESC LIMIT 1"_s,
                       {toString(kind), toString(provider), project, key});
    if (!q.next())
        return std::nullopt;
    return rows::operationFromRow(q);
}

qint64 OperationStore::liveRefundTotal(Provider provider, const QString &chargeId,
                                       const std::optional<QDateTime> &succeededSince)
{
    const QString sum = u"SELECT COALESCE(SUM(amount_minor), 0) FROM operations WHERE "
                        "kind = 'refund' AND provider = ? AND charge_id = ? AND "_s;
    const QString live = liveStatesFor(OperationKind::Refund);
    Query q = succeededSince
                  ? runQuery(m_db,
                             sum + u"(state IN "_s + live +
                                 u" OR (state = 'succeeded' AND closed_at > ?))"_s,
                             {toString(provider), chargeId, succeededSince->toMSecsSinceEpoch()})
                  : runQuery(m_db, sum + u"state IN "_s + live, {toString(provider), chargeId});
    return q.next() ? q.value(0).toLongLong() : 0;
}

std::optional<Operation> OperationStore::succeededRefundSince(Provider provider,
                                                              const QString &project,
                                                              const QString &unitOfWork,
                                                              const QDateTime &since,
                                                              const QString &reference)
{
    return refundOfUnit(provider, project, unitOfWork, reference,
                        u"AND state = 'succeeded' AND closed_at > ? "
                        "ORDER BY closed_at DESC LIMIT 1"_s,
                        {since.toMSecsSinceEpoch()});
}

void OperationStore::markUnknownLocked(const Operation &op, const QString &reason,
                                       const QString &actor, qint64 nowMs)
{
    runQuery(m_db,
             u"UPDATE operations SET state = 'unknown', unknown_reason = ?, updated_at = ? "
             "WHERE id = ? AND state = 'open'"_s,
             {reason, nowMs, op.id});
    AuditLog::append(m_db, nowMs, actor, u"state.unknown"_s, op.id, {{"reason", str(reason)}});
}

qint64 OperationStore::countAttemptLocked(const Operation &op, const QString &actor,
                                          AttemptMode mode, qint64 nowMs)
{
    // seq numbers every attempt of the operation; the counters say whose it was: automation's
    // `attempts` (bounded by the cap) or `operator_attempts` (not bounded by it).
    const bool byOperator = mode == AttemptMode::OperatorResend;
    const qint64 deadline = op.firstAttemptAt
                                ? op.deadline->toMSecsSinceEpoch()
                                : sendDeadlineMs(nowMs, op.windowSeconds, op.marginSeconds);
    runQuery(m_db,
             u"UPDATE operations SET attempts = ?, operator_attempts = ?, first_attempt_at = "
             "COALESCE(first_attempt_at, ?), deadline_at = ?, last_attempt_at = ?, updated_at = ? "
             "WHERE id = ?"_s,
             {op.attempts + (byOperator ? 0 : 1), op.operatorAttempts + (byOperator ? 1 : 0), nowMs,
              deadline, nowMs, nowMs, op.id});
    return recordAttemptLocked(op, actor, mode, nowMs);
}

qint64 OperationStore::recordAttemptLocked(const Operation &op, const QString &actor,
                                           AttemptMode mode, qint64 nowMs)
{
    // `op` as it was before this attempt: its seq follows every earlier attempt of either kind.
    const bool byOperator = mode == AttemptMode::OperatorResend;
    const int seq = op.attempts + op.operatorAttempts + 1;
    // RETURNING, not lastInsertId(): QPSQL's lastInsertId is an OID, not the row's id.
    Query ins = runQuery(m_db,
                         u"INSERT INTO attempts (operation_id, seq, actor, started_at, mode) "
                         "VALUES (?, ?, ?, ?, ?) RETURNING id"_s,
                         {op.id, seq, actor, nowMs, byOperator ? u"operator"_s : u"automation"_s});
    if (!ins.next())
        throw StoreError(u"attempt of %1 was not stored"_s.arg(op.id));
    const qint64 attemptId = ins.value(0).toLongLong();
    ins.finish();
    AuditLog::append(
        m_db, nowMs, actor, u"attempt.started"_s, op.id,
        {{"seq", seq}, {"mode", mode == AttemptMode::Automation ? "automation" : "operator"}});
    return attemptId;
}

AttemptTicket OperationStore::beginAttempt(const QString &operationId, const QString &actor,
                                           AttemptMode mode)
{
    const qint64 now = m_clock.nowMs();
    // Automation counts an attempt of one row; a person's resend may spend or ask for an
    // approval, which stays with the exclusive writers.
    WriteTransaction tx(m_db, mode == AttemptMode::Automation
                                  ? WriteLocks::scoped({operationScope(operationId)})
                                  : WriteLocks::exclusive());
    AttemptTicket ticket;
    const auto found = operation(operationId);
    if (!found) {
        ticket.refusal = AttemptRefusal::NotFound;
        return ticket;
    }
    ticket.operation = *found;
    const Operation &op = *found;
    if (const auto refused = stateRefusal(m_db, op, actor, mode)) {
        ticket.refusal = *refused;
        return ticket;
    }
    if (const auto spent = spentRefusal(op, mode, now)) {
        ticket.refusal = *spent;
        // Automation sends only open rows, so a spent cap always finds one open.
        if (op.state == OperationState::Open)
            markUnknownLocked(op,
                              *spent == AttemptRefusal::WindowClosed ? u"retention window closed"_s
                                                                     : u"attempt cap reached"_s,
                              actor, now);
        tx.commit();
        ticket.operation = *operation(operationId);
        return ticket;
    }
    // A person's held refund: its sender is the second person, so no resend approval follows.
    const bool held = op.state == OperationState::AwaitingApproval;
    const bool fourEyesHeld = held && isFourEyesHold(op);
    if (fourEyesHeld && mode == AttemptMode::OperatorResend && op.createdBy == actor)
        throw ActionRefused(
            u"%1 started refund %2; another person with the approve right sends it"_s.arg(
                operatorName(actor), op.id));
    if (mode == AttemptMode::OperatorResend && !fourEyesHeld && needsApproval(m_db, op) &&
        !spendApprovedResendLocked(m_db, now, operationId, actor)) {
        ticket.refusal = AttemptRefusal::AwaitingApproval;
        if (!openApproval(m_db, operationId, ApprovalAction::Resend, ApprovalState::Pending)) {
            requestApprovalLocked(m_db, now, op, ApprovalAction::Resend, actor,
                                  nlohmann::json::object());
            tx.commit();
        }
        return ticket;
    }
    if (held)
        approveHeldLocked(op, actor, now);
    ticket.attemptId = countAttemptLocked(op, actor, mode, now);
    ticket.seq = op.attempts + op.operatorAttempts + 1;
    tx.commit();
    ticket.operation = *operation(operationId);
    return ticket;
}

void OperationStore::finishAttempt(const QString &operationId, qint64 attemptId,
                                   const AttemptResult &r)
{
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db, WriteLocks::scoped({operationScope(operationId)}));
    Query q =
        runQuery(m_db,
                 u"UPDATE attempts SET finished_at = ?, http_status = ?, classification = ?, "
                 "provider_code = ?, provider_request_id = ?, replayed = ?, latency_ms = ?, "
                 "transport_error = ?, response_excerpt = ? WHERE id = ? AND operation_id = ? AND "
                 "classification = 'in_flight'"_s,
                 {now, r.httpStatus == 0 ? QVariant() : QVariant(r.httpStatus), toString(r.outcome),
                  rows::nullable(r.providerCode), rows::nullable(r.providerRequestId),
                  r.replayed ? 1 : 0, r.latencyMs, rows::nullable(r.transportError),
                  rows::nullable(r.responseExcerpt), attemptId, operationId});
    if (q.numRowsAffected() != 1)
        throw StoreError(u"attempt %1 of %2 is not in flight"_s.arg(attemptId).arg(operationId));
    AuditLog::append(m_db, now, u"system:engine"_s, u"attempt.finished"_s, operationId,
                     {{"attempt_id", attemptId},
                      {"http_status", r.httpStatus},
                      {"outcome", str(toString(r.outcome))},
                      {"provider_code", str(r.providerCode)},
                      {"provider_request_id", str(r.providerRequestId)},
                      {"replayed", r.replayed},
                      {"transport_error", str(r.transportError)}});
    tx.commit();
}

bool OperationStore::closeSucceeded(const QString &id, const QString &providerRef,
                                    const QString &providerStatus, const QString &actor,
                                    const QString &reason)
{
    WriteTransaction tx(m_db, WriteLocks::scoped({operationScope(id)}));
    if (!closeSucceededLocked(id, providerRef, providerStatus, actor, reason,
                              CloseFrom::OpenOrUnknown))
        return false;
    tx.commit();
    return true;
}

bool OperationStore::closeSucceededLocked(const QString &id, const QString &providerRef,
                                          const QString &providerStatus, const QString &actor,
                                          const QString &reason, CloseFrom from)
{
    const qint64 now = m_clock.nowMs();
    Query q = runQuery(m_db,
                       u"UPDATE operations SET state = 'succeeded', provider_ref = ?, "
                       "provider_status = ?, closed_by = ?, closed_at = ?, close_reason = ?, "
                       "updated_at = ? WHERE id = ? AND state IN "_s +
                           closableStates(from),
                       {providerRef, rows::nullable(providerStatus), actor, now, reason, now, id});
    if (q.numRowsAffected() != 1)
        return false;
    AuditLog::append(m_db, now, actor, u"state.succeeded"_s, id,
                     {{"provider_ref", str(providerRef)},
                      {"provider_status", str(providerStatus)},
                      {"reason", str(reason)}});
    withdrawProposalsLocked(m_db, now, id, actor);
    return true;
}

bool OperationStore::closeFailed(const QString &id, const QString &code, const QString &actor,
                                 const QString &reason)
{
    WriteTransaction tx(m_db, WriteLocks::scoped({operationScope(id)}));
    if (!closeFailedLocked(id, code, actor, reason, CloseFrom::OpenOrUnknown))
        return false;
    tx.commit();
    return true;
}

bool OperationStore::closeFailedLocked(const QString &id, const QString &code, const QString &actor,
                                       const QString &reason, CloseFrom from)
{
    const qint64 now = m_clock.nowMs();
    Query q = runQuery(m_db,
                       u"UPDATE operations SET state = 'failed', failure_code = ?, "
                       "closed_by = ?, closed_at = ?, close_reason = ?, updated_at = ? "
                       "WHERE id = ? AND state IN "_s +
                           closableStates(from),
                       {code, actor, now, reason, now, id});
    if (q.numRowsAffected() != 1)
        return false;
    AuditLog::append(m_db, now, actor, u"state.failed"_s, id,
                     {{"code", str(code)}, {"reason", str(reason)}});
    withdrawProposalsLocked(m_db, now, id, actor);
    return true;
}

bool OperationStore::markUnknown(const QString &id, const QString &reason, const QString &actor)
{
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db, WriteLocks::scoped({operationScope(id)}));
    const auto op = operation(id);
    if (!op || op->state != OperationState::Open)
        return false;
    markUnknownLocked(*op, reason, actor, now);
    tx.commit();
    return true;
}

bool OperationStore::setProviderStatus(const QString &id, const QString &status,
                                       const QString &actor)
{
    WriteTransaction tx(m_db, WriteLocks::scoped({operationScope(id)}));
    if (!setProviderStatusLocked(id, status, actor, OperationState::Open))
        return false;
    tx.commit();
    return true;
}

bool OperationStore::setProviderStatusLocked(const QString &id, const QString &status,
                                             const QString &actor, OperationState on)
{
    const qint64 now = m_clock.nowMs();
    Query q = runQuery(m_db,
                       u"UPDATE operations SET provider_status = ?, updated_at = ? "
                       "WHERE id = ? AND state = ? AND "
                       "COALESCE(provider_status, '') <> ?"_s,
                       {status, now, id, toString(on), status});
    if (q.numRowsAffected() != 1)
        return false;
    AuditLog::append(m_db, now, actor, u"provider_status"_s, id, {{"status", str(status)}});
    return true;
}

int OperationStore::sweep(const QString &actor)
{
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db);
    const std::vector<Operation> due = rows::readOperations(
        m_db, u"WHERE state = 'open' AND deadline_at IS NOT NULL AND deadline_at <= ?"_s, {now});
    for (const Operation &op : due)
        markUnknownLocked(op, u"retention window closed"_s, actor, now);
    tx.commit();
    return int(due.size());
}

Connection &connectionOf(OperationStore &store)
{
    return store.m_db;
}

} // namespace ops
