#include "fakeprovider.h"

#include <QElapsedTimer>
#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>
#include <future>

namespace ops::test {

namespace {

// Reads one request (head + Content-Length body), waiting at most 3 s.
std::optional<ReceivedRequest> readRequest(QTcpSocket &socket)
{
    QByteArray raw;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 3000) {
        const qsizetype headEnd = raw.indexOf("\r\n\r\n");
        if (headEnd >= 0) {
            ReceivedRequest r;
            qint64 length = 0;
            const QList<QByteArray> lines = raw.left(headEnd).split('\n');
            const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
            r.method = first.value(0);
            r.path = first.value(1);
            for (const QByteArray &line : lines) {
                const qsizetype colon = line.indexOf(':');
                const QByteArray name = line.left(colon).trimmed().toLower();
                if (name == "content-length")
                    length = line.mid(colon + 1).trimmed().toLongLong();
                if (name == "idempotency-key")
                    r.idempotencyKey = line.mid(colon + 1).trimmed();
            }
            if (raw.size() - headEnd - 4 >= length) {
                r.body = raw.mid(headEnd + 4, length);
                return r;
            }
        }
        if (!socket.waitForReadyRead(100) && socket.state() != QAbstractSocket::ConnectedState)
            break;
        raw += socket.readAll();
    }
    return std::nullopt;
}

} // namespace

FakeProvider::FakeProvider(QByteArray refundReply)
    : m_refundReply(std::move(refundReply))
{
    std::promise<void> listening;
    auto ready = listening.get_future();
    m_thread = std::thread([this, &listening] {
        QTcpServer server;
        server.listen(QHostAddress::LocalHost, 0);
        m_port = server.serverPort();
        listening.set_value();
        while (!m_stop.load()) {
            if (!server.waitForNewConnection(50))
                continue;
            std::unique_ptr<QTcpSocket> socket(server.nextPendingConnection());
            const auto request = readRequest(*socket);
            if (!request)
                continue;
            {
                std::lock_guard lock(m_mutex);
                m_received.append(*request);
            }
            const QByteArray reply =
                request->method == "GET"
                    ? response(
                          200, "application/json",
                          chargeJson(request->path.mid(request->path.lastIndexOf('/') + 1), 5000))
                    : m_refundReply;
            socket->write(reply);
            socket->waitForBytesWritten(3000);
            while (socket->bytesToWrite() > 0 && socket->waitForBytesWritten(1000)) {
            }
            socket->disconnectFromHost();
            if (socket->state() != QAbstractSocket::UnconnectedState)
                socket->waitForDisconnected(1000);
        }
    });
    ready.wait();
}

FakeProvider::~FakeProvider()
{
    m_stop = true;
    m_thread.join();
}

QList<ReceivedRequest> FakeProvider::received() const
{
    std::lock_guard lock(m_mutex);
    return m_received;
}

QList<ReceivedRequest> FakeProvider::posts() const
{
    QList<ReceivedRequest> out;
    for (const ReceivedRequest &r : received()) {
        if (r.method == "POST")
            out.append(r);
    }
    return out;
}

QByteArray FakeProvider::chargeJson(const QByteArray &id, qint64 amount)
{
    return R"({"id":")" + id + R"(","object":"charge","amount":)" + QByteArray::number(amount) +
           R"(,"amount_refunded":0,"refunded":false,"currency":"usd","status":"succeeded","created":1})";
}

QByteArray FakeProvider::response(int status, const QByteArray &contentType, const QByteArray &body)
{
    return "HTTP/1.1 " + QByteArray::number(status) + " X\r\nContent-Type: " + contentType +
           "\r\nContent-Length: " + QByteArray::number(body.size()) +
           "\r\nConnection: close\r\n\r\n" + body;
}

} // namespace ops::test
