#include "reconcile/reconcilerservice.h"

#include "domain/storeerror.h"
#include "reconcile/reconcilelogging.h"
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

ReconcilerService::ReconcilerService(Session &session, Reconciler &reconciler,
                                     ReconcilerServiceOptions options,
                                     std::function<void(const RowReport &)> onRow, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_reconciler(reconciler)
    , m_options(std::move(options))
    , m_onRow(std::move(onRow))
{
    m_timer.setInterval(m_options.tickMs);
    connect(&m_timer, &QTimer::timeout, this, &ReconcilerService::tick);
}

ReconcilerService::~ReconcilerService()
{
    drain();
}

void ReconcilerService::start()
{
    m_timer.start();
    QTimer::singleShot(0, this, &ReconcilerService::tick);
}

void ReconcilerService::tick()
{
    if (!m_timer.isActive())
        return; // drained while the tick was queued
    try {
        const bool holds = m_session.reconcile().claimLease(kReconcilerLease, m_options.holder,
                                                            m_options.leaseTtlMs);
        if (holds != m_holds) {
            m_holds = holds;
            qCInfo(lcReconcile) << m_options.holder << (holds ? "holds" : "lost") << "the lease";
            if (onLeaseChange)
                onLeaseChange(holds);
        }
        if (m_holds)
            m_reconciler.pass(false, m_onRow);
    } catch (const StoreError &e) {
        // The database is away: try again at the next tick; the lease runs out on its own.
        qCWarning(lcReconcile) << "reconciler tick failed:" << e.message();
        (void)m_session.store().reconnect(); // or at the next tick
    }
}

void ReconcilerService::drain()
{
    m_timer.stop();
    if (!m_holds)
        return;
    m_holds = false;
    try {
        m_session.reconcile().releaseLease(kReconcilerLease, m_options.holder);
    } catch (const StoreError &e) {
        qCWarning(lcReconcile) << "could not release the lease:" << e.message();
    }
    if (onLeaseChange)
        onLeaseChange(false);
}

} // namespace ops
