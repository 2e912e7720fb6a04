#pragma once

// The one HTTP server layer of the product (the MCP server, the webhook receiver, provider-sim):
// the only code that touches Qt HttpServer (its API changes in 6.8). A request comes out as plain
// data with a Responder through which the answer is written now, later, as a stream of
// server-sent events, or never.

#include <QAbstractHttpServer>
#include <QByteArray>
#include <QHash>
#include <QPointer>
#include <QSslCertificate>
#include <QSslKey>
#include <QTcpSocket>
#include <functional>
#include <memory>
#include <variant>

namespace ops {

struct HttpRequestData
{
    QByteArray method;   // GET, POST, DELETE, … (UNKNOWN for a method Qt does not name)
    QString path;        // decoded, without the query
    QByteArray rawQuery; // the query exactly as sent (percent-encoded), without '?'
    QHash<QByteArray, QByteArray> headers; // names in lower case
    QByteArray body;
    bool fromLoopback = true; // the peer's address is a loopback address
};

using HeaderList = QList<QPair<QByteArray, QByteArray>>;

// The way back to one client for one request. Holds the socket weakly: a late answer to a
// client that has gone is dropped, never written to a deleted or half-closed socket. A request
// that said `Connection: close` gets its answer and then the connection is closed.
class Responder
{
public:
    explicit Responder(QTcpSocket *socket, bool closeAfterReply = false);

    // True while the client is connected and nothing final has been written or dropped.
    bool isOpen() const;
    bool answered() const { return m_done; }
    // Writes a complete response; Content-Length and Connection are ours, a caller's copies are
    // ignored. False (nothing written) when the client has gone or this responder is done.
    bool send(int status, const HeaderList &headers, const QByteArray &body);
    // A 200 text/event-stream answer whose end closes the connection.
    void startEvents(const HeaderList &headers);
    void event(const QByteArray &data);
    void endEvents();
    void drop();  // close without (more of) an answer, after the bytes already written
    void reset(); // abort the connection at once (a client sees a reset, not an answer)
    // Runs fn once when the client disconnects (at once if it already has); context bounds the
    // callback's lifetime.
    void whenGone(QObject *context, std::function<void()> fn);

private:
    QPointer<QTcpSocket> m_socket;
    bool m_closeAfterReply = false;
    bool m_done = false;
    bool m_streaming = false;
};

using ResponderPtr = std::shared_ptr<Responder>;

// A server's certificate and unencrypted private key (EC or RSA) read from PEM files, for any
// TLS listener (HttpWire, provider-sim's SMTP sink); an error text when a file cannot be read or
// holds none.
struct PemPair
{
    QSslCertificate certificate;
    QSslKey key;
};
std::variant<PemPair, QString> readPemPair(const QString &certificatePemPath,
                                           const QString &keyPemPath);

class HttpWire final : public QAbstractHttpServer
{
public:
    using Handler = std::function<void(HttpRequestData, ResponderPtr)>;
    explicit HttpWire(Handler handler, QObject *parent = nullptr);

    // Every later listen() serves TLS with this certificate and private key (PEM files), which
    // Qt 6.4 applies to all of a server's listeners: a server that also speaks plain HTTP needs
    // a second HttpWire. An error text when a file cannot be read or holds no certificate/key.
    QString useTls(const QString &certificatePemPath, const QString &keyPemPath);

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    Handler m_handler;
};

// Constant-time comparison (of SHA-256 digests, so lengths leak nothing either). False when
// `expected` is empty.
bool sameSecret(const QByteArray &given, const QByteArray &expected);

} // namespace ops
