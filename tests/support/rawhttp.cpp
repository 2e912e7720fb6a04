#include "support/rawhttp.h"

#include <QDeadlineTimer>

namespace ops::test {

nlohmann::json HttpReply::json() const
{
    return nlohmann::json::parse(body.toStdString(), nullptr, false);
}

RawHttpConnection::RawHttpConnection(QString host, quint16 port)
    : m_host(std::move(host))
    , m_port(port)
{}

RawHttpConnection::~RawHttpConnection()
{
    abort();
}

bool RawHttpConnection::isConnected() const
{
    return m_socket && m_socket->state() == QAbstractSocket::ConnectedState;
}

bool RawHttpConnection::ensureConnected()
{
    if (isConnected())
        return true;
    m_socket = std::make_unique<QTcpSocket>();
    m_buffer.clear();
    m_socket->connectToHost(m_host, m_port);
    return m_socket->waitForConnected(5000);
}

bool RawHttpConnection::send(const QByteArray &method, const QString &pathAndQuery,
                             const QByteArray &body, const HeaderList &headers)
{
    if (!ensureConnected())
        return false;
    QByteArray out = method + ' ' + pathAndQuery.toUtf8() + " HTTP/1.1\r\n";
    out += "Host: " + m_host.toLatin1() + ':' + QByteArray::number(m_port) + "\r\n";
    bool hasLength = false;
    for (const auto &[name, value] : headers) {
        hasLength = hasLength || name.compare("content-length", Qt::CaseInsensitive) == 0;
        out += name + ": " + value + "\r\n";
    }
    if (!hasLength && (!body.isEmpty() || method == "POST"))
        out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    out += "\r\n" + body;
    m_socket->write(out);
    while (m_socket->bytesToWrite() > 0) {
        if (!m_socket->waitForBytesWritten(5000))
            return false;
    }
    return true;
}

bool RawHttpConnection::readMore(int timeoutMs)
{
    if (!m_socket)
        return false;
    if (m_socket->bytesAvailable() == 0 && !m_socket->waitForReadyRead(timeoutMs))
        return false;
    m_buffer += m_socket->readAll();
    return true;
}

HttpReply RawHttpConnection::receive(int timeoutMs)
{
    HttpReply reply;
    const QDeadlineTimer deadline(timeoutMs);
    qsizetype headerEnd = -1;
    while ((headerEnd = m_buffer.indexOf("\r\n\r\n")) < 0) {
        if (!readMore(int(deadline.remainingTime()))) {
            reply.error = deadline.hasExpired() ? QStringLiteral("timeout")
                                                : QStringLiteral("closed without reply");
            return reply;
        }
    }
    const QList<QByteArray> lines = m_buffer.left(headerEnd).split('\n');
    const QList<QByteArray> statusParts = lines.value(0).trimmed().split(' ');
    reply.status = statusParts.value(1).toInt();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0)
            reply.headers.insert(lines[i].left(colon).trimmed().toLower(),
                                 lines[i].mid(colon + 1).trimmed());
    }
    const qsizetype length = reply.headers.value("content-length").toLongLong();
    const qsizetype bodyStart = headerEnd + 4;
    while (m_buffer.size() < bodyStart + length) {
        if (!readMore(int(deadline.remainingTime()))) {
            reply.error = QStringLiteral("truncated body");
            return reply;
        }
    }
    reply.body = m_buffer.mid(bodyStart, length);
    m_buffer.remove(0, bodyStart + length);
    return reply;
}

HttpReply RawHttpConnection::request(const QByteArray &method, const QString &pathAndQuery,
                                     const QByteArray &body, const HeaderList &headers,
                                     int timeoutMs)
{
    if (!send(method, pathAndQuery, body, headers)) {
        HttpReply failed;
        failed.error = QStringLiteral("could not send: ") +
                       (m_socket ? m_socket->errorString() : QStringLiteral("no socket"));
        return failed;
    }
    return receive(timeoutMs);
}

void RawHttpConnection::abort()
{
    if (m_socket)
        m_socket->abort();
    m_socket.reset();
    m_buffer.clear();
}

void RawHttpConnection::close()
{
    if (m_socket) {
        m_socket->disconnectFromHost();
        if (m_socket->state() != QAbstractSocket::UnconnectedState)
            m_socket->waitForDisconnected(1000);
    }
    m_socket.reset();
    m_buffer.clear();
}

HttpReply httpRequest(quint16 port, const QByteArray &method, const QString &pathAndQuery,
                      const QByteArray &body, const HeaderList &headers, int timeoutMs)
{
    RawHttpConnection connection(QStringLiteral("127.0.0.1"), port);
    return connection.request(method, pathAndQuery, body, headers, timeoutMs);
}

} // namespace ops::test
