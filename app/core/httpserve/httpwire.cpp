#include "httpserve/httpwire.h"

#include <QCryptographicHash>
#include <QFile>
#include <QHttpServerRequest>
#include <QLoggingCategory>
#include <QSslCertificate>
#include <QSslKey>
#include <QTimer>
#include <poll.h>

namespace ops {

namespace {

QByteArray statusLine(int status)
{
    static const QHash<int, QByteArray> reasons = {{200, "OK"},
                                                   {201, "Created"},
                                                   {202, "Accepted"},
                                                   {204, "No Content"},
                                                   {400, "Bad Request"},
                                                   {401, "Unauthorized"},
                                                   {402, "Payment Required"},
                                                   {403, "Forbidden"},
                                                   {404, "Not Found"},
                                                   {405, "Method Not Allowed"},
                                                   {409, "Conflict"},
                                                   {413, "Content Too Large"},
                                                   {415, "Unsupported Media Type"},
                                                   {422, "Unprocessable Content"},
                                                   {429, "Too Many Requests"},
                                                   {500, "Internal Server Error"},
                                                   {501, "Not Implemented"},
                                                   {503, "Service Unavailable"}};
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasons.value(status, "Status") +
           "\r\n";
}

// The caller's headers without the framing ones, which the responder writes itself.
QByteArray headerBlock(const HeaderList &headers)
{
    QByteArray out;
    for (const auto &[name, value] : headers) {
        if (name.compare("content-length", Qt::CaseInsensitive) == 0 ||
            name.compare("connection", Qt::CaseInsensitive) == 0)
            continue;
        out += name + ": " + value + "\r\n";
    }
    return out;
}

QByteArray methodOf(const QHttpServerRequest &request)
{
    switch (request.method()) {
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

// The peer shut its side (a client that timed out): Qt 6.4 tears such a socket down inside
// write(), so nothing may be written any more. poll() reports the hang-up without reading.
bool peerGone(const QTcpSocket &socket)
{
    const qintptr fd = socket.socketDescriptor();
    if (fd < 0)
        return true;
    pollfd p{int(fd), POLLRDHUP, 0};
    return ::poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR));
}

} // namespace

Responder::Responder(QTcpSocket *socket, bool closeAfterReply)
    : m_socket(socket)
    , m_closeAfterReply(closeAfterReply)
{}

bool Responder::isOpen() const
{
    return !m_done && m_socket && m_socket->state() == QAbstractSocket::ConnectedState &&
           !peerGone(*m_socket);
}

bool Responder::send(int status, const HeaderList &headers, const QByteArray &body)
{
    if (!isOpen() || m_streaming)
        return false;
    m_done = true;
    m_socket->write(statusLine(status) + headerBlock(headers) +
                    "Content-Length: " + QByteArray::number(body.size()) + "\r\n" +
                    (m_closeAfterReply ? "Connection: close\r\n" : "") + "\r\n" + body);
    if (m_closeAfterReply)
        m_socket->disconnectFromHost(); // after the pending bytes
    return true;
}

void Responder::startEvents(const HeaderList &headers)
{
    if (!isOpen() || m_streaming)
        return;
    m_streaming = true;
    m_socket->write(statusLine(200) + headerBlock(headers) +
                    "Content-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                    "Connection: close\r\n\r\n");
}

void Responder::event(const QByteArray &data)
{
    if (!m_streaming || !isOpen())
        return;
    m_socket->write("event: message\ndata: " + data + "\n\n");
}

void Responder::endEvents()
{
    if (!m_streaming || !isOpen())
        return;
    m_done = true;
    m_socket->disconnectFromHost(); // after the pending bytes
}

// Both closes are deferred: the server may still be inside its read handling for this socket.
void Responder::drop()
{
    m_done = true;
    QPointer<QTcpSocket> socket = m_socket;
    QTimer::singleShot(0, socket, [socket] {
        if (socket)
            socket->disconnectFromHost();
    });
}

void Responder::reset()
{
    m_done = true;
    QPointer<QTcpSocket> socket = m_socket;
    QTimer::singleShot(0, socket, [socket] {
        if (socket)
            socket->abort();
    });
}

void Responder::whenGone(QObject *context, std::function<void()> fn)
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

namespace {

QLoggingCategory::CategoryFilter g_previousFilter = nullptr;

// Qt HttpServer's own categories print every request's headers at debug level, bearer tokens
// and webhook signatures included; no QT_LOGGING_RULES may turn them on in our processes.
void keepHeadersOutOfLogs(QLoggingCategory *category)
{
    if (g_previousFilter)
        g_previousFilter(category);
    if (qstrncmp(category->categoryName(), "qt.httpserver", 13) == 0)
        category->setEnabled(QtDebugMsg, false);
}

} // namespace

HttpWire::HttpWire(Handler handler, QObject *parent)
    : QAbstractHttpServer(parent)
    , m_handler(std::move(handler))
{
    static const bool installed = [] {
        g_previousFilter = QLoggingCategory::installFilter(keepHeadersOutOfLogs);
        return true;
    }();
    Q_UNUSED(installed);
}

bool HttpWire::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    HttpRequestData data;
    data.method = methodOf(request);
    const QUrl url = request.url();
    data.path = url.path(QUrl::FullyDecoded);
    data.rawQuery = url.query(QUrl::FullyEncoded).toLatin1();
    for (const auto &[name, value] : request.headers())
        data.headers.insert(name.toLower(), value);
    data.body = request.body();
    data.fromLoopback = request.remoteAddress().isLoopback();
    const bool close = data.headers.value("connection").toLower() == "close";
    m_handler(std::move(data), std::make_shared<Responder>(socket, close));
    return true;
}

std::variant<PemPair, QString> readPemPair(const QString &certificatePemPath,
                                           const QString &keyPemPath)
{
    QFile certFile(certificatePemPath);
    QFile keyFile(keyPemPath);
    if (!certFile.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read %1: %2").arg(certificatePemPath, certFile.errorString());
    if (!keyFile.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read %1: %2").arg(keyPemPath, keyFile.errorString());
    PemPair pair{QSslCertificate(certFile.readAll(), QSsl::Pem), {}};
    if (pair.certificate.isNull())
        return QStringLiteral("%1 holds no PEM certificate").arg(certificatePemPath);
    const QByteArray keyPem = keyFile.readAll();
    pair.key = QSslKey(keyPem, QSsl::Ec, QSsl::Pem);
    if (pair.key.isNull())
        pair.key = QSslKey(keyPem, QSsl::Rsa, QSsl::Pem);
    if (pair.key.isNull())
        return QStringLiteral("%1 holds no unencrypted PEM EC or RSA private key").arg(keyPemPath);
    return pair;
}

QString HttpWire::useTls(const QString &certificatePemPath, const QString &keyPemPath)
{
    auto read = readPemPair(certificatePemPath, keyPemPath);
    if (const QString *error = std::get_if<QString>(&read))
        return *error;
    const PemPair &pair = std::get<PemPair>(read);
    sslSetup(pair.certificate, pair.key);
    return {};
}

bool sameSecret(const QByteArray &given, const QByteArray &expected)
{
    const QByteArray a = QCryptographicHash::hash(given, QCryptographicHash::Sha256);
    const QByteArray b = QCryptographicHash::hash(expected, QCryptographicHash::Sha256);
    unsigned char diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0 && !expected.isEmpty();
}

// Not reached: handleRequest() takes every request and the handler routes it.
void HttpWire::missingHandler(const QHttpServerRequest &, QTcpSocket *socket)
{
    Responder(socket, true).send(404, {}, {});
}

} // namespace ops
