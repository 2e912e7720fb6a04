#include "storage/access/approvals.h"

#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqldialect.h"
#include "storage/db/sqltransaction.h"
#include "storage/records/operationrow.h"
#include "storage/records/settings.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// A kind's settings rows, its audit action and how messages name it.
struct ThresholdNames
{
    QString prefix;
    QString auditAction;
    QString what;
};

ThresholdNames namesOf(ThresholdKind kind)
{
    if (kind == ThresholdKind::Batch)
        return {u"batch_threshold."_s, u"settings.batch_threshold"_s, u"the batch threshold"_s};
    return {u"approval_threshold."_s, u"settings.approval_threshold"_s,
            u"the four-eyes threshold"_s};
}

const QString kSelect =
    u"SELECT a.id, a.operation_id, a.action, a.requested_by, a.requested_at, a.payload, a.state, "
    "a.decided_by, a.decided_at, a.decision_reason, o.amount_minor, o.currency "
    "FROM approvals a JOIN operations o ON o.id = a.operation_id "_s;

Approval approvalFrom(const QSqlQuery &q)
{
    Approval a;
    a.id = q.value(0).toLongLong();
    a.operationId = q.value(1).toString();
    a.action =
        q.value(2).toString() == u"resend"_s ? ApprovalAction::Resend : ApprovalAction::Close;
    a.requestedBy = q.value(3).toString();
    a.requestedAt = rows::utc(q.value(4).toLongLong());
    a.payload = q.value(5).toString();
    a.state = approvalStateFromString(q.value(6).toString()).value_or(ApprovalState::Pending);
    a.decidedBy = q.value(7).toString();
    if (!q.value(8).isNull())
        a.decidedAt = rows::utc(q.value(8).toLongLong());
    a.decisionReason = q.value(9).toString();
    a.amount = {q.value(10).toLongLong(), q.value(11).toString()};
    return a;
}

} // namespace

Approval decidableApproval(Connection &db, qint64 id, const QString &actor)
{
    requireRight(db, actor, Right::Approve);
    const auto a = findApproval(db, id);
    if (!a)
        throw ActionRefused(u"no approval #%1"_s.arg(id));
    if (a->state != ApprovalState::Pending)
        throw ActionRefused(u"approval #%1 is already %2 (by %3)"_s.arg(id).arg(
            toString(a->state), a->decidedBy.isEmpty() ? u"?"_s : a->decidedBy));
    return *a;
}

void recordDecisionLocked(Connection &db, qint64 now, const Approval &a, ApprovalState state,
                          const QString &actor, const QString &reason)
{
    runQuery(db,
             u"UPDATE approvals SET state = ?, decided_by = ?, decided_at = ?, "
             "decision_reason = ? WHERE id = ? AND state = 'pending'"_s,
             {toString(state), actor, now, reason, a.id});
    AuditLog::append(db, now, actor,
                     state == ApprovalState::Rejected ? u"approval.rejected"_s
                                                      : u"approval.approved"_s,
                     a.operationId,
                     {{"approval_id", a.id},
                      {"action", toString(a.action).toStdString()},
                      {"requested_by", a.requestedBy.toStdString()},
                      {"reason", reason.toStdString()}});
}

void requireSettingsRight(Connection &db, const QString &actor, const QString &what)
{
    if (const OperatorAccess who = accessOf(db, actor); !who.rights.testFlag(Right::Approve))
        throw ActionRefused(u"operator %1 may not change %2 (it takes the approve right)"_s.arg(
            who.describe(), what));
}

std::optional<qint64> approvalThreshold(Connection &db, const QString &currency, ThresholdKind kind)
{
    const auto value = readSetting(db, namesOf(kind).prefix + currency.toLower());
    if (!value)
        return std::nullopt;
    return value->toLongLong();
}

void setApprovalThreshold(Connection &db, qint64 nowMs, const QString &actor,
                          const QString &currency, std::optional<qint64> minor, ThresholdKind kind)
{
    const ThresholdNames names = namesOf(kind);
    const QString code = currency.trimmed().toLower();
    if (code.isEmpty())
        throw ActionRefused(u"a threshold needs a currency (or credit type)"_s);
    if (minor && *minor < 0)
        throw ActionRefused(u"a threshold is a non-negative amount in minor units"_s);
    WriteTransaction tx(db);
    requireSettingsRight(db, actor, names.what);
    if (minor)
        putSettingLocked(db, nowMs, actor, names.prefix + code, QString::number(*minor));
    else
        runQuery(db, u"DELETE FROM settings WHERE name = ?"_s, {QString(names.prefix + code)});
    AuditLog::append(db, nowMs, actor, names.auditAction, QString(),
                     {{"currency", code.toStdString()},
                      {"threshold_minor", minor ? nlohmann::json(*minor) : nlohmann::json()}});
    tx.commit();
}

std::vector<std::pair<QString, qint64>> approvalThresholds(Connection &db, ThresholdKind kind)
{
    const QString prefix = namesOf(kind).prefix;
    // A byte-order range, not LIKE: '_' in the prefix is a LIKE wildcard, and LIKE ignores case
    // on SQLite but not on PostgreSQL.
    Query q = runQuery(
        db, u"SELECT name, value FROM settings WHERE name >= ? AND name < ? ORDER BY name"_s,
        {prefix, prefixRangeEnd(prefix)});
    std::vector<std::pair<QString, qint64>> out;
    while (q.next())
        out.emplace_back(q.value(0).toString().mid(prefix.size()), q.value(1).toLongLong());
    return out;
}

bool needsApproval(Connection &db, const Operation &op)
{
    const auto threshold = approvalThreshold(db, op.amount.currency);
    return threshold && qAbs(op.amount.minor) > *threshold;
}

std::optional<Approval> findApproval(Connection &db, qint64 id)
{
    Query q = runQuery(db, kSelect + u"WHERE a.id = ?"_s, {id});
    if (!q.next())
        return std::nullopt;
    return approvalFrom(q);
}

std::vector<Approval> listApprovals(Connection &db, std::optional<ApprovalState> state, int limit)
{
    Query q = state ? runQuery(db, kSelect + u"WHERE a.state = ? ORDER BY a.id DESC LIMIT ?"_s,
                               {toString(*state), limit})
                    : runQuery(db, kSelect + u"ORDER BY a.id DESC LIMIT ?"_s, {limit});
    std::vector<Approval> out;
    while (q.next())
        out.push_back(approvalFrom(q));
    return out;
}

std::optional<Approval> openApproval(Connection &db, const QString &operationId,
                                     ApprovalAction action, ApprovalState state)
{
    Query q = runQuery(db,
                       kSelect + u"WHERE a.operation_id = ? AND a.action = ? AND a.state = ? "
                                 "ORDER BY a.id LIMIT 1"_s,
                       {operationId, toString(action), toString(state)});
    if (!q.next())
        return std::nullopt;
    return approvalFrom(q);
}

qint64 requestApprovalLocked(Connection &db, qint64 nowMs, const Operation &op,
                             ApprovalAction action, const QString &actor,
                             const nlohmann::json &payload)
{
    Query q =
        runQuery(db,
                 u"INSERT INTO approvals (operation_id, action, requested_by, "
                 "requested_at, payload) VALUES (?, ?, ?, ?, ?) RETURNING id"_s,
                 {op.id, toString(action), actor, nowMs, QString::fromStdString(payload.dump())});
    // RETURNING, not lastInsertId(): QPSQL's lastInsertId is an OID, not the row's id.
    if (!q.next())
        throw StoreError(u"the approval request was not stored"_s);
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    AuditLog::append(db, nowMs, actor, u"approval.requested"_s, op.id,
                     {{"approval_id", id},
                      {"action", toString(action).toStdString()},
                      {"amount_minor", op.amount.minor},
                      {"currency", op.amount.currency.toStdString()},
                      {"threshold_minor", approvalThreshold(db, op.amount.currency).value_or(0)},
                      {"request", payload}});
    return id;
}

bool spendApprovedResendLocked(Connection &db, qint64 nowMs, const QString &operationId,
                               const QString &actor)
{
    const auto approved =
        openApproval(db, operationId, ApprovalAction::Resend, ApprovalState::Approved);
    if (!approved)
        return false;
    runQuery(db, u"UPDATE approvals SET state = 'used' WHERE id = ? AND state = 'approved'"_s,
             {approved->id});
    AuditLog::append(db, nowMs, actor, u"approval.used"_s, operationId,
                     {{"approval_id", approved->id},
                      {"requested_by", approved->requestedBy.toStdString()},
                      {"approved_by", approved->decidedBy.toStdString()}});
    return true;
}

} // namespace ops
