#pragma once

// A minimal blocking HTTP/1.1 client over one QTcpSocket, for tests that talk to provider-sim.
// Blocking calls need no event loop, so a test can hold two connections open at once (send on
// both, then read both) to provoke concurrency in the simulator process.

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QTcpSocket>
#include <memory>
#include <nlohmann/json.hpp>
#include <utility>

namespace ops::test {

struct HttpReply
{
    int status = 0;                        // 0 when no reply arrived (see error)
    QHash<QByteArray, QByteArray> headers; // names lower-cased
    QByteArray body;
    QString error; // transport failure: refused, timeout, closed without reply

    bool ok() const { return status != 0; }
    QByteArray header(const QByteArray &lowerName) const { return headers.value(lowerName); }
    // Parsed body, or a discarded value when the body is not JSON.
    nlohmann::json json() const;
};

using HeaderList = QList<std::pair<QByteArray, QByteArray>>;

class RawHttpConnection
{
public:
    RawHttpConnection(QString host, quint16 port);
    ~RawHttpConnection();
    RawHttpConnection(const RawHttpConnection &) = delete;
    RawHttpConnection &operator=(const RawHttpConnection &) = delete;

    // Writes one request (connecting first when needed). Content-Length is added for bodies.
    bool send(const QByteArray &method, const QString &pathAndQuery, const QByteArray &body = {},
              const HeaderList &headers = {});
    // Reads one response; status 0 with error set on timeout or when the server closed.
    HttpReply receive(int timeoutMs = 10000);
    // send() + receive().
    HttpReply request(const QByteArray &method, const QString &pathAndQuery,
                      const QByteArray &body = {}, const HeaderList &headers = {},
                      int timeoutMs = 10000);
    // Closes the connection from the client side (a client that gives up).
    void abort();
    // Closes cleanly (FIN, not RST), as curl or Node do after their timeout.
    void close();
    bool isConnected() const;

private:
    bool ensureConnected();
    bool readMore(int timeoutMs);

    QString m_host;
    quint16 m_port = 0;
    std::unique_ptr<QTcpSocket> m_socket;
    QByteArray m_buffer;
};

// One-shot request on a fresh connection.
HttpReply httpRequest(quint16 port, const QByteArray &method, const QString &pathAndQuery,
                      const QByteArray &body = {}, const HeaderList &headers = {},
                      int timeoutMs = 10000);

} // namespace ops::test
