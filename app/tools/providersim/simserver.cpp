#include "simserver.h"

#include "simlog.h"

#include <QHttpServerRequest>
#include <QMetaEnum>
#include <QTimer>

#include <cerrno>
#include <sys/socket.h>

namespace ops::sim {

namespace {

QByteArray methodName(QHttpServerRequest::Method method)
{
    switch (method) {
    case QHttpServerRequest::Method::Get:
        return "GET";
    case QHttpServerRequest::Method::Put:
        return "PUT";
    case QHttpServerRequest::Method::Delete:
        return "DELETE";
    case QHttpServerRequest::Method::Post:
        return "POST";
    case QHttpServerRequest::Method::Head:
        return "HEAD";
    case QHttpServerRequest::Method::Options:
        return "OPTIONS";
    case QHttpServerRequest::Method::Patch:
        return "PATCH";
    default:
        return "UNKNOWN";
    }
}

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 201:
        return "Created";
    case 202:
        return "Accepted";
    case 204:
        return "No Content";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 402:
        return "Payment Required";
    case 403:
        return "Forbidden";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 409:
        return "Conflict";
    case 413:
        return "Payload Too Large";
    case 422:
        return "Unprocessable Entity";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 501:
        return "Not Implemented";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}

SimRequest toSimRequest(const QHttpServerRequest &request)
{
    SimRequest r;
    r.method = methodName(request.method());
    const QUrl url = request.url();
    r.path = url.path(QUrl::FullyDecoded);
    r.rawQuery = url.query(QUrl::FullyEncoded).toLatin1();
    r.query = QUrlQuery(url.query(QUrl::FullyEncoded));
    for (const auto &[name, value] : request.headers())
        r.headers.insert(name.toLower(), value);
    r.body = request.body();
    r.fromLoopback = request.remoteAddress().isLoopback();
    return r;
}

} // namespace

QByteArray serializeResponse(const SimResponse &response, bool closeConnection)
{
    QByteArray out = "HTTP/1.1 " + QByteArray::number(response.status) + ' ' +
                     reasonPhrase(response.status) + "\r\n";
    bool hasType = false;
    for (const auto &[name, value] : response.headers) {
        if (name.compare("content-length", Qt::CaseInsensitive) == 0 ||
            name.compare("connection", Qt::CaseInsensitive) == 0)
            continue; // framing headers are ours
        hasType = hasType || name.compare("content-type", Qt::CaseInsensitive) == 0;
        out += name + ": " + value + "\r\n";
    }
    if (!hasType && !response.body.isEmpty())
        out += "Content-Type: application/json\r\n";
    out += "Content-Length: " + QByteArray::number(response.body.size()) + "\r\n";
    out += closeConnection ? "Connection: close\r\n" : "Connection: keep-alive\r\n";
    out += "\r\n" + response.body;
    return out;
}

ReplyChannel::ReplyChannel(QTcpSocket *socket, bool closeAfterReply)
    : m_socket(socket)
    , m_closeAfterReply(closeAfterReply)
{}

namespace {

// True when the client has closed its end but Qt has not noticed yet (the FIN is still unread).
// Writing then makes Qt tear the socket down inside write(), and with Qt 6.4's server the
// socket object is gone before write() returns: the simulator crashed on a late reply to a
// client that had timed out. Peeking at the descriptor sees the FIN without consuming data.
bool peerHasClosed(const QTcpSocket &socket)
{
    const qintptr fd = socket.socketDescriptor();
    if (fd < 0)
        return true;
    char byte = 0;
    const ssize_t n = ::recv(int(fd), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n == 0)
        return true;
    return n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR;
}

} // namespace

bool ReplyChannel::isOpen() const
{
    return !m_answered && m_socket && m_socket->state() == QAbstractSocket::ConnectedState &&
           !peerHasClosed(*m_socket);
}

bool ReplyChannel::send(const SimResponse &response)
{
    if (!isOpen())
        return false;
    m_answered = true;
    m_socket->write(serializeResponse(response, m_closeAfterReply));
    if (m_closeAfterReply)
        m_socket->disconnectFromHost(); // flushes pending bytes first
    return true;
}

void ReplyChannel::drop()
{
    if (!m_socket)
        return;
    m_answered = true;
    // Deferred: the server may still be inside its readyRead handling for this socket.
    QPointer<QTcpSocket> socket = m_socket;
    QTimer::singleShot(0, socket, [socket] {
        if (socket)
            socket->abort();
    });
}

void ReplyChannel::whenGone(QObject *context, std::function<void()> fn)
{
    if (!m_socket || m_socket->state() != QAbstractSocket::ConnectedState) {
        QTimer::singleShot(0, context, fn);
        return;
    }
    auto once = std::make_shared<bool>(false);
    auto fire = [once, fn] {
        if (*once)
            return;
        *once = true;
        fn();
    };
    QObject::connect(m_socket.data(), &QTcpSocket::disconnected, context, fire);
    QObject::connect(m_socket.data(), &QObject::destroyed, context, fire);
}

SimServer::SimServer(Dispatcher dispatcher, QObject *parent)
    : QAbstractHttpServer(parent)
    , m_dispatcher(std::move(dispatcher))
{}

bool SimServer::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    const bool close = request.value("connection").toLower() == "close";
    auto channel = std::make_shared<ReplyChannel>(socket, close);
    SimRequest simRequest = toSimRequest(request);
    m_dispatcher(std::move(simRequest), std::move(channel));
    return true;
}

void SimServer::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    // Not reached: handleRequest() accepts every request and routes it itself.
    ReplyChannel(socket, true)
        .send(SimResponse::json(404, {{"error", {{"message", "not found"}}}}));
    Q_UNUSED(request);
}

} // namespace ops::sim
