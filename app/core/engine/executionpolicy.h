#pragma once

// What a Slen flow execution decides for itself under Settlement's rules: a success is an
// execution of this operation that may still be running (the row then stays open with the
// provider's sub-status), a refusal after creation records the failed execution, and a row
// reads as the execution tool's result with the output kept as evidence.
// Defined in executionpolicy.cpp.

#include "engine/settlement.h"

namespace ops {

class ExecutionPolicy final : public ProviderPolicy<SlenClient, ToolResult::Subject::Execution>
{
public:
    using ProviderPolicy::ProviderPolicy;

    // Before creation (flow_not_found, validation) Slen keeps the key free; after it
    // (invalid_flow_input) the execution exists and failed: it is recorded on the row. Either
    // way the row is final and keeps the work name.
    void noteRefusal(const Operation &op, const ProviderReply &reply,
                     const QString &actor) override;

    // An execution of this open row as the provider reports it (an answer or a look-up): a
    // finished one closes the row with it as evidence, an unfinished one records its status.
    ToolResult apply(Settlement &rules, const Operation &op, const SlenExecution &execution,
                     const QByteArray &body, const QString &actor);
};

} // namespace ops
