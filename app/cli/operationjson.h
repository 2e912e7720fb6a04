#pragma once

// JSON views of store values for `opsctl list/show --json` and evidence export, and the one
// way a command prints a JSON object (one line on stdout).

#include "domain/operation.h"

#include <QTextStream>
#include <nlohmann/json.hpp>
#include <vector>

namespace ops::cli {

nlohmann::ordered_json toJson(const Operation &op);
nlohmann::ordered_json toJson(const Attempt &a);
nlohmann::ordered_json toJson(const AuditEntry &e);
nlohmann::ordered_json toJson(const Evidence &e);
std::string isoUtc(const QDateTime &t);
// A QString as a JSON string value (UTF-8).
std::string str(const QString &s);
// null for an empty text or no time, else the value (ISO 8601 UTC for a time).
nlohmann::ordered_json optionalText(const QString &q);
nlohmann::ordered_json optionalTime(const std::optional<QDateTime> &t);
void printJson(QTextStream &out, const nlohmann::ordered_json &j);

} // namespace ops::cli
