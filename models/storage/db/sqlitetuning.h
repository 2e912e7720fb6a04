#pragma once

// What Qt's QSQLITE driver (Qt 6.4) has no option for, set through the sqlite3 handle
// (QSqlDriver::handle()):
// * no checkpoint when the last connection closes (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE): a
//   short-lived opsctl process would otherwise checkpoint and fsync the database file on every
//   call. The WAL stays bounded by SQLite's automatic checkpoint (every 1000 pages), which runs
//   inside a commit of whichever connection crosses it.
// * a busy handler that polls in fine steps (50 µs growing to 1 ms) for up to `timeoutMs`.
//   SQLite's own busy timeout sleeps 1, 2, 5, 10 … 100 ms, so a writer that had to wait once
//   sleeps far past the few milliseconds another writer's commit holds the lock.

#include <QSqlDatabase>

namespace ops {

// Process-wide settings SQLite takes only before its first connection opens; Database::open calls
// this before every SQLite open, and only the first call does anything: a statement or savepoint
// journal of up to 4 MiB stays in memory. SQLite's default (64 KiB) spilled to a temporary file
// on every operation opened: the INSERT into operations inside its transaction journals a page of
// each of the table's ~20 indexes, about 90 KiB, which cost a file created, unlinked and written
// some twenty times while the write lock was held.
void configureSqliteProcess();

// False when the connection is not an open SQLite one (nothing changed).
bool tuneSqliteConnection(QSqlDatabase &db, int busyTimeoutMs);

// Syncs the connection's WAL file through SQLite's own file handle (the VFS's xSync: fdatasync
// and, the first time, the folder), the sync synchronous=FULL would have made inside COMMIT.
// False when the connection has no open WAL or the sync failed.
bool syncWal(QSqlDatabase &db);

} // namespace ops
