#include "httptransport.h"

#include "corelogging.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QNetworkAccessManager>
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

QtHttpTransport::QtHttpTransport()
    : m_manager(std::make_unique<QNetworkAccessManager>())
{
    // A redirect would silently send the stored request somewhere else: never follow one.
    m_manager->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
}

QtHttpTransport::~QtHttpTransport() = default;

HttpResponse QtHttpTransport::send(const HttpRequest &request, std::chrono::milliseconds timeout)
{
    QNetworkRequest req(request.url);
    for (const auto &[name, value] : request.headers)
        req.setRawHeader(name, value);
    req.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);

    QElapsedTimer elapsed;
    elapsed.start();
    QNetworkReply *reply = m_manager->sendCustomRequest(req, request.method, request.body);
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
        response.errorText = timedOut ? u"no answer within %1 ms"_s.arg(timeout.count())
                                      : reply->errorString();
    }
    qCDebug(lcHttp) << request.method << request.url.path() << "->" << response.status
                    << toString(response.error) << response.latencyMs << "ms";
    delete reply; // finished: nothing of Qt Network still refers to it
    return response;
}

} // namespace ops
