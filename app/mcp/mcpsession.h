#pragma once

// One MCP session's protocol state (docs/design.md §11), independent of the transport and of the
// engines: the initialize handshake and version choice, ping, tools/list, the checks of a
// tools/call before it may run, and which calls are in flight or cancelled. A transport feeds
// it messages and sends what it answers; a tools/call that passes comes back as a ToolCall for
// the transport to run and finish with complete(). Qt Core and nlohmann/json only.

#include "mcp/jsonrpc.h"

#include <QString>
#include <optional>
#include <set>
#include <vector>

namespace ops::mcp {

// Newest last. The client's version is answered when listed, else the newest.
const std::vector<std::string> &supportedProtocolVersions();
bool isSupportedProtocolVersion(const std::string &version);

struct ToolCall
{
    nlohmann::ordered_json id;            // the request id, echoed in the answer
    std::string tool;                     // a name from the catalogue
    nlohmann::ordered_json arguments;     // already checked against the tool's inputSchema
    nlohmann::ordered_json progressToken; // null when the client asked for no progress
    QString actor;                        // agent:<agent>:<client name>:<request id>
};

class McpSession
{
public:
    struct Reply
    {
        std::vector<nlohmann::ordered_json> messages; // to send now, in order
        std::optional<ToolCall> call; // to run; its answer goes out through complete()
    };

    Reply handle(std::string_view bytes);
    Reply handle(const ParsedMessage &parsed);

    // The call with this id has finished: true when its answer should be sent, false when it
    // was cancelled (the client no longer waits; nothing is sent).
    bool complete(const nlohmann::ordered_json &id);
    bool isInFlight(const nlohmann::ordered_json &id) const;
    std::size_t inFlight() const { return m_inFlight.size(); }
    bool initialized() const { return !m_version.empty(); }
    const std::string &protocolVersion() const { return m_version; }
    const QString &clientName() const { return m_clientName; }
    // The agent the session acts for: the name its bearer token maps to (HTTP), the login of an
    // agent in team mode, else "mcp". It is the second part of every call's actor.
    void setAgent(const QString &agent) { m_agent = agent; }
    const QString &agent() const { return m_agent; }

    // The tools/call result for an engine's tool result JSON: structuredContent is that JSON
    // exactly, the first content block the same JSON as text, isError only for "rejected".
    static nlohmann::ordered_json toolCallResult(const nlohmann::ordered_json &toolResult);
    // A progress notification for a call that carries a token.
    static nlohmann::ordered_json progress(const ToolCall &call, int done,
                                           const std::string &message);

private:
    Reply request(const RpcMessage &m);
    void notification(const RpcMessage &m);
    Reply initialize(const RpcMessage &m);
    Reply toolsCall(const RpcMessage &m);

    std::string m_version; // empty until initialize succeeded
    QString m_clientName;
    QString m_agent = QStringLiteral("mcp");
    std::set<std::string> m_inFlight;  // serialised ids
    std::set<std::string> m_cancelled; // in flight, and the client gave up on them
};

} // namespace ops::mcp
