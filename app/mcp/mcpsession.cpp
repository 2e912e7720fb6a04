#include "mcp/mcpsession.h"

#include "mcp/toolcatalog.h"

using namespace Qt::StringLiterals;

namespace ops::mcp {

namespace {

using json = nlohmann::ordered_json;

constexpr const char *kServerName = "opsctl";
constexpr const char *kServerVersion = "1.0.0";

McpSession::Reply single(json message)
{
    McpSession::Reply r;
    r.messages.push_back(std::move(message));
    return r;
}

McpSession::Reply fail(const json &id, int code, const std::string &message)
{
    return single(errorMessage(id, code, message));
}

// Letters, digits and _ . - survive; anything else becomes _. Keeps the actor one token that
// the audit trail and its filters can match.
QString actorPart(const QString &raw, const QString &fallback)
{
    QString out;
    for (const QChar c : raw.left(64)) {
        const bool plain = (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') ||
                           (c >= u'0' && c <= u'9') || c == u'_' || c == u'.' || c == u'-';
        out += plain ? c : u'_';
    }
    return out.isEmpty() ? fallback : out;
}

QString idText(const json &id)
{
    return QString::fromStdString(id.is_string() ? id.get<std::string>() : id.dump());
}

bool looksLikeVersion(const std::string &v)
{
    // YYYY-MM-DD: anything else is not a protocol version at all.
    if (v.size() != 10 || v[4] != '-' || v[7] != '-')
        return false;
    for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
        if (v[i] < '0' || v[i] > '9')
            return false;
    }
    return true;
}

} // namespace

const std::vector<std::string> &supportedProtocolVersions()
{
    static const std::vector<std::string> versions = {"2025-03-26", "2025-06-18", "2025-11-25"};
    return versions;
}

bool isSupportedProtocolVersion(const std::string &version)
{
    const auto &v = supportedProtocolVersions();
    return std::find(v.begin(), v.end(), version) != v.end();
}

McpSession::Reply McpSession::handle(std::string_view bytes)
{
    return handle(parseMessage(bytes));
}

McpSession::Reply McpSession::handle(const ParsedMessage &parsed)
{
    if (const auto *error = std::get_if<RpcError>(&parsed))
        return single(errorMessage(*error));
    const auto &m = std::get<RpcMessage>(parsed);
    switch (m.kind) {
    case RpcMessage::Kind::Response:
        return {}; // we send no requests; a stray response needs no answer
    case RpcMessage::Kind::Notification:
        notification(m);
        return {};
    case RpcMessage::Kind::Request:
        break;
    }
    return request(m);
}

McpSession::Reply McpSession::request(const RpcMessage &m)
{
    if (m.method.rfind("notifications/", 0) == 0)
        return fail(m.id, rpc::kInvalidRequest, "a notification must not carry an id");
    if (m.method == "ping")
        return single(resultMessage(m.id, json::object()));
    if (m.method == "initialize")
        return initialize(m);
    if (m.method != "tools/list" && m.method != "tools/call")
        return fail(m.id, rpc::kMethodNotFound, "method not found: " + m.method);
    if (!initialized())
        return fail(m.id, rpc::kInvalidRequest, "send initialize first");
    if (m.method == "tools/list")
        return single(resultMessage(m.id, {{"tools", toolDefinitions()}}));
    return toolsCall(m);
}

void McpSession::notification(const RpcMessage &m)
{
    if (m.method != "notifications/cancelled" || !m.params.is_object())
        return; // initialized, progress, roots/list_changed, …: nothing to do
    const auto requestId = m.params.find("requestId");
    if (requestId == m.params.end())
        return;
    const std::string key = requestId->dump();
    if (m_inFlight.count(key))
        m_cancelled.insert(key);
}

McpSession::Reply McpSession::initialize(const RpcMessage &m)
{
    if (initialized())
        return fail(m.id, rpc::kInvalidRequest, "already initialized");
    const json params = m.params.is_object() ? m.params : json::object();
    const auto version = params.find("protocolVersion");
    if (version == params.end() || !version->is_string() ||
        !looksLikeVersion(version->get<std::string>()))
        return fail(m.id, rpc::kInvalidParams,
                    "initialize needs protocolVersion, a date such as 2025-06-18");
    const std::string asked = version->get<std::string>();
    m_version = isSupportedProtocolVersion(asked) ? asked : supportedProtocolVersions().back();
    const json info = params.value("clientInfo", json::object());
    if (info.is_object() && info.contains("name") && info["name"].is_string())
        m_clientName = QString::fromStdString(info["name"].get<std::string>());
    json result = {{"protocolVersion", m_version},
                   {"capabilities", {{"tools", {{"listChanged", false}}}}},
                   {"serverInfo", {{"name", kServerName}, {"version", kServerVersion}}},
                   {"instructions",
                    "Refund and credit tools that never pay twice. Repeat a call with the same "
                    "arguments when unsure; read the status and follow each tool's advice."}};
    return single(resultMessage(m.id, std::move(result)));
}

McpSession::Reply McpSession::toolsCall(const RpcMessage &m)
{
    const json &params = m.params;
    if (!params.is_object() || !params.contains("name") || !params["name"].is_string())
        return fail(m.id, rpc::kInvalidParams, "tools/call needs a tool name");
    const std::string name = params["name"].get<std::string>();
    const json *tool = findTool(name);
    if (!tool)
        return fail(m.id, rpc::kInvalidParams, "unknown tool: " + name);
    const json arguments = params.value("arguments", json::object());
    if (!arguments.is_object() && !arguments.is_null())
        return fail(m.id, rpc::kInvalidParams, "arguments must be an object");
    if (auto problem = argumentProblem(*tool, arguments))
        return fail(m.id, rpc::kInvalidParams, "invalid arguments for " + name + ": " + *problem);
    const std::string key = m.id.dump();
    if (m_inFlight.count(key))
        return fail(m.id, rpc::kInvalidRequest, "a request with this id is still running");

    ToolCall call;
    call.id = m.id;
    call.tool = name;
    call.arguments = arguments.is_null() ? json::object() : arguments;
    const json meta = params.value("_meta", json::object());
    if (meta.is_object() && meta.contains("progressToken") &&
        (meta["progressToken"].is_string() || meta["progressToken"].is_number_integer()))
        call.progressToken = meta["progressToken"];
    call.actor = u"agent:"_s + m_agent + u':' + actorPart(m_clientName, u"unknown"_s) + u':' +
                 actorPart(idText(m.id), u"0"_s);
    m_inFlight.insert(key);
    Reply r;
    r.call = std::move(call);
    return r;
}

bool McpSession::complete(const nlohmann::ordered_json &id)
{
    const std::string key = id.dump();
    m_inFlight.erase(key);
    return m_cancelled.erase(key) == 0;
}

bool McpSession::isInFlight(const nlohmann::ordered_json &id) const
{
    return m_inFlight.count(id.dump()) > 0;
}

nlohmann::ordered_json McpSession::toolCallResult(const nlohmann::ordered_json &toolResult)
{
    return {{"content", json::array({{{"type", "text"}, {"text", serialize(toolResult)}}})},
            {"structuredContent", toolResult},
            {"isError", toolResult.value("status", "") == "rejected"}};
}

nlohmann::ordered_json McpSession::progress(const ToolCall &call, int done,
                                            const std::string &message)
{
    return notificationMessage("notifications/progress", {{"progressToken", call.progressToken},
                                                          {"progress", done},
                                                          {"total", 1},
                                                          {"message", message}});
}

} // namespace ops::mcp
