#pragma once

// One blocking HTTP exchange with a per-attempt timeout. The engine is written against this
// interface; QtHttpTransport speaks real HTTP with Qt Network. Blocking keeps the engine a plain
// sequence of steps; the console runs it on a worker thread.

#include "classification.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QUrl>
#include <chrono>
#include <memory>
#include <utility>

class QNetworkAccessManager;

namespace ops {

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

class QtHttpTransport final : public HttpTransport
{
public:
    QtHttpTransport();
    ~QtHttpTransport() override;
    HttpResponse send(const HttpRequest &request, std::chrono::milliseconds timeout) override;

    // Responses larger than this are cut off and reported as malformed.
    static constexpr qint64 kMaxResponseBytes = 4 * 1024 * 1024;

private:
    // Qt Network is set up on the first request, not before: a call that sends nothing (a
    // sticky unknown row, bad input) pays nothing for it. One manager for all requests, so the
    // charge read and the POST share one kept-alive connection.
    QNetworkAccessManager &manager(const QUrl &url);

    std::unique_ptr<QNetworkAccessManager> m_manager;
};

QString toString(TransportError error);

} // namespace ops
