#pragma once

// What opsctl's batch commands share across their files (batchcommands.cpp runs and checks,
// batchapprovalcommands.cpp holds the batch's four-eyes).

#include "batch/batchplan.h"
#include "cli/commandcontext.h"

#include <optional>

namespace ops::cli {

// nullopt when the run may go on: no currency's total is above its batch threshold, or another
// supervisor approved this file. Otherwise asks for the approval (once), says so, and returns the
// exit code (ExitCode::NeedsApproval); nothing is sent.
std::optional<int> batchApprovalGate(CommandContext &ctx, Session &session,
                                     const PreparedBatch &batch, bool json);
// opsctl batch approve|reject NAME, batch approvals.
int batchApprovalCommand(CommandContext &ctx, const QString &verb, const CliArgs &opts);

} // namespace ops::cli
