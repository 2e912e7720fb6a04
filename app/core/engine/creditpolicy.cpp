#include "engine/creditpolicy.h"

#include "domain/evidencemaking.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr auto kCredit = ToolResult::Subject::Credit;

// A movement for another operation or amount: our request and the provider's memory differ.
bool isThisMovement(const Operation &op, const SlenMovement &mv)
{
    return mv.note == op.id && mv.amount == op.amount.minor && mv.creditType == op.amount.currency;
}

// After 24 h Slen answers a replay with the account only: the credits moved once, under this
// key, but the movement id is no longer told. The key is then the reference.
QString referenceOf(const Operation &op, const std::optional<SlenMovement> &mv)
{
    return mv ? mv->id : u"key:"_s + op.idempotencyKey;
}

} // namespace

template<>
ToolResult CreditPolicy::succeed(Settlement &rules, const Operation &op, const SentAttempt &sent,
                                 const QString &actor)
{
    const auto answer = parseSlenMovementReply(sent.reply.http.body);
    if (!answer) // answerFor() only classifies readable bodies as Succeeded
        return rules.checking(op, u"provider answer could not be read"_s, actor);
    const auto &mv = answer->movement;
    if (mv && !isThisMovement(op, *mv))
        return rules.checking(op, u"provider returned a movement that is not this operation's"_s,
                              actor);
    const QString title = mv ? u"Movement %1 as returned by the provider"_s.arg(mv->id)
                             : u"Account after an expired-answer replay"_s;
    m_store.addEvidence(providerObject(op.id, title, sent.reply.http.body, actor));
    m_store.closeSucceeded(op.id, referenceOf(op, mv), u"succeeded"_s, actor,
                           answer->replayed ? u"provider replayed the stored answer"_s
                                            : u"provider applied the movement"_s);
    ToolResult r = rules.resultForRow(op.id);
    if (r.status == ToolResult::Status::Succeeded) {
        r.replayed = answer->replayed;
        if (mv)
            r.balanceAfter = mv->balanceAfter;
    }
    return r;
}

template<> ToolResult CreditPolicy::rowResult(const Operation &row)
{
    switch (row.state) {
    case OperationState::Succeeded: {
        ToolResult r = ToolResult::succeeded(row.id, kCredit);
        if (row.providerRef.startsWith(u"mv_"_s))
            r.movementId = row.providerRef;
        return r;
    }
    case OperationState::Failed:
        return ToolResult::failed(row.id, row.failureCode).about(kCredit);
    case OperationState::Unknown:
        return ToolResult::checking(row.id).about(kCredit);
    case OperationState::Open:
    case OperationState::AwaitingApproval: // only refunds are held
        break;
    }
    return ToolResult::unconfirmed(row.id).about(kCredit);
}

template<>
ResendVerdict CreditPolicy::readResendAnswer(Settlement &, const Operation &op,
                                             const SentAttempt &sent, const QString &)
{
    const auto answer = parseSlenMovementReply(sent.reply.http.body);
    const auto &mv = answer ? answer->movement : std::nullopt;
    if (!answer || (mv && !isThisMovement(op, *mv)))
        return LeaveAsIs{u"the movement is not this operation's; a person decides"_s};
    ResendClose close;
    close.outcome = OperationState::Succeeded;
    close.providerRef = referenceOf(op, mv);
    close.answer = mv ? u"movement "_s + mv->id : u"the account"_s;
    close.evidenceTitle = mv ? u"Movement %1 as returned to an operator resend"_s.arg(mv->id)
                             : u"Account after an operator resend (expired-answer replay)"_s;
    close.replayed = answer->replayed;
    if (mv)
        close.balanceAfter = mv->balanceAfter;
    return close;
}

} // namespace ops
