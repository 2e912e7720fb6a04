#pragma once

// Slen flow executions under docs/design.md rules 1–10. An execution can outlive the call that
// started it: a 202 leaves the operation open with the provider's sub-status, and a later call with
// the same work name moves it on (GET /v1/executions/{id}, or a replay of the stored request).

#include "engine/enginebase.h"
#include "engine/executionpolicy.h"
#include "engine/slenengineconfig.h"

namespace ops {

struct ExecutionInput
{
    QString flow;
    nlohmann::json input = nlohmann::json::object();
    nlohmann::json context;                // null or an object; "operation_id" is ours (rule 10)
    QString mode = QStringLiteral("sync"); // sync or async
    QString workName;                      // the idempotency key
};

// resend(operationId, actor): the operator resend of an execution row (EngineBase): a 202 keeps
// an unknown row unknown with the execution kept as evidence ("still running").
class ExecutionEngine : public EngineBase<ExecutionPolicy, SlenClient, SlenEngineConfig>
{
public:
    // (store, client, config, sleeper = threadSleep)
    using EngineBase::EngineBase;

    ToolResult execute(const ExecutionInput &input, const QString &actor);

    static std::optional<ToolResult> validate(const ExecutionInput &input);
    // Bytes stored once and sent on every attempt: Slen compares execution bodies byte for byte.
    static QByteArray requestBody(const ExecutionInput &input, const QString &operationId);

    // Serialised --input/--context above these sizes are refused before anything is stored.
    static constexpr qsizetype kMaxInputBytes = 64 * 1024;
    static constexpr qsizetype kMaxContextBytes = 16 * 1024;

private:
    ToolResult advance(const Operation &op, const QString &actor);
    std::optional<ToolResult> poll(const Operation &op, const QString &actor);
};

} // namespace ops
