#include "alerts/alertservice.h"

#include "alerts/smtpclient.h"
#include "alerts/webhookchannel.h"
#include "domain/storeerror.h"
#include "storage/leasedloop.h"
#include "storage/reconcile/servicelease.h"
#include "storage/session.h"

#include <QThread>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace ops {

std::vector<std::unique_ptr<AlertChannel>> alertChannelsOf(const AlertChannelsConfig &config)
{
    std::vector<std::unique_ptr<AlertChannel>> out;
    if (config.hasWebhook())
        out.push_back(std::make_unique<WebhookChannel>(config.webhookUrl, config.timeout));
    if (config.hasSmtp())
        out.push_back(std::make_unique<SmtpClient>(config.smtp));
    return out;
}

// Everything of the loop that lives on the alert thread: its Session, channels and LeasedLoop.
class AlertService::Worker final : public QObject
{
public:
    Worker(AlertService &service)
        : m_service(service)
    {}

    // Opens the database and starts the loop; a database that does not answer yet is tried
    // again a tick later, as the loop's own ticks would.
    void begin()
    {
        const AlertServiceOptions &o = m_service.m_options;
        try {
            m_session = std::make_unique<Session>(o.location, m_service.m_clock);
        } catch (const StoreError &e) {
            if (m_service.onFailure)
                m_service.onFailure(u"the alert loop cannot open the database yet: "_s +
                                    e.message());
            QTimer::singleShot(o.tickMs, this, [this] {
                if (!m_ended)
                    begin();
            });
            return;
        }
        m_channels = alertChannelsOf(o.channels);
        std::vector<AlertChannel *> channels;
        for (const auto &c : m_channels)
            channels.push_back(c.get());
        m_pass = std::make_unique<AlertPass>(*m_session, channels, o.pass,
                                             [this] { return m_loop->renew(); });
        m_loop = std::make_unique<LeasedLoop>(
            *m_session, LeasedLoopOptions{kAlertsLease, o.holder, o.tickMs, o.leaseTtlMs},
            [this] { passOnce(); });
        m_loop->onLeaseChange = m_service.onLeaseChange;
        m_loop->start();
    }

    void end()
    {
        m_ended = true;
        if (m_loop)
            m_loop->drain();
        m_loop.reset();
        m_pass.reset();
        m_channels.clear();
        m_session.reset(); // its connection belongs to this thread
    }

private:
    void passOnce()
    {
        const AlertPassReport report = m_pass->run();
        if (m_service.onPass)
            m_service.onPass(report);
    }

    AlertService &m_service;
    std::unique_ptr<Session> m_session;
    std::vector<std::unique_ptr<AlertChannel>> m_channels;
    std::unique_ptr<AlertPass> m_pass;
    std::unique_ptr<LeasedLoop> m_loop;
    bool m_ended = false;
};

AlertService::AlertService(AlertServiceOptions options, const Clock &clock)
    : m_options(std::move(options))
    , m_clock(clock)
{}

AlertService::~AlertService()
{
    drain();
}

void AlertService::start()
{
    if (m_thread)
        return;
    m_thread = std::make_unique<QThread>();
    m_thread->setObjectName(u"ops-alerts"_s);
    m_worker = new Worker(*this);
    m_worker->moveToThread(m_thread.get());
    QObject::connect(m_thread.get(), &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread->start();
    QMetaObject::invokeMethod(m_worker, [w = m_worker] { w->begin(); });
}

void AlertService::drain()
{
    if (!m_thread)
        return;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker] { w->end(); }, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    m_thread.reset();
    m_worker = nullptr;
}

} // namespace ops
