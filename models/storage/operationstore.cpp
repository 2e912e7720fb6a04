#include "storage/operationstore.h"

#include "storage/access/approvals.h"
#include "storage/access/operatordirectory.h"
#include "storage/access/repeatwindow.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/db/storagelogging.h"
#include "storage/operationrow.h"
#include "storage/reconcile/proposals.h"

#include <QCryptographicHash>
#include <QSqlError>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops {

namespace {

QVariant nullable(const QString &s)
{
    return s.isEmpty() ? QVariant() : QVariant(s);
}
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

// What countAttemptLocked reads of a row openOrGet has just inserted: its id and window, no
// attempt yet (so no first attempt and no deadline). Saves reading the row back to count it.
Operation justInserted(const NewOperation &op)
{
    Operation fresh;
    fresh.id = op.id;
    fresh.windowSeconds = op.windowSeconds;
    fresh.marginSeconds = op.marginSeconds;
    return fresh;
}

void execPlain(Connection &db, const QString &sql)
{
    if (const auto error = execControl(db, sql))
        throw StoreError(u"%1 failed: %2"_s.arg(sql, *error));
}

} // namespace

OperationStore::OperationStore(const Connection &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{}

std::optional<Operation> OperationStore::operation(const QString &id)
{
    Query q = runQuery(
        m_db, u"SELECT "_s + rows::operationColumns() + u" FROM operations WHERE id = ?"_s, {id});
    if (!q.next())
        return std::nullopt;
    return rows::operationFromRow(q);
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

std::optional<Operation> OperationStore::findLiveFor(const NewOperation &op)
{
    switch (op.kind) {
    case OperationKind::Refund:
        return findLiveRefund(op.provider, op.project, op.unitOfWork, op.reference);
    case OperationKind::Execution:
        return findByKey(op.kind, op.provider, op.project, op.idempotencyKey);
    default:
        // The three movement kinds share one index: the winner may be of another kind.
        return findLiveCredit(op.provider, op.project, op.idempotencyKey);
    }
}

qint64 OperationStore::liveRefundTotal(Provider provider, const QString &chargeId)
{
    Query q = runQuery(m_db,
                       u"SELECT COALESCE(SUM(amount_minor), 0) FROM operations WHERE "
                       "kind = 'refund' AND provider = ? AND charge_id = ? AND state IN "_s +
                           liveStatesFor(OperationKind::Refund),
                       {toString(provider), chargeId});
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

std::optional<Operation> OperationStore::confirmedRepeatLocked(const NewOperation &op, qint64 nowMs)
{
    const qint64 window = repeatWindow(m_db).count();
    if (window <= 0)
        return std::nullopt;
    return succeededRefundSince(op.provider, op.project, op.unitOfWork,
                                QDateTime::fromMSecsSinceEpoch(nowMs - window, Qt::UTC),
                                op.reference);
}

bool OperationStore::guardRefuses(const NewOperation &op, const BalanceGuard &guard)
{
    Query q = runQuery(m_db,
                       u"SELECT COALESCE(SUM(amount_minor), 0) FROM operations WHERE "
                       "kind = 'refund' AND provider = ? AND charge_id = ? AND "
                       "(state IN "_s +
                           liveStatesFor(OperationKind::Refund) +
                           u" OR (state = 'succeeded' AND closed_at > ?))"_s,
                       {toString(op.provider), op.chargeId, guard.readAt.toMSecsSinceEpoch()});
    const qint64 committed = q.next() ? q.value(0).toLongLong() : 0;
    return op.amount.minor > guard.chargeAmount - guard.providerRefunded - committed;
}

namespace {

// What opening a row locks (docs/design.md, "Locks on PostgreSQL"): rule 9 reads the charge's
// refunds, rule 13 and a replacement the order's, an agent's limits its own calls, a credit its
// account. Rule 2 needs none of them: the partial unique index refuses the second live row.
// How often one opening decides again when another writer's live row closes under it.
constexpr int kOpeningRounds = 3;

WriteLocks openingLocks(const NewOperation &op)
{
    const bool refund = op.kind == OperationKind::Refund;
    // The agent's own lock is taken later, and only when its limits count (agentVerdict).
    return WriteLocks::scoped({refund ? chargeScope(toString(op.provider), op.chargeId) : QString(),
                               refund ? orderScope(op.orderId) : QString(),
                               refund ? QString() : accountScope(op.project, op.customerId)});
}

} // namespace

OpenResult OperationStore::openOrGet(const NewOperation &op,
                                     const std::optional<BalanceGuard> &guard,
                                     const QString &firstAttemptBy)
{
    const qint64 now = m_clock.nowMs();
    const std::optional<QString> unsafe = replicationRefusal();
    {
        WriteTransaction tx(m_db, openingLocks(op));
        const bool checks = guard || !op.agent.isEmpty() || !op.replaces.isEmpty() ||
                            !operatorName(op.createdBy).isEmpty();
        // A live row read here may close before the insert (its writer holds only its own
        // operation): the insert then succeeds, and the opening is decided again with the
        // checks a fresh row takes (rules 9 and 13, holds, the agent's limits).
        for (int round = 1;; ++round) {
            const bool fresh = checks && !findLiveFor(op);
            if (guard && fresh && guardRefuses(op, *guard))
                return {{}, false, true, std::nullopt, std::nullopt, std::nullopt};
            const std::optional<QString> personHold =
                fresh ? openingHoldLocked(op) : std::optional<QString>();
            const AgentVerdict verdict =
                fresh ? agentVerdict(m_db, op.agent, op.kind, op.amount, now) : AgentVerdict{};
            if (verdict.kind == AgentVerdict::Kind::RateLimited ||
                verdict.kind == AgentVerdict::Kind::Revoked)
                return {{}, false, false, std::nullopt, verdict, std::nullopt};
            const bool held = verdict.kind == AgentVerdict::Kind::Hold || personHold;
            const QString hold = personHold ? *personHold : verdict.hold;
            const QString insert =
                u"INSERT INTO operations (id, kind, provider, project, unit_of_work, order_id, "
                "charge_id, customer_id, amount_minor, currency, idempotency_key, request_method, "
                "request_path, request_body, request_content_type, state, attempt_cap, "
                "window_seconds, margin_seconds, created_by, created_at, updated_at, reference, "
                "agent, hold, replaces) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                "?, "
                "?)"_s;
            const QVariantList values = {
                op.id,
                toString(op.kind),
                toString(op.provider),
                op.project,
                op.unitOfWork,
                nullable(op.orderId),
                nullable(op.chargeId),
                nullable(op.customerId),
                op.amount.minor,
                op.amount.currency,
                op.idempotencyKey,
                QString::fromLatin1(op.request.method),
                op.request.path,
                op.request.body,
                QString::fromLatin1(op.request.contentType),
                toString(held ? OperationState::AwaitingApproval : OperationState::Open),
                op.attemptCap,
                op.windowSeconds,
                op.marginSeconds,
                op.createdBy,
                now,
                now,
                op.reference,
                nullable(op.agent),
                held ? QVariant(hold) : QVariant(),
                nullable(op.replaces)};
            // The savepoint keeps the transaction usable after a refused INSERT (PostgreSQL would
            // abort all of it), so the winner is read under the same write lock: it cannot reach a
            // final state, and so leave the live index, between the refusal and the read.
            execPlain(m_db, u"SAVEPOINT open_or_get"_s);
            QString refusal;
            try {
                runQuery(m_db, insert, values);
            } catch (const StoreError &e) {
                refusal = e.message();
            }
            // Rule 13: a refund of this unit confirmed within the repeat window since the caller's
            // own read answers this call and nothing is stored. Read after the insert, which waits
            // for a concurrent close of the unit's live row to commit, so that close is seen here.
            std::optional<Operation> repeat;
            if (refusal.isEmpty() && checks && op.kind == OperationKind::Refund)
                repeat = confirmedRepeatLocked(op, now);
            if (repeat) {
                execPlain(m_db, u"ROLLBACK TO SAVEPOINT open_or_get"_s);
                execPlain(m_db, u"RELEASE SAVEPOINT open_or_get"_s);
                return {*repeat, false, false, std::nullopt, std::nullopt, std::nullopt};
            }
            if (refusal.isEmpty() && checks && !fresh) {
                execPlain(m_db, u"ROLLBACK TO SAVEPOINT open_or_get"_s);
                execPlain(m_db, u"RELEASE SAVEPOINT open_or_get"_s);
                continue;
            }
            if (refusal.isEmpty() && unsafe) {
                execPlain(m_db, u"ROLLBACK TO SAVEPOINT open_or_get"_s);
                execPlain(m_db, u"RELEASE SAVEPOINT open_or_get"_s);
                return {{}, false, false, std::nullopt, std::nullopt, unsafe};
            }
            if (refusal.isEmpty()) {
                execPlain(m_db, u"RELEASE SAVEPOINT open_or_get"_s);
                nlohmann::json detail = {{"kind", str(toString(op.kind))},
                                         {"provider", str(toString(op.provider))},
                                         {"unit_of_work", str(op.unitOfWork)},
                                         {"reference", str(op.reference)},
                                         {"amount", op.amount.minor},
                                         {"currency", str(op.amount.currency)},
                                         {"idempotency_key", str(op.idempotencyKey)}};
                if (held)
                    detail.update(
                        {{"state", "awaiting_approval"},
                         {"hold", str(hold)},
                         {"why", personHold ? "above the four-eyes threshold" : str(verdict.why)}});
                if (!op.replaces.isEmpty())
                    detail["replaces"] = str(op.replaces);
                AuditLog::append(m_db, now, op.createdBy, u"operation.opened"_s, op.id, detail);
                std::optional<qint64> attemptId;
                if (!firstAttemptBy.isEmpty() && !held)
                    attemptId = countAttemptLocked(justInserted(op), firstAttemptBy,
                                                   AttemptMode::Automation, now);
                // Read back inside the transaction: the row as committed, with what the database
                // filled in, without a read after the commit.
                const Operation stored = *operation(op.id);
                tx.commit();
                return {stored, true, false, attemptId, std::nullopt, std::nullopt};
            }
            execPlain(m_db, u"ROLLBACK TO SAVEPOINT open_or_get"_s);
            execPlain(m_db, u"RELEASE SAVEPOINT open_or_get"_s);
            qCInfo(lcStore) << "insert lost to an existing row:" << refusal;
            // The partial unique index refused the insert: the winner's row is the one to use. The
            // transaction wrote nothing and ends uncommitted.
            if (auto winner = findLiveFor(op))
                return {*winner, false, false, std::nullopt, std::nullopt, std::nullopt};
            // The winner closed between the refusal and this read: decide again, now that the
            // unit has no live row (a refund confirmed meanwhile answers as rule 13's repeat).
            if (round < kOpeningRounds)
                continue;
            throw StoreError(
                u"cannot store operation %1 for %2: %3"_s.arg(op.id, op.unitOfWork, refusal));
        }
    }
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
    const int seq = op.attempts + op.operatorAttempts + 1;
    const qint64 deadline = op.firstAttemptAt
                                ? op.deadline->toMSecsSinceEpoch()
                                : nowMs + (op.windowSeconds - op.marginSeconds) * 1000;
    runQuery(m_db,
             u"UPDATE operations SET attempts = ?, operator_attempts = ?, first_attempt_at = "
             "COALESCE(first_attempt_at, ?), deadline_at = ?, last_attempt_at = ?, updated_at = ? "
             "WHERE id = ?"_s,
             {op.attempts + (byOperator ? 0 : 1), op.operatorAttempts + (byOperator ? 1 : 0), nowMs,
              deadline, nowMs, nowMs, op.id});
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
    if (mode == AttemptMode::OperatorResend)
        requireRight(m_db, actor, Right::Resend);
    // An agent's held refund is sent by a person's resend, which approves it (agentrequests.cpp).
    const bool held = op.state == OperationState::AwaitingApproval;
    if (held && mode == AttemptMode::OperatorResend)
        requireRight(m_db, actor, Right::Approve);
    const bool stateAllows =
        op.state == OperationState::Open ||
        (mode == AttemptMode::OperatorResend && (op.state == OperationState::Unknown || held));
    if (!stateAllows) {
        ticket.refusal = AttemptRefusal::NotOpen;
        return ticket;
    }
    // Decided under the row's lock: a caller that read the row before the 201 was recorded
    // does not send again.
    if (mode == AttemptMode::Automation && awaitsProviderNotification(op)) {
        ticket.refusal = AttemptRefusal::AwaitingProvider;
        return ticket;
    }
    if (op.deadline && now >= op.deadline->toMSecsSinceEpoch()) {
        ticket.refusal = AttemptRefusal::WindowClosed;
        if (op.state == OperationState::Open)
            markUnknownLocked(op, u"retention window closed"_s, actor, now);
        tx.commit();
        ticket.operation = *operation(operationId);
        return ticket;
    }
    if (mode == AttemptMode::Automation && op.attempts >= op.attemptCap) {
        ticket.refusal = AttemptRefusal::CapReached;
        markUnknownLocked(op, u"attempt cap reached"_s, actor, now);
        tx.commit();
        ticket.operation = *operation(operationId);
        return ticket;
    }
    // A person's held refund: its sender is the second person, so no resend approval follows.
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
    Query q = runQuery(
        m_db,
        u"UPDATE attempts SET finished_at = ?, http_status = ?, classification = ?, "
        "provider_code = ?, provider_request_id = ?, replayed = ?, latency_ms = ?, "
        "transport_error = ?, response_excerpt = ? WHERE id = ? AND operation_id = ? AND "
        "classification = 'in_flight'"_s,
        {now, r.httpStatus == 0 ? QVariant() : QVariant(r.httpStatus), toString(r.outcome),
         nullable(r.providerCode), nullable(r.providerRequestId), r.replayed ? 1 : 0, r.latencyMs,
         nullable(r.transportError), nullable(r.responseExcerpt), attemptId, operationId});
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
                       {providerRef, nullable(providerStatus), actor, now, reason, now, id});
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
    Query q = runQuery(m_db,
                       u"SELECT "_s + rows::operationColumns() +
                           u" FROM operations WHERE state = 'open' AND deadline_at IS NOT NULL "
                           "AND deadline_at <= ?"_s,
                       {now});
    std::vector<Operation> due;
    while (q.next())
        due.push_back(rows::operationFromRow(q));
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
