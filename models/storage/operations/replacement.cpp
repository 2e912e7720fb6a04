// A new refund that replaces a failed one (DESIGN §16, issue 31 item 2), and a person's refund
// above the four-eyes threshold. Both are decided in the opening transaction (openOrGet), under
// the same write lock as rules 2 and 9, so two people replacing one failed row cannot both win;
// PostgreSQL's ops_guard_person_refund (migration 0014) refuses the same for any client.

#include "domain/storeerror.h"
#include "storage/access/approvals.h"
#include "storage/access/operatordirectory.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationopening.h"
#include "storage/records/operationrow.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr auto kFourEyesHold = "four_eyes";

} // namespace

Result<void> OperationStore::replacementAllowed(const QString &replacedId, const QString &orderId,
                                                const QString &currency)
{
    const auto replaced = operation(replacedId);
    if (!replaced)
        return Failure{u"no operation %1"_s.arg(replacedId)};
    if (replaced->kind != OperationKind::Refund)
        return Failure{u"%1 is not a refund"_s.arg(replacedId)};
    if (replaced->state != OperationState::Failed)
        return Failure{u"%1 is %2: only a failed refund is replaced"_s.arg(
            replacedId, toString(replaced->state))};
    if (replaced->orderId != orderId)
        return Failure{
            u"%1 refunds order %2, not %3"_s.arg(replacedId, replaced->orderId, orderId)};
    if (replaced->amount.currency != currency)
        return Failure{
            u"%1 is in %2, not %3"_s.arg(replacedId, replaced->amount.currency, currency)};
    for (const Operation &r : replacementsOf(replacedId)) {
        if (r.state != OperationState::Failed)
            return Failure{
                u"%1 is already replaced by %2 (%3)"_s.arg(replacedId, r.id, toString(r.state))};
    }
    return {};
}

std::vector<Operation> OperationStore::replacementsOf(const QString &id)
{
    return rows::readOperations(m_db, u"WHERE replaces = ? ORDER BY created_at, id"_s, {id});
}

std::vector<Operation> OperationStore::refundsOfOrder(const QString &orderId)
{
    return rows::readOperations(
        m_db, u"WHERE order_id = ? AND kind = 'refund' ORDER BY created_at DESC, id DESC"_s,
        {orderId});
}

std::optional<QString> OperationStore::Opening::personHold()
{
    const NewOperation &op = m_op;
    if (!op.replaces.isEmpty()) {
        if (const auto allowed =
                m_store.replacementAllowed(op.replaces, op.orderId, op.amount.currency);
            !allowed)
            throw ActionRefused(u"not opened: "_s + allowed.error());
    }
    if (op.kind != OperationKind::Refund || operatorName(op.createdBy).isEmpty())
        return std::nullopt;
    const auto threshold = approvalThreshold(m_store.m_db, op.amount.currency);
    if (!threshold || std::abs(op.amount.minor) <= *threshold)
        return std::nullopt;
    return QString::fromLatin1(kFourEyesHold);
}

bool OperationStore::isFourEyesHold(const Operation &op)
{
    return op.state == OperationState::AwaitingApproval && op.hold == QLatin1String(kFourEyesHold);
}

} // namespace ops
