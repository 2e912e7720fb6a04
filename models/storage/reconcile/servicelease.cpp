#include "storage/reconcile/servicelease.h"

#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"

using namespace Qt::StringLiterals;

namespace ops {

std::optional<ServiceLease> serviceLease(Connection &db, const QString &name)
{
    Query q = runQuery(db,
                       u"SELECT name, holder, until, acquired_at, renewed_at FROM "
                       "service_leases WHERE name = ?"_s,
                       {name});
    if (!q.next())
        return std::nullopt;
    return ServiceLease{q.value(0).toString(), q.value(1).toString(), q.value(2).toLongLong(),
                        q.value(3).toLongLong(), q.value(4).toLongLong()};
}

bool claimServiceLease(Connection &db, const QString &name, const QString &holder, qint64 nowMs,
                       qint64 ttlMs)
{
    WriteTransaction tx(db);
    const auto before = serviceLease(db, name);
    if (before && before->holder != holder && before->untilMs > nowMs)
        return false;
    const bool renewal = before && before->holder == holder;
    runQuery(db,
             u"INSERT INTO service_leases (name, holder, until, acquired_at, renewed_at) "
             "VALUES (?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, "
             "until = excluded.until, acquired_at = excluded.acquired_at, "
             "renewed_at = excluded.renewed_at"_s,
             {name, holder, nowMs + ttlMs, renewal ? before->acquiredAtMs : nowMs, nowMs});
    if (!renewal)
        AuditLog::append(db, nowMs, u"system:"_s + name, u"service_lease.taken"_s, QString(),
                         {{"name", name.toStdString()},
                          {"holder", holder.toStdString()},
                          {"previous_holder", before ? before->holder.toStdString() : ""},
                          {"until", nowMs + ttlMs}});
    tx.commit();
    return true;
}

void releaseServiceLease(Connection &db, const QString &name, const QString &holder)
{
    runQuery(db, u"DELETE FROM service_leases WHERE name = ? AND holder = ?"_s, {name, holder});
}

} // namespace ops
