#pragma once

// The Streamable HTTP transport at /mcp (docs/design.md §11). Every request must carry the bearer
// token (compared in constant time, never logged), an Origin that is absent, loopback or
// explicitly allowed, and — while bound to loopback — a loopback Host (DNS rebinding). Bodies
// over 1 MiB are refused. initialize opens a session (Mcp-Session-Id); other requests name it
// (unknown → 404); MCP-Protocol-Version, when sent, must be one we speak. A tools/call is
// answered as JSON, or as an event stream when it asks for progress and accepts one.

#include "httpserve/httpwire.h"
#include "mcp/callpool.h"
#include "mcp/mcpsession.h"

#include <QHostAddress>
#include <QStringList>
#include <QTextStream>
#include <map>
#include <memory>

namespace ops::mcp {

struct HttpOptions
{
    QHostAddress address = QHostAddress(QHostAddress::LocalHost);
    quint16 port = 0;
    QStringList allowedOrigins; // exact "scheme://host[:port]" besides loopback ones
    QString token;              // required; never logged
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
    void post(const HttpRequestData &request, const ResponderPtr &responder);
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
