#include "support/scriptedserver.h"

#include <QDeadlineTimer>
#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>
#include <future>
#include <memory>
#include <optional>
#include <vector>

namespace ops::test {

namespace {

// One whole request at the front of `raw` (head and Content-Length body), taken off it.
std::optional<ReceivedRequest> takeRequest(QByteArray &raw)
{
    const qsizetype headEnd = raw.indexOf("\r\n\r\n");
    if (headEnd < 0)
        return std::nullopt;
    ReceivedRequest r;
    r.head = raw.left(headEnd);
    const QList<QByteArray> lines = r.head.split('\n');
    const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
    r.method = first.value(0);
    r.path = first.value(1);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0)
            r.headers.insert(lines[i].left(colon).trimmed().toLower(),
                             lines[i].mid(colon + 1).trimmed());
    }
    r.idempotencyKey = r.headers.value("idempotency-key");
    const qint64 length = r.headers.value("content-length").toLongLong();
    if (raw.size() - headEnd - 4 < length)
        return std::nullopt;
    r.body = raw.mid(headEnd + 4, length);
    raw.remove(0, headEnd + 4 + length);
    return r;
}

} // namespace

struct ScriptedServer::Peer
{
    std::unique_ptr<QTcpSocket> socket;
    int index = 0;
    QByteArray pending;
    bool hanging = false;
    std::optional<QDeadlineTimer> closeAt;
};

ScriptedServer::ScriptedServer(Script script)
    : m_script(std::move(script))
{
    std::promise<void> listening;
    auto ready = listening.get_future();
    m_thread = std::thread([this, &listening] {
        QTcpServer server;
        server.listen(QHostAddress::LocalHost, 0);
        m_port = server.serverPort();
        listening.set_value();
        std::vector<Peer> peers;
        while (!m_stop.load()) {
            if (server.waitForNewConnection(peers.empty() ? 20 : 2)) {
                Peer peer;
                peer.socket.reset(server.nextPendingConnection());
                peer.index = ++m_accepted;
                peers.push_back(std::move(peer));
            }
            for (Peer &peer : peers)
                serveRequests(peer);
            std::erase_if(peers, [](const Peer &p) { return !p.socket; });
        }
    });
    ready.wait();
}

ScriptedServer::~ScriptedServer()
{
    m_stop = true;
    m_thread.join();
}

void ScriptedServer::serveRequests(Peer &peer)
{
    QTcpSocket &socket = *peer.socket;
    if (peer.closeAt && peer.closeAt->hasExpired()) {
        socket.disconnectFromHost();
        peer.socket.reset();
        return;
    }
    socket.waitForReadyRead(1);
    peer.pending += socket.readAll();
    if (socket.state() != QAbstractSocket::ConnectedState) {
        peer.socket.reset(); // the client left
        return;
    }
    while (!peer.hanging) {
        auto request = takeRequest(peer.pending);
        if (!request)
            return;
        request->connection = peer.index;
        {
            std::lock_guard lock(m_mutex);
            m_received.append(*request);
        }
        const ScriptedReply reply = m_script(*request);
        socket.write(reply.bytes);
        while (socket.bytesToWrite() > 0 && socket.waitForBytesWritten(1000)) {
        }
        switch (reply.then) {
        case ScriptedReply::Then::Close:
            socket.disconnectFromHost();
            if (socket.state() != QAbstractSocket::UnconnectedState)
                socket.waitForDisconnected(1000);
            peer.socket.reset();
            return;
        case ScriptedReply::Then::Hang:
            peer.hanging = true;
            return;
        case ScriptedReply::Then::KeepOpen:
            peer.closeAt.reset();
            if (reply.closeIdleAfterMs > 0)
                peer.closeAt = QDeadlineTimer(reply.closeIdleAfterMs);
            break;
        }
    }
}

QList<ReceivedRequest> ScriptedServer::received() const
{
    std::lock_guard lock(m_mutex);
    return m_received;
}

QByteArray ScriptedServer::response(int status, const QByteArray &contentType,
                                    const QByteArray &body, bool close)
{
    return "HTTP/1.1 " + QByteArray::number(status) + " X\r\nContent-Type: " + contentType +
           "\r\nContent-Length: " + QByteArray::number(body.size()) +
           (close ? "\r\nConnection: close" : "") + "\r\n\r\n" + body;
}

} // namespace ops::test
