// CreditEngine::resend and ExecutionEngine::resend — the console's one-attempt operator resend
// for Slen rows (DESIGN §3: unknown → resend with stored key inside window → provider answer →
// succeeded / failed). Same steps as RefundEngine::resend in operatorresend.cpp.

#include "attemptsupport.h"
#include "enginelogging.h"
#include "creditengine.h"
#include "executionengine.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// One operator attempt: the row as counted, the provider's reply and its classification.
struct Resent
{
    AttemptRefusal refusal = AttemptRefusal::None;
    Operation op;
    SlenReply reply;
    Outcome outcome = Outcome::NoAnswer;
};

// Raises the cap by one for an unknown row (automation may have spent it), counts the attempt
// and sends the stored bytes with the stored key (rule 3). Nothing is sent when refused.
Resent resendOnce(OperationStore &store, SlenClient &client, const QString &operationId,
                  const QString &actor)
{
    allowOperatorAttempt(store, operationId, actor);
    const AttemptTicket ticket =
        store.beginAttempt(operationId, actor, AttemptMode::OperatorResend);
    Resent r{ticket.refusal, ticket.operation, {}, Outcome::NoAnswer};
    if (r.refusal != AttemptRefusal::None)
        return r;
    r.reply = client.send(r.op.request, r.op.idempotencyKey);
    r.outcome = classify(Provider::Slen, SlenClient::answerFor(r.reply, r.op.kind));
    store.finishAttempt(r.op.id, ticket.attemptId,
                        slen::attemptResult(r.reply, r.outcome, client.config().secret));
    qCInfo(lcEngine) << r.op.id << "operator resend:" << slen::describe(r.reply);
    return r;
}

ToolResult notFound(const QString &operationId)
{
    return ToolResult::rejected(u"not_found"_s, u"no operation %1"_s.arg(operationId));
}

// An unknown row leaves `unknown` only through a person's close (rule 8): the provider's answer
// is stored first as the evidence, the operator who pressed Resend is the one who closes.
void closeWithAnswer(OperationStore &store, const Resent &r, ManualClose close,
                     const QString &title)
{
    close.operationId = r.op.id;
    close.evidenceIds = {
        store.addEvidence(providerObjectEvidence(r.op.id, title, r.reply.http.body, close.actor))};
    const ManualCloseRefusal refusal = store.closeManually(close);
    if (refusal != ManualCloseRefusal::None)
        qCWarning(lcEngine) << r.op.id << "resend answer not applied:" << describe(refusal);
}

ManualClose refusedClose(const Resent &r, const QString &actor)
{
    ManualClose close;
    close.actor = actor;
    close.fromResend = true;
    close.outcome = OperationState::Failed;
    close.reason = u"operator resend with the stored key: provider refused (%1)"_s.arg(
        slen::describe(r.reply));
    return close;
}

ManualClose succeededClose(const Resent &r, const QString &ref, const QString &what,
                           const QString &actor)
{
    ManualClose close;
    close.actor = actor;
    close.fromResend = true;
    close.outcome = OperationState::Succeeded;
    close.providerRef = ref;
    close.reason = u"operator resend with the stored key: provider answered %1 with %2%3"_s.arg(
        slen::describe(r.reply), what, r.reply.replayed ? u", replayed"_s : QString());
    return close;
}

// The row was left as it was: `why` says so, with the provider's answer.
ToolResult leftAsIs(ToolResult result, const Resent &r, const QString &why)
{
    result.errorMessage =
        u"operator resend: provider answered %1; %2"_s.arg(slen::describe(r.reply), why);
    return result;
}

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

bool isThisMovement(const Operation &op, const SlenMovement &mv)
{
    return mv.note == op.id && mv.amount == op.amount.minor && mv.creditType == op.amount.currency;
}

} // namespace

ToolResult CreditEngine::resend(const QString &operationId, const QString &actor)
{
    const Resent r = resendOnce(m_store, m_client, operationId, actor);
    if (r.refusal == AttemptRefusal::NotFound)
        return notFound(operationId);
    if (r.refusal != AttemptRefusal::None)
        return resultForRow(operationId);
    if (r.op.state == OperationState::Open) { // the engine's own rules apply to an open row
        const auto settled = settle(r.op, r.reply, r.outcome, actor);
        return settled ? *settled : resultForRow(r.op.id);
    }
    if (r.outcome == Outcome::Refused) { // insufficient_credits and the like: nothing moved
        closeWithAnswer(
            m_store, r, refusedClose(r, actor),
            u"Provider refusal of an operator resend (%1)"_s.arg(slen::describe(r.reply)));
        return resultForRow(r.op.id);
    }
    if (r.outcome != Outcome::Succeeded)
        return leftAsIs(resultForRow(r.op.id), r, unchangedReason(r.outcome));
    const auto answer = parseSlenMovementReply(r.reply.http.body);
    const auto &mv = answer ? answer->movement : std::nullopt;
    if (!answer || (mv && !isThisMovement(r.op, *mv)))
        return leftAsIs(resultForRow(r.op.id), r,
                        u"the movement is not this operation's; a person decides"_s);
    // After 24 h Slen answers a replay with the account only: the key is then the reference.
    const QString ref = mv ? mv->id : u"key:"_s + r.op.idempotencyKey;
    closeWithAnswer(m_store, r,
                    succeededClose(r, ref, mv ? u"movement "_s + mv->id : u"the account"_s, actor),
                    mv ? u"Movement %1 as returned to an operator resend"_s.arg(mv->id)
                       : u"Account after an operator resend (expired-answer replay)"_s);
    ToolResult result = resultForRow(r.op.id);
    result.replayed = answer->replayed;
    if (mv && result.status == ToolResult::Status::Succeeded)
        result.balanceAfter = mv->balanceAfter;
    return result;
}

ToolResult ExecutionEngine::resend(const QString &operationId, const QString &actor)
{
    const Resent r = resendOnce(m_store, m_client, operationId, actor);
    if (r.refusal == AttemptRefusal::NotFound)
        return notFound(operationId);
    if (r.refusal != AttemptRefusal::None)
        return resultForRow(operationId);
    if (r.op.state == OperationState::Open) { // the engine's own rules apply to an open row
        const auto settled = settle(r.op, r.reply, r.outcome, actor);
        return settled ? *settled : resultForRow(r.op.id);
    }
    if (r.outcome == Outcome::Refused) { // refused before or at creation: the flow did not run
        closeWithAnswer(
            m_store, r, refusedClose(r, actor),
            u"Provider refusal of an operator resend (%1)"_s.arg(slen::describe(r.reply)));
        return resultForRow(r.op.id);
    }
    if (r.outcome != Outcome::Succeeded)
        return leftAsIs(resultForRow(r.op.id), r, unchangedReason(r.outcome));
    const auto ex = parseSlenExecution(r.reply.http.body);
    if (!ex || (!ex->operationId.isEmpty() && ex->operationId != r.op.id))
        return leftAsIs(resultForRow(r.op.id), r,
                        u"the execution is not this operation's; a person decides"_s);
    if (!ex->finished())
        return stillRunning(r.op, *ex, r.reply.http.body, actor);
    const QString title =
        u"Execution %1 (%2) as returned to an operator resend"_s.arg(ex->id, ex->status);
    if (ex->status == u"succeeded"_s) {
        closeWithAnswer(m_store, r, succeededClose(r, ex->id, u"execution "_s + ex->id, actor),
                        title);
    } else {
        ManualClose close = refusedClose(r, actor);
        close.reason = u"operator resend with the stored key: execution %1 failed (%2)"_s.arg(
            ex->id, ex->errorCode.isEmpty() ? u"execution_failed"_s : ex->errorCode);
        closeWithAnswer(m_store, r, close, title);
    }
    ToolResult result = resultForRow(r.op.id);
    result.replayed = ex->replayed;
    return result;
}

ToolResult ExecutionEngine::stillRunning(const Operation &op, const SlenExecution &ex,
                                         const QByteArray &body, const QString &actor)
{
    // The provider's answer is kept as evidence: the store only records a provider object on an
    // open row, and the execution id must not be lost for the look-up that follows.
    m_store.addEvidence(slen::providerObject(
        op, u"Execution %1 (%2) as returned to an operator resend"_s.arg(ex.id, ex.status), body,
        actor));
    m_store.recordProviderObject(op.id, ex.id, ex.status, actor);
    ToolResult result = resultForRow(op.id);
    result.executionId = ex.id;
    result.providerStatus = ex.status;
    result.replayed = ex.replayed;
    result.errorMessage =
        u"execution %1 is %2: still running; look up later"_s.arg(ex.id, ex.status);
    return result;
}

} // namespace ops
