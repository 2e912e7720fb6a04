#pragma once

// The Streamable HTTP transport at /mcp (docs/design.md §11, §13). Every request must carry an
// agent's bearer token (never logged; a missing, malformed, unknown, revoked or rotated-out one
// is 401 and nothing runs), an Origin that is absent, loopback or explicitly allowed, and —
// while bound to loopback — a loopback Host (DNS rebinding). Bodies over 1 MiB are refused.
// initialize opens a session (Mcp-Session-Id) for the token's agent; other requests name it and
// must come from the same agent (else, like an unknown id, 404); MCP-Protocol-Version, when
// sent, must be one we speak. A tools/call is answered as JSON, or as an event stream when it
// asks for progress and accepts one.

#include "httpserve/httpwire.h"
#include "mcp/callpool.h"
#include "mcp/mcpsession.h"

#include <QHostAddress>
#include <QStringList>
#include <QTextStream>
#include <functional>
#include <map>
#include <memory>

namespace ops::mcp {

struct HttpOptions
{
    QHostAddress address = QHostAddress(QHostAddress::LocalHost);
    quint16 port = 0;
    QStringList allowedOrigins; // exact "scheme://host[:port]" besides loopback ones
    // The agent a bearer token (the Authorization header's value after "Bearer ") acts for;
    // nullopt: 401. Called for every request, so a revocation takes effect on the next one. May
    // throw: the request is then answered 503.
    std::function<std::optional<QString>(const QByteArray &bearer)> authenticate;
};

class HttpServer final
{
public:
    HttpServer(CallPool &pool, HttpOptions options);
    ~HttpServer();
    HttpServer(const HttpServer &) = delete;
    HttpServer &operator=(const HttpServer &) = delete;

    // Listens, prints "opsctl mcp listening on http://HOST:PORT/mcp" on `out`, runs the event
    // loop until SIGTERM and the calls in flight are answered. 1 when it cannot listen.
    int run(QTextStream &out, QTextStream &err);

private:
    void handle(const HttpRequestData &request, const ResponderPtr &responder);
    std::optional<int> refusal(const HttpRequestData &request) const;
    // The agent of the request's bearer token; nullopt when the request was answered here.
    std::optional<QString> agentOf(const HttpRequestData &request, const ResponderPtr &responder);
    // The session `id` names, when it exists and belongs to `agent`.
    McpSession *sessionFor(const QString &id, const QString &agent);
    void post(const HttpRequestData &request, const QString &agent, const ResponderPtr &responder);
    void requestInSession(const QString &sessionId, const RpcMessage &message,
                          const HttpRequestData &request, const ResponderPtr &responder);
    void startCall(const QString &sessionId, ToolCall call, bool stream,
                   const ResponderPtr &responder);
    void shutDown();

    CallPool &m_pool;
    HttpOptions m_options;
    std::unique_ptr<HttpWire> m_wire;
    std::map<QString, std::unique_ptr<McpSession>> m_sessions;
    bool m_stopping = false;
};

// localhost, 127.0.0.1 or [::1], with or without a port.
bool isLoopbackHost(const QString &hostAndPort);

} // namespace ops::mcp
