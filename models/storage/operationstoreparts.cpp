#include "storage/access/accessstore.h"
#include "storage/audit/auditquery.h"
#include "storage/db/database.h"
#include "storage/db/sqlconnection.h"
#include "storage/events/eventstore.h"
#include "storage/messages/messagestore.h"
#include "storage/operationstore.h"
#include "storage/reconcile/reconcilestore.h"

namespace ops {

EventStore OperationStore::events()
{
    return EventStore(m_db, m_clock);
}

MessageStore OperationStore::messages()
{
    return MessageStore(m_db, m_clock);
}

AuditQuery OperationStore::auditQuery()
{
    return AuditQuery(m_db);
}

AccessStore OperationStore::access()
{
    return AccessStore(m_db, m_clock);
}

ReconcileStore OperationStore::reconcile()
{
    return ReconcileStore(m_db, m_clock);
}

std::optional<QString> OperationStore::reconnect()
{
    return Database::reopenIfLost(m_db);
}

} // namespace ops
