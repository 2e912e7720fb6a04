#include "reconcile/adyenproof.h"

#include "storage/events/eventstore.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// A refund is first decided (REFUND), then possibly undone (REFUND_FAILED, REFUNDED_REVERSED).
int phase(const AdyenItem &item)
{
    return item.eventCode == u"REFUND"_s ? 0 : 1;
}

QString failureCode(const AdyenItem &item)
{
    const QString code =
        item.eventCode == u"REFUND"_s ? u"refund_refused"_s : item.eventCode.toLower();
    return item.reason.isEmpty() ? code : code + u": "_s + item.reason.left(200);
}

} // namespace

bool adyenSettlesRefund(const QString &eventCode)
{
    return eventCode == u"REFUND"_s || eventCode == u"REFUND_FAILED"_s ||
           eventCode == u"REFUNDED_REVERSED"_s;
}

bool adyenLaterThan(const AdyenItem &a, const AdyenItem &b)
{
    if (phase(a) != phase(b))
        return phase(a) > phase(b);
    return adyenEventSeconds(a) > adyenEventSeconds(b);
}

std::optional<AdyenProof> adyenProof(const Operation &op, const std::vector<StoredEvent> &events)
{
    std::optional<AdyenProof> newest;
    for (const StoredEvent &stored : events) {
        if (stored.provider != Provider::Adyen || !adyenSettlesRefund(stored.type) ||
            stored.matchedBy == MatchedBy::OriginalReference)
            continue;
        auto item =
            adyenItemFromJson(nlohmann::json::parse(stored.raw.toStdString(), nullptr, false));
        if (!item)
            continue;
        if (newest && newest->item.pspReference != item->pspReference)
            return std::nullopt; // two refunds claim the row: a person decides
        if (newest && !adyenLaterThan(*item, newest->item))
            continue;
        newest = AdyenProof{stored.id, std::move(*item), stored.receivedAt, {}, {}, {}};
    }
    if (!newest)
        return std::nullopt;
    const AdyenItem &item = newest->item;
    if ((!op.providerRef.isEmpty() && item.pspReference != op.providerRef) ||
        item.originalReference != op.chargeId)
        return std::nullopt;
    if (item.value != op.amount.minor ||
        item.currency.compare(op.amount.currency, Qt::CaseInsensitive) != 0)
        return std::nullopt;
    const bool succeeded = item.eventCode == u"REFUND"_s && item.success;
    newest->outcome = succeeded ? OperationState::Succeeded : OperationState::Failed;
    newest->providerStatus = succeeded                       ? u"succeeded"_s
                             : item.eventCode == u"REFUND"_s ? u"refused"_s
                                                             : item.eventCode.toLower();
    if (!succeeded)
        newest->failureCode = failureCode(item);
    return newest;
}

nlohmann::json adyenProofReading(const AdyenProof &proof)
{
    return {{"source", "stored_adyen_notification"},
            {"event_id", proof.eventId.toStdString()},
            {"received_at", proof.receivedAt.toString(Qt::ISODateWithMs).toStdString()},
            {"notification", proof.item.raw}};
}

QString adyenProofTitle(const AdyenProof &proof)
{
    return u"stored Adyen notification %1 (%2 %3)"_s.arg(
        proof.eventId, proof.item.eventCode, proof.item.success ? u"true"_s : u"false"_s);
}

} // namespace ops
