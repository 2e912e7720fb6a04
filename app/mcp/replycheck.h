#pragma once

// check_reply (issue 51 item 9, docs/agents.md): an agent's draft to a customer, judged by the
// truth guard (rule 11) against the rows it is about, before the agent sends it anywhere. Pure:
// the rows come from the caller; nothing is read, written or sent here.

#include "domain/operation.h"

#include <nlohmann/json.hpp>
#include <vector>

namespace ops::mcp {

// The tool result for `draft` in `language` about `rows` (one operation, or an order's refunds,
// newest first; never empty). `refused` when any row refuses the draft, naming the first such
// row, the claim and the guard's reason; else `allowed`. Either way the judged row's state and
// the templates rule 11 allows for it now, rendered in `language`, that every row lets through
// (`may_say`; when none does, a `note` says to check each refund alone), and with several rows
// each one's verdict (`operations`).
nlohmann::ordered_json judgeReply(const std::vector<Operation> &rows, const QString &draft,
                                  const QString &language);

} // namespace ops::mcp
