#pragma once

// JSON-RPC 2.0 framing for the MCP server: one message in, one classified message or one error
// out. Needs nothing but Qt Core and nlohmann/json (the fuzz target compiles it standalone).
// Batches are refused: MCP 2025-06-18 removed them and we never accepted them.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>

namespace ops::mcp {

// Messages over this size are refused before they are parsed (stdio lines, HTTP bodies).
inline constexpr std::size_t kMaxMessageBytes = 1024 * 1024;

namespace rpc {
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
} // namespace rpc

struct RpcMessage
{
    enum class Kind
    {
        Request,      // method and id: answered exactly once (or never, when cancelled)
        Notification, // method, no id: never answered
        Response      // result or error with an id: we send no requests, so these are ignored
    };
    Kind kind = Kind::Request;
    nlohmann::ordered_json id;     // string or integer for requests and responses; null otherwise
    std::string method;            // requests and notifications
    nlohmann::ordered_json params; // object, or null when absent
};

struct RpcError
{
    int code = rpc::kInvalidRequest;
    std::string message;
    nlohmann::ordered_json id; // the offending request's id when it could be read, else null
};

using ParsedMessage = std::variant<RpcMessage, RpcError>;

// Classifies one message's bytes: over kMaxMessageBytes, not UTF-8 or not JSON → parse error
// (-32700); a batch, a non-object, a wrong "jsonrpc", a bad id or method, params that are not
// an object → invalid request (-32600).
ParsedMessage parseMessage(std::string_view bytes);

// True when every byte sequence in `bytes` is well-formed UTF-8 (no overlongs, no surrogates).
bool isValidUtf8(std::string_view bytes);

nlohmann::ordered_json resultMessage(const nlohmann::ordered_json &id,
                                     nlohmann::ordered_json result);
nlohmann::ordered_json errorMessage(const nlohmann::ordered_json &id, int code,
                                    const std::string &message);
nlohmann::ordered_json errorMessage(const RpcError &error);
nlohmann::ordered_json notificationMessage(const std::string &method,
                                           nlohmann::ordered_json params);

// The wire form: compact, one line (no raw newline can appear in compact JSON).
std::string serialize(const nlohmann::ordered_json &message);

} // namespace ops::mcp
