// Rule 8: manual close. Every close records who, when, why and which evidence; the checks run
// inside the write transaction so evidence and state cannot change underneath them.

#include "auditlog.h"
#include "operationstore.h"
#include "sqltransaction.h"

using namespace Qt::StringLiterals;

namespace ops {

QString describe(ManualCloseRefusal refusal)
{
    switch (refusal) {
    case ManualCloseRefusal::None:
        return {};
    case ManualCloseRefusal::NotFound:
        return u"no such operation"_s;
    case ManualCloseRefusal::AlreadyFinal:
        return u"the operation is already closed"_s;
    case ManualCloseRefusal::NotAnOutcome:
        return u"the outcome must be succeeded or failed"_s;
    case ManualCloseRefusal::NeedsReason:
        return u"a close needs a reason"_s;
    case ManualCloseRefusal::NeedsEvidence:
        return u"a close needs at least one evidence item"_s;
    case ManualCloseRefusal::EvidenceOfAnotherOperation:
        return u"the evidence does not belong to this operation"_s;
    case ManualCloseRefusal::NeedsProviderRef:
        return u"closing as succeeded needs the provider's reference"_s;
    }
    return {};
}

namespace {

ManualCloseRefusal checkRequest(const ManualClose &c)
{
    if (c.outcome != OperationState::Succeeded && c.outcome != OperationState::Failed)
        return ManualCloseRefusal::NotAnOutcome;
    if (c.reason.trimmed().isEmpty())
        return ManualCloseRefusal::NeedsReason;
    if (c.evidenceIds.isEmpty())
        return ManualCloseRefusal::NeedsEvidence;
    if (c.outcome == OperationState::Succeeded && c.providerRef.trimmed().isEmpty())
        return ManualCloseRefusal::NeedsProviderRef;
    return ManualCloseRefusal::None;
}

} // namespace

ManualCloseRefusal OperationStore::closeManually(const ManualClose &c)
{
    if (const auto refusal = checkRequest(c); refusal != ManualCloseRefusal::None)
        return refusal;
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db);
    const auto op = operation(c.operationId);
    if (!op)
        return ManualCloseRefusal::NotFound;
    if (isFinal(op->state))
        return ManualCloseRefusal::AlreadyFinal;
    nlohmann::json ids = nlohmann::json::array();
    for (const qint64 id : c.evidenceIds) {
        QSqlQuery q = runQuery(m_db, u"SELECT operation_id FROM evidence WHERE id = ?"_s, {id});
        if (!q.next() || q.value(0).toString() != c.operationId)
            return ManualCloseRefusal::EvidenceOfAnotherOperation;
        ids.push_back(id);
    }
    const bool succeeded = c.outcome == OperationState::Succeeded;
    runQuery(m_db,
             u"UPDATE operations SET state = ?, provider_ref = ?, failure_code = ?, closed_by = ?, "
             "closed_at = ?, close_reason = ?, updated_at = ? WHERE id = ?"_s,
             {toString(c.outcome), succeeded ? QVariant(c.providerRef.trimmed()) : QVariant(),
              succeeded ? QVariant() : QVariant(u"closed_by_operator"_s), c.actor, now,
              c.reason.trimmed(), now, c.operationId});
    AuditLog::append(m_db, now, c.actor, u"state.closed_manually"_s, c.operationId,
                     {{"outcome", toString(c.outcome).toStdString()},
                      {"from", toString(op->state).toStdString()},
                      {"provider_ref", c.providerRef.trimmed().toStdString()},
                      {"evidence_ids", ids},
                      {"reason", c.reason.trimmed().toStdString()}});
    tx.commit();
    return ManualCloseRefusal::None;
}

} // namespace ops
