#include "transport/httptransport.h"

#include "transport/responsereader.h"
#include "transport/transportlogging.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QNetworkProxy>
#include <QSslSocket>
#include <QTcpSocket>
#include <climits>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

int remainingMs(const QDeadlineTimer &deadline)
{
    return int(qBound(qint64(0), deadline.remainingTime(), qint64(INT_MAX)));
}

bool isHttps(const QUrl &url)
{
    return url.scheme().compare(u"https"_s, Qt::CaseInsensitive) == 0;
}

quint16 portOf(const QUrl &url)
{
    return quint16(url.port(isHttps(url) ? 443 : 80));
}

QString originOf(const QUrl &url)
{
    return url.scheme().toLower() + u"://"_s + url.host().toLower() + u':' +
           QString::number(portOf(url));
}

bool isLoopback(const QUrl &url)
{
    return url.host() == u"localhost"_s || QHostAddress(url.host()).isLoopback();
}

// The request as it goes on the wire: origin-form target, Host, the caller's fields, and a
// Content-Length for any body (and for an empty POST, which some servers otherwise refuse).
QByteArray requestBytes(const HttpRequest &request)
{
    const QUrl &url = request.url;
    QByteArray target = url.path(QUrl::FullyEncoded).toLatin1();
    if (target.isEmpty())
        target = "/";
    if (url.hasQuery())
        target += '?' + url.query(QUrl::FullyEncoded).toLatin1();
    QByteArray host = url.host(QUrl::FullyEncoded).toLatin1();
    if (host.contains(':'))
        host = '[' + host + ']';
    if (url.port() != -1)
        host += ':' + QByteArray::number(url.port());
    QByteArray out = request.method + ' ' + target + " HTTP/1.1\r\nHost: " + host +
                     "\r\nUser-Agent: opsconsole\r\n";
    for (const auto &[name, value] : request.headers)
        out += name + ": " + value + "\r\n";
    if (!request.body.isEmpty() || request.method == "POST")
        out += "Content-Length: " + QByteArray::number(request.body.size()) + "\r\n";
    return out + "\r\n" + request.body;
}

HttpResponse failure(TransportError error, const QString &text)
{
    HttpResponse r;
    r.error = error;
    r.errorText = text;
    return r;
}

} // namespace

struct QtHttpTransport::Connection
{
    QString origin;
    std::unique_ptr<QTcpSocket> socket;
    QElapsedTimer idle; // since its last response ended

    // Reusable for the next request to `forOrigin`: still open, quiet (a server that closed it
    // while it sat idle, or wrote to it unasked, is found here, before anything is written), and
    // not idle for too long.
    bool fitFor(const QString &forOrigin) const
    {
        if (origin != forOrigin || !socket)
            return false;
        if (!idle.isValid() || idle.elapsed() > std::chrono::milliseconds(kIdleReuseLimit).count())
            return false;
        if (socket->state() != QAbstractSocket::ConnectedState || socket->bytesAvailable() > 0)
            return false;
        return !socket->waitForReadyRead(0) && socket->state() == QAbstractSocket::ConnectedState;
    }
};

QtHttpTransport::QtHttpTransport() = default;

QtHttpTransport::~QtHttpTransport() = default;

HttpResponse QtHttpTransport::send(const HttpRequest &request, std::chrono::milliseconds timeout)
{
    QElapsedTimer elapsed;
    elapsed.start();
    const QDeadlineTimer deadline(timeout);
    HttpResponse response = exchange(request, deadline, timeout);
    response.latencyMs = elapsed.elapsed();
    qCDebug(lcHttp) << request.method << request.url.path() << "->" << response.status
                    << toString(response.error) << response.latencyMs << "ms";
    return response;
}

HttpResponse QtHttpTransport::exchange(const HttpRequest &request, const QDeadlineTimer &deadline,
                                       std::chrono::milliseconds timeout)
{
    const QString origin = originOf(request.url);
    if (!m_connection || !m_connection->fitFor(origin)) {
        m_connection.reset();
        if (auto refused = openConnection(request.url, deadline))
            return *refused;
    }
    QTcpSocket &socket = *m_connection->socket;
    socket.write(requestBytes(request));
    while (socket.bytesToWrite() > 0) {
        if (socket.waitForBytesWritten(remainingMs(deadline)))
            continue;
        const bool late = deadline.hasExpired();
        const QString why = socket.errorString();
        m_connection.reset();
        return late ? failure(TransportError::Timeout,
                              u"no answer within %1 ms (still sending)"_s.arg(timeout.count()))
                    : failure(TransportError::Reset,
                              u"connection lost while sending: %1"_s.arg(why));
    }
    ResponseReader reader(kMaxResponseBytes, request.method == "HEAD");
    const bool timedOut = !readAnswer(socket, reader, deadline);
    if (timedOut || !reader.reusable())
        m_connection.reset();
    else
        m_connection->idle.start();
    if (timedOut)
        return failure(TransportError::Timeout, u"no answer within %1 ms"_s.arg(timeout.count()));
    return answerOf(reader);
}

std::optional<HttpResponse> QtHttpTransport::openConnection(const QUrl &url,
                                                            const QDeadlineTimer &deadline)
{
    auto connection = std::make_unique<Connection>();
    connection->origin = originOf(url);
    const bool tls = isHttps(url);
    if (tls)
        connection->socket = std::make_unique<QSslSocket>();
    else
        connection->socket = std::make_unique<QTcpSocket>();
    QTcpSocket &socket = *connection->socket;
    // Loopback never goes through a proxy (the simulator, a local provider); other hosts keep
    // Qt's application proxy.
    if (isLoopback(url))
        socket.setProxy(QNetworkProxy::NoProxy);
    bool ok = false;
    if (tls) {
        auto &ssl = static_cast<QSslSocket &>(socket);
        ssl.connectToHostEncrypted(url.host(), portOf(url));
        ok = ssl.waitForEncrypted(remainingMs(deadline));
    } else {
        socket.connectToHost(url.host(), portOf(url));
        ok = socket.waitForConnected(remainingMs(deadline));
    }
    if (!ok) {
        const TransportError error =
            deadline.hasExpired() ? TransportError::Timeout : TransportError::ConnectionFailed;
        return failure(error,
                       u"cannot connect to %1: %2"_s.arg(connection->origin, socket.errorString()));
    }
    socket.setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_connection = std::move(connection);
    ++m_opened;
    return std::nullopt;
}

bool QtHttpTransport::readAnswer(QTcpSocket &socket, ResponseReader &reader,
                                 const QDeadlineTimer &deadline)
{
    using State = ResponseReader::State;
    while (reader.state() == State::Head || reader.state() == State::Body) {
        if (socket.bytesAvailable() == 0 && !socket.waitForReadyRead(remainingMs(deadline))) {
            reader.feed(socket.readAll()); // what arrived together with a close
            if (socket.state() != QAbstractSocket::ConnectedState) {
                reader.endOfStream();
                return true;
            }
            if (deadline.hasExpired())
                return false;
            continue;
        }
        reader.feed(socket.readAll());
    }
    return true;
}

// What the engine sees of what arrived. A head that arrived stands even when its body was cut
// short or mis-framed: the provider answered with that status, and a 2xx whose object cannot be
// read is for a person to check (rule 5), never a reason to resend.
HttpResponse QtHttpTransport::answerOf(const ResponseReader &reader)
{
    using State = ResponseReader::State;
    const bool tooLarge = reader.failure() == ResponseReader::Failure::TooLarge;
    if (reader.headComplete() && !tooLarge) {
        HttpResponse r;
        r.status = reader.status();
        r.headers = reader.headers();
        r.body = reader.body();
        return r;
    }
    if (reader.state() == State::Failed)
        return failure(TransportError::Malformed, reader.failureText());
    return failure(TransportError::Reset,
                   u"the server closed the connection before a complete answer"_s);
}

QString toString(TransportError error)
{
    switch (error) {
    case TransportError::None:
        return {};
    case TransportError::Timeout:
        return u"timeout"_s;
    case TransportError::ConnectionFailed:
        return u"connection_failed"_s;
    case TransportError::Reset:
        return u"connection_reset"_s;
    case TransportError::Malformed:
        return u"malformed_response"_s;
    }
    return {};
}

} // namespace ops
