#include "chaos/httpjson.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QTcpSocket>
#include <stdexcept>

namespace ops::chaos {

namespace {

// Splits "HTTP/1.1 200 OK\r\n…\r\n\r\nbody"; returns false until the head is complete and the
// body has reached its Content-Length.
bool parseReply(const QByteArray &raw, bool closed, HttpResult *out)
{
    const qsizetype headEnd = raw.indexOf("\r\n\r\n");
    if (headEnd < 0)
        return false;
    const QList<QByteArray> lines = raw.left(headEnd).split('\n');
    const QList<QByteArray> statusLine = lines.value(0).trimmed().split(' ');
    qint64 length = -1;
    for (const QByteArray &line : lines) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == "content-length")
            length = line.mid(colon + 1).trimmed().toLongLong();
    }
    const QByteArray body = raw.mid(headEnd + 4);
    if (length >= 0 && body.size() < length)
        return false;
    if (length < 0 && !closed)
        return false;
    out->status = statusLine.value(1).toInt();
    out->body = length >= 0 ? body.left(length) : body;
    return true;
}

} // namespace

HttpResult httpCall(quint16 port, const QByteArray &method, const QByteArray &path,
                    const QByteArray &body, int timeoutMs)
{
    HttpResult result;
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(timeoutMs)) {
        result.error = socket.errorString();
        return result;
    }
    QByteArray request = method + ' ' + path +
                         " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         "Connection: close\r\nContent-Type: application/json\r\n"
                         "Content-Length: " +
                         QByteArray::number(body.size()) + "\r\n\r\n" + body;
    socket.write(request);
    QElapsedTimer timer;
    timer.start();
    QByteArray raw;
    while (timer.elapsed() < timeoutMs) {
        const bool more =
            socket.waitForReadyRead(int(qMax<qint64>(1, timeoutMs - timer.elapsed())));
        raw += socket.readAll();
        const bool closed = !more && socket.state() != QAbstractSocket::ConnectedState;
        if (parseReply(raw, closed, &result))
            return result;
        if (closed)
            break;
    }
    result.error = QStringLiteral("no complete reply from 127.0.0.1:%1").arg(port);
    return result;
}

nlohmann::json adminCall(quint16 port, const QByteArray &method, const QByteArray &path,
                         const nlohmann::json &body)
{
    const QByteArray payload =
        body.is_null() ? QByteArray() : QByteArray::fromStdString(body.dump());
    const HttpResult r = httpCall(port, method, path, payload);
    const std::string what = method.toStdString() + ' ' + path.toStdString();
    if (r.status == 0)
        throw std::runtime_error(what + ": " + r.error.toStdString());
    if (r.status < 200 || r.status > 299)
        throw std::runtime_error(what + ": HTTP " + std::to_string(r.status) + ' ' +
                                 r.body.toStdString());
    nlohmann::json j = nlohmann::json::parse(r.body.constData(), nullptr, false);
    if (j.is_discarded())
        throw std::runtime_error(what + ": reply is not JSON");
    return j;
}

} // namespace ops::chaos
