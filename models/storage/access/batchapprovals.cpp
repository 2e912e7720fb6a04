#include "storage/access/batchapprovals.h"

#include "domain/storeerror.h"
#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/records/operationrow.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

const QString kSelect =
    u"SELECT id, name, file_sha256, totals, row_count, requested_by, requested_at, state, "
    "decided_by, decided_at, decision_reason FROM batch_approvals "_s;

QMap<QString, qint64> totalsFrom(const QString &text)
{
    QMap<QString, qint64> totals;
    const auto j = nlohmann::json::parse(text.toStdString(), nullptr, false);
    if (!j.is_object())
        return totals;
    for (const auto &[currency, minor] : j.items()) {
        if (minor.is_number_integer())
            totals.insert(QString::fromStdString(currency), minor.get<qint64>());
    }
    return totals;
}

nlohmann::json totalsJson(const QMap<QString, qint64> &totals)
{
    nlohmann::json j = nlohmann::json::object();
    for (auto it = totals.begin(); it != totals.end(); ++it)
        j[it.key().toStdString()] = it.value();
    return j;
}

BatchApproval approvalFrom(const QSqlQuery &q)
{
    BatchApproval a;
    a.id = q.value(0).toLongLong();
    a.name = q.value(1).toString();
    a.fileSha256 = q.value(2).toString();
    a.totals = totalsFrom(q.value(3).toString());
    a.rows = q.value(4).toInt();
    a.requestedBy = q.value(5).toString();
    a.requestedAt = rows::utc(q.value(6).toLongLong());
    a.state = approvalStateFromString(q.value(7).toString()).value_or(ApprovalState::Pending);
    a.decidedBy = q.value(8).toString();
    if (!q.value(9).isNull())
        a.decidedAt = rows::utc(q.value(9).toLongLong());
    a.decisionReason = q.value(10).toString();
    return a;
}

std::optional<BatchApproval> firstOf(Query &q)
{
    if (!q.next())
        return std::nullopt;
    return approvalFrom(q);
}

} // namespace

std::optional<BatchApproval> liveBatchApproval(Connection &db, const QString &name,
                                               const QString &fileSha256)
{
    Query q = runQuery(db,
                       kSelect + u"WHERE name = ? AND file_sha256 = ? AND state IN ('pending', "
                                 "'approved') ORDER BY id DESC LIMIT 1"_s,
                       {name, fileSha256});
    return firstOf(q);
}

BatchApproval askBatchApproval(Connection &db, qint64 nowMs, const QString &actor,
                               const QString &name, const QString &fileSha256,
                               const QMap<QString, qint64> &totals, int rows)
{
    WriteTransaction tx(db);
    requireRight(db, actor, Right::Resend); // a person who may send refunds asks
    if (auto live = liveBatchApproval(db, name, fileSha256))
        return *live;
    runQuery(
        db,
        u"INSERT INTO batch_approvals (name, file_sha256, totals, row_count, requested_by, "
        "requested_at) VALUES (?, ?, ?, ?, ?, ?)"_s,
        {name, fileSha256, QString::fromStdString(totalsJson(totals).dump()), rows, actor, nowMs});
    auto asked = liveBatchApproval(db, name, fileSha256);
    if (!asked)
        throw StoreError(u"the approval of batch %1 was not stored"_s.arg(name));
    AuditLog::append(db, nowMs, actor, u"batch.approval_requested"_s, QString(),
                     {{"batch", name.toStdString()},
                      {"approval_id", asked->id},
                      {"file_sha256", fileSha256.toStdString()},
                      {"rows", rows},
                      {"totals", totalsJson(totals)}});
    tx.commit();
    return *asked;
}

// The pending approval of `name` a decision is about (decideBatchApproval's rules).
BatchApproval pendingToDecide(Connection &db, const QString &name, std::optional<qint64> id)
{
    Query q = runQuery(db, kSelect + u"WHERE name = ? AND state = 'pending' ORDER BY id"_s, {name});
    std::vector<BatchApproval> pending;
    while (q.next())
        pending.push_back(approvalFrom(q));
    q.finish();
    if (id) {
        for (const BatchApproval &a : pending) {
            if (a.id == *id)
                return a;
        }
        throw ActionRefused(u"batch %1 has no approval #%2 waiting"_s.arg(name).arg(*id));
    }
    if (pending.empty())
        throw ActionRefused(u"batch %1 has no approval waiting"_s.arg(name));
    if (pending.size() > 1) {
        QStringList ids;
        for (const BatchApproval &a : pending)
            ids << u"#%1"_s.arg(a.id);
        throw ActionRefused(u"batch %1 has %2 approvals waiting (%3), each for another file: give "
                            "--id"_s.arg(name)
                                .arg(pending.size())
                                .arg(ids.join(u", "_s)));
    }
    return pending.front();
}

BatchApproval decideBatchApproval(Connection &db, qint64 nowMs, const QString &actor,
                                  const QString &name, std::optional<qint64> id, bool approve,
                                  const QString &reason)
{
    WriteTransaction tx(db);
    requireRight(db, actor, Right::Approve);
    auto pending = std::optional<BatchApproval>(pendingToDecide(db, name, id));
    if (pending->requestedBy == actor) // as PostgreSQL's ops_guard_approval: not even a withdrawal
        throw ActionRefused(
            u"%1 asked for batch %2; another supervisor decides it"_s.arg(actor, name));
    const ApprovalState state = approve ? ApprovalState::Approved : ApprovalState::Rejected;
    runQuery(db,
             u"UPDATE batch_approvals SET state = ?, decided_by = ?, decided_at = ?, "
             "decision_reason = ? WHERE id = ? AND state = 'pending'"_s,
             {toString(state), actor, nowMs, reason, pending->id});
    AuditLog::append(db, nowMs, actor, approve ? u"batch.approved"_s : u"batch.rejected"_s,
                     QString(),
                     {{"batch", name.toStdString()},
                      {"approval_id", pending->id},
                      {"requested_by", pending->requestedBy.toStdString()},
                      {"reason", reason.toStdString()}});
    tx.commit();
    pending->state = state;
    pending->decidedBy = actor;
    pending->decidedAt = rows::utc(nowMs);
    pending->decisionReason = reason;
    return *pending;
}

std::vector<BatchApproval> listBatchApprovals(Connection &db, std::optional<ApprovalState> state,
                                              int limit)
{
    Query q = state ? runQuery(db, kSelect + u"WHERE state = ? ORDER BY id DESC LIMIT ?"_s,
                               {toString(*state), limit})
                    : runQuery(db, kSelect + u"ORDER BY id DESC LIMIT ?"_s, {limit});
    std::vector<BatchApproval> out;
    while (q.next())
        out.push_back(approvalFrom(q));
    return out;
}

} // namespace ops
