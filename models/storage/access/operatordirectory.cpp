#include "storage/access/operatordirectory.h"

#include "storage/access/identity.h"
#include "storage/access/teamdirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

OperatorRecord recordFrom(const QSqlQuery &q)
{
    OperatorRecord r;
    r.name = q.value(0).toString();
    r.role = roleFromString(q.value(1).toString()).value_or(Role::Support);
    if (!q.value(2).isNull()) {
        if (const auto rights = parseRights(q.value(2).toString()))
            r.rightsOverride = *rights;
    }
    r.createdBy = q.value(3).toString();
    r.createdAtMs = q.value(4).toLongLong();
    r.disabled = q.value(5).toInt() != 0;
    return r;
}

const QString kSelect =
    u"SELECT name, role, rights_override, created_by, created_at, disabled FROM operators "_s;

nlohmann::json recordJson(const OperatorRecord &r)
{
    return {{"operator", r.name.toStdString()},
            {"role", toString(r.role).toStdString()},
            {"rights", formatRights(r.effectiveRights()).toStdString()},
            {"rights_override", r.rightsOverride.has_value()},
            {"disabled", r.disabled}};
}

QVariant overrideValue(const std::optional<Rights> &rights)
{
    return rights ? QVariant(formatRights(*rights)) : QVariant();
}

OperatorRecord existing(Connection &db, const QString &name)
{
    auto r = findOperator(db, name);
    if (!r)
        throw ActionRefused(u"no operator %1"_s.arg(name));
    return *r;
}

int enabledSupervisorsOtherThan(Connection &db, const QString &name)
{
    Query q = runQuery(db,
                       u"SELECT COUNT(*) FROM operators WHERE role = 'supervisor' AND "
                       "disabled = 0 AND name <> ?"_s,
                       {name});
    return q.next() ? q.value(0).toInt() : 0;
}

// Nobody may leave the directory without an enabled supervisor: roles could never change again.
void keepASupervisor(Connection &db, const OperatorRecord &before, bool staysSupervisor)
{
    if (before.role == Role::Supervisor && !before.disabled && !staysSupervisor &&
        enabledSupervisorsOtherThan(db, before.name) == 0)
        throw ActionRefused(
            u"%1 is the last enabled supervisor; make someone else supervisor first"_s.arg(
                before.name));
}

} // namespace

std::optional<OperatorRecord> findOperator(Connection &db, const QString &name)
{
    Query q = runQuery(db, kSelect + u"WHERE name = ?"_s, {name});
    if (!q.next())
        return std::nullopt;
    return recordFrom(q);
}

std::vector<OperatorRecord> listOperators(Connection &db)
{
    if (identityOf(db).authenticated())
        return listTeamOperators(db);
    Query q = runQuery(db, kSelect + u"ORDER BY name"_s);
    std::vector<OperatorRecord> out;
    while (q.next())
        out.push_back(recordFrom(q));
    return out;
}

OperatorAccess accessOf(Connection &db, const QString &actor)
{
    OperatorAccess access;
    access.name = operatorName(actor);
    if (access.name.isEmpty()) {
        access.name = actor;
        return access;
    }
    // Team mode: the login's group is the right (identity.h); the directory only remembers.
    if (const auto member = memberRoleOf(db, access.name)) {
        access.role = member->role;
        access.disabled = member->disabled;
        if (member->role && !member->disabled)
            access.rights = defaultRights(*member->role);
        return access;
    }
    const auto record = findOperator(db, access.name);
    if (!record)
        return access;
    access.role = record->role;
    access.disabled = record->disabled;
    access.rights = record->disabled ? kUnknownOperatorRights : record->effectiveRights();
    return access;
}

Result<void> hasRight(Connection &db, const QString &actor, Right right)
{
    const OperatorAccess access = accessOf(db, actor);
    if (access.rights.testFlag(right))
        return {};
    return Failure{u"operator %1 may not %2"_s.arg(access.describe(), toString(right))};
}

void requireSupervisor(Connection &db, const QString &byActor, const QString &what)
{
    const OperatorAccess by = accessOf(db, byActor);
    if (by.role != Role::Supervisor || by.disabled)
        throw ActionRefused(
            u"operator %1 may not %2: only a supervisor may"_s.arg(by.describe(), what));
}

void requireRight(Connection &db, const QString &actor, Right right)
{
    if (const auto allowed = hasRight(db, actor, right); !allowed)
        throw ActionRefused(allowed.error());
}

OperatorRecord addOperator(Connection &db, qint64 nowMs, const QString &byActor,
                           const QString &name, Role role,
                           const std::optional<Rights> &rightsOverride)
{
    if (!isValidOperatorName(name))
        throw ActionRefused(
            u"operator names are 1-64 letters, digits or _ . @ - (got '%1')"_s.arg(name));
    if (identityOf(db).authenticated())
        return addTeamOperator(db, nowMs, byActor, name, role);
    WriteTransaction tx(db);
    Query count = runQuery(db, u"SELECT COUNT(*) FROM operators"_s);
    const bool bootstrap = count.next() && count.value(0).toInt() == 0;
    count.finish();
    if (bootstrap && role != Role::Supervisor)
        throw ActionRefused(u"the first operator must be a supervisor (nobody could grant "
                            "roles otherwise)"_s);
    if (!bootstrap)
        requireSupervisor(db, byActor);
    if (findOperator(db, name))
        throw ActionRefused(
            u"operator %1 already exists; use grant to change the role"_s.arg(name));
    runQuery(db,
             u"INSERT INTO operators (name, role, rights_override, created_by, created_at) "
             "VALUES (?, ?, ?, ?, ?)"_s,
             {name, toString(role), overrideValue(rightsOverride), byActor, nowMs});
    const OperatorRecord r = *findOperator(db, name);
    nlohmann::json detail = recordJson(r);
    detail["bootstrap"] = bootstrap;
    AuditLog::append(db, nowMs, byActor, u"operator.added"_s, QString(), detail);
    tx.commit();
    return r;
}

OperatorRecord grantRole(Connection &db, qint64 nowMs, const QString &byActor, const QString &name,
                         Role role, const std::optional<Rights> &rightsOverride)
{
    if (identityOf(db).authenticated())
        return grantTeamRole(db, nowMs, byActor, name, role);
    WriteTransaction tx(db);
    requireSupervisor(db, byActor);
    const OperatorRecord before = existing(db, name);
    keepASupervisor(db, before, role == Role::Supervisor);
    runQuery(db, u"UPDATE operators SET role = ?, rights_override = ? WHERE name = ?"_s,
             {toString(role), overrideValue(rightsOverride), name});
    const OperatorRecord after = *findOperator(db, name);
    nlohmann::json detail = recordJson(after);
    detail["previous_role"] = toString(before.role).toStdString();
    detail["previous_rights"] = formatRights(before.effectiveRights()).toStdString();
    AuditLog::append(db, nowMs, byActor, u"operator.granted"_s, QString(), detail);
    tx.commit();
    return after;
}

OperatorRecord setOperatorDisabled(Connection &db, qint64 nowMs, const QString &byActor,
                                   const QString &name, bool disabled)
{
    if (identityOf(db).authenticated())
        return setTeamOperatorDisabled(db, nowMs, byActor, name, disabled);
    WriteTransaction tx(db);
    requireSupervisor(db, byActor);
    const OperatorRecord before = existing(db, name);
    if (disabled)
        keepASupervisor(db, before, false);
    runQuery(db, u"UPDATE operators SET disabled = ? WHERE name = ?"_s, {disabled ? 1 : 0, name});
    const OperatorRecord after = *findOperator(db, name);
    AuditLog::append(db, nowMs, byActor, disabled ? u"operator.disabled"_s : u"operator.enabled"_s,
                     QString(), recordJson(after));
    tx.commit();
    return after;
}

} // namespace ops
