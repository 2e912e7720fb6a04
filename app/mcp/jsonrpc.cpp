#include "mcp/jsonrpc.h"

namespace ops::mcp {

namespace {

bool isValidId(const nlohmann::ordered_json &id)
{
    // JSON-RPC allows null and fractions; MCP does not (string or integer only).
    return id.is_string() || id.is_number_integer();
}

RpcError invalid(std::string message, nlohmann::ordered_json id = nullptr)
{
    return RpcError{rpc::kInvalidRequest, std::move(message), std::move(id)};
}

// The continuation bytes after a lead byte, and the smallest code point it may encode.
bool utf8Sequence(unsigned char lead, int *continuation, char32_t *minimum)
{
    if (lead < 0x80) {
        *continuation = 0;
        *minimum = 0;
    } else if ((lead & 0xE0) == 0xC0) {
        *continuation = 1;
        *minimum = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
        *continuation = 2;
        *minimum = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
        *continuation = 3;
        *minimum = 0x10000;
    } else {
        return false;
    }
    return true;
}

} // namespace

bool isValidUtf8(std::string_view bytes)
{
    std::size_t i = 0;
    while (i < bytes.size()) {
        const auto lead = static_cast<unsigned char>(bytes[i]);
        int more = 0;
        char32_t minimum = 0;
        if (!utf8Sequence(lead, &more, &minimum) ||
            (more > 0 && i + std::size_t(more) >= bytes.size()))
            return false;
        char32_t cp = more == 0 ? lead : (lead & (0x3F >> more));
        for (int k = 1; k <= more; ++k) {
            const auto c = static_cast<unsigned char>(bytes[i + k]);
            if ((c & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (c & 0x3F);
        }
        if (cp < minimum || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += std::size_t(more) + 1;
    }
    return true;
}

ParsedMessage parseMessage(std::string_view bytes)
{
    if (bytes.size() > kMaxMessageBytes)
        return RpcError{rpc::kParseError, "message is larger than 1 MiB", nullptr};
    if (!isValidUtf8(bytes))
        return RpcError{rpc::kParseError, "message is not valid UTF-8", nullptr};
    auto j = nlohmann::ordered_json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (j.is_discarded())
        return RpcError{rpc::kParseError, "message is not valid JSON", nullptr};
    if (j.is_array())
        return invalid("batches are not supported; send one message at a time");
    if (!j.is_object())
        return invalid("a message must be a JSON object");
    const auto idIt = j.find("id");
    const bool hasId = idIt != j.end();
    nlohmann::ordered_json id = hasId && isValidId(*idIt) ? *idIt : nlohmann::ordered_json();
    const auto version = j.find("jsonrpc");
    if (version == j.end() || *version != "2.0")
        return invalid("\"jsonrpc\" must be \"2.0\"", id);
    if (hasId && !isValidId(*idIt))
        return invalid("\"id\" must be a string or an integer");

    RpcMessage m;
    const auto method = j.find("method");
    if (method == j.end()) {
        if (!hasId || (!j.contains("result") && !j.contains("error")))
            return invalid("a message needs \"method\", or \"id\" with \"result\" or \"error\"",
                           id);
        m.kind = RpcMessage::Kind::Response;
        m.id = id;
        return m;
    }
    if (!method->is_string() || method->get_ref<const std::string &>().empty())
        return invalid("\"method\" must be a non-empty string", id);
    m.method = method->get<std::string>();
    m.kind = hasId ? RpcMessage::Kind::Request : RpcMessage::Kind::Notification;
    m.id = id;
    const auto params = j.find("params");
    if (params != j.end() && !params->is_object() && !params->is_null())
        return invalid("\"params\" must be an object", id);
    if (params != j.end())
        m.params = *params;
    return m;
}

nlohmann::ordered_json resultMessage(const nlohmann::ordered_json &id,
                                     nlohmann::ordered_json result)
{
    return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

nlohmann::ordered_json errorMessage(const nlohmann::ordered_json &id, int code,
                                    const std::string &message)
{
    return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

nlohmann::ordered_json errorMessage(const RpcError &error)
{
    return errorMessage(error.id, error.code, error.message);
}

nlohmann::ordered_json notificationMessage(const std::string &method, nlohmann::ordered_json params)
{
    return {{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

std::string serialize(const nlohmann::ordered_json &message)
{
    // Replace, not throw: our own strings are UTF-8, and an echoed id was validated on input.
    return message.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

} // namespace ops::mcp
