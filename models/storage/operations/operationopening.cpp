// OperationStore::openOrGet and its steps, in the order the rules run: the opening checks
// (rule 9's balance guard, a person's four-eyes hold and replacement, the agent's limits), the
// insert under the live-unit index (rule 2), rule 13's confirmed repeat, replication, and the
// commit with its audit entry and attempt 1.

#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/db/storagelogging.h"
#include "storage/operations/operationstore.h"
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

// The savepoint keeps the transaction usable after a refused INSERT (PostgreSQL would abort all
// of it), so the winner is read under the same write lock: it cannot reach a final state, and
// so leave the live index, between the refusal and the read.
const QString kSavepoint = u"open_or_get"_s;

void undoInsert(Connection &db)
{
    execControlOrThrow(db, u"ROLLBACK TO SAVEPOINT "_s + kSavepoint);
    execControlOrThrow(db, u"RELEASE SAVEPOINT "_s + kSavepoint);
}

OpenResult answered(std::optional<Operation> row = std::nullopt)
{
    OpenResult r;
    if (row)
        r.operation = *row;
    return r;
}

// The INSERT's values for `op`, in its column order.
QVariantList insertValues(const NewOperation &op, OperationState state, const QVariant &hold,
                          qint64 nowMs)
{
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
            rows::nullable(op.reasonCode)};
}

} // namespace

// What the rules say of one round before the insert.
struct OperationStore::OpeningCheck
{
    bool fresh = false;                // no live row of the unit was read: the checks applied
    std::optional<QString> personHold; // a person's refund above the four-eyes threshold
    AgentVerdict verdict;              // the calling agent's limits
    std::optional<OpenResult> refusal; // nothing may be stored: the answer to give

    bool held() const { return verdict.kind == AgentVerdict::Kind::Hold || personHold; }
    QString hold() const { return personHold ? *personHold : verdict.hold; }
};

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
    for (int round = 1;; ++round) {
        const OpeningCheck check = checkOpeningLocked(op, guard, checks, now);
        if (check.refusal)
            return *check.refusal;
        if (const QString lost = insertOpeningLocked(op, check, now); !lost.isEmpty()) {
            if (auto winner = lostOpeningLocked(op, lost, round))
                return *winner;
            continue;
        }
        // Rule 13: read after the insert, which waits for a concurrent close of the unit's live
        // row to commit, so that close is seen here.
        if (auto repeat = checks ? repeatOfUnitLocked(op, now) : std::nullopt) {
            undoInsert(m_db);
            return answered(repeat);
        }
        if (checks && !check.fresh) {
            undoInsert(m_db); // the live row read before closed: decide again as fresh
            continue;
        }
        if (!replication) {
            undoInsert(m_db);
            OpenResult refused;
            refused.replication = replication;
            return refused;
        }
        return commitOpeningLocked(tx, op, check, firstAttemptBy, now);
    }
}

OperationStore::OpeningCheck
OperationStore::checkOpeningLocked(const NewOperation &op, const std::optional<BalanceGuard> &guard,
                                   bool checks, qint64 nowMs)
{
    OpeningCheck c;
    c.fresh = checks && !findLiveFor(op);
    if (!c.fresh)
        return c;
    if (guard && guardRefuses(op, *guard)) { // rule 9
        c.refusal = answered();
        c.refusal->overBalance = true;
        return c;
    }
    c.personHold = openingHoldLocked(op); // four-eyes, and a replacement's checks
    c.verdict = agentVerdict(m_db, op.agent, op.kind, op.amount, nowMs);
    if (c.verdict.kind == AgentVerdict::Kind::RateLimited ||
        c.verdict.kind == AgentVerdict::Kind::Revoked) {
        c.refusal = answered();
        c.refusal->agentRefusal = c.verdict;
    }
    return c;
}

QString OperationStore::insertOpeningLocked(const NewOperation &op, const OpeningCheck &check,
                                            qint64 nowMs)
{
    const QString insert =
        u"INSERT INTO operations (id, kind, provider, project, unit_of_work, order_id, charge_id, "
        "customer_id, amount_minor, currency, idempotency_key, request_method, request_path, "
        "request_body, request_content_type, state, attempt_cap, window_seconds, margin_seconds, "
        "created_by, created_at, updated_at, reference, agent, hold, replaces, reason_code) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s;
    const QVariantList values =
        insertValues(op, check.held() ? OperationState::AwaitingApproval : OperationState::Open,
                     check.held() ? QVariant(check.hold()) : QVariant(), nowMs);
    execControlOrThrow(m_db, u"SAVEPOINT "_s + kSavepoint);
    try {
        runQuery(m_db, insert, values);
    } catch (const StoreError &e) {
        return e.message();
    }
    return {};
}

std::optional<Operation> OperationStore::repeatOfUnitLocked(const NewOperation &op, qint64 nowMs)
{
    if (op.kind != OperationKind::Refund)
        return std::nullopt;
    return confirmedRepeatLocked(op, nowMs);
}

std::optional<OpenResult> OperationStore::lostOpeningLocked(const NewOperation &op,
                                                            const QString &refusal, int round)
{
    undoInsert(m_db);
    qCInfo(lcStore) << "insert lost to an existing row:" << refusal;
    // The partial unique index refused the insert: the winner's row is the one to use. The
    // transaction wrote nothing and ends uncommitted.
    if (auto winner = findLiveFor(op))
        return answered(winner);
    // The winner closed between the refusal and this read: decide again, now that the unit has
    // no live row (a refund confirmed meanwhile answers as rule 13's repeat).
    if (round < kOpeningRounds)
        return std::nullopt;
    throw StoreError(u"cannot store operation %1 for %2: %3"_s.arg(op.id, op.unitOfWork, refusal));
}

OpenResult OperationStore::commitOpeningLocked(WriteTransaction &tx, const NewOperation &op,
                                               const OpeningCheck &check,
                                               const QString &firstAttemptBy, qint64 nowMs)
{
    execControlOrThrow(m_db, u"RELEASE SAVEPOINT "_s + kSavepoint);
    nlohmann::json detail = {{"kind", toString(op.kind).toStdString()},
                             {"provider", toString(op.provider).toStdString()},
                             {"unit_of_work", op.unitOfWork.toStdString()},
                             {"reference", op.reference.toStdString()},
                             {"reason_code", op.reasonCode.toStdString()},
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
    AuditLog::append(m_db, nowMs, op.createdBy, u"operation.opened"_s, op.id, detail);
    OpenResult r;
    r.created = true;
    if (!firstAttemptBy.isEmpty() && !check.held())
        r.firstAttemptId =
            countAttemptLocked(justInserted(op), firstAttemptBy, AttemptMode::Automation, nowMs);
    // Read back inside the transaction: the row as committed, with what the database filled in,
    // without a read after the commit.
    r.operation = *operation(op.id);
    tx.commit();
    return r;
}

} // namespace ops
