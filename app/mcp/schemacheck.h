#pragma once

// Checks a value against the subset of JSON Schema 2020-12 our tool input schemas use, so the
// schema a client reads and the check the server makes are one and the same: type (object,
// string, integer), properties, required, additionalProperties:false, minLength/maxLength (in
// code points), pattern, minimum/maximum, enum, and not/const. Integers are JSON integers:
// 5.0 is refused, a client that sends it is sending a float amount.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace ops::mcp {

// nullopt when `value` satisfies `schema`; else a sentence naming the first problem, with the
// property path ("amount must be at least 1").
std::optional<std::string> schemaProblem(const nlohmann::ordered_json &schema,
                                         const nlohmann::ordered_json &value,
                                         const std::string &path = {});

} // namespace ops::mcp
