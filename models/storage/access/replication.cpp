#include "storage/access/replication.h"

#include "domain/dblocation.h"
#include "storage/access/approvals.h"
#include "storage/audit/auditlog.h"
#include "storage/db/database.h"
#include "storage/db/pgconnection.h"
#include "storage/db/sqlconnection.h"
#include "storage/db/sqldialect.h"
#include "storage/db/sqltransaction.h"
#include "storage/records/settings.h"

#include <QScopeGuard>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

const QString kAcceptRow = u"accept_async_replication"_s;

// One round trip. pg_stat_replication shows every login its rows, but their state and
// sync_state only to pg_read_all_stats: a NULL state means "not visible", not "not streaming".
// A walsender is a standby unless it is a base backup being taken or serves a logical slot
// (pg_receivewal and the like still count: they can be promoted from no more than a standby).
const QString kStandbys =
    u"FROM pg_stat_replication r WHERE r.state IS DISTINCT FROM 'backup' AND NOT EXISTS "
    "(SELECT 1 FROM pg_replication_slots s WHERE s.slot_type = 'logical' AND "
    "s.active_pid = r.pid)"_s;
const QString kProbe = u"SELECT pg_is_in_recovery(), current_setting('synchronous_commit'), "
                       "current_setting('synchronous_standby_names'), "
                       "(SELECT count(*) "_s +
                       kStandbys + u"), (SELECT count(*) "_s + kStandbys +
                       u" AND r.state IS NULL), (SELECT count(*) "_s + kStandbys +
                       u" AND r.state = 'streaming'), (SELECT count(*) "_s + kStandbys +
                       u" AND r.sync_state IN ('sync', 'quorum')), "
                       "(SELECT count(*) FROM pg_replication_slots WHERE slot_type = 'physical'), "
                       "split_part(version(), ' ', 1) || ' ' || split_part(version(), ' ', 2), "
                       "session_user"_s;

// DESIGN §14: "on or stronger". remote_write returns once the standby has the commit in memory,
// not on disk, so it counts as asynchronous.
bool commitWaitsForStandby(const QString &synchronousCommit)
{
    return synchronousCommit == u"on"_s || synchronousCommit == u"remote_apply"_s;
}

// Synchronous needs a live standby the commits wait for (DESIGN §14). Named but none connected,
// commits wait and none can be lost: standalone, with advice. Standbys connected but none of
// them synchronous (when this login may see it): asynchronous.
ReplicationVerdict verdictOf(const ReplicationState &s)
{
    const bool named = !s.synchronousStandbyNames.trimmed().isEmpty();
    const bool waits = named && commitWaitsForStandby(s.synchronousCommit);
    const bool liveSync = s.syncStandbys < 0 ? s.walSenders > 0 : s.syncStandbys > 0;
    if (waits && liveSync)
        return ReplicationVerdict::Synchronous;
    if (waits && s.walSenders == 0)
        return ReplicationVerdict::Standalone;
    if (s.walSenders > 0 || s.physicalSlots > 0)
        return ReplicationVerdict::Asynchronous;
    return ReplicationVerdict::Standalone;
}

QStringList adviceFor(const ReplicationState &s)
{
    QStringList advice;
    const bool named = !s.synchronousStandbyNames.trimmed().isEmpty();
    if (s.verdict == ReplicationVerdict::Asynchronous)
        advice << u"a standby replicates asynchronously: a commit acknowledged here may be "
                  "missing after a failover. Set synchronous_standby_names (e.g. '*' or the "
                  "standby's application_name) and synchronous_commit = on, then reload"_s;
    if (named && !commitWaitsForStandby(s.synchronousCommit))
        advice << u"synchronous_commit = %1 is weaker than on: set it to on (or remote_apply) "
                  "for this database and its roles"_s.arg(s.synchronousCommit);
    if (named && commitWaitsForStandby(s.synchronousCommit) && s.walSenders == 0)
        advice << u"no standby is connected: every commit waits until a named standby streams "
                  "again"_s;
    if (s.syncStandbys >= 0 && s.walSenders > s.syncStandbys && named)
        advice << u"%1 of %2 connected standbys are not synchronous: a failover to one of them "
                  "may lose commits; promote only the synchronous one, or check that "
                  "synchronous_standby_names names each"_s.arg(s.walSenders - s.syncStandbys)
                      .arg(s.walSenders);
    if (s.walSenders > 0 && s.streaming < 0)
        advice << u"this login cannot see the standbys' state: grant it pg_monitor to see "
                  "whether they stream"_s;
    if (s.physicalSlots == 0 && s.walSenders > 0)
        advice << u"no physical replication slot: a standby disconnected for a while is not "
                  "seen here at all; give it a slot (pg_basebackup -C -S NAME)"_s;
    return advice;
}

} // namespace

ReplicationState readReplication(Connection &db)
{
    ReplicationState s;
    if (dialectOf(db) != SqlDialect::Postgres) {
        s.role = u"embedded"_s;
        return s;
    }
    Query q = runQuery(db, kProbe);
    if (!q.next())
        throw StoreError(u"the server did not describe its replication"_s);
    s.role = q.value(0).toBool() ? u"standby"_s : u"primary"_s;
    s.synchronousCommit = q.value(1).toString();
    s.synchronousStandbyNames = q.value(2).toString();
    s.walSenders = q.value(3).toInt();
    const bool hidden = q.value(4).toInt() > 0;
    s.streaming = hidden ? -1 : q.value(5).toInt();
    s.syncStandbys = hidden ? -1 : q.value(6).toInt();
    s.physicalSlots = q.value(7).toInt();
    s.server = q.value(8).toString();
    s.login = q.value(9).toString();
    s.verdict = verdictOf(s);
    s.advice = adviceFor(s);
    return s;
}

LocationCheck checkLocation(const QString &location, const QString &password)
{
    DbLocation parsed = DbLocation::parse(location);
    if (parsed.backend != DbLocation::Backend::Postgres)
        throw StoreError(u"%1 is not a PostgreSQL URL"_s.arg(parsed.display()));
    if (!password.isEmpty())
        parsed.password = password;
    Connection db = openPostgres(parsed, Database::uniqueName(u"location-check"_s));
    // Dropped on every path: the name must not stay registered after a failed read.
    const auto drop = qScopeGuard([&db] { Database::drop(db); });
    LocationCheck c;
    c.replication = readReplication(db);
    c.schemaVersion = Database::schemaVersion(db);
    c.latestVersion = Database::latestVersion();
    // The setting's table exists once the database is migrated; before that nobody accepted.
    c.acceptsAsync = c.schemaVersion >= c.latestVersion && acceptsAsyncReplication(db);
    return c;
}

bool acceptsAsyncReplication(Connection &db)
{
    return readSetting(db, kAcceptRow) == u"on"_s;
}

void setAcceptAsyncReplication(Connection &db, qint64 nowMs, const QString &actor, bool accept)
{
    WriteTransaction tx(db);
    requireSettingsRight(db, actor, u"the acceptance of asynchronous replication"_s);
    const bool before = acceptsAsyncReplication(db);
    if (accept)
        putSettingLocked(db, nowMs, actor, kAcceptRow, u"on"_s);
    else
        runQuery(db, u"DELETE FROM settings WHERE name = ?"_s, {kAcceptRow});
    AuditLog::append(db, nowMs, actor, u"settings.accept_async_replication"_s, QString(),
                     {{"accept_async_replication", accept}, {"previous", before}});
    tx.commit();
}

Result<void> replicationAllowsOpenings(Connection &db)
{
    if (dialectOf(db) != SqlDialect::Postgres)
        return {};
    if (!readReplication(db).refusesOpenings(acceptsAsyncReplication(db)))
        return {};
    return Failure{
        u"the database replicates to its standby asynchronously, so this row could be lost "
        "in a failover and a retry would refund twice; a DBA sets synchronous replication "
        "(opsctl db check says how), or a supervisor accepts the risk with opsctl settings "
        "set accept-async-replication on; nothing was stored or sent"_s};
}

} // namespace ops
