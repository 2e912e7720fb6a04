#pragma once

// An agent's limits, applied where an operation opens (DESIGN §13, docs/agents.md "Limits").
// agentVerdict() runs inside the opening write transaction (OperationStore::openOrGet), after
// rule 2 found no live row for the unit. Concurrent calls of one agent with a daily or rate
// limit are ordered (the SQLite write gate; on PostgreSQL the agent's own lock, which
// agentVerdict takes last and holds to the opening's commit), so none of them can overrun a limit
// another one has not committed yet. Amount limits hold refunds only; the rate counts every kind.

#include "domain/money.h"
#include "domain/operation.h"
#include "storage/db/connection.h"

namespace ops {

struct AgentVerdict
{
    enum class Kind
    {
        Open,        // within every limit, or the agent has none (or is not in the directory)
        Hold,        // store awaiting_approval; `hold` names the limit
        RateLimited, // store nothing; retry after `retryAfterMs`
        Revoked      // store nothing: the agent was revoked after its call was let in
    };
    Kind kind = Kind::Open;
    QString hold;            // "max_refund" or "daily"
    qint64 retryAfterMs = 0; // RateLimited: until the oldest counted opening leaves the second
    QString why;             // Hold, RateLimited, Revoked: a sentence for the caller and the queue
};

// One read of the agent (by name) and, when it has limits, one indexed read of its rows of the
// last 24 hours (operations_agent_created). A refund in another currency than a limit's is held:
// there is no rate to compare it by. The daily sum counts open, unknown and succeeded refunds;
// failed ones moved nothing and held ones are not sent unless a person approves them.
AgentVerdict agentVerdict(Connection &db, const QString &agent, OperationKind kind,
                          const Money &amount, qint64 nowMs);
// What the daily limit counts for `agent` at `nowMs`, in `currency`'s minor units: the same sum
// agentVerdict compares (the alert loop's "near its daily limit").
qint64 agentRefundedToday(Connection &db, const QString &agent, const QString &currency,
                          qint64 nowMs);

} // namespace ops
