#pragma once

// One call of OperationStore::openOrGet, as named steps in the order the rules run (storage
// internal; operationopening.cpp, and replacement.cpp for the person's hold). Every step runs
// inside the opening's write transaction on the store's connection.

#include "storage/access/agentquota.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationstore.h"

#include <optional>

namespace ops {

class OperationStore::Opening
{
public:
    // What the rules say of one round before the insert.
    struct Check
    {
        bool fresh = false;                // no live row of the unit was read: the checks applied
        std::optional<QString> personHold; // a person's refund above the four-eyes threshold
        AgentVerdict verdict;              // the calling agent's limits
        std::optional<OpenResult> refusal; // nothing may be stored: the answer to give

        bool held() const { return verdict.kind == AgentVerdict::Kind::Hold || personHold; }
        QString hold() const { return personHold ? *personHold : verdict.hold; }
    };

    // `firstAttemptBy` counts attempt 1 in the opening under that name ('' counts none).
    Opening(OperationStore &store, const NewOperation &op, qint64 nowMs,
            const QString &firstAttemptBy)
        : m_store(store)
        , m_op(op)
        , m_nowMs(nowMs)
        , m_firstAttemptBy(firstAttemptBy)
    {}

    // Rule 9's guard, the person's hold and replacement, the agent's limits; `checks` false
    // (nobody to check) only reads whether the unit has a live row.
    Check check(const std::optional<BalanceGuard> &guard, bool checks);
    // The insert under a savepoint; the database's refusal ('' when the row is in). A row that
    // counts attempt 1 is inserted counted, so the opening writes the wide row once.
    QString insert(const Check &check);
    // Rule 13: a refund of the unit confirmed within the repeat window; nullopt when none or off.
    std::optional<Operation> repeatOfUnit();
    // Undoes the insert (and anything written since), keeping the transaction.
    void undoInsert();
    // After a refused insert: the winner's row, or nullopt to decide again.
    std::optional<OpenResult> lost(const QString &refusal, int round);
    // The audit entry, attempt 1 when asked and the commit; the row as committed.
    OpenResult commit(WriteTransaction &tx, const Check &check);

private:
    // The unit's live row (rule 2), whatever its kind shares the index with.
    std::optional<Operation> liveRow();
    bool guardRefuses(const BalanceGuard &guard);
    // Throws ActionRefused when the person opening it may not move money, whatever its kind
    // (OperatorAccess::maySendMoney: the Resend and Attach rights).
    void requireMoneyRights() const;
    // Throws ActionRefused when op.replaces may not be replaced; "four_eyes" when a person's
    // refund is above the threshold (replacement.cpp).
    std::optional<QString> personHold();
    // Whether this opening counts attempt 1: asked for, and not held for an approval.
    bool countsFirstAttempt(const Check &check) const
    {
        return !m_firstAttemptBy.isEmpty() && !check.held();
    }

    OperationStore &m_store;
    const NewOperation &m_op;
    qint64 m_nowMs = 0;
    QString m_firstAttemptBy;
    std::optional<WriteTransaction::Savepoint> m_savepoint; // from the insert to the commit
};

} // namespace ops
