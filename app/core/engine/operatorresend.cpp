// RefundEngine::resend — the console's one-attempt operator resend (DESIGN §3: unknown →
// resend with stored key inside window → provider answer → succeeded / failed).

#include "attemptsupport.h"
#include "enginelogging.h"
#include "refundengine.h"

using namespace Qt::StringLiterals;

namespace ops {

ToolResult RefundEngine::resend(const QString &operationId, const QString &actor)
{
    allowOperatorAttempt(m_store, operationId, actor); // automation may have spent the cap
    const AttemptTicket ticket =
        m_store.beginAttempt(operationId, actor, AttemptMode::OperatorResend);
    if (ticket.refusal == AttemptRefusal::NotFound)
        return ToolResult::rejected(u"not_found"_s, u"no operation %1"_s.arg(operationId));
    if (ticket.refusal != AttemptRefusal::None)
        return resultForRow(operationId);
    const Operation &op = ticket.operation;
    // Rule 3: the stored bytes, the stored key, the stored endpoint. Nothing re-derived.
    const StripeReply reply = m_client.send(op.request, op.idempotencyKey);
    const Outcome outcome = classify(Provider::Stripe, StripeClient::answerFor(reply));
    m_store.finishAttempt(op.id, ticket.attemptId,
                          attemptResultFor(reply, outcome, m_client.config().secret));
    qCInfo(lcEngine) << op.id << "operator resend:" << describeAnswer(reply);

    const bool open = op.state == OperationState::Open;
    if (outcome == Outcome::Succeeded && open)
        return succeed(op, reply, actor);
    if (outcome != Outcome::Succeeded && outcome != Outcome::Refused) {
        if (open && (outcome == Outcome::Undefined || outcome == Outcome::KeyMismatch))
            return checking(op, u"operator resend: provider answered "_s + describeAnswer(reply),
                            actor);
        return resultForRow(op.id);
    }
    // An unknown row leaves `unknown` only through a person's close (rule 8): the provider's
    // answer is the evidence, the operator who pressed Resend is the one who closes.
    const auto refund = parseStripeRefund(reply.http.body);
    if (outcome == Outcome::Succeeded &&
        (!refund || refund->metadata.value(u"operation_id"_s) != op.id))
        return resultForRow(op.id); // not this operation's refund: stays unknown for a person
    const bool refundFailed =
        refund && (refund->status == u"failed"_s || refund->status == u"canceled"_s);
    Evidence e;
    e.operationId = op.id;
    e.kind = u"provider_object"_s;
    e.title = outcome == Outcome::Succeeded
                  ? u"Refund %1 as returned to an operator resend"_s.arg(refund->id)
                  : u"Provider refusal of an operator resend (%1)"_s.arg(describeAnswer(reply));
    e.contentType = u"application/json"_s;
    e.body = reply.http.body;
    e.createdBy = actor;
    const qint64 evidenceId = m_store.addEvidence(e);
    ManualClose close;
    close.operationId = op.id;
    close.evidenceIds = {evidenceId};
    close.actor = actor;
    close.fromResend = true;
    if (outcome == Outcome::Succeeded && !refundFailed) {
        close.outcome = OperationState::Succeeded;
        close.providerRef = refund->id;
        close.reason = u"operator resend with the stored key: provider answered %1 with refund "
                       "%2 (%3)%4"_s.arg(describeAnswer(reply), refund->id, refund->status,
                                         reply.replayed ? u", replayed"_s : QString());
    } else {
        close.outcome = OperationState::Failed;
        close.reason = u"operator resend with the stored key: provider refused (%1)"_s.arg(
            refundFailed ? u"refund "_s + refund->status : describeAnswer(reply));
    }
    const ManualCloseRefusal refusal = m_store.closeManually(close);
    if (refusal != ManualCloseRefusal::None)
        qCWarning(lcEngine) << op.id << "resend answer not applied:" << describe(refusal);
    return resultForRow(op.id);
}

} // namespace ops
