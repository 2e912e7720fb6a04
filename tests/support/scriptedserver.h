#pragma once

// A loopback HTTP/1.1 server on its own thread whose answers a test scripts byte for byte: each
// request it reads (head and Content-Length body) is handed to the script, which returns the raw
// bytes to write and what the connection does next (stay open, close, close a while later, or
// hang without answering). It keeps any number of connections open at once and records every
// request with the connection it came on, so a test can see what a client sent, how often, and on
// which connection. Blocking Qt sockets, no event loop.

#include <QByteArray>
#include <QHash>
#include <QList>
#include <atomic>
#include <functional>
#include <mutex>
#include <thread>

class QTcpSocket;

namespace ops::test {

struct ReceivedRequest
{
    QByteArray method;
    QByteArray path;
    QByteArray idempotencyKey;
    QByteArray body;
    QByteArray head;                       // the request line and fields, as received
    QHash<QByteArray, QByteArray> headers; // names lower-cased
    int connection = 0;                    // 1 for the first connection accepted, 2 …
};

struct ScriptedReply
{
    enum class Then
    {
        Close,    // close once the bytes are written
        KeepOpen, // wait for the next request on the same connection
        Hang      // write the bytes (maybe none) and answer nothing more until the client leaves
    };
    QByteArray bytes;
    Then then = Then::Close;
    int closeIdleAfterMs = 0; // KeepOpen: close the connection this long after writing (0: never)
};

class ScriptedServer
{
public:
    using Script = std::function<ScriptedReply(const ReceivedRequest &)>;

    explicit ScriptedServer(Script script);
    ~ScriptedServer();
    ScriptedServer(const ScriptedServer &) = delete;
    ScriptedServer &operator=(const ScriptedServer &) = delete;

    quint16 port() const { return m_port.load(); }
    QList<ReceivedRequest> received() const;
    int connectionsAccepted() const { return m_accepted.load(); }

    // "HTTP/1.1 <status> X" with Content-Type, Content-Length and the body; `close` adds
    // `Connection: close`.
    static QByteArray response(int status, const QByteArray &contentType, const QByteArray &body,
                               bool close = true);

private:
    struct Peer;
    void serveRequests(Peer &peer);

    Script m_script;
    std::atomic<quint16> m_port{0};
    std::atomic<int> m_accepted{0};
    std::atomic<bool> m_stop{false};
    mutable std::mutex m_mutex;
    QList<ReceivedRequest> m_received;
    std::thread m_thread;
};

} // namespace ops::test
