#pragma once

// Runs one checked tools/call against the same engines `opsctl refund|credit|execute` uses:
// same rules, same database, same audit. run() blocks and is meant for a worker thread: each
// worker thread keeps one database connection and one HTTP transport per provider between the
// calls it runs (toolrunner.cpp, WorkerCache); every call makes its own engine.

#include "engine/creditengine.h"
#include "engine/refunddispatch.h"
#include "mcp/mcpsession.h"

#include <optional>

namespace ops::mcp {

// What the tools need, read once at start-up (engineenv.h). A provider that is not configured
// leaves its tools answering `rejected` with code not_configured (nothing stored, nothing sent).
struct RunnerConfig
{
    QString dbLocation;
    std::optional<EngineConfig> refundEngine;
    std::optional<StripeConfig> stripe;
    QString stripeProblem;
    std::optional<AdyenConfig> adyen; // refunds of Adyen payments (adyen_payment)
    QString adyenProblem;
    std::optional<SlenEngineConfig> slenEngine;
    std::optional<SlenConfig> slen;
    QString slenProblem;

    static RunnerConfig fromEnvironment(const QString &dbLocation);
};

struct RunOutcome
{
    nlohmann::ordered_json toolResult; // the §9 result; null when `failure` is set
    QString failure;                   // the database failed: an internal error, not a result
};

class ToolRunner
{
public:
    explicit ToolRunner(RunnerConfig config);
    RunOutcome run(const ToolCall &call) const;
    const RunnerConfig &config() const { return m_config; }

private:
    nlohmann::ordered_json runIn(Session &session, const ToolCall &call) const;
    nlohmann::ordered_json refund(Session &session, const ToolCall &call) const;
    nlohmann::ordered_json credit(Session &session, const ToolCall &call) const;
    nlohmann::ordered_json execute(Session &session, const ToolCall &call) const;

    RunnerConfig m_config;
};

// check_reply: `draft` judged against the operation (any kind), or against the order's refunds
// but those a later refund replaced (one of the two is set; the catalog checks that); rejected
// when there is no such row. Writes nothing.
nlohmann::ordered_json checkReply(OperationStore &store, const QString &operationId,
                                  const QString &order, const QString &draft,
                                  const QString &language);
// operation_status: the row as the tool that made it would report it now; sends nothing.
ToolResult statusOf(OperationStore &store, const QString &operationId);

} // namespace ops::mcp
