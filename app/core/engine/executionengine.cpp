#include "executionengine.h"

#include "attemptsupport.h"
#include "enginelogging.h"
#include "database.h"
#include "refundengine.h" // newOperationId
#include "workname.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops {

namespace {

constexpr auto kExecution = ToolResult::Subject::Execution;

// What the caller asked for, read back from a stored body: operation_id is ours, not theirs.
std::optional<ExecutionInput> storedInput(const Operation &op)
{
    const json body =
        json::parse(op.request.body.constBegin(), op.request.body.constEnd(), nullptr, false);
    if (!body.is_object())
        return std::nullopt;
    ExecutionInput in;
    in.flow = QString::fromStdString(body.value("flow", std::string()));
    in.input = body.value("input", json::object());
    in.context = body.value("context", json());
    if (in.context.is_object())
        in.context.erase("operation_id");
    if (in.context.is_object() && in.context.empty())
        in.context = nullptr;
    in.mode = QString::fromStdString(body.value("execution_mode", std::string()));
    in.workName = op.idempotencyKey;
    return in;
}

bool sameExecution(const Operation &op, const ExecutionInput &asked)
{
    const auto stored = storedInput(op);
    const json askedContext =
        asked.context.is_object() && asked.context.empty() ? json() : asked.context;
    return stored && stored->flow == asked.flow && stored->input == asked.input &&
           stored->context == askedContext && stored->mode == asked.mode;
}

std::optional<SlenExecution> lastExecutionEvidence(OperationStore &store, const QString &opId)
{
    const auto items = store.evidence(opId);
    for (auto it = items.rbegin(); it != items.rend(); ++it) {
        if (it->kind == u"provider_object"_s)
            return parseSlenExecution(it->body);
    }
    return std::nullopt;
}

} // namespace

ExecutionEngine::ExecutionEngine(OperationStore &store, SlenClient &client, SlenEngineConfig config,
                                 Sleeper sleeper)
    : m_store(store)
    , m_client(client)
    , m_config(std::move(config))
    , m_sleeper(std::move(sleeper))
    , m_backoff(m_config.backoffBase, m_config.backoffCap, slen::jitterSeed(m_config.jitterSeed))
{}

std::optional<ToolResult> ExecutionEngine::validate(const ExecutionInput &in)
{
    const auto bad = [](const QString &message) {
        return ToolResult::rejected(u"invalid_request"_s, message);
    };
    if (auto problem = workNameProblem(in.workName))
        return bad(*problem);
    static const QRegularExpression flow(u"^[A-Za-z0-9_.:-]{1,128}$"_s);
    if (!flow.match(in.flow).hasMatch())
        return bad(u"flow must be 1-128 letters, digits or _ . : -"_s);
    if (!in.input.is_object())
        return bad(u"input must be a JSON object"_s);
    if (!in.context.is_null() && !in.context.is_object())
        return bad(u"context must be a JSON object"_s);
    if (in.context.is_object() && in.context.contains("operation_id"))
        return bad(u"context.operation_id is reserved: the operation id goes there"_s);
    if (in.mode != u"sync"_s && in.mode != u"async"_s)
        return bad(u"mode must be sync or async"_s);
    if (qsizetype(in.input.dump().size()) > kMaxInputBytes)
        return bad(u"input is larger than %1 bytes"_s.arg(kMaxInputBytes));
    if (!in.context.is_null() && qsizetype(in.context.dump().size()) > kMaxContextBytes)
        return bad(u"context is larger than %1 bytes"_s.arg(kMaxContextBytes));
    return std::nullopt;
}

QByteArray ExecutionEngine::requestBody(const ExecutionInput &in, const QString &operationId)
{
    json context = in.context.is_object() ? in.context : json::object();
    context["operation_id"] = operationId.toStdString();
    nlohmann::ordered_json body = {{"flow", in.flow.toStdString()},
                                   {"input", in.input},
                                   {"context", context},
                                   {"execution_mode", in.mode.toStdString()}};
    return QByteArray::fromStdString(body.dump());
}

ToolResult ExecutionEngine::execute(const ExecutionInput &in, const QString &actor)
{
    if (auto invalid = validate(in))
        return *invalid;
    const QString project = m_client.config().project;
    // Executions keep their key forever (rule 2), failed ones included.
    if (auto known =
            m_store.findByKey(OperationKind::Execution, Provider::Slen, project, in.workName)) {
        if (!sameExecution(*known, in))
            return ToolResult::rejected(
                u"work_name_in_use"_s,
                u"work name '%1' already names execution operation %2 with another request; "
                "nothing was sent. Use a new work name."_s.arg(in.workName, known->id));
        return advance(*known, actor);
    }
    NewOperation op;
    op.id = newOperationId();
    op.kind = OperationKind::Execution;
    op.provider = Provider::Slen;
    op.project = project;
    op.unitOfWork = in.workName;
    op.amount = {0, QString()};
    op.idempotencyKey = in.workName;
    op.request = {"POST", u"/v1/operations/execute"_s, requestBody(in, op.id), "application/json"};
    op.attemptCap = m_config.attemptsPerOperation;
    op.windowSeconds = m_config.executionWindowSeconds;
    op.marginSeconds = m_config.marginSeconds;
    op.createdBy = actor;
    const OpenResult opened = m_store.openOrGet(op);
    if (!opened.created && !sameExecution(opened.operation, in))
        return ToolResult::rejected(u"work_name_in_use"_s,
                                    u"work name '%1' was just taken by %2; nothing was sent"_s.arg(
                                        in.workName, opened.operation.id));
    return advance(opened.operation, actor);
}

ToolResult ExecutionEngine::advance(const Operation &op, const QString &actor)
{
    if (op.state != OperationState::Open)
        return resultForRow(op.id);
    // Known execution: a read moves it on without spending an attempt of the stored request.
    if (!op.providerRef.isEmpty()) {
        if (auto moved = poll(op, actor))
            return *moved;
    }
    return drive(op, actor);
}

std::optional<ToolResult> ExecutionEngine::poll(const Operation &op, const QString &actor)
{
    const SlenReply reply = m_client.getExecution(op.providerRef);
    const auto execution = reply.ok() ? parseSlenExecution(reply.http.body) : std::nullopt;
    if (!execution || execution->id != op.providerRef)
        return std::nullopt; // fall back to replaying the stored request
    return apply(op, *execution, reply.http.body, actor);
}

ToolResult ExecutionEngine::resultForRow(const QString &operationId)
{
    const auto op = m_store.operation(operationId);
    if (!op)
        throw StoreError(u"operation %1 disappeared"_s.arg(operationId));
    ToolResult r;
    switch (op->state) {
    case OperationState::Succeeded:
        r = ToolResult::succeeded(op->id, kExecution);
        if (const auto last = lastExecutionEvidence(m_store, op->id)) {
            r.output = last->result;
            r.cost = last->costActual;
        }
        break;
    case OperationState::Failed:
        r = ToolResult::failed(op->id, op->failureCode).about(kExecution);
        break;
    case OperationState::Unknown:
        return ToolResult::checking(op->id).about(kExecution);
    case OperationState::Open:
        r = op->providerRef.isEmpty() || !isKnownExecutionStatus(op->providerStatus)
                ? ToolResult::unconfirmed(op->id).about(kExecution)
                : ToolResult::pending(op->id, op->providerStatus);
        break;
    }
    r.executionId = op->providerRef;
    if (r.status == ToolResult::Status::Succeeded || r.status == ToolResult::Status::Failed)
        r.providerStatus = op->providerStatus;
    return r;
}

ToolResult ExecutionEngine::checking(const Operation &op, const QString &reason,
                                     const QString &actor)
{
    m_store.markUnknown(op.id, reason, actor);
    qCInfo(lcEngine) << op.id << "unknown:" << reason;
    return resultForRow(op.id);
}

ToolResult ExecutionEngine::drive(const Operation &start, const QString &actor)
{
    const auto done = runAttempts(m_store, m_backoff, m_sleeper, m_config.attemptsPerCall, start.id,
                                  actor, [&](const AttemptTicket &ticket) {
                                      const auto [reply, outcome] =
                                          slen::sendAttempt(m_store, m_client, ticket);
                                      return settle(ticket.operation, reply, outcome, actor);
                                  });
    return done ? *done : resultForRow(start.id);
}

std::optional<ToolResult> ExecutionEngine::settle(const Operation &op, const SlenReply &reply,
                                                  Outcome outcome, const QString &actor)
{
    switch (outcome) {
    case Outcome::Succeeded: {
        const auto execution = parseSlenExecution(reply.http.body);
        if (!execution || (!execution->operationId.isEmpty() && execution->operationId != op.id))
            return checking(op, u"provider returned an execution that is not this operation's"_s,
                            actor);
        return apply(op, *execution, reply.http.body, actor);
    }
    case Outcome::Refused: {
        // Before creation (flow_not_found, validation) Slen keeps the key free; after it
        // (invalid_flow_input) the execution exists and failed. Either way this row is final
        // and keeps the work name.
        if (reply.error && !reply.error->executionId.isEmpty())
            m_store.recordProviderObject(op.id, reply.error->executionId, u"failed"_s, actor);
        m_store.closeFailed(op.id, slen::refusalCode(reply), actor,
                            u"provider refused: "_s + slen::describe(reply));
        return resultForRow(op.id);
    }
    case Outcome::Undefined:
        return checking(
            op, u"provider answered %1; the outcome is undefined"_s.arg(slen::describe(reply)),
            actor);
    case Outcome::KeyMismatch:
        return checking(op, u"provider holds a different request under this key"_s, actor);
    case Outcome::Credentials:
        return slen::credentialsProblem(op, reply.http.status, kExecution);
    case Outcome::InProgress:
    case Outcome::NoAnswer:
    case Outcome::InFlight:
        if (op.attempts >= op.attemptCap)
            return checking(op, u"attempt cap reached without an answer"_s, actor);
        return std::nullopt;
    }
    return std::nullopt;
}

ToolResult ExecutionEngine::apply(const Operation &op, const SlenExecution &ex,
                                  const QByteArray &body, const QString &actor)
{
    if (!ex.finished()) {
        m_store.recordProviderObject(op.id, ex.id, ex.status, actor);
        ToolResult r = resultForRow(op.id);
        r.replayed = ex.replayed;
        return r;
    }
    m_store.addEvidence(slen::providerObject(
        op, u"Execution %1 (%2) as returned by the provider"_s.arg(ex.id, ex.status), body, actor));
    if (ex.status == u"succeeded"_s) {
        m_store.closeSucceeded(op.id, ex.id, ex.status, actor, u"flow finished"_s);
    } else {
        m_store.recordProviderObject(op.id, ex.id, ex.status, actor);
        const QString code = ex.errorCode.isEmpty() ? u"execution_failed"_s : ex.errorCode;
        m_store.closeFailed(op.id, code, actor, u"flow %1 failed: %2"_s.arg(ex.flow, code));
    }
    ToolResult r = resultForRow(op.id);
    r.replayed = ex.replayed;
    return r;
}

} // namespace ops
