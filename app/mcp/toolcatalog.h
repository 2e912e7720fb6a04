#pragma once

// The tools the MCP server offers (docs/design.md §11): names, descriptions written for a model,
// input schemas (JSON Schema 2020-12, no additional properties, bounded integers and strings),
// output schemas and annotations. The input schemas are also what tools/call checks arguments
// against (schemacheck.h), so the two never disagree. Qt Core and nlohmann/json only.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace ops::mcp {

// The `tools` array of a tools/list result, in a stable order.
const nlohmann::ordered_json &toolDefinitions();
// One tool's definition, or nullptr when no tool has that name.
const nlohmann::ordered_json *findTool(const std::string &name);
// nullopt when `arguments` (an object, or null for none) satisfy the tool's inputSchema.
std::optional<std::string> argumentProblem(const nlohmann::ordered_json &tool,
                                           const nlohmann::ordered_json &arguments);

} // namespace ops::mcp
