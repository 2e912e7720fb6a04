// The console's resend lease and the rule that decides when Resend is allowed.

#include "storage/operations/resendlease.h"

#include "domain/storeerror.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationstore.h"
#include "storage/records/operationrow.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

class HeldLease
{
public:
    HeldLease(OperationStore &store, const QString &id, const QString &holder)
        : m_store(store)
        , m_id(id)
        , m_holder(holder)
    {}
    ~HeldLease()
    {
        try {
            releaseResendLease(m_store, m_id, m_holder);
        } catch (const StoreError &) {
            // The lease expires by itself; nothing else to do.
        }
    }
    HeldLease(const HeldLease &) = delete;
    HeldLease &operator=(const HeldLease &) = delete;

private:
    OperationStore &m_store;
    const QString &m_id;
    const QString &m_holder;
};

} // namespace

bool sendUnderResendLease(OperationStore &store, const QString &operationId, const QString &holder,
                          qint64 ttlSeconds, const std::function<void()> &send,
                          std::optional<ResendLease> *current)
{
    if (!claimResendLease(store, operationId, holder, ttlSeconds, current))
        return false;
    const HeldLease lease(store, operationId, holder);
    send();
    return true;
}

std::optional<ResendLease> activeResendLease(OperationStore &store, const QString &operationId)
{
    Query q = runQuery(connectionOf(store),
                       u"SELECT lease_holder, lease_until FROM operations WHERE id = ? AND "
                       "lease_holder IS NOT NULL AND lease_until > ?"_s,
                       {operationId, store.clock().nowMs()});
    if (!q.next())
        return std::nullopt;
    return ResendLease{q.value(0).toString(), rows::utc(q.value(1).toLongLong())};
}

bool claimResendLease(OperationStore &store, const QString &operationId, const QString &holder,
                      qint64 ttlSeconds, std::optional<ResendLease> *current)
{
    const qint64 now = store.clock().nowMs();
    // One statement decides: SQLite serialises writers, so two claims cannot both see the row
    // free. updated_at is left alone: a lease is not a change of the operation.
    Query q = runQuery(
        connectionOf(store),
        u"UPDATE operations SET lease_holder = ?, lease_until = ? WHERE id = ? "
        "AND state IN ('open', 'unknown', 'awaiting_approval') AND (lease_holder IS NULL OR "
        "lease_until <= ? OR lease_holder = ?)"_s,
        {holder, now + ttlSeconds * 1000, operationId, now, holder});
    const bool won = q.numRowsAffected() == 1;
    if (!won && current)
        *current = activeResendLease(store, operationId);
    return won;
}

void releaseResendLease(OperationStore &store, const QString &operationId, const QString &holder)
{
    runQuery(connectionOf(store),
             u"UPDATE operations SET lease_holder = NULL, lease_until = NULL WHERE id = ? AND "
             "lease_holder = ?"_s,
             {operationId, holder});
}

} // namespace ops
