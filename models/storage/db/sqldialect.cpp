#include "storage/db/sqldialect.h"

using namespace Qt::StringLiterals;

namespace ops {

SqlDialect dialectOf(const QSqlDatabase &db)
{
    return db.driverName() == u"QPSQL"_s ? SqlDialect::Postgres : SqlDialect::Sqlite;
}

QStringList beginWriteStatements(SqlDialect dialect)
{
    if (dialect == SqlDialect::Sqlite)
        return {u"BEGIN IMMEDIATE"_s};
    return {u"BEGIN"_s, u"SELECT pg_advisory_xact_lock(%1)"_s.arg(kWriteLockKey)};
}

QString migrationFolder(SqlDialect dialect)
{
    return dialect == SqlDialect::Sqlite ? u"sqlite"_s : u"postgresql"_s;
}

QString dataVersionSql(SqlDialect dialect)
{
    if (dialect == SqlDialect::Sqlite)
        return u"PRAGMA data_version"_s;
    return u"SELECT last_value + CASE WHEN is_called THEN 1 ELSE 0 END FROM ops_change_seq"_s;
}

QString auditHighWaterSql(SqlDialect dialect)
{
    if (dialect == SqlDialect::Sqlite)
        return u"SELECT seq FROM sqlite_sequence WHERE name = 'audit'"_s;
    return u"SELECT last_id FROM audit_tip"_s;
}

QString prefixRangeEnd(const QString &prefix)
{
    return prefix + QChar(0xDBFF) + QChar(0xDFFF);
}

QString indexedBy(SqlDialect dialect, const QString &index)
{
    return dialect == SqlDialect::Sqlite ? u" INDEXED BY "_s + index : QString();
}

QString explainPrefix(SqlDialect dialect)
{
    return dialect == SqlDialect::Sqlite ? u"EXPLAIN QUERY PLAN "_s : u"EXPLAIN "_s;
}

int explainColumn(SqlDialect dialect)
{
    return dialect == SqlDialect::Sqlite ? 3 : 0;
}

QString multiRowInsert(const QString &head, qsizetype width, qsizetype rows)
{
    const QString one = u'(' + QStringList(width, u"?"_s).join(u", "_s) + u')';
    return head + u" VALUES "_s + QStringList(rows, one).join(u", "_s);
}

} // namespace ops
