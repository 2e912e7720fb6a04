#include "engine/executionengine.h"

#include "domain/agent.h"
#include "engine/attemptsupport.h"
#include "engine/refundengine.h" // newOperationId
#include "slen/workname.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops {

namespace {

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

} // namespace

std::optional<ToolResult> ExecutionEngine::validate(const ExecutionInput &in)
{
    const auto bad = [](const QString &message) {
        return ToolResult::rejected(u"invalid_request"_s, message);
    };
    if (const auto checked = checkWorkName(in.workName); !checked)
        return bad(checked.error());
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
    if (const auto may = actorMaySendMoney(m_session, actor); !may)
        return notPermitted(may.error()).about(ToolResult::Subject::Execution);
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
    op.agent = agentOfActor(actor); // its rate applies in the opening transaction
    // Rules 1 and 4 in one commit: the row, its key and the first counted attempt.
    const OpenResult opened = m_store.openOrGet(op, {}, actor);
    if (auto refused = openingRefusal(opened))
        return refused->about(ToolResult::Subject::Execution);
    if (opened.created)
        return m_rules.drive(opened, actor);
    if (!sameExecution(opened.operation, in))
        return ToolResult::rejected(u"work_name_in_use"_s,
                                    u"work name '%1' was just taken by %2; nothing was sent"_s.arg(
                                        in.workName, opened.operation.id));
    return advance(opened.operation, actor);
}

ToolResult ExecutionEngine::advance(const Operation &op, const QString &actor)
{
    if (op.state != OperationState::Open)
        return m_rules.resultForRow(op.id);
    // Known execution: a read moves it on without spending an attempt of the stored request.
    if (!op.providerRef.isEmpty()) {
        if (auto moved = poll(op, actor))
            return *moved;
    }
    return m_rules.drive(op, actor);
}

std::optional<ToolResult> ExecutionEngine::poll(const Operation &op, const QString &actor)
{
    const SlenReply reply = m_client.getExecution(op.providerRef);
    const auto execution = reply.ok() ? parseSlenExecution(reply.http.body) : std::nullopt;
    if (!execution || execution->id != op.providerRef)
        return std::nullopt; // fall back to replaying the stored request
    return m_policy.apply(m_rules, op, *execution, reply.http.body, actor);
}

} // namespace ops
