// Settlement::resend — the console's one-attempt operator resend, one shape for every kind
// (docs/design.md §3: unknown → resend with stored key inside window → provider answer → succeeded
// / failed). The kind only reads its success answer (KindPolicy::readResendAnswer).

#include "domain/evidencemaking.h"
#include "domain/storeerror.h"
#include "engine/enginelogging.h"
#include "engine/settlement.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

QString unchangedReason(Outcome outcome)
{
    switch (outcome) {
    case Outcome::NoAnswer:
    case Outcome::InFlight:
        return u"no answer, the row stays as it is; look it up or resend later"_s;
    case Outcome::InProgress:
        return u"the provider is still working on this key; the row stays as it is"_s;
    case Outcome::KeyMismatch:
        return u"the provider holds another request under this key; the row stays as it is"_s;
    case Outcome::Credentials:
        return u"the provider refused our API key; the row stays as it is"_s;
    default:
        return u"the outcome is still undefined; the row stays as it is"_s;
    }
}

// The row was left as it was: the result says why, with the provider's answer.
ToolResult leftAsIs(ToolResult result, const SentAttempt &sent, const QString &why)
{
    result.errorMessage =
        u"operator resend: provider answered %1; %2"_s.arg(describe(sent.reply), why);
    return result;
}

// A refusal moved nothing: the unknown row closes as failed with the refusal as evidence.
ResendClose refusalClose(const SentAttempt &sent)
{
    ResendClose close;
    close.outcome = OperationState::Failed;
    close.answer = u"provider refused (%1)"_s.arg(describe(sent.reply));
    close.evidenceTitle =
        u"Provider refusal of an operator resend (%1)"_s.arg(describe(sent.reply));
    return close;
}

// Four-eyes held the resend back: the store recorded (or found) a pending resend approval and
// nothing was counted or sent. Its own answer, not the row's: the row's (checking, for an
// unknown row) would read as an attempt that came back unknown.
ToolResult awaitingApproval(const QString &operationId)
{
    ToolResult r = ToolResult::rejected(
        u"awaiting_approval"_s,
        u"operation %1 is above the four-eyes threshold; a resend approval waits for a second "
        "person"_s.arg(operationId));
    r.operationId = operationId;
    return r;
}

QString closeReason(const ResendClose &close, const SentAttempt &sent)
{
    if (close.outcome != OperationState::Succeeded)
        return u"operator resend with the stored key: "_s + close.answer;
    return u"operator resend with the stored key: provider answered %1 with %2%3"_s.arg(
        describe(sent.reply), close.answer, sent.reply.replayed ? u", replayed"_s : QString());
}

} // namespace

ToolResult Settlement::resend(const QString &operationId, const QString &actor)
{
    const AttemptTicket ticket =
        m_store.beginAttempt(operationId, actor, AttemptMode::OperatorResend);
    if (ticket.refusal == AttemptRefusal::NotFound)
        return ToolResult::rejected(u"not_found"_s, u"no operation %1"_s.arg(operationId));
    if (ticket.refusal == AttemptRefusal::AwaitingApproval)
        return awaitingApproval(operationId).about(m_policy.subject());
    if (ticket.refusal != AttemptRefusal::None)
        return resultForRow(operationId);
    const Operation &op = ticket.operation;
    const SentAttempt sent = sendCounted(ticket);
    qCInfo(lcEngine) << op.id << "operator resend:" << describe(sent.reply);
    if (op.state == OperationState::Open) { // the engine's own rules apply to an open row
        const auto settled = settle(op, sent, actor);
        return settled ? *settled : resultForRow(op.id);
    }
    return resendUnknown(op, sent, actor);
}

ToolResult Settlement::resendUnknown(const Operation &op, const SentAttempt &sent,
                                     const QString &actor)
{
    if (sent.outcome == Outcome::Refused)
        return closeWithAnswer(op, sent, refusalClose(sent), actor);
    if (sent.outcome != Outcome::Succeeded)
        return leftAsIs(resultForRow(op.id), sent, unchangedReason(sent.outcome));
    const ResendVerdict verdict = m_policy.readResendAnswer(*this, op, sent, actor);
    if (const auto *leave = std::get_if<LeaveAsIs>(&verdict))
        return leftAsIs(resultForRow(op.id), sent, leave->why);
    if (const auto *settled = std::get_if<ToolResult>(&verdict))
        return *settled;
    return closeWithAnswer(op, sent, std::get<ResendClose>(verdict), actor);
}

// An unknown row leaves `unknown` only through a person's close (rule 8): the provider's answer
// is stored first as the evidence, the operator who pressed Resend is the one who closes.
ToolResult Settlement::closeWithAnswer(const Operation &op, const SentAttempt &sent,
                                       const ResendClose &close, const QString &actor)
{
    ManualClose request;
    request.operationId = op.id;
    request.outcome = close.outcome;
    request.providerRef = close.providerRef;
    request.actor = actor;
    request.fromResend = true;
    request.reason = closeReason(close, sent);
    request.evidenceIds = {m_store.addEvidence(
        providerObject(op.id, close.evidenceTitle, sent.reply.http.body, actor))};
    const ManualCloseResult closed = m_store.closeManually(request);
    // A rights refusal is the resend's own refusal, reported as every other one of this call.
    if (closed.refusal == ManualCloseRefusal::NotPermitted)
        throw ActionRefused(closed.message);
    if (!closed.closed())
        qCWarning(lcEngine) << op.id << "resend answer not applied:" << closed.message;
    ToolResult result = resultForRow(op.id);
    result.replayed = close.replayed;
    if (close.balanceAfter && result.status == ToolResult::Status::Succeeded)
        result.balanceAfter = close.balanceAfter;
    return result;
}

} // namespace ops
