#include "storage/leasedloop.h"

#include "domain/storeerror.h"
#include "storage/db/storagelogging.h"
#include "storage/operations/operationstore.h"
#include "storage/reconcile/reconcilestore.h"
#include "storage/session.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSysInfo>

using namespace Qt::StringLiterals;

namespace ops {

QString serviceHolderName()
{
    return u"%1:%2:%3"_s.arg(QSysInfo::machineHostName())
        .arg(QCoreApplication::applicationPid())
        .arg(QDateTime::currentMSecsSinceEpoch());
}

LeasedLoop::LeasedLoop(Session &session, LeasedLoopOptions options, std::function<void()> pass,
                       QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_options(std::move(options))
    , m_pass(std::move(pass))
{
    m_timer.setInterval(m_options.tickMs);
    connect(&m_timer, &QTimer::timeout, this, &LeasedLoop::tick);
}

LeasedLoop::~LeasedLoop()
{
    drain();
}

void LeasedLoop::start()
{
    m_timer.start();
    QTimer::singleShot(0, this, &LeasedLoop::tick);
}

void LeasedLoop::tick()
{
    if (!m_timer.isActive())
        return; // drained while the tick was queued
    try {
        if (renew())
            m_pass();
    } catch (const StoreError &e) {
        // The database is away: try again at the next tick; the lease runs out on its own.
        qCWarning(lcStore) << m_options.lease << "tick failed:" << e.message();
        (void)m_session.store().reconnect(); // or at the next tick
    }
}

bool LeasedLoop::renew()
{
    const bool holds =
        m_session.reconcile().claimLease(m_options.lease, m_options.holder, m_options.leaseTtlMs);
    if (holds != m_holds) {
        m_holds = holds;
        qCInfo(lcStore) << m_options.holder << (holds ? "holds" : "lost") << "the"
                        << m_options.lease << "lease";
        if (onLeaseChange)
            onLeaseChange(holds);
    }
    return m_holds;
}

void LeasedLoop::drain()
{
    m_timer.stop();
    if (!m_holds)
        return;
    m_holds = false;
    try {
        m_session.reconcile().releaseLease(m_options.lease, m_options.holder);
    } catch (const StoreError &e) {
        qCWarning(lcStore) << "could not release the" << m_options.lease << "lease:" << e.message();
    }
    if (onLeaseChange)
        onLeaseChange(false);
}

} // namespace ops
