#include "mcp/schemacheck.h"

#include <QRegularExpression>
#include <QString>

namespace ops::mcp {

namespace {

std::string where(const std::string &path)
{
    return path.empty() ? std::string("arguments") : path;
}

std::size_t codePoints(const std::string &utf8)
{
    std::size_t n = 0;
    for (const char c : utf8)
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

bool hasType(const nlohmann::ordered_json &value, const std::string &type)
{
    if (type == "object")
        return value.is_object();
    if (type == "string")
        return value.is_string();
    if (type == "integer")
        return value.is_number_integer();
    if (type == "boolean")
        return value.is_boolean();
    return false;
}

std::optional<std::string> stringProblem(const nlohmann::ordered_json &schema,
                                         const std::string &text, const std::string &path)
{
    const std::size_t length = codePoints(text);
    if (schema.contains("minLength") && length < schema["minLength"].get<std::size_t>())
        return where(path) + " must have at least " + schema["minLength"].dump() + " characters";
    if (schema.contains("maxLength") && length > schema["maxLength"].get<std::size_t>())
        return where(path) + " must have at most " + schema["maxLength"].dump() + " characters";
    if (schema.contains("pattern")) {
        const QRegularExpression re(QString::fromStdString(schema["pattern"].get<std::string>()));
        if (!re.match(QString::fromStdString(text)).hasMatch())
            return where(path) + " must match " + schema["pattern"].get<std::string>();
    }
    return std::nullopt;
}

std::optional<std::string> integerProblem(const nlohmann::ordered_json &schema,
                                          const nlohmann::ordered_json &v, const std::string &path)
{
    // Compared as signed 64-bit; an unsigned value past that is above any maximum we declare.
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t(INT64_MAX))
        return where(path) + " is too large";
    const std::int64_t n = v.get<std::int64_t>();
    if (schema.contains("minimum") && n < schema["minimum"].get<std::int64_t>())
        return where(path) + " must be at least " + schema["minimum"].dump();
    if (schema.contains("maximum") && n > schema["maximum"].get<std::int64_t>())
        return where(path) + " must be at most " + schema["maximum"].dump();
    return std::nullopt;
}

std::optional<std::string> objectProblem(const nlohmann::ordered_json &schema,
                                         const nlohmann::ordered_json &v, const std::string &path)
{
    const std::string prefix = path.empty() ? std::string() : path + ".";
    const nlohmann::ordered_json properties =
        schema.value("properties", nlohmann::ordered_json::object());
    for (const auto &required : schema.value("required", nlohmann::ordered_json::array())) {
        if (!v.contains(required.get<std::string>()))
            return prefix + required.get<std::string>() + " is required";
    }
    for (const auto &[name, value] : v.items()) {
        const auto property = properties.find(name);
        if (property == properties.end()) {
            if (schema.value("additionalProperties", true) == false)
                return "unknown argument " + prefix + name;
            continue;
        }
        if (auto problem = schemaProblem(*property, value, prefix + name))
            return problem;
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> schemaProblem(const nlohmann::ordered_json &schema,
                                         const nlohmann::ordered_json &value,
                                         const std::string &path)
{
    if (schema.contains("type")) {
        const std::string type = schema["type"].get<std::string>();
        if (!hasType(value, type))
            return where(path) + " must be " + (type == "integer" ? "an " : "a ") + type;
    }
    if (schema.contains("enum")) {
        const auto &options = schema["enum"];
        if (std::find(options.begin(), options.end(), value) == options.end())
            return where(path) + " must be one of " + options.dump();
    }
    if (schema.contains("not") && schema["not"].contains("const") &&
        schema["not"]["const"] == value)
        return where(path) + " must not be " + value.dump();
    if (value.is_string())
        return stringProblem(schema, value.get_ref<const std::string &>(), path);
    if (value.is_number_integer())
        return integerProblem(schema, value, path);
    if (value.is_object())
        return objectProblem(schema, value, path);
    return std::nullopt;
}

} // namespace ops::mcp
