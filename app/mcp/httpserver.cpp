#include "mcp/httpserver.h"

#include "httpserve/signalwatch.h"
#include "mcp/mcplogging.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QTcpServer>
#include <QUrl>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace ops::mcp {

namespace {

using json = nlohmann::ordered_json;

constexpr std::size_t kMaxSessions = 1024;

const HeaderList kJson = {{"Content-Type", "application/json"}};

QByteArray bytes(const json &message)
{
    return QByteArray::fromStdString(serialize(message));
}

void sendJson(const ResponderPtr &r, int status, const json &message, HeaderList extra = {})
{
    extra.append(kJson);
    r->send(status, extra, bytes(message));
}

void sendError(const ResponderPtr &r, int status, int code, const std::string &message)
{
    sendJson(r, status, errorMessage(nullptr, code, message));
}

} // namespace

bool isLoopbackHost(const QString &hostAndPort)
{
    const QUrl url(u"http://"_s + hostAndPort, QUrl::StrictMode);
    if (!url.isValid() || !url.userInfo().isEmpty() || url.path().size() > 0)
        return false;
    const QString host = url.host().toLower();
    return host == u"localhost"_s || host == u"127.0.0.1"_s || host == u"::1"_s;
}

HttpServer::HttpServer(CallPool &pool, HttpOptions options)
    : m_pool(pool)
    , m_options(std::move(options))
{}

HttpServer::~HttpServer() = default;

int HttpServer::run(QTextStream &out, QTextStream &err)
{
    m_wire = std::make_unique<HttpWire>(
        [this](HttpRequestData request, ResponderPtr responder) { handle(request, responder); });
    const quint16 port = m_wire->listen(m_options.address, m_options.port);
    if (port == 0) {
        err << "opsctl: cannot listen on " << m_options.address.toString() << ':' << m_options.port
            << Qt::endl;
        return 1;
    }
    const QString host = m_options.address.protocol() == QAbstractSocket::IPv6Protocol
                             ? u"["_s + m_options.address.toString() + u"]"_s
                             : m_options.address.toString();
    out << "opsctl mcp listening on http://" << host << ':' << port << "/mcp" << Qt::endl;
    SignalWatch watch([this] { shutDown(); });
    QObject::connect(&m_pool, &CallPool::idle, m_wire.get(), [this] {
        if (m_stopping)
            QCoreApplication::exit(0);
    });
    return QCoreApplication::exec();
}

void HttpServer::shutDown()
{
    qCInfo(lcMcp) << "signal: finishing the calls in flight";
    m_stopping = true;
    for (QTcpServer *server : m_wire->servers())
        server->close();
    if (m_pool.running() == 0)
        QCoreApplication::exit(0);
}

std::optional<int> HttpServer::refusal(const HttpRequestData &request) const
{
    if (request.path != u"/mcp"_s)
        return 404;
    const QString origin = QString::fromLatin1(request.headers.value("origin"));
    if (!origin.isEmpty()) {
        const QUrl url(origin, QUrl::StrictMode);
        const bool loopback = url.isValid() &&
                              (url.scheme() == u"http"_s || url.scheme() == u"https"_s) &&
                              isLoopbackHost(url.authority());
        if (!loopback && !m_options.allowedOrigins.contains(origin))
            return 403;
    }
    if (m_options.address.isLoopback() &&
        !isLoopbackHost(QString::fromLatin1(request.headers.value("host"))))
        return 403;
    if (qsizetype(request.body.size()) > qsizetype(kMaxMessageBytes))
        return 413;
    return std::nullopt;
}

std::optional<QString> HttpServer::agentOf(const HttpRequestData &request,
                                           const ResponderPtr &responder)
{
    const QByteArray authorization = request.headers.value("authorization");
    // The scheme name is case-insensitive (RFC 9110 §11.1).
    const bool bearer = authorization.left(7).toLower() == "bearer ";
    std::optional<QString> agent;
    try {
        if (bearer && m_options.authenticate)
            agent = m_options.authenticate(authorization.mid(7).trimmed());
    } catch (const std::exception &e) {
        qCWarning(lcMcp) << "token check failed:" << e.what();
        sendError(responder, 503, rpc::kInternalError, "the agent directory cannot be read");
        return std::nullopt;
    }
    if (!agent)
        sendJson(responder, 401,
                 errorMessage(nullptr, rpc::kInvalidRequest, "a valid agent token is required"),
                 {{"WWW-Authenticate", "Bearer"}});
    return agent;
}

McpSession *HttpServer::sessionFor(const QString &id, const QString &agent)
{
    const auto found = m_sessions.find(id);
    if (found == m_sessions.end() || found->second->agent() != agent)
        return nullptr;
    return found->second.get();
}

void HttpServer::handle(const HttpRequestData &request, const ResponderPtr &responder)
{
    if (const auto status = refusal(request)) {
        const char *why = *status == 403   ? "origin or host not allowed"
                          : *status == 413 ? "body is larger than 1 MiB"
                                           : "not found";
        sendJson(responder, *status, errorMessage(nullptr, rpc::kInvalidRequest, why));
        return;
    }
    const auto agent = agentOf(request, responder);
    if (!agent)
        return;
    if (m_stopping) {
        sendError(responder, 503, rpc::kInternalError, "the server is shutting down");
        return;
    }
    const QString sessionId = QString::fromLatin1(request.headers.value("mcp-session-id"));
    if (request.method == "DELETE") {
        if (!sessionFor(sessionId, *agent))
            return sendError(responder, 404, rpc::kInvalidRequest, "unknown session");
        m_sessions.erase(sessionId);
        responder->send(204, {}, {});
        return;
    }
    if (request.method != "POST") {
        // We offer no server-initiated stream: every answer travels on its request.
        responder->send(405, {{"Allow", "POST, DELETE"}}, {});
        return;
    }
    post(request, *agent, responder);
}

void HttpServer::post(const HttpRequestData &request, const QString &agent,
                      const ResponderPtr &responder)
{
    if (!request.headers.value("content-type").toLower().startsWith("application/json"))
        return sendError(responder, 415, rpc::kInvalidRequest,
                         "Content-Type must be application/json");
    const QByteArray version = request.headers.value("mcp-protocol-version");
    if (!version.isEmpty() && !isSupportedProtocolVersion(version.toStdString()))
        return sendError(responder, 400, rpc::kInvalidRequest,
                         "unsupported MCP-Protocol-Version " + version.left(32).toStdString());
    const ParsedMessage parsed =
        parseMessage(std::string_view(request.body.constData(), request.body.size()));
    if (const auto *error = std::get_if<RpcError>(&parsed))
        return sendJson(responder, 400, errorMessage(*error));
    const auto &message = std::get<RpcMessage>(parsed);
    const QString sessionId = QString::fromLatin1(request.headers.value("mcp-session-id"));
    if (message.kind == RpcMessage::Kind::Request && message.method == "initialize" &&
        sessionId.isEmpty()) {
        if (m_sessions.size() >= kMaxSessions)
            return sendError(responder, 503, rpc::kInternalError, "too many sessions");
        auto session = std::make_unique<McpSession>();
        session->setAgent(agent);
        McpSession::Reply reply = session->handle(parsed);
        if (!session->initialized())
            return sendJson(responder, 200, reply.messages.front());
        const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
        m_sessions.emplace(id, std::move(session));
        sendJson(responder, 200, reply.messages.front(), {{"Mcp-Session-Id", id.toLatin1()}});
        return;
    }
    if (sessionId.isEmpty())
        return sendError(responder, 400, rpc::kInvalidRequest, "Mcp-Session-Id is required");
    McpSession *session = sessionFor(sessionId, agent);
    if (!session)
        return sendError(responder, 404, rpc::kInvalidRequest, "unknown session");
    if (message.kind != RpcMessage::Kind::Request) {
        session->handle(parsed);
        responder->send(202, {}, {});
        return;
    }
    requestInSession(sessionId, message, request, responder);
}

void HttpServer::requestInSession(const QString &sessionId, const RpcMessage &message,
                                  const HttpRequestData &request, const ResponderPtr &responder)
{
    McpSession::Reply reply = m_sessions.at(sessionId)->handle(message);
    if (!reply.call) {
        if (!reply.messages.empty())
            sendJson(responder, 200, reply.messages.front());
        return;
    }
    const bool stream = !reply.call->progressToken.is_null() &&
                        request.headers.value("accept").contains("text/event-stream");
    startCall(sessionId, std::move(*reply.call), stream, responder);
}

void HttpServer::startCall(const QString &sessionId, ToolCall call, bool stream,
                           const ResponderPtr &responder)
{
    if (stream) {
        responder->startEvents({});
        responder->event(bytes(McpSession::progress(call, 0, "started")));
    }
    m_pool.start(call, [this, sessionId, call, stream, responder](const RunOutcome &outcome) {
        const auto session = m_sessions.find(sessionId);
        if (session == m_sessions.end() || !session->second->complete(call.id)) {
            responder->drop(); // the session ended or the client cancelled: nobody waits
            return;
        }
        const json answer =
            outcome.failure.isEmpty()
                ? resultMessage(call.id, McpSession::toolCallResult(outcome.toolResult))
                : errorMessage(call.id, rpc::kInternalError,
                               "database failure: " + outcome.failure.toStdString());
        if (!stream)
            return sendJson(responder, 200, answer);
        responder->event(bytes(McpSession::progress(call, 1, "finished")));
        responder->event(bytes(answer));
        responder->endEvents();
    });
}

} // namespace ops::mcp
