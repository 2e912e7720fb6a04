#pragma once

// Reading the agent directory's rows and audit back for tst_agents: counts, the agent.* entries,
// a stored row as one line, a stored hash. Header-only, for that one suite.

#include "storage/db/sqlconnection.h"

#include <QSqlQuery>
#include <QSqlRecord>
#include <QString>
#include <nlohmann/json.hpp>
#include <vector>

namespace ops::test::agents {

using namespace Qt::StringLiterals;
using nlohmann::json;

inline int count(Connection &db, const QString &sql)
{
    QSqlQuery q(db);
    if (!q.exec(sql) || !q.next())
        return -1;
    return q.value(0).toInt();
}

inline int auditCount(Connection &db)
{
    return count(db, u"SELECT COUNT(*) FROM audit"_s);
}

struct AuditRow
{
    QString actor;
    QString action;
    QString detail; // canonical JSON as stored
    json parsed() const { return json::parse(detail.toStdString(), nullptr, false); }
};

// A JSON value as its text, for comparisons ("bot" with its quotes, 5000, null).
inline QString text(const json &j)
{
    return QString::fromStdString(j.dump());
}

// Every audit entry whose action starts with "agent.", oldest first.
inline std::vector<AuditRow> agentAudit(Connection &db)
{
    QSqlQuery q(db);
    std::vector<AuditRow> rows;
    if (!q.exec(
            u"SELECT actor, action, detail FROM audit WHERE action LIKE 'agent.%' ORDER BY id"_s))
        return rows;
    while (q.next())
        rows.push_back({q.value(0).toString(), q.value(1).toString(), q.value(2).toString()});
    return rows;
}

// The stored row as one line (every column), to show that a refusal changed nothing.
inline QString agentRow(Connection &db, const QString &name)
{
    QSqlQuery q(db);
    q.prepare(u"SELECT * FROM agents WHERE name = ?"_s);
    q.addBindValue(name);
    if (!q.exec() || !q.next())
        return {};
    QStringList cols;
    for (int i = 0; i < q.record().count(); ++i)
        cols << q.value(i).toString();
    return cols.join(u'|');
}

inline QString storedHash(Connection &db, const QString &name,
                          const QString &column = u"token_hash"_s)
{
    QSqlQuery q(db);
    q.prepare(u"SELECT %1 FROM agents WHERE name = ?"_s.arg(column));
    q.addBindValue(name);
    return q.exec() && q.next() ? q.value(0).toString() : QString();
}

} // namespace ops::test::agents
