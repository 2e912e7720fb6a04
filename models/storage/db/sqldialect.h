#pragma once

// The few places where SQLite and PostgreSQL need different SQL, kept behind one small helper so
// the store, the queries and the migrations stay the same text on both backends.

#include <QSqlDatabase>
#include <QString>
#include <QStringList>

namespace ops {

enum class SqlDialect
{
    Sqlite,
    Postgres,
};

SqlDialect dialectOf(const QSqlDatabase &db);

// The key of the database-wide writer lock ("ops_writ"): exclusive for migrations and every write
// transaction not written against narrower scopes, shared by scoped ones (writelocks.h).
inline constexpr qint64 kWriteLockKey = 0x6f70735f77726974;

// Statements that open a write transaction holding the database's single writer slot (migrations,
// the first setup, the bulk generator; WriteTransaction takes the lock writelocks.h asks for).
// SQLite: BEGIN IMMEDIATE. PostgreSQL: BEGIN, then pg_advisory_xact_lock(kWriteLockKey), which
// every writing connection takes; writers therefore run one after another exactly as on SQLite
// (the store's insert-race and rule-9 checks, and the audit hash chain's "read the last hash,
// append the next", rely on that). Under READ COMMITTED each later statement takes a fresh
// snapshot, so once the lock is held the transaction sees every earlier writer's commit. The
// lock is released by COMMIT or ROLLBACK, also when the connection dies.
QStringList beginWriteStatements(SqlDialect dialect);

// Folder of the versioned migration scripts in the resources (":/migrations/<folder>/").
QString migrationFolder(SqlDialect dialect);

// A value that changes when another connection has committed a change (SQLite's data_version;
// on PostgreSQL a sequence the change triggers advance, which may move just before the commit).
QString dataVersionSql(SqlDialect dialect);

// The highest audit id ever committed, transactionally (a rolled-back append does not count):
// SQLite's sqlite_sequence row, on PostgreSQL the audit_tip row its insert trigger advances
// (migration 0003). No row: nothing was ever appended.
QString auditHighWaterSql(SqlDialect dialect);

// The end of the half-open range [prefix, end) that holds exactly the texts starting with
// `prefix` in byte order (SQLite's BINARY, PostgreSQL's COLLATE "C"): U+10FFFF sorts after every
// other character. Prefix search as a range uses the column's index, and unlike LIKE it has no
// wildcards and the same case rules on both backends.
QString prefixRangeEnd(const QString &prefix);

// " INDEXED BY <index>" on SQLite, nothing on PostgreSQL: for a query whose partial index SQLite,
// planning without statistics, passes over for an OR of two other indexes (the reconciler's
// candidates: 380 ms instead of 0.5 ms at 1,000,000 rows). PostgreSQL's statistics choose it.
QString indexedBy(SqlDialect dialect, const QString &index);
// "EXPLAIN QUERY PLAN " or "EXPLAIN ", and the result column holding the plan text.
// "INSERT INTO t (a, b) VALUES (?, ?), (?, ?)": `head` with `rows` rows of `width` markers.
QString multiRowInsert(const QString &head, qsizetype width, qsizetype rows);

QString explainPrefix(SqlDialect dialect);
int explainColumn(SqlDialect dialect);

} // namespace ops
