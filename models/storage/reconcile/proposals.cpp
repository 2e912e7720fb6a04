#include "storage/reconcile/proposals.h"

#include "domain/storeerror.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/records/operationrow.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops {

namespace {

const QString kColumns = u"id, operation_id, action, outcome, provider_ref, evidence_ids, "
                         "newest_evidence_id, reason, created_by, created_at, state, "
                         "superseded_by, decided_by, decided_at, approval_id"_s;

Proposal fromRow(const QSqlQuery &q)
{
    Proposal p;
    p.id = q.value(0).toLongLong();
    p.operationId = q.value(1).toString();
    p.action =
        q.value(2).toString() == u"resend"_s ? ProposalAction::Resend : ProposalAction::Close;
    p.outcome = stateFromString(q.value(3).toString());
    p.providerRef = q.value(4).toString();
    const json ids = json::parse(q.value(5).toString().toStdString(), nullptr, false);
    if (ids.is_array()) {
        for (const json &id : ids) {
            if (id.is_number_integer())
                p.evidenceIds << id.get<qint64>();
        }
    }
    p.newestEvidenceId = q.value(6).toLongLong();
    p.reason = q.value(7).toString();
    p.createdBy = q.value(8).toString();
    p.createdAt = rows::utc(q.value(9).toLongLong());
    p.state = proposalStateFromString(q.value(10).toString()).value_or(ProposalState::Open);
    p.supersededBy = q.value(11).toLongLong();
    p.decidedBy = q.value(12).toString();
    p.decidedAt = rows::utcOrNull(q.value(13));
    p.approvalId = q.value(14).toLongLong();
    return p;
}

json idsJson(const QList<qint64> &ids)
{
    json out = json::array();
    for (const qint64 id : ids)
        out.push_back(id);
    return out;
}

void checkNew(Connection &db, const NewProposal &p)
{
    if (p.action == ProposalAction::Close && p.outcome != OperationState::Succeeded &&
        p.outcome != OperationState::Failed)
        throw ActionRefused(u"a close proposal needs the outcome succeeded or failed"_s);
    if (p.reason.trimmed().isEmpty() || p.evidenceIds.isEmpty())
        throw ActionRefused(u"a proposal needs a reason and at least one evidence item"_s);
    for (const qint64 id : p.evidenceIds) {
        Query q = runQuery(db, u"SELECT operation_id FROM evidence WHERE id = ?"_s, {id});
        if (!q.next() || q.value(0).toString() != p.operationId)
            throw ActionRefused(u"evidence %1 does not belong to %2"_s.arg(id).arg(p.operationId));
    }
    Query q = runQuery(db, u"SELECT state FROM operations WHERE id = ?"_s, {p.operationId});
    if (!q.next())
        throw ActionRefused(u"no such operation: %1"_s.arg(p.operationId));
    if (const auto state = stateFromString(q.value(0).toString()); !state || isFinal(*state))
        throw ActionRefused(u"%1 is already closed"_s.arg(p.operationId));
}

} // namespace

NewProposal autoCloseOffProposal(const QString &operationId, OperationState outcome,
                                 const QString &providerRef, const QString &reason,
                                 const QList<qint64> &evidenceIds, const QString &createdBy)
{
    NewProposal p;
    p.operationId = operationId;
    p.action = ProposalAction::Close;
    p.outcome = outcome;
    p.providerRef = outcome == OperationState::Succeeded ? providerRef : QString();
    p.evidenceIds = evidenceIds;
    p.reason = reason + u" Automatic closes are off: a person applies it."_s;
    p.createdBy = createdBy;
    return p;
}

qint64 newestEvidenceId(Connection &db, const QString &operationId)
{
    Query q = runQuery(db, u"SELECT COALESCE(MAX(id), 0) FROM evidence WHERE operation_id = ?"_s,
                       {operationId});
    return q.next() ? q.value(0).toLongLong() : 0;
}

Proposal storeProposal(Connection &db, qint64 nowMs, const NewProposal &p)
{
    WriteTransaction tx(db);
    checkNew(db, p);
    const auto previous = openProposal(db, p.operationId);
    if (previous)
        runQuery(db, u"UPDATE proposals SET state = 'superseded' WHERE id = ?"_s, {previous->id});
    const qint64 newest = newestEvidenceId(db, p.operationId);
    Query q = runQuery(
        db,
        u"INSERT INTO proposals (operation_id, action, outcome, provider_ref, evidence_ids, "
        "newest_evidence_id, reason, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "RETURNING id"_s,
        {p.operationId, toString(p.action), p.outcome ? QVariant(toString(*p.outcome)) : QVariant(),
         rows::nullable(p.providerRef), QString::fromStdString(idsJson(p.evidenceIds).dump()),
         newest, p.reason.trimmed(), p.createdBy, nowMs});
    if (!q.next())
        throw StoreError(u"the proposal for %1 was not stored"_s.arg(p.operationId));
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    if (previous)
        runQuery(db, u"UPDATE proposals SET superseded_by = ? WHERE id = ?"_s, {id, previous->id});
    AuditLog::append(db, nowMs, p.createdBy, u"proposal.made"_s, p.operationId,
                     {{"proposal_id", id},
                      {"action", toString(p.action).toStdString()},
                      {"outcome", p.outcome ? toString(*p.outcome).toStdString() : ""},
                      {"provider_ref", p.providerRef.toStdString()},
                      {"evidence_ids", idsJson(p.evidenceIds)},
                      {"reason", p.reason.trimmed().toStdString()},
                      {"supersedes", previous ? json(previous->id) : json()}});
    tx.commit();
    return *findProposal(db, id);
}

std::optional<Proposal> findProposal(Connection &db, qint64 id)
{
    Query q = runQuery(db, u"SELECT "_s + kColumns + u" FROM proposals WHERE id = ?"_s, {id});
    if (!q.next())
        return std::nullopt;
    return fromRow(q);
}

std::optional<Proposal> openProposal(Connection &db, const QString &operationId)
{
    Query q = runQuery(db,
                       u"SELECT "_s + kColumns +
                           u" FROM proposals WHERE operation_id = ? AND state = 'open'"_s,
                       {operationId});
    if (!q.next())
        return std::nullopt;
    return fromRow(q);
}

std::vector<Proposal> listProposals(Connection &db, std::optional<ProposalState> state, int limit)
{
    Query q = state ? runQuery(db,
                               u"SELECT "_s + kColumns +
                                   u" FROM proposals WHERE state = ? ORDER BY created_at, id "
                                   "LIMIT ?"_s,
                               {toString(*state), limit})
                    : runQuery(db,
                               u"SELECT "_s + kColumns +
                                   u" FROM proposals ORDER BY created_at, id LIMIT ?"_s,
                               {limit});
    std::vector<Proposal> out;
    while (q.next())
        out.push_back(fromRow(q));
    return out;
}

void markProposalDecidedLocked(Connection &db, qint64 nowMs, const Proposal &p, ProposalState state,
                               const QString &actor, qint64 approvalId)
{
    Query q = runQuery(
        db,
        u"UPDATE proposals SET state = ?, decided_by = ?, decided_at = ?, "
        "approval_id = ? WHERE id = ? AND state = 'open'"_s,
        {toString(state), actor, nowMs, approvalId > 0 ? QVariant(approvalId) : QVariant(), p.id});
    if (q.numRowsAffected() != 1)
        throw StoreError(u"proposal %1 is no longer open"_s.arg(p.id));
    AuditLog::append(
        db, nowMs, actor,
        state == ProposalState::Approval ? u"proposal.sent_for_approval"_s : u"proposal.applied"_s,
        p.operationId,
        {{"proposal_id", p.id}, {"approval_id", approvalId > 0 ? json(approvalId) : json()}});
}

void withdrawProposalsLocked(Connection &db, qint64 nowMs, const QString &operationId,
                             const QString &actor, qint64 keep, bool byResend)
{
    const auto open = openProposal(db, operationId);
    if (!open || open->id == keep)
        return;
    if (byResend && open->action == ProposalAction::Resend) {
        markProposalDecidedLocked(db, nowMs, *open, ProposalState::Applied, actor, 0);
        return;
    }
    runQuery(db,
             u"UPDATE proposals SET state = 'withdrawn', decided_by = ?, decided_at = ? "
             "WHERE id = ? AND state = 'open'"_s,
             {actor, nowMs, open->id});
    AuditLog::append(db, nowMs, actor, u"proposal.withdrawn"_s, operationId,
                     {{"proposal_id", open->id}, {"reason", "the operation closed"}});
}

} // namespace ops
