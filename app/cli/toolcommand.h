#pragma once

// What every agent-facing tool command (refund, credit, execute) shares: one JSON result line
// on stdout, a rejected result for bad input, and who the actor is.

#include "cli/commandcontext.h"
#include "domain/result.h"
#include "engine/toolresult.h"

namespace ops::cli {

void printResult(QTextStream &out, const ToolResult &result);

// Refuses with a rejected result on stdout (the agent reads it) and the reason on stderr;
// returns ExitCode::Usage.
int rejectInput(CommandContext &ctx, const QString &message);

// "agent:<tool call>" with --tool-call, else "operator:<name>", else "agent:opsctl".
Result<QString> actorFor(const CommandContext &ctx, const QString &toolCall);

} // namespace ops::cli
