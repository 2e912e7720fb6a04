#pragma once

// One blocking HTTP exchange with a per-attempt timeout. The engine is written against this
// interface; QtHttpTransport speaks real HTTP with Qt Network's sockets. Blocking keeps the engine
// a plain sequence of steps; the console and `opsctl mcp` run it on worker threads.

#include "domain/classification.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QUrl>
#include <chrono>
#include <memory>
#include <optional>
#include <utility>

class QDeadlineTimer;
class QTcpSocket;

namespace ops {

class ResponseReader;

struct HttpRequest
{
    QByteArray method = "GET";
    QUrl url;
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;
};

struct HttpResponse
{
    int status = 0; // 0: no HTTP answer (see error)
    TransportError error = TransportError::None;
    QString errorText;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;
    qint64 latencyMs = 0;

    QByteArray header(const QByteArray &lowerName) const { return headers.value(lowerName); }
};

class HttpTransport
{
public:
    virtual ~HttpTransport() = default;
    virtual HttpResponse send(const HttpRequest &request, std::chrono::milliseconds timeout) = 0;
};

// HTTP/1.1 over one kept-alive connection (QTcpSocket, or QSslSocket for https), read and written
// on the calling thread with Qt's blocking socket calls: no event loop, no thread of its own, no
// request ever sent twice. A transport is used from one thread (its socket belongs to the thread
// that sent the first request, as Qt sockets do). The connection is reused for the next request
// to the same origin unless the server closed it, said `Connection: close`, or it sat idle past
// kIdleReuseLimit; a request is written only on a connection that showed no sign of closing, and
// a connection that fails mid-request is dropped, never retried here: the engine decides whether
// to send again, as a counted attempt with the same key.
class QtHttpTransport final : public HttpTransport
{
public:
    QtHttpTransport();
    ~QtHttpTransport() override;
    HttpResponse send(const HttpRequest &request, std::chrono::milliseconds timeout) override;

    // Responses larger than this are cut off and reported as malformed.
    static constexpr qint64 kMaxResponseBytes = 4 * 1024 * 1024;
    // A kept-alive connection idle longer than this is closed instead of reused: providers and
    // the boxes in between drop idle connections after a minute or so, not always with a FIN.
    static constexpr std::chrono::seconds kIdleReuseLimit{30};

    // How many connections this transport has opened (what the tests count).
    int connectionsOpened() const { return m_opened; }

private:
    struct Connection;

    HttpResponse exchange(const HttpRequest &request, const QDeadlineTimer &deadline,
                          std::chrono::milliseconds timeout);
    // Opens m_connection to the url's origin; the failure to report when it cannot.
    std::optional<HttpResponse> openConnection(const QUrl &url, const QDeadlineTimer &deadline);
    // Feeds `reader` until it has a whole response, the server closed, or it failed; false when
    // the deadline passed first.
    static bool readAnswer(QTcpSocket &socket, ResponseReader &reader,
                           const QDeadlineTimer &deadline);
    static HttpResponse answerOf(const ResponseReader &reader);

    std::unique_ptr<Connection> m_connection;
    int m_opened = 0;
};

QString toString(TransportError error);

} // namespace ops
