#pragma once

// JSON views of store values for `opsctl list/show --json` and evidence export.

#include "domain/operation.h"

#include <nlohmann/json.hpp>
#include <vector>

namespace ops::cli {

nlohmann::ordered_json toJson(const Operation &op);
nlohmann::ordered_json toJson(const Attempt &a);
nlohmann::ordered_json toJson(const AuditEntry &e);
nlohmann::ordered_json toJson(const Evidence &e);
std::string isoUtc(const QDateTime &t);

} // namespace ops::cli
