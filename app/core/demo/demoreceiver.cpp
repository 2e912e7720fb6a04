#include "demo/demoreceiver.h"

#include "domain/storeerror.h"
#include "httpserve/httpwire.h"
#include "storage/session.h"

#include <QAbstractEventDispatcher>
#include <QDeadlineTimer>
#include <QHostAddress>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace ops {

DemoReceiver::DemoReceiver(const QString &dbLocation, const QByteArray &hmacKey,
                           const QString &merchantAccount)
    : m_dbLocation(dbLocation)
{
    m_options.adyen.hmacKeys = {hmacKey};
    m_options.adyen.merchantAccounts = {merchantAccount};
}

DemoReceiver::~DemoReceiver()
{
    // The wire first: no request may reach a receiver or session being destroyed.
    m_wire.reset();
    if (m_receiver)
        m_receiver->flush();
}

Result<QString> DemoReceiver::start()
{
    try {
        m_session = std::make_unique<Session>(m_dbLocation, m_clock);
    } catch (const StoreError &e) {
        return Failure{u"the demo's notification receiver cannot open the database: "_s +
                       e.message()};
    }
    m_receiver = std::make_unique<WebhookReceiver>(*m_session, m_options);
    m_wire = std::make_unique<HttpWire>([this](HttpRequestData request, ResponderPtr responder) {
        if (!m_receiver->handle(request, responder))
            responder->send(404, {{"Content-Type", "text/plain"}}, "no such route\n");
    });
    const quint16 port = m_wire->listen(QHostAddress(QHostAddress::LocalHost), 0);
    if (port == 0)
        return Failure{u"the demo's notification receiver found no free loopback port"_s};
    return u"http://127.0.0.1:%1%2"_s.arg(port).arg(kAdyenWebhookPath);
}

bool DemoReceiver::waitForStored(qint64 events, std::chrono::milliseconds timeout)
{
    // The dispatcher, not a QEventLoop: a stop signal while the story is built calls
    // QCoreApplication::exit(), after which every new event loop returns at once, and the
    // console must still finish the story before it cleans up. The timer wakes the wait.
    const QDeadlineTimer deadline(timeout);
    QTimer wake;
    wake.start(20);
    QAbstractEventDispatcher *dispatcher = QAbstractEventDispatcher::instance();
    const auto waiting = [&] {
        const WebhookStats &s = m_receiver->stats();
        return s.stored < events && s.refusedTotal() == 0 && !deadline.hasExpired();
    };
    while (waiting())
        dispatcher->processEvents(QEventLoop::WaitForMoreEvents);
    return m_receiver->stats().stored >= events;
}

QString DemoReceiver::refused() const
{
    QStringList reasons;
    for (const auto &[reason, count] : m_receiver->stats().refused)
        reasons << u"%1 ×%2"_s.arg(reason).arg(count);
    return reasons.join(u", "_s);
}

} // namespace ops
