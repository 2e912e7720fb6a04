#include "reconcile/adyenrows.h"

using namespace Qt::StringLiterals;

namespace ops {

AdyenRowStep reconcileAdyenRow(OperationStore &store, const Operation &op, const QString &actor)
{
    if (op.state != OperationState::Open)
        return {u"unsupported"_s,
                u"an Adyen refund is settled by its REFUND notification, not by a reading"_s};
    const QString why = awaitsProviderNotification(op)
                            ? u"Adyen received refund %1 but no REFUND notification came by its "
                              "reconciler slot"_s.arg(op.providerRef)
                            : u"no answer from Adyen by its reconciler slot"_s;
    store.markUnknown(op.id, why, actor);
    return {u"checking"_s, why};
}

} // namespace ops
