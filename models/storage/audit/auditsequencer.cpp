#include "storage/audit/auditsequencer.h"

#include "storage/db/sqlconnection.h"
#include "storage/db/sqldialect.h"
#include "storage/db/sqltransaction.h"
#include "storage/records/settings.h"

#include <QSet>
#include <algorithm>
#include <condition_variable>
#include <map>
#include <mutex>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

const DurationSetting kMergeDelaySetting{u"audit_merge_delay_ms"_s,
                                         u"settings.audit_merge_delay"_s,
                                         u"the audit merge delay"_s,
                                         kDefaultMergeDelay,
                                         kMinMergeDelay,
                                         kMaxMergeDelay};

// One database's sequencing in this process: the commits that asked for a pass (numbered in
// order), the last of them a finished pass covers, and whether a thread is running one.
struct DrainTurns
{
    quint64 asked = 0;
    quint64 covered = 0;
    bool running = false;
};

std::mutex g_turnsMutex;
std::condition_variable g_turnsChanged;
std::map<QString, DrainTurns> g_turns; // node-based: a reference stays valid while others join

QString databaseKey(const QSqlDatabase &db)
{
    return db.hostName() + u':' + QString::number(db.port()) + u'/' + db.databaseName();
}

} // namespace

void AuditSequencer::drainAfterCommit(Connection &db)
{
    std::unique_lock lock(g_turnsMutex);
    DrainTurns &turns = g_turns[databaseKey(db)];
    const quint64 ticket = ++turns.asked;
    // Another thread's pass may have begun before this commit: wait for it, then for a pass
    // that began after it, or run that pass here when nobody is running one.
    g_turnsChanged.wait(lock, [&] { return turns.covered >= ticket || !turns.running; });
    if (turns.covered >= ticket)
        return;
    turns.running = true;
    const quint64 covers = turns.asked; // each of these committed before the pass begins
    lock.unlock();
    try {
        drain(db, kBatchesPerPass);
    } catch (...) {
        // The waiting commits stay uncovered: one of them runs the next pass.
        lock.lock();
        turns.running = false;
        g_turnsChanged.notify_all();
        throw;
    }
    lock.lock();
    turns.covered = std::max(turns.covered, covers);
    turns.running = false;
    g_turnsChanged.notify_all();
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

qint64 AuditSequencer::drain(Connection &db, int maxBatches)
{
    qint64 chained = 0;
    for (int batch = 1;; ++batch) {
        // Until a batch finds nothing: a session whose try met this one's lock left its entries
        // to this run, which sees them in its next batch. Past maxBatches, until a batch is
        // short: it took every entry committed before it began, however many a transaction
        // queued, and what commits later is its committer's.
        const int placed = runOnce(db);
        if (placed <= 0)
            return chained;
        chained += placed;
        if (batch >= maxBatches && placed < kBatch)
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
