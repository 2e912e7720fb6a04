#include "engine/adyenrefundpolicy.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

using Base = ProviderPolicy<AdyenClient, ToolResult::Subject::Refund>;

// The refund in a 201, when it is this operation's (rule 10: our id as `reference`, and the
// amount we stored).
std::optional<AdyenRefund> ourRefund(const Operation &op, const ProviderReply &reply)
{
    auto refund = parseAdyenRefund(reply.http.body);
    if (!refund || refund->reference != op.id || refund->amount != op.amount)
        return std::nullopt;
    return refund;
}

bool isReceived(const Operation &row)
{
    return row.state == OperationState::Open && row.providerStatus == kAdyenReceived &&
           !row.providerRef.isEmpty();
}

} // namespace

bool AdyenRefundPolicy::awaitsProvider(const Operation &row) const
{
    return isReceived(row);
}

template<>
ToolResult Base::succeed(Settlement &rules, const Operation &op, const SentAttempt &sent,
                         const QString &actor)
{
    const auto refund = ourRefund(op, sent.reply);
    if (!refund)
        return rules.checking(op, u"provider received a refund that is not this operation's"_s,
                              actor);
    if (refund->status != kAdyenReceived)
        return rules.checking(op,
                              u"provider answered refund %1 with status '%2', not received"_s.arg(
                                  refund->pspReference, refund->status.left(40)),
                              actor);
    // A second send that met the first answer (a repeat under the key) records nothing new.
    if (op.providerRef != refund->pspReference) {
        m_store.addEvidence(providerObject(
            op.id,
            u"Refund %1 received by the provider (not yet an outcome)"_s.arg(refund->pspReference),
            sent.reply.http.body, actor));
        m_store.recordProviderObject(op.id, refund->pspReference, kAdyenReceived, actor);
    }
    return rules.resultForRow(op.id);
}

ToolResult adyenRefundRowResult(const Operation &row)
{
    if (isReceived(row))
        return ToolResult::accepted(row.id, row.providerRef);
    return refundRowResult(row);
}

template<> ToolResult Base::rowResult(const Operation &row)
{
    return adyenRefundRowResult(row);
}

template<>
ResendVerdict Base::readResendAnswer(Settlement &, const Operation &op, const SentAttempt &sent,
                                     const QString &)
{
    const auto refund = ourRefund(op, sent.reply);
    if (!refund)
        return LeaveAsIs{u"the refund is not this operation's; a person decides"_s};
    // The replayed 201 proves the refund exists at Adyen, not how it ended.
    return LeaveAsIs{u"Adyen received this refund as %1; only its REFUND notification says how "
                     "it ended"_s.arg(refund->pspReference)};
}

} // namespace ops
