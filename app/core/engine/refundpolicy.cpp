#include "engine/refundpolicy.h"

#include "domain/evidencemaking.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// The refund in a success answer, when it is this operation's (rule 10: our id in metadata).
std::optional<StripeRefund> ourRefund(const Operation &op, const ProviderReply &reply)
{
    auto refund = parseStripeRefund(reply.http.body);
    if (!refund || refund->metadata.value(u"operation_id"_s) != op.id)
        return std::nullopt;
    return refund;
}

bool hasFailed(const StripeRefund &refund)
{
    return refund.status == u"failed"_s || refund.status == u"canceled"_s;
}

} // namespace

template<>
ToolResult RefundPolicy::succeed(Settlement &rules, const Operation &op, const SentAttempt &sent,
                                 const QString &actor)
{
    const auto refund = ourRefund(op, sent.reply);
    // A success for another operation means our request and the provider's memory disagree.
    if (!refund)
        return rules.checking(op, u"provider returned a refund that is not this operation's"_s,
                              actor);
    m_store.addEvidence(providerObject(op.id,
                                       u"Refund %1 as returned by the provider"_s.arg(refund->id),
                                       sent.reply.http.body, actor));
    if (hasFailed(*refund)) {
        const QString code =
            refund->failureReason.isEmpty() ? u"refund_"_s + refund->status : refund->failureReason;
        m_store.closeFailed(op.id, code, actor,
                            u"provider reports refund %1 as %2"_s.arg(refund->id, refund->status));
        return rules.resultForRow(op.id);
    }
    m_store.closeSucceeded(op.id, refund->id, refund->status, actor,
                           sent.reply.replayed ? u"provider replayed the stored answer"_s
                                               : u"provider accepted the refund"_s);
    return rules.resultForRow(op.id);
}

ToolResult refundRowResult(const Operation &row)
{
    switch (row.state) {
    case OperationState::Succeeded:
        return ToolResult::refunded(row.id, row.providerRef);
    case OperationState::Failed:
        return ToolResult::failed(row.id, row.failureCode);
    case OperationState::Unknown:
        return ToolResult::checking(row.id);
    case OperationState::AwaitingApproval:
        return ToolResult::needsApproval(row.id);
    case OperationState::Open:
        break;
    }
    return ToolResult::unconfirmed(row.id);
}

template<> ToolResult RefundPolicy::rowResult(const Operation &row)
{
    return refundRowResult(row);
}

template<>
ResendVerdict RefundPolicy::readResendAnswer(Settlement &, const Operation &op,
                                             const SentAttempt &sent, const QString &)
{
    const auto refund = ourRefund(op, sent.reply);
    if (!refund)
        return LeaveAsIs{u"the refund is not this operation's; a person decides"_s};
    ResendClose close;
    close.evidenceTitle = u"Refund %1 as returned to an operator resend"_s.arg(refund->id);
    if (hasFailed(*refund)) {
        close.outcome = OperationState::Failed;
        close.answer = u"provider refused (refund %1)"_s.arg(refund->status);
        return close;
    }
    close.outcome = OperationState::Succeeded;
    close.providerRef = refund->id;
    close.answer = u"refund %1 (%2)"_s.arg(refund->id, refund->status);
    return close;
}

} // namespace ops
