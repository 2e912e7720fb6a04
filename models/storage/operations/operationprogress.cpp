// Store additions for provider families whose objects exist before the operation is final
// (Slen executions) and whose keys are shared across kinds (Slen credit movements).

#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationstore.h"
#include "storage/records/operationrow.h"

using namespace Qt::StringLiterals;

namespace ops {

std::optional<Operation> OperationStore::findLiveCredit(Provider provider, const QString &project,
                                                        const QString &key)
{
    // Same states and columns as the operations_live_credit index: topup, charge and adjust share
    // one key space, so a work name used for a top-up cannot also name a charge.
    Query q = runQuery(m_db,
                       u"SELECT "_s + rows::operationColumns() +
                           u" FROM operations WHERE kind IN ('credit_topup', "
                           "'credit_charge', 'credit_adjust') AND provider = ? AND "
                           "project = ? AND idempotency_key = ? AND state IN ('open', "
                           "'unknown', 'succeeded') LIMIT 1"_s,
                       {toString(provider), project, key});
    if (!q.next())
        return std::nullopt;
    return rows::operationFromRow(q);
}

bool OperationStore::recordProviderObject(const QString &id, const QString &providerRef,
                                          const QString &status, const QString &actor)
{
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db, WriteLocks::scoped({operationScope(id)}));
    Query q = runQuery(m_db,
                       u"UPDATE operations SET provider_ref = ?, provider_status = ?, "
                       "updated_at = ? WHERE id = ? AND state IN ('open', 'unknown') AND "
                       "(COALESCE(provider_ref, '') <> ? OR "
                       "COALESCE(provider_status, '') <> ?)"_s,
                       {providerRef, status, now, id, providerRef, status});
    if (q.numRowsAffected() != 1)
        return false;
    AuditLog::append(
        m_db, now, actor, u"provider_status"_s, id,
        {{"status", status.toStdString()}, {"provider_ref", providerRef.toStdString()}});
    tx.commit();
    return true;
}

} // namespace ops
