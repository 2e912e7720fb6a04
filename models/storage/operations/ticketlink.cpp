// A row's helpdesk ticket (DESIGN §17): set when the call opens it, or later by a person with the
// message right (Link to ticket…), who may also correct or remove it. Each change is audited
// with the ticket it replaced; the same ticket again writes nothing. A helpdesk reading a
// ticket's rows (the ticket view of opsctl serve) is audited too.

#include "domain/messagetypes.h"
#include "domain/storeerror.h"
#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationstore.h"
#include "storage/records/operationrow.h"

using namespace Qt::StringLiterals;

namespace ops {

QString ticketProblem(const QString &ticket)
{
    if (ticket.isEmpty())
        return {};
    return conversationProblem(ticket).replace(u"conversation id"_s, u"ticket"_s);
}

QString OperationStore::linkTicket(const QString &id, const QString &ticket, const QString &actor)
{
    const QString wanted = ticket.trimmed();
    if (const QString problem = ticketProblem(wanted); !problem.isEmpty())
        return problem;
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db, WriteLocks::scoped({operationScope(id)})); // this row only
    requireRight(m_db, actor, Right::Message);
    const auto op = operation(id);
    if (!op)
        return u"no operation %1"_s.arg(id);
    if (op->ticket == wanted)
        return {};
    runQuery(m_db, u"UPDATE operations SET ticket = ?, updated_at = ? WHERE id = ?"_s,
             {rows::nullable(wanted), now, id});
    AuditLog::append(
        m_db, now, actor,
        wanted.isEmpty() ? u"operation.ticket_unlinked"_s : u"operation.ticket_linked"_s, id,
        {{"ticket", wanted.toStdString()}, {"previous", op->ticket.toStdString()}});
    tx.commit();
    return {};
}

std::vector<Operation> OperationStore::viewTicket(const QString &ticket, int limit,
                                                  const QString &actor, const QString &via)
{
    const qint64 now = m_clock.nowMs();
    // Only its audit entry is written: no row's scope, so a sidebar's reads never hold up writers.
    WriteTransaction tx(m_db, WriteLocks::scoped({}));
    std::vector<Operation> rows = rows::readOperations(
        m_db, u"WHERE ticket = ? ORDER BY created_at DESC, id DESC LIMIT ?"_s, {ticket, limit});
    nlohmann::json ids = nlohmann::json::array();
    for (const Operation &op : rows)
        ids.push_back(op.id.toStdString());
    AuditLog::append(
        m_db, now, actor, u"ticket.viewed"_s, {},
        {{"ticket", ticket.toStdString()}, {"operations", ids}, {"via", via.toStdString()}});
    tx.commit();
    return rows;
}

} // namespace ops
