#include "engine/executionpolicy.h"

#include "domain/evidencemaking.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr auto kExecution = ToolResult::Subject::Execution;

std::optional<SlenExecution> lastExecutionEvidence(OperationStore &store, const QString &opId)
{
    const auto items = store.evidence(opId);
    for (auto it = items.rbegin(); it != items.rend(); ++it) {
        if (it->kind == u"provider_object"_s)
            return parseSlenExecution(it->body);
    }
    return std::nullopt;
}

// The execution in a success answer, when it is this operation's (rule 10: our id in context).
std::optional<SlenExecution> ourExecution(const Operation &op, const ProviderReply &reply)
{
    auto execution = parseSlenExecution(reply.http.body);
    if (!execution || (!execution->operationId.isEmpty() && execution->operationId != op.id))
        return std::nullopt;
    return execution;
}

QString failureCode(const SlenExecution &ex)
{
    return ex.errorCode.isEmpty() ? u"execution_failed"_s : ex.errorCode;
}

// ExecutionPolicy::apply, for the answer to an attempt as well.
ToolResult applyExecution(OperationStore &store, Settlement &rules, const Operation &op,
                          const SlenExecution &ex, const QByteArray &body, const QString &actor)
{
    if (!ex.finished()) {
        store.recordProviderObject(op.id, ex.id, ex.status, actor);
        ToolResult r = rules.resultForRow(op.id);
        r.replayed = ex.replayed;
        return r;
    }
    store.addEvidence(providerObject(
        op.id, u"Execution %1 (%2) as returned by the provider"_s.arg(ex.id, ex.status), body,
        actor));
    if (ex.status == u"succeeded"_s) {
        store.closeSucceeded(op.id, ex.id, ex.status, actor, u"flow finished"_s);
    } else {
        store.recordProviderObject(op.id, ex.id, ex.status, actor);
        const QString code = failureCode(ex);
        store.closeFailed(op.id, code, actor, u"flow %1 failed: %2"_s.arg(ex.flow, code));
    }
    ToolResult r = rules.resultForRow(op.id);
    r.replayed = ex.replayed;
    return r;
}

// An operator resend's answer naming an execution that is still running.
ToolResult stillRunning(OperationStore &store, Settlement &rules, const Operation &op,
                        const SlenExecution &ex, const QByteArray &body, const QString &actor)
{
    // The provider's answer is kept as evidence: the store only records a provider object on an
    // open row, and the execution id must not be lost for the look-up that follows.
    store.addEvidence(providerObject(
        op.id, u"Execution %1 (%2) as returned to an operator resend"_s.arg(ex.id, ex.status), body,
        actor));
    store.recordProviderObject(op.id, ex.id, ex.status, actor);
    ToolResult result = rules.resultForRow(op.id);
    result.executionId = ex.id;
    result.providerStatus = ex.status;
    result.replayed = ex.replayed;
    result.errorMessage =
        u"execution %1 is %2: still running; look up later"_s.arg(ex.id, ex.status);
    return result;
}

} // namespace

template<>
ToolResult ProviderPolicy<SlenClient, kExecution>::succeed(Settlement &rules, const Operation &op,
                                                           const SentAttempt &sent,
                                                           const QString &actor)
{
    const auto execution = ourExecution(op, sent.reply);
    if (!execution)
        return rules.checking(op, u"provider returned an execution that is not this operation's"_s,
                              actor);
    return applyExecution(m_store, rules, op, *execution, sent.reply.http.body, actor);
}

template<> ToolResult ProviderPolicy<SlenClient, kExecution>::rowResult(const Operation &row)
{
    ToolResult r;
    switch (row.state) {
    case OperationState::Succeeded:
        r = ToolResult::succeeded(row.id, kExecution);
        if (const auto last = lastExecutionEvidence(m_store, row.id)) {
            r.output = last->result;
            r.cost = last->costActual;
        }
        break;
    case OperationState::Failed:
        r = ToolResult::failed(row.id, row.failureCode).about(kExecution);
        break;
    case OperationState::Unknown:
        return ToolResult::checking(row.id).about(kExecution);
    case OperationState::Open:
    case OperationState::AwaitingApproval: // only refunds are held
        r = row.providerRef.isEmpty() || !isKnownExecutionStatus(row.providerStatus)
                ? ToolResult::unconfirmed(row.id).about(kExecution)
                : ToolResult::pending(row.id, row.providerStatus);
        break;
    }
    r.executionId = row.providerRef;
    if (r.status == ToolResult::Status::Succeeded || r.status == ToolResult::Status::Failed)
        r.providerStatus = row.providerStatus;
    return r;
}

template<>
ResendVerdict ProviderPolicy<SlenClient, kExecution>::readResendAnswer(Settlement &rules,
                                                                       const Operation &op,
                                                                       const SentAttempt &sent,
                                                                       const QString &actor)
{
    const auto ex = ourExecution(op, sent.reply);
    if (!ex)
        return LeaveAsIs{u"the execution is not this operation's; a person decides"_s};
    if (!ex->finished())
        return stillRunning(m_store, rules, op, *ex, sent.reply.http.body, actor);
    ResendClose close;
    close.evidenceTitle =
        u"Execution %1 (%2) as returned to an operator resend"_s.arg(ex->id, ex->status);
    close.replayed = ex->replayed;
    if (ex->status == u"succeeded"_s) {
        close.outcome = OperationState::Succeeded;
        close.providerRef = ex->id;
        close.answer = u"execution "_s + ex->id;
    } else {
        close.outcome = OperationState::Failed;
        close.answer = u"execution %1 failed (%2)"_s.arg(ex->id, failureCode(*ex));
    }
    return close;
}

void ExecutionPolicy::noteRefusal(const Operation &op, const ProviderReply &reply,
                                  const QString &actor)
{
    if (!reply.refusedObjectId.isEmpty())
        m_store.recordProviderObject(op.id, reply.refusedObjectId, u"failed"_s, actor);
}

ToolResult ExecutionPolicy::apply(Settlement &rules, const Operation &op, const SlenExecution &ex,
                                  const QByteArray &body, const QString &actor)
{
    return applyExecution(m_store, rules, op, ex, body, actor);
}

} // namespace ops
