#include "storage/audit/auditsequencer.h"

#include "storage/db/sqlconnection.h"
#include "storage/db/sqldialect.h"
#include "storage/db/sqltransaction.h"
#include "storage/records/settings.h"

#include <QHash>
#include <QSet>
#include <mutex>
#include <utility>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

const DurationSetting kMergeDelaySetting{u"audit_merge_delay_ms"_s,
                                         u"settings.audit_merge_delay"_s,
                                         u"the audit merge delay"_s,
                                         kDefaultMergeDelay,
                                         kMinMergeDelay,
                                         kMaxMergeDelay};

// One database's drain turn in this process: whether a thread is draining it, and whether a
// commit arrived since that thread's last batch began.
struct DrainTurn
{
    bool running = false;
    bool again = false;
};

std::mutex g_turnsMutex;
QHash<QString, DrainTurn> g_turns;

QString databaseKey(const QSqlDatabase &db)
{
    return db.hostName() + u':' + QString::number(db.port()) + u'/' + db.databaseName();
}

// Takes the turn for `key`, or leaves a request for the thread that holds it (false).
bool takeTurn(const QString &key)
{
    const std::lock_guard lock(g_turnsMutex);
    DrainTurn &turn = g_turns[key];
    if (turn.running) {
        turn.again = true;
        return false;
    }
    turn.running = true;
    return true;
}

// Ends the turn unless a commit asked for another batch meanwhile (true: drain again).
bool keepTurn(const QString &key)
{
    const std::lock_guard lock(g_turnsMutex);
    DrainTurn &turn = g_turns[key];
    turn.running = std::exchange(turn.again, false);
    return turn.running;
}

} // namespace

void AuditSequencer::drainAfterCommit(Connection &db)
{
    const QString key = databaseKey(db);
    if (!takeTurn(key))
        return;
    try {
        do
            drain(db);
        while (keepTurn(key));
    } catch (...) {
        // The requests left meanwhile wait for the next commit or timer, as a failed drain's own.
        const std::lock_guard lock(g_turnsMutex);
        g_turns[key] = {};
        throw;
    }
}

bool AuditSequencer::sequences(Connection &db)
{
    if (dialectOf(db) != SqlDialect::Postgres)
        return false;
    // A database before migration 0015 (a migration test building old history) chains inline.
    // Once the queue exists it stays, so only that answer is kept (per thread, as connections).
    thread_local QSet<QString> queued;
    if (queued.contains(db.connectionName()))
        return true;
    Query q = runQuery(db, u"SELECT to_regclass('audit_pending') IS NOT NULL"_s);
    if (!q.next() || !q.value(0).toBool())
        return false;
    queued.insert(db.connectionName());
    return true;
}

int AuditSequencer::runOnce(Connection &db, int batch)
{
    if (!sequences(db))
        return 0;
    Query q = runQuery(db, u"SELECT ops_audit_sequence(?)"_s, {batch});
    return q.next() ? q.value(0).toInt() : 0;
}

qint64 AuditSequencer::drain(Connection &db)
{
    qint64 chained = 0;
    for (;;) {
        const int placed = runOnce(db);
        if (placed > 0)
            chained += placed;
        // A short batch took every entry committed before it ran: what commits later is its own
        // committer's to chain. Asking again would cost each committer a second, empty call.
        if (placed < kBatch)
            return chained;
    }
}

AuditWaiting AuditSequencer::waiting(Connection &db)
{
    if (!sequences(db))
        return {};
    Query q = runQuery(db, u"SELECT waiting, oldest_ms FROM ops_audit_waiting()"_s);
    if (!q.next())
        return {};
    return {q.value(0).toLongLong(), q.value(1).toLongLong()};
}

std::chrono::milliseconds AuditSequencer::mergeDelay(Connection &db)
{
    return effectiveDuration(db, kMergeDelaySetting);
}

Result<std::chrono::milliseconds> AuditSequencer::parseMergeDelay(const QString &text)
{
    return parseDurationSetting(text, kMergeDelaySetting);
}

const DurationSetting &AuditSequencer::mergeDelaySetting()
{
    return kMergeDelaySetting;
}

} // namespace ops
