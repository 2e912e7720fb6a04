#include "auditquery.h"

#include "operationrow.h"
#include "sqldialect.h"
#include "sqltransaction.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

struct AuditWhere
{
    QString sql = u" WHERE 1 = 1"_s;
    QVariantList bindings;

    void add(const QString &condition, const QVariantList &values)
    {
        sql += u" AND "_s + condition;
        bindings += values;
    }
    void addPrefix(const QString &column, const QString &prefix)
    {
        if (!prefix.isEmpty())
            add(u"%1 >= ? AND %1 < ?"_s.arg(column), {prefix, prefixRangeEnd(prefix)});
    }
};

AuditWhere whereFor(const AuditFilter &f)
{
    AuditWhere w;
    w.addPrefix(u"a.actor"_s, f.actor.trimmed());
    w.addPrefix(u"a.action"_s, f.action.trimmed());
    w.addPrefix(u"a.operation_id"_s, f.operationPrefix.trimmed());
    if (f.fromMs)
        w.add(u"a.at >= ?"_s, {*f.fromMs});
    if (f.toMs)
        w.add(u"a.at < ?"_s, {*f.toMs});
    if (f.kind)
        w.add(u"o.kind = ?"_s, {toString(*f.kind)});
    return w;
}

const QString kFrom = u" FROM audit a LEFT JOIN operations o ON o.id = a.operation_id"_s;

AuditRow rowFrom(const QSqlQuery &q)
{
    AuditRow r;
    r.id = q.value(0).toLongLong();
    r.at = rows::utc(q.value(1).toLongLong());
    r.actor = q.value(2).toString();
    r.action = q.value(3).toString();
    r.operationId = q.value(4).toString();
    r.kind = kindFromString(q.value(5).toString());
    r.detail = q.value(6).toString();
    r.hash = q.value(7).toString();
    return r;
}

QStringList distinctColumn(QSqlDatabase &db, const QString &column)
{
    QSqlQuery q = runQuery(db, u"SELECT DISTINCT %1 FROM audit ORDER BY 1"_s.arg(column));
    QStringList out;
    while (q.next())
        out << q.value(0).toString();
    return out;
}

} // namespace

AuditQuery::AuditQuery(QSqlDatabase db)
    : m_db(std::move(db))
{}

std::vector<AuditRow> AuditQuery::page(const AuditFilter &filter, std::optional<qint64> beforeId,
                                       int limit)
{
    AuditWhere w = whereFor(filter);
    if (beforeId)
        w.add(u"a.id < ?"_s, {*beforeId});
    QVariantList bindings = w.bindings;
    bindings << qMax(1, limit);
    QSqlQuery q = runQuery(m_db,
                           u"SELECT a.id, a.at, a.actor, a.action, a.operation_id, o.kind, "
                           "a.detail, a.hash"_s +
                               kFrom + w.sql + u" ORDER BY a.id DESC LIMIT ?"_s,
                           bindings);
    std::vector<AuditRow> out;
    while (q.next())
        out.push_back(rowFrom(q));
    return out;
}

qint64 AuditQuery::count(const AuditFilter &filter)
{
    const AuditWhere w = whereFor(filter);
    QSqlQuery q = runQuery(m_db, u"SELECT COUNT(*)"_s + kFrom + w.sql, w.bindings);
    return q.next() ? q.value(0).toLongLong() : 0;
}

QStringList AuditQuery::actions()
{
    return distinctColumn(m_db, u"action"_s);
}

QStringList AuditQuery::actors()
{
    return distinctColumn(m_db, u"actor"_s);
}

} // namespace ops
