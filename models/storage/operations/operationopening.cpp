// OperationStore::openOrGet and its steps, in the order the rules run: the opening checks
// (rule 9's balance guard, a person's four-eyes hold and replacement, the agent's limits), the
// insert under the live-unit index (rule 2), rule 13's confirmed repeat, replication, and the
// commit with its audit entry and attempt 1.

#include "storage/operations/operationopening.h"

#include "domain/storeerror.h"
#include "storage/access/operatordirectory.h"
#include "storage/access/repeatwindow.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/db/storagelogging.h"
#include "storage/records/operationrow.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// What opening a row locks (docs/design.md §7): rule 9 reads the charge's refunds, rule 13 and a
// replacement the order's, an agent's limits its own calls, a credit its account. Rule 2 needs
// none of them: the partial unique index refuses the second live row.
WriteLocks openingLocks(const NewOperation &op)
{
    const bool refund = op.kind == OperationKind::Refund;
    // The agent's own lock is taken later, and only when its limits count (agentVerdict).
    return WriteLocks::scoped({refund ? chargeScope(toString(op.provider), op.chargeId) : QString(),
                               refund ? orderScope(op.orderId) : QString(),
                               refund ? QString() : accountScope(op.project, op.customerId)});
}

// How often one opening decides again when another writer's live row closes under it.
constexpr int kOpeningRounds = 3;

// What recordAttemptLocked reads of a row openOrGet has just inserted: its id, no attempt
// before this one. Saves reading the row back to count it.
Operation justInserted(const NewOperation &op)
{
    Operation fresh;
    fresh.id = op.id;
    return fresh;
}

OpenResult answered(std::optional<Operation> row = std::nullopt)
{
    OpenResult r;
    if (row)
        r.operation = *row;
    return r;
}

// The INSERT's values for `op`, in its column order; `counted` inserts it with attempt 1 started
// now (the counters countAttemptLocked would otherwise set by a second write of the row).
QVariantList insertValues(const NewOperation &op, OperationState state, const QVariant &hold,
                          qint64 nowMs, bool counted)
{
    const QVariant now = counted ? QVariant(nowMs) : QVariant();
    const QVariant deadline =
        counted ? QVariant(sendDeadlineMs(nowMs, op.windowSeconds, op.marginSeconds)) : QVariant();
    return {op.id,
            toString(op.kind),
            toString(op.provider),
            op.project,
            op.unitOfWork,
            rows::nullable(op.orderId),
            rows::nullable(op.chargeId),
            rows::nullable(op.customerId),
            op.amount.minor,
            op.amount.currency,
            op.idempotencyKey,
            QString::fromLatin1(op.request.method),
            op.request.path,
            op.request.body,
            QString::fromLatin1(op.request.contentType),
            toString(state),
            op.attemptCap,
            op.windowSeconds,
            op.marginSeconds,
            op.createdBy,
            nowMs,
            nowMs,
            op.reference,
            rows::nullable(op.agent),
            hold,
            rows::nullable(op.replaces),
            rows::nullable(op.reasonCode),
            rows::nullable(op.ticket),
            counted ? 1 : 0,
            now,
            deadline,
            now};
}

} // namespace

OpenResult OperationStore::openOrGet(const NewOperation &op,
                                     const std::optional<BalanceGuard> &guard,
                                     const QString &firstAttemptBy)
{
    const qint64 now = m_clock.nowMs();
    const Result<void> replication = replicationAllowsOpenings();
    WriteTransaction tx(m_db, openingLocks(op));
    const bool checks = guard || !op.agent.isEmpty() || !op.replaces.isEmpty() ||
                        !operatorName(op.createdBy).isEmpty();
    // A live row read here may close before the insert (its writer holds only its own
    // operation): the insert then succeeds, and the opening is decided again with the checks a
    // fresh row takes (rules 9 and 13, holds, the agent's limits).
    Opening opening(*this, op, now, firstAttemptBy);
    for (int round = 1;; ++round) {
        const Opening::Check check = opening.check(guard, checks);
        if (check.refusal)
            return *check.refusal;
        if (const QString lost = opening.insert(check); !lost.isEmpty()) {
            if (auto winner = opening.lost(lost, round))
                return *winner;
            continue;
        }
        // Rule 13: read after the insert, which waits for a concurrent close of the unit's live
        // row to commit, so that close is seen here.
        if (auto repeat = checks ? opening.repeatOfUnit() : std::nullopt) {
            opening.undoInsert();
            return answered(repeat);
        }
        if (checks && !check.fresh) {
            opening.undoInsert(); // the live row read before closed: decide again as fresh
            continue;
        }
        if (!replication) {
            opening.undoInsert();
            OpenResult refused;
            refused.replication = replication;
            return refused;
        }
        return opening.commit(tx, check);
    }
}

// Decided here under the opening's lock for every kind; the engines ask the same before any
// provider call, so a refusal there costs no request. An agent's limits are agentquota.h's.
void OperationStore::Opening::requireMoneyRights() const
{
    if (operatorName(m_op.createdBy).isEmpty())
        return;
    if (const auto may = accessOf(m_store.m_db, m_op.createdBy).maySendMoney(); !may)
        throw ActionRefused(may.error());
}

OperationStore::Opening::Check
OperationStore::Opening::check(const std::optional<BalanceGuard> &guard, bool checks)
{
    Check c;
    c.fresh = checks && !liveRow();
    if (!c.fresh)
        return c;
    if (guard && guardRefuses(*guard)) { // rule 9
        c.refusal = answered();
        c.refusal->overBalance = true;
        return c;
    }
    requireMoneyRights();
    c.personHold = personHold(); // four-eyes, and a replacement's checks
    c.verdict = agentVerdict(m_store.m_db, m_op.agent, m_op.kind, m_op.amount, m_nowMs);
    if (c.verdict.kind == AgentVerdict::Kind::RateLimited ||
        c.verdict.kind == AgentVerdict::Kind::Revoked) {
        c.refusal = answered();
        c.refusal->agentRefusal = c.verdict;
    }
    return c;
}

QString OperationStore::Opening::insert(const Check &check)
{
    const QString insert =
        u"INSERT INTO operations (id, kind, provider, project, unit_of_work, order_id, charge_id, "
        "customer_id, amount_minor, currency, idempotency_key, request_method, request_path, "
        "request_body, request_content_type, state, attempt_cap, window_seconds, margin_seconds, "
        "created_by, created_at, updated_at, reference, agent, hold, replaces, reason_code, "
        "ticket, attempts, first_attempt_at, deadline_at, last_attempt_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
        "?, ?, ?, ?, ?)"_s;
    const QVariantList values = insertValues(
        m_op, check.held() ? OperationState::AwaitingApproval : OperationState::Open,
        check.held() ? QVariant(check.hold()) : QVariant(), m_nowMs, countsFirstAttempt(check));
    // The savepoint keeps the transaction usable after a refused INSERT (PostgreSQL would
    // abort all of it), so the winner is read under the same write lock: it cannot reach a
    // final state, and so leave the live index, between the refusal and the read.
    m_savepoint.emplace(m_store.m_db, u"open_or_get"_s);
    try {
        runQuery(m_store.m_db, insert, values);
    } catch (const StoreError &e) {
        return e.message();
    }
    return {};
}

std::optional<Operation> OperationStore::Opening::repeatOfUnit()
{
    if (m_op.kind != OperationKind::Refund)
        return std::nullopt;
    const qint64 window = repeatWindow(m_store.m_db).count();
    if (window <= 0)
        return std::nullopt;
    return m_store.succeededRefundSince(m_op.provider, m_op.project, m_op.unitOfWork,
                                        QDateTime::fromMSecsSinceEpoch(m_nowMs - window, Qt::UTC),
                                        m_op.reference);
}

std::optional<OpenResult> OperationStore::Opening::lost(const QString &refusal, int round)
{
    undoInsert();
    qCInfo(lcStore) << "insert lost to an existing row:" << refusal;
    // The partial unique index refused the insert: the winner's row is the one to use. The
    // transaction wrote nothing and ends uncommitted.
    if (auto winner = liveRow())
        return answered(winner);
    // The winner closed between the refusal and this read: decide again, now that the unit has
    // no live row (a refund confirmed meanwhile answers as rule 13's repeat).
    if (round < kOpeningRounds)
        return std::nullopt;
    throw StoreError(
        u"cannot store operation %1 for %2: %3"_s.arg(m_op.id, m_op.unitOfWork, refusal));
}

OpenResult OperationStore::Opening::commit(WriteTransaction &tx, const Check &check)
{
    const NewOperation &op = m_op;
    m_savepoint->release();
    m_savepoint.reset();
    nlohmann::json detail = {{"kind", toString(op.kind).toStdString()},
                             {"provider", toString(op.provider).toStdString()},
                             {"unit_of_work", op.unitOfWork.toStdString()},
                             {"reference", op.reference.toStdString()},
                             {"reason_code", op.reasonCode.toStdString()},
                             {"ticket", op.ticket.toStdString()},
                             {"amount", op.amount.minor},
                             {"currency", op.amount.currency.toStdString()},
                             {"idempotency_key", op.idempotencyKey.toStdString()}};
    if (check.held())
        detail.update({{"state", "awaiting_approval"},
                       {"hold", check.hold().toStdString()},
                       {"why", check.personHold ? "above the four-eyes threshold"
                                                : check.verdict.why.toStdString()}});
    if (!op.replaces.isEmpty())
        detail["replaces"] = op.replaces.toStdString();
    AuditLog::append(m_store.m_db, m_nowMs, op.createdBy, u"operation.opened"_s, op.id, detail);
    OpenResult r;
    r.created = true;
    if (countsFirstAttempt(check)) // the row was inserted counted (insert)
        r.firstAttemptId = m_store.recordAttemptLocked(justInserted(op), m_firstAttemptBy,
                                                       AttemptMode::Automation, m_nowMs);
    // Read back inside the transaction: the row as committed, with what the database filled in,
    // without a read after the commit.
    r.operation = *m_store.operation(op.id);
    tx.commit();
    return r;
}

// Rule 9: the charge's amount less what the provider
// refunded when read and what our rows hold or confirmed since.
bool OperationStore::Opening::guardRefuses(const BalanceGuard &guard)
{
    const qint64 committed = m_store.liveRefundTotal(m_op.provider, m_op.chargeId, guard.readAt);
    return m_op.amount.minor > guard.chargeAmount - guard.providerRefunded - committed;
}

void OperationStore::Opening::undoInsert()
{
    m_savepoint->undo();
    m_savepoint.reset();
}

std::optional<Operation> OperationStore::Opening::liveRow()
{
    switch (m_op.kind) {
    case OperationKind::Refund:
        return m_store.findLiveRefund(m_op.provider, m_op.project, m_op.unitOfWork, m_op.reference);
    case OperationKind::Execution:
        return m_store.findByKey(m_op.kind, m_op.provider, m_op.project, m_op.idempotencyKey);
    default:
        // The three movement kinds share one index: the winner may be of another kind.
        return m_store.findLiveCredit(m_op.provider, m_op.project, m_op.idempotencyKey);
    }
}

} // namespace ops
