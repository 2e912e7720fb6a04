// An agent's refunds held over its limits (DESIGN §13, docs/agents.md "Agent requests"): the
// two decisions a person makes on them. Approval is the first step of an operator resend
// (OperationStore::beginAttempt), so the send that follows is the resend's, under its lease,
// four-eyes threshold and counters; rejection closes the row without sending anything.

#include "domain/storeerror.h"
#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationstore.h"

using namespace Qt::StringLiterals;

namespace ops {

void OperationStore::approveHeldLocked(const Operation &op, const QString &actor, qint64 nowMs)
{
    Query q = runQuery(m_db,
                       u"UPDATE operations SET state = 'open', updated_at = ? "
                       "WHERE id = ? AND state = 'awaiting_approval'"_s,
                       {nowMs, op.id});
    if (q.numRowsAffected() != 1)
        throw StoreError(u"operation %1 is no longer awaiting approval"_s.arg(op.id));
    q.finish();
    // A person's refund held at the four-eyes threshold is its own request, not an agent's.
    const QString action =
        isFourEyesHold(op) ? u"refund_request.approved"_s : u"agent_request.approved"_s;
    AuditLog::append(m_db, nowMs, actor, action, op.id,
                     {{"agent", op.agent.toStdString()},
                      {"requested_by", op.createdBy.toStdString()},
                      {"hold", op.hold.toStdString()},
                      {"amount", op.amount.minor},
                      {"currency", op.amount.currency.toStdString()}});
}

bool OperationStore::rejectAgentRequest(const QString &id, const QString &actor,
                                        const QString &reason)
{
    if (reason.trimmed().isEmpty())
        throw ActionRefused(u"a rejection needs a reason"_s);
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db);
    requireRight(m_db, actor, Right::Approve);
    const auto op = operation(id);
    if (!op || op->state != OperationState::AwaitingApproval)
        return false;
    const QString person = actor.section(u':', 1);
    runQuery(m_db,
             u"UPDATE operations SET state = 'failed', failure_code = 'rejected', closed_by = ?, "
             "closed_at = ?, close_reason = ?, updated_at = ? WHERE id = ? AND "
             "state = 'awaiting_approval'"_s,
             {actor, now, u"rejected by %1: %2"_s.arg(person, reason.trimmed()), now, id});
    const QString action =
        isFourEyesHold(*op) ? u"refund_request.rejected"_s : u"agent_request.rejected"_s;
    AuditLog::append(m_db, now, actor, action, id,
                     {{"agent", op->agent.toStdString()},
                      {"requested_by", op->createdBy.toStdString()},
                      {"hold", op->hold.toStdString()},
                      {"amount", op->amount.minor},
                      {"currency", op->amount.currency.toStdString()},
                      {"reason", reason.trimmed().toStdString()}});
    tx.commit();
    return true;
}

} // namespace ops
