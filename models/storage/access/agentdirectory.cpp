#include "storage/access/agentdirectory.h"

#include "domain/storeerror.h"
#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqldialect.h"
#include "storage/db/sqltransaction.h"
#include "storage/db/statementcache.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

const QString kColumns =
    u"name, max_refund_minor, max_refund_currency, daily_minor, daily_currency, "
    "rate_per_second, created_by, created_at, updated_by, updated_at, revoked_at, "
    "previous_valid_until "_s;

std::optional<qint64> optionalInt(const QVariant &v)
{
    return v.isNull() ? std::nullopt : std::optional<qint64>(v.toLongLong());
}

std::optional<Money> optionalMoney(const QVariant &minor, const QVariant &currency)
{
    if (minor.isNull())
        return std::nullopt;
    return Money{minor.toLongLong(), currency.toString()};
}

AgentRecord recordFrom(Query &q)
{
    AgentRecord r;
    r.name = q.value(0).toString();
    r.limits.maxRefund = optionalMoney(q.value(1), q.value(2));
    r.limits.daily = optionalMoney(q.value(3), q.value(4));
    if (const auto rate = optionalInt(q.value(5)))
        r.limits.ratePerSecond = int(*rate);
    r.createdBy = q.value(6).toString();
    r.createdAtMs = q.value(7).toLongLong();
    r.updatedBy = q.value(8).toString();
    r.updatedAtMs = q.value(9).toLongLong();
    r.revokedAtMs = optionalInt(q.value(10));
    r.previousValidUntilMs = optionalInt(q.value(11));
    return r;
}

QVariantList limitValues(const AgentLimits &l)
{
    const QVariant none;
    return {l.maxRefund ? QVariant(l.maxRefund->minor) : none,
            l.maxRefund ? QVariant(l.maxRefund->currency) : none,
            l.daily ? QVariant(l.daily->minor) : none, l.daily ? QVariant(l.daily->currency) : none,
            l.ratePerSecond ? QVariant(*l.ratePerSecond) : none};
}

nlohmann::json moneyJson(const std::optional<Money> &m)
{
    if (!m)
        return nullptr;
    return {{"amount_minor", m->minor}, {"currency", m->currency.toStdString()}};
}

// What the audit keeps of an agent: never a token or its hash.
nlohmann::json detailOf(const AgentRecord &r)
{
    return {{"agent", r.name.toStdString()},
            {"max_refund", moneyJson(r.limits.maxRefund)},
            {"daily", moneyJson(r.limits.daily)},
            {"rate_per_second",
             r.limits.ratePerSecond ? nlohmann::json(*r.limits.ratePerSecond) : nullptr},
            {"state", toString(r.state()).toStdString()}};
}

// The LIKE pattern of every actor the agent's calls write: agent:NAME:<client>:<request id>.
QString actorPattern(const QString &name)
{
    QString escaped = name;
    escaped.replace(u'!', u"!!"_s).replace(u'_', u"!_"_s).replace(u'%', u"!%"_s);
    return u"agent:"_s + escaped + u":%"_s;
}

// The newest audit entry of the agent's calls, read through an index on both backends (a LIKE
// with its own ESCAPE reads the whole audit for an agent that was never used): SQLite's GLOB is
// case-sensitive, so audit_actor serves the prefix; PostgreSQL's LIKE with the default escape
// uses audit_actor_prefix (text_pattern_ops, migration 0012) whatever the database's collation.
// Agent names hold no GLOB metacharacter; `_` is escaped for LIKE.
std::optional<qint64> lastUsed(Connection &db, const QString &name)
{
    const bool postgres = dialectOf(db) == SqlDialect::Postgres;
    QString escaped = name;
    if (postgres)
        escaped.replace(u'_', u"\\_"_s);
    const QString pattern = u"agent:"_s + escaped + (postgres ? u":%"_s : u":*"_s);
    Query q = runQuery(db,
                       postgres ? u"SELECT MAX(at) FROM audit_entries WHERE actor LIKE ?"_s
                                : u"SELECT MAX(at) FROM audit_entries WHERE actor GLOB ?"_s,
                       {pattern});
    return q.next() ? optionalInt(q.value(0)) : std::nullopt;
}

// The agent a change names, active; ActionRefused otherwise.
AgentRecord activeAgent(Connection &db, const QString &name)
{
    const auto r = findAgent(db, name);
    if (!r)
        throw ActionRefused(u"no agent %1"_s.arg(name));
    if (r->revokedAtMs)
        throw ActionRefused(u"agent %1 is revoked; add a new agent under another name"_s.arg(name));
    return *r;
}

void audit(Connection &db, qint64 nowMs, const QString &byActor, const QString &action,
           const QString &name, nlohmann::json extra = nlohmann::json::object())
{
    const auto after = findAgent(db, name);
    nlohmann::json detail = detailOf(*after);
    detail.update(extra);
    AuditLog::append(db, nowMs, byActor, action, QString(), detail);
}

} // namespace

std::optional<AgentRecord> agentRecord(Connection &db, const QString &name)
{
    Query q = runQuery(db, u"SELECT "_s + kColumns + u"FROM agents WHERE name = ?"_s, {name});
    if (!q.next())
        return std::nullopt;
    return recordFrom(q);
}

std::optional<AgentRecord> findAgent(Connection &db, const QString &name)
{
    auto r = agentRecord(db, name);
    if (r)
        r->lastUsedMs = lastUsed(db, r->name);
    return r;
}

std::vector<AgentRecord> listAgents(Connection &db)
{
    std::vector<AgentRecord> out;
    {
        Query q = runQuery(db, u"SELECT "_s + kColumns + u"FROM agents ORDER BY name"_s);
        while (q.next())
            out.push_back(recordFrom(q));
    }
    for (AgentRecord &r : out)
        r.lastUsedMs = lastUsed(db, r.name);
    return out;
}

IssuedAgent addAgent(Connection &db, qint64 nowMs, const QString &byActor, const QString &name,
                     const AgentLimits &limits)
{
    if (const QString problem = agentNameProblem(name); !problem.isEmpty())
        throw ActionRefused(problem);
    WriteTransaction tx(db);
    requireSupervisor(db, byActor, u"change the agents"_s);
    if (const auto existing = findAgent(db, name))
        throw ActionRefused(
            u"agent %1 already exists (%2); rotate its token or set its limits"_s.arg(
                name, toString(existing->state())));
    const QString token = newAgentToken();
    runQuery(db,
             u"INSERT INTO agents (name, token_hash, max_refund_minor, max_refund_currency, "
             "daily_minor, daily_currency, rate_per_second, created_by, created_at, updated_by, "
             "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s,
             QVariantList{name, agentTokenHash(token)} + limitValues(limits) +
                 QVariantList{byActor, nowMs, byActor, nowMs});
    audit(db, nowMs, byActor, u"agent.added"_s, name);
    tx.commit();
    return {*findAgent(db, name), token};
}

AgentRecord revokeAgent(Connection &db, qint64 nowMs, const QString &byActor, const QString &name)
{
    WriteTransaction tx(db);
    requireSupervisor(db, byActor, u"change the agents"_s);
    activeAgent(db, name);
    runQuery(db,
             u"UPDATE agents SET revoked_at = ?, previous_token_hash = NULL, "
             "previous_valid_until = NULL, updated_by = ?, updated_at = ? WHERE name = ?"_s,
             {nowMs, byActor, nowMs, name});
    audit(db, nowMs, byActor, u"agent.revoked"_s, name);
    tx.commit();
    return *findAgent(db, name);
}

IssuedAgent rotateAgent(Connection &db, qint64 nowMs, const QString &byActor, const QString &name,
                        qint64 graceMs)
{
    if (graceMs < 0)
        throw ActionRefused(u"the grace period cannot be negative"_s);
    WriteTransaction tx(db);
    requireSupervisor(db, byActor, u"change the agents"_s);
    activeAgent(db, name);
    const QString token = newAgentToken();
    // With no grace the old hash is dropped, not kept with a deadline already past.
    const QVariant none;
    runQuery(db,
             u"UPDATE agents SET previous_token_hash = CASE WHEN ? > 0 THEN token_hash END, "
             "previous_valid_until = ?, token_hash = ?, updated_by = ?, updated_at = ? "
             "WHERE name = ?"_s,
             {graceMs, graceMs > 0 ? QVariant(nowMs + graceMs) : none, agentTokenHash(token),
              byActor, nowMs, name});
    audit(db, nowMs, byActor, u"agent.rotated"_s, name, {{"grace_ms", graceMs}});
    tx.commit();
    return {*findAgent(db, name), token};
}

AgentRecord setAgentLimits(Connection &db, qint64 nowMs, const QString &byActor,
                           const QString &name, const AgentLimits &limits)
{
    WriteTransaction tx(db);
    requireSupervisor(db, byActor, u"change the agents"_s);
    const AgentRecord before = activeAgent(db, name);
    runQuery(db,
             u"UPDATE agents SET max_refund_minor = ?, max_refund_currency = ?, daily_minor = ?, "
             "daily_currency = ?, rate_per_second = ?, updated_by = ?, updated_at = ? "
             "WHERE name = ?"_s,
             limitValues(limits) + QVariantList{byActor, nowMs, name});
    audit(db, nowMs, byActor, u"agent.limits_changed"_s, name, {{"previous", detailOf(before)}});
    tx.commit();
    return *findAgent(db, name);
}

std::optional<AgentRecord> agentForToken(Connection &db, const QString &token, qint64 nowMs)
{
    if (!looksLikeAgentToken(token))
        return std::nullopt;
    const QString hash = agentTokenHash(token);
    Query q = runQuery(db,
                       u"SELECT "_s + kColumns +
                           u"FROM agents WHERE revoked_at IS NULL AND (token_hash = ? OR "
                           "(previous_token_hash = ? AND previous_valid_until > ?))"_s,
                       {hash, hash, nowMs});
    if (!q.next())
        return std::nullopt;
    return recordFrom(q);
}

qint64 agentCallsSince(Connection &db, const QString &name, qint64 sinceMs)
{
    // `action || ''` keeps SQLite off audit_action, which would visit every operation ever
    // opened (0.16 s at a million entries); audit_at visits only the entries since `sinceMs`.
    Query q = runQuery(db,
                       u"SELECT COUNT(*) FROM audit_entries WHERE at >= ? AND action || '' = "
                       "'operation.opened' AND actor LIKE ? ESCAPE '!'"_s,
                       {sinceMs, actorPattern(name)});
    return q.next() ? q.value(0).toLongLong() : 0;
}

} // namespace ops
