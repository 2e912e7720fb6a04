#include "webhook/webhookserver.h"

#include "domain/storeerror.h"
#include "httpserve/signalwatch.h"
#include "storage/events/eventstore.h"
#include "webhook/webhooklogging.h"

#include <QCoreApplication>
#include <QHostInfo>
#include <QTcpServer>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace ops {

WebhookServer::WebhookServer(Session &session, WebhookOptions receiver, WebhookServeOptions serve)
    : m_store(session.store())
    , m_events(session.events())
    , m_serve(std::move(serve))
    , m_receiver(std::make_unique<WebhookReceiver>(session, std::move(receiver)))
{}

WebhookServer::~WebhookServer() = default;

quint16 WebhookServer::listen(QTextStream &out, QTextStream &err)
{
    m_wire = std::make_unique<HttpWire>(
        [this](HttpRequestData request, ResponderPtr responder) { handle(request, responder); });
    const quint16 port = m_wire->listen(m_serve.address, m_serve.port);
    if (port == 0) {
        err << "opsctl: cannot listen on " << m_serve.address.toString() << ':' << m_serve.port
            << Qt::endl;
        return 0;
    }
    const QString host = m_serve.address.protocol() == QAbstractSocket::IPv6Protocol
                             ? u"["_s + m_serve.address.toString() + u"]"_s
                             : m_serve.address.toString();
    m_url = u"http://%1:%2"_s.arg(host).arg(port);
    m_startedAtMs = m_store.clock().nowMs();
    m_id = u"%1:%2:%3"_s.arg(QHostInfo::localHostName())
               .arg(QCoreApplication::applicationPid())
               .arg(m_startedAtMs);
    out << "opsctl webhook listening on " << m_url << Qt::endl;
    beat();
    return port;
}

int WebhookServer::run(QTextStream &out, QTextStream &err, std::function<void()> onStop)
{
    if (listen(out, err) == 0)
        return 1;
    QTimer heartbeat;
    QObject::connect(&heartbeat, &QTimer::timeout, [this] { beat(); });
    heartbeat.start(m_serve.heartbeatMs);
    SignalWatch watch([this, &onStop] {
        qCInfo(lcWebhook) << "signal: committing what is queued and stopping";
        for (QTcpServer *server : m_wire->servers())
            server->close();
        m_receiver->flush();
        if (onStop)
            onStop();
        QCoreApplication::exit(0);
    });
    const int code = QCoreApplication::exec();
    try {
        m_events.stopped(m_id);
    } catch (const StoreError &e) {
        qCWarning(lcWebhook) << "cannot record the stop:" << e.what();
    }
    return code;
}

void WebhookServer::handle(const HttpRequestData &request, const ResponderPtr &responder)
{
    if (m_receiver->handle(request, responder))
        return;
    if (request.path == u"/healthz"_s && request.method == "GET") {
        QByteArray stats = m_receiver->statsJson();
        stats.insert(1, "\"ok\":true,");
        responder->send(200, {{"Content-Type", "application/json"}}, stats);
        return;
    }
    for (const Routes &routes : m_routes) {
        if (routes(request, responder))
            return;
    }
    responder->send(
        404, {{"Content-Type", "application/json"}},
        R"({"error":{"code":"not_found","message":"POST /webhooks/stripe or /webhooks/adyen"}})");
}

void WebhookServer::beat()
{
    try {
        m_events.beat(m_id, m_url, m_startedAtMs, m_receiver->lastEventAtMs());
    } catch (const StoreError &e) {
        // A missed heartbeat only makes the console say "not running"; deliveries go on, on the
        // connection opened again here once the database answers (after a failover, say).
        qCWarning(lcWebhook) << "heartbeat not stored:" << e.what();
        (void)m_store.reconnect(); // or at the next heartbeat
    }
}

} // namespace ops
