#pragma once

// Tolerant field readers for provider JSON. None of them throws: a missing field or a field of
// another type reads as empty / nullopt / false, and the parsers decide what that means.

#include <QByteArray>
#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace ops::jsonfields {

// The body as a JSON object, or nullopt for anything else (array, scalar, malformed).
inline std::optional<nlohmann::json> parseObject(const QByteArray &body)
{
    nlohmann::json j = nlohmann::json::parse(body.constBegin(), body.constEnd(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return std::nullopt;
    return j;
}

inline QString text(const nlohmann::json &j, const char *key)
{
    const auto it = j.find(key);
    if (it == j.end() || !it->is_string())
        return {};
    return QString::fromStdString(it->get<std::string>());
}

inline std::optional<qint64> integer(const nlohmann::json &j, const char *key)
{
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer())
        return std::nullopt;
    return it->get<qint64>();
}

// An id as vendors write it: a string, or an integer written as its digits.
inline QString idText(const nlohmann::json &j, const char *key)
{
    const auto it = j.find(key);
    if (it != j.end() && it->is_number_integer())
        return QString::number(it->get<qint64>());
    return text(j, key);
}

inline bool flag(const nlohmann::json &j, const char *key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_boolean() && it->get<bool>();
}

} // namespace ops::jsonfields
