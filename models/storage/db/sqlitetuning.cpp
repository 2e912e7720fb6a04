#include "storage/db/sqlitetuning.h"

#include "storage/db/sqliteread.h"
#include "storage/db/storagelogging.h"

#include <QThread>
#include <QVariant>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <sqlite3.h>

namespace ops {

namespace {

// SQLite calls this with count = 0, 1, 2, … while one lock request waits; returning 0 gives up
// with SQLITE_BUSY. The context carries the timeout in milliseconds. A connection waits on the
// thread that uses it, one lock request at a time, so the start of the wait is per thread.
int fineBusyWait(void *context, int count)
{
    thread_local std::chrono::steady_clock::time_point waitingSince;
    const auto timeout = std::chrono::milliseconds(reinterpret_cast<std::intptr_t>(context));
    const auto now = std::chrono::steady_clock::now();
    if (count == 0)
        waitingSince = now;
    if (now - waitingSince >= timeout)
        return 0;
    const int micros = count < 20 ? 50 : (count < 100 ? 200 : 1000);
    QThread::usleep(ulong(micros));
    return 1;
}

} // namespace

void configureSqliteProcess()
{
    static std::once_flag once;
    std::call_once(once, [] {
        // Above the ~90 KiB a new operation's savepoint journals (one page per index), so a
        // refund makes no temporary file under the write lock. No more than 128 KiB: with
        // SQLite 3.40.1 (Debian 12) a limit of 136 KiB or more fails the spill of a longer
        // journal with SQLITE_FULL ("database or disk is full"), which stopped migration 0019
        // on a file of 150,000 operations (dropping an index journals every page it frees);
        // tst_migrations::largeFileMigrates.
        constexpr int kStatementJournalInMemory = 128 * 1024;
        // SQLITE_MISUSE when something in this process opened SQLite first: then the default
        // stays, slower but no less correct.
        if (sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, kStatementJournalInMemory) != SQLITE_OK)
            qCWarning(lcStore) << "SQLite was initialised before its process settings; statement "
                                  "journals spill to temporary files";
    });
}

bool tuneSqliteConnection(QSqlDatabase &db, int busyTimeoutMs)
{
    sqlite3 *handle = sqliteHandle(db);
    if (!handle)
        return false;
    sqlite3_db_config(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    sqlite3_busy_handler(handle, &fineBusyWait,
                         reinterpret_cast<void *>(std::intptr_t(qMax(0, busyTimeoutMs))));
    return true;
}

bool syncWal(QSqlDatabase &db)
{
    sqlite3 *handle = sqliteHandle(db);
    if (!handle)
        return false;
    sqlite3_file *wal = nullptr;
    if (sqlite3_file_control(handle, "main", SQLITE_FCNTL_JOURNAL_POINTER, &wal) != SQLITE_OK ||
        !wal || !wal->pMethods)
        return false;
    return wal->pMethods->xSync(wal, SQLITE_SYNC_NORMAL) == SQLITE_OK;
}

} // namespace ops
