#include "httptransport.h"

#include "transportlogging.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QHostAddress>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

TransportError mapError(QNetworkReply::NetworkError e, bool timedOut)
{
    if (timedOut)
        return TransportError::Timeout;
    switch (e) {
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::HostNotFoundError:
    case QNetworkReply::UnknownNetworkError:
        return TransportError::ConnectionFailed;
    case QNetworkReply::TimeoutError:
        return TransportError::Timeout;
    case QNetworkReply::RemoteHostClosedError:
        return TransportError::Reset;
    default:
        return TransportError::Reset;
    }
}

// A request body Qt Network can read once only. When the server closes the connection before
// answering, QNetworkAccessManager (Qt 6.4) resends the request by itself if it can rewind the
// body; for a POST that is a request no attempt row counts (rule 4). This device cannot rewind, so
// Qt reports the failure (QNetworkReply::ContentReSendError) and the engine decides whether to
// send again, as a counted attempt with the same key.
class ReadOnceBody final : public QIODevice
{
public:
    explicit ReadOnceBody(QByteArray data)
        : m_data(std::move(data))
    {
        open(QIODevice::ReadOnly);
    }
    bool isSequential() const override { return true; }
    bool reset() override { return false; }
    qint64 bytesAvailable() const override
    {
        return m_data.size() - m_pos + QIODevice::bytesAvailable();
    }

protected:
    qint64 readData(char *out, qint64 max) override
    {
        const qint64 n = qMin(max, qint64(m_data.size()) - m_pos);
        if (n <= 0)
            return -1;
        memcpy(out, m_data.constData() + m_pos, size_t(n));
        m_pos += n;
        return n;
    }
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    QByteArray m_data;
    qint64 m_pos = 0;
};

} // namespace

QString toString(TransportError error)
{
    switch (error) {
    case TransportError::None:
        return {};
    case TransportError::Timeout:
        return u"timeout"_s;
    case TransportError::ConnectionFailed:
        return u"connection_failed"_s;
    case TransportError::Reset:
        return u"connection_reset"_s;
    case TransportError::Malformed:
        return u"malformed_response"_s;
    }
    return {};
}

QtHttpTransport::QtHttpTransport() = default;

QtHttpTransport::~QtHttpTransport() = default;

QNetworkAccessManager &QtHttpTransport::manager(const QUrl &url)
{
    if (!m_manager) {
        m_manager = std::make_unique<QNetworkAccessManager>();
        // A redirect would silently send the stored request somewhere else: never follow one.
        m_manager->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
        // Loopback never goes through a proxy: no proxy look-up for the simulator or a local
        // provider. Other hosts keep Qt's default (the application proxy).
        const QHostAddress host(url.host());
        if (url.host() == u"localhost"_s || host.isLoopback())
            m_manager->setProxy(QNetworkProxy::NoProxy);
    }
    return *m_manager;
}

HttpResponse QtHttpTransport::send(const HttpRequest &request, std::chrono::milliseconds timeout)
{
    QNetworkRequest req(request.url);
    for (const auto &[name, value] : request.headers)
        req.setRawHeader(name, value);
    req.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    // Unbuffered, non-rewindable body: Qt cannot silently resend it (see ReadOnceBody).
    ReadOnceBody body(request.body);
    if (!request.body.isEmpty()) {
        req.setAttribute(QNetworkRequest::DoNotBufferUploadDataAttribute, true);
        req.setHeader(QNetworkRequest::ContentLengthHeader, request.body.size());
    }

    QElapsedTimer elapsed;
    elapsed.start();
    QNetworkAccessManager &nam = manager(request.url);
    QNetworkReply *reply = request.body.isEmpty()
                               ? nam.sendCustomRequest(req, request.method)
                               : nam.sendCustomRequest(req, request.method, &body);
    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    bool timedOut = false;
    QObject::connect(&timer, &QTimer::timeout, &loop, [&] {
        timedOut = true;
        reply->abort();
    });
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    timer.start(timeout);
    if (!reply->isFinished())
        loop.exec();

    HttpResponse response;
    response.latencyMs = elapsed.elapsed();
    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (status.isValid() && !timedOut) {
        response.status = status.toInt();
        for (const auto &[name, value] : reply->rawHeaderPairs())
            response.headers.insert(name.toLower(), value);
        response.body = reply->read(kMaxResponseBytes + 1);
        if (response.body.size() > kMaxResponseBytes) {
            response.status = 0;
            response.error = TransportError::Malformed;
            response.errorText = u"response larger than %1 bytes"_s.arg(kMaxResponseBytes);
        }
    } else {
        response.error = mapError(reply->error(), timedOut);
        response.errorText =
            timedOut ? u"no answer within %1 ms"_s.arg(timeout.count()) : reply->errorString();
    }
    qCDebug(lcHttp) << request.method << request.url.path() << "->" << response.status
                    << toString(response.error) << response.latencyMs << "ms";
    delete reply; // finished: nothing of Qt Network still refers to it
    return response;
}

} // namespace ops
