#include "reconcile/reconcilerservice.h"

#include "storage/reconcile/servicelease.h"

namespace ops {

ReconcilerService::ReconcilerService(Session &session, Reconciler &reconciler,
                                     ReconcilerServiceOptions options,
                                     std::function<void(const RowReport &)> onRow, QObject *parent)
    : QObject(parent)
    , m_loop(session,
             {kReconcilerLease, std::move(options.holder), options.tickMs, options.leaseTtlMs},
             // No parent: the loop is a member, destroyed with the service, not by it.
             [&reconciler, onRow = std::move(onRow)] { reconciler.pass(false, onRow); })
{}

} // namespace ops
