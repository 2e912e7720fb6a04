#pragma once

// `opsctl webhook serve`: the receiver (webhookreceiver.h) on its own HttpWire, with GET /healthz
// ({"ok":true,…counters}) and a heartbeat row (receiver_heartbeats, refreshed every
// heartbeatMs) so the console can say whether a receiver runs and when the last event came.

#include "webhook/webhookreceiver.h"

#include <QHostAddress>
#include <QTextStream>
#include <functional>
#include <memory>

namespace ops {

struct WebhookServeOptions
{
    QHostAddress address = QHostAddress(QHostAddress::LocalHost);
    quint16 port = 0;
    int heartbeatMs = 30'000;
};

class WebhookServer final
{
public:
    WebhookServer(Session &session, WebhookOptions receiver, WebhookServeOptions serve);
    ~WebhookServer();
    WebhookServer(const WebhookServer &) = delete;
    WebhookServer &operator=(const WebhookServer &) = delete;

    // Listens and prints "opsctl webhook listening on http://HOST:PORT" on `out`. 0 = the port.
    quint16 listen(QTextStream &out, QTextStream &err);
    // listen(), then the event loop until SIGTERM/SIGINT; what is queued is committed and
    // answered before it returns 0. 1 when it cannot listen. `onStop` runs at the signal, after
    // the receiver's flush (opsctl serve drains its reconciler there).
    int run(QTextStream &out, QTextStream &err, std::function<void()> onStop = {});

    WebhookReceiver &receiver() { return *m_receiver; }
    // More routes on the same listener (opsctl serve's ticket view): asked in order before the
    // 404, each answers and returns true for the requests it takes.
    using Routes = std::function<bool(const HttpRequestData &, const ResponderPtr &)>;
    void addRoutes(Routes routes) { m_routes.push_back(std::move(routes)); }

private:
    void handle(const HttpRequestData &request, const ResponderPtr &responder);
    void beat();

    OperationStore &m_store; // the session's
    EventStore &m_events;    // the heartbeat
    WebhookServeOptions m_serve;
    std::unique_ptr<WebhookReceiver> m_receiver;
    std::unique_ptr<HttpWire> m_wire;
    std::vector<Routes> m_routes;
    QString m_id;
    QString m_url;
    qint64 m_startedAtMs = 0;
};

} // namespace ops
