#include "storage/team/teamstore.h"

#include "domain/operatoraccess.h"
#include "domain/storeerror.h"
#include "storage/access/approvals.h"
#include "storage/access/durationsetting.h"
#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/db/writelocks.h"
#include "storage/records/operationrow.h"
#include "storage/records/settings.h"

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace ops {

namespace {

// A year: longer than any provider's retention window, so a target never outlives the row.
constexpr std::chrono::milliseconds kMaxTarget = std::chrono::hours(24 * 365);

DurationSetting targetSetting(TargetKind kind)
{
    const ServiceTargets defaults;
    switch (kind) {
    case TargetKind::Unowned:
        return {u"target_unowned_ms"_s,
                u"settings.target_unowned"_s,
                u"the target for an unknown row without owner"_s,
                defaults.unowned,
                0ms,
                kMaxTarget};
    case TargetKind::Undecided:
        return {u"target_undecided_ms"_s,
                u"settings.target_undecided"_s,
                u"the target for an undecided unknown row"_s,
                defaults.undecided,
                0ms,
                kMaxTarget};
    case TargetKind::Approval:
        return {u"target_approval_ms"_s,
                u"settings.target_approval"_s,
                u"the target for a waiting approval"_s,
                defaults.approval,
                0ms,
                kMaxTarget};
    case TargetKind::AlertWindow:
        return {u"alert_window_ms"_s,
                u"settings.alert_window"_s,
                u"the alert window"_s,
                std::chrono::hours(6),
                0ms,
                kMaxTarget};
    }
    return {};
}

QString auditActionFor(const QString &owner, const QString &actor)
{
    if (owner.isEmpty())
        return u"operation.owner_released"_s;
    return owner == actor ? u"operation.owner_taken"_s : u"operation.owner_assigned"_s;
}

// Who may make `owner` the owner of a row `previous` owns: the rules of the class comment.
void requireOwnerRight(Connection &db, const QString &actor, const QString &owner,
                       const QString &previous)
{
    requireRight(db, actor, Right::Attach);
    const bool mine = owner == actor || (owner.isEmpty() && previous == actor);
    if (mine)
        return;
    requireSupervisor(db, actor, u"assign or release a row someone else owns"_s);
    if (owner.isEmpty())
        return;
    // Who may own one: whoever may take one, by the same reading of rights (in team mode the
    // login's group), so the store and the database's guard agree.
    if (!hasRight(db, owner, Right::Attach))
        throw ActionRefused(u"%1 is not a person who may own a row"_s.arg(owner), u"owner"_s);
}

} // namespace

std::optional<TargetKind> targetKindFromName(const QString &name)
{
    if (name == u"target-unowned"_s)
        return TargetKind::Unowned;
    if (name == u"target-undecided"_s)
        return TargetKind::Undecided;
    if (name == u"target-approval"_s)
        return TargetKind::Approval;
    if (name == u"alert-window"_s)
        return TargetKind::AlertWindow;
    return std::nullopt;
}

TeamStore::TeamStore(const Connection &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{}

QString TeamStore::take(const QString &id, const QString &actor, const QString &expectedOwner)
{
    return setOwner(id, actor, actor, expectedOwner);
}

QString TeamStore::assign(const QString &id, const QString &owner, const QString &actor,
                          const QString &expectedOwner)
{
    if (operatorName(owner).isEmpty() || !isValidOperatorName(operatorName(owner)))
        return u"%1 is not a person (operator:NAME)"_s.arg(owner);
    return setOwner(id, owner, actor, expectedOwner);
}

QString TeamStore::release(const QString &id, const QString &actor, const QString &expectedOwner)
{
    return setOwner(id, QString(), actor, expectedOwner);
}

QString TeamStore::setOwner(const QString &id, const QString &owner, const QString &actor,
                            const QString &expectedOwner)
{
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db, WriteLocks::scoped({operationScope(id)})); // this row only
    const auto op = rows::readOperation(m_db, id);
    if (!op)
        return u"no operation %1"_s.arg(id);
    if (op->ownedBy == owner)
        return {};
    if (op->ownedBy != expectedOwner)
        return op->ownedBy.isEmpty() ? u"%1 was released meanwhile"_s.arg(id)
                                     : u"%1 took %2 meanwhile"_s.arg(operatorName(op->ownedBy), id);
    if (isFinal(op->state))
        return owner.isEmpty()
                   ? u"%1 is %2: it keeps its last owner"_s.arg(id, toString(op->state))
                   : u"%1 is %2: a closed row needs no owner"_s.arg(id, toString(op->state));
    requireOwnerRight(m_db, actor, owner, op->ownedBy);
    // owned_since: when the row got this owner, or lost its last one.
    runQuery(m_db,
             u"UPDATE operations SET owned_by = ?, owned_since = ?, updated_at = ? WHERE id = ?"_s,
             {rows::nullable(owner), now, now, id});
    AuditLog::append(m_db, now, actor, auditActionFor(owner, actor), id,
                     {{"owner", owner.toStdString()}, {"previous", op->ownedBy.toStdString()}});
    tx.commit();
    return {};
}

qint64 TeamStore::addNote(const QString &id, const QString &body, const QString &actor)
{
    if (const QString problem = noteProblem(body); !problem.isEmpty())
        throw ActionRefused(problem, u"note"_s);
    const QString text = body.trimmed();
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db, WriteLocks::scoped({operationScope(id)}));
    requireRight(m_db, actor, Right::Attach);
    if (!rows::readOperation(m_db, id))
        throw ActionRefused(u"no operation %1"_s.arg(id), u"note"_s);
    Query q = runQuery(m_db,
                       u"INSERT INTO operation_notes (operation_id, created_by, created_at, body) "
                       "VALUES (?, ?, ?, ?) RETURNING id"_s,
                       {id, actor, now, text});
    const qint64 noteId = q.next() ? q.value(0).toLongLong() : 0;
    q.finish(); // SQLite commits no transaction with a statement still stepping
    AuditLog::append(m_db, now, actor, u"operation.note_added"_s, id,
                     {{"note_id", noteId}, {"length", text.size()}});
    tx.commit();
    return noteId;
}

std::vector<RowNote> TeamStore::notes(const QString &operationId)
{
    Query q = runQuery(m_db,
                       u"SELECT id, operation_id, created_by, created_at, body FROM "
                       "operation_notes WHERE operation_id = ? ORDER BY id"_s,
                       {operationId});
    std::vector<RowNote> out;
    while (q.next())
        out.push_back({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                       rows::utc(q.value(3).toLongLong()), q.value(4).toString()});
    return out;
}

ServiceTargets TeamStore::targets()
{
    return {effectiveDuration(m_db, targetSetting(TargetKind::Unowned)),
            effectiveDuration(m_db, targetSetting(TargetKind::Undecided)),
            effectiveDuration(m_db, targetSetting(TargetKind::Approval))};
}

std::chrono::milliseconds TeamStore::alertWindow()
{
    return effectiveDuration(m_db, targetSetting(TargetKind::AlertWindow));
}

void TeamStore::setTarget(TargetKind kind, std::optional<std::chrono::milliseconds> value,
                          const QString &actor)
{
    setDuration(m_db, m_clock.nowMs(), actor, targetSetting(kind), value);
}

} // namespace ops
