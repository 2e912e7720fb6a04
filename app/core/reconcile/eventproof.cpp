#include "reconcile/eventproof.h"

#include "storage/events/eventstore.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

bool settles(const QString &status)
{
    return status == u"succeeded"_s || status == u"pending"_s || status == u"failed"_s ||
           status == u"canceled"_s;
}

} // namespace

std::optional<EventProof> eventProof(const Operation &op, const std::vector<StoredEvent> &events)
{
    std::optional<EventProof> newest;
    for (const StoredEvent &stored : events) {
        auto event = parseStripeEvent(stored.raw);
        if (!event || !event->refund)
            continue;
        // A second refund object claiming the row is a conflict the full list read must show.
        if (newest && newest->refund.id != event->refund->id)
            return std::nullopt;
        if (newest && event->created < newest->event.created)
            continue;
        const StripeRefund refund = *event->refund;
        newest = EventProof{std::move(*event), refund, stored.receivedAt};
    }
    if (!newest)
        return std::nullopt;
    const StripeRefund &r = newest->refund;
    if (!op.providerRef.isEmpty() && r.id != op.providerRef)
        return std::nullopt; // the row already names another refund
    const bool ours =
        r.metadata.value(u"operation_id"_s) == op.id ||
        (!op.idempotencyKey.isEmpty() && newest->event.idempotencyKey == op.idempotencyKey) ||
        (!op.providerRef.isEmpty() && r.id == op.providerRef);
    if (!ours || r.amount != op.amount.minor ||
        r.currency.compare(op.amount.currency, Qt::CaseInsensitive) != 0 || !settles(r.status))
        return std::nullopt;
    return newest;
}

} // namespace ops
