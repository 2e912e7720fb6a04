// EventApplier's Adyen half (DESIGN §15, docs/adyen.md): one item of a checked notification
// batch, stored as a provider event with the item's object as received, matched to a refund row
// and decided by the rule the reconciler also uses (reconcile/adyenproof.h). Forward only, as for
// Stripe: an open or unknown row closes on the newest refund notification; a succeeded row that
// Adyen later reports failed or reversed raises Attention (a row never moves back); a failed row
// that Adyen reports refunded raises Attention. A refund matched only by its payment and amount
// (no reference of ours) raises Attention and decides nothing: it may have been made outside the
// product. Every other notification (the payment's own, CANCEL_OR_REFUND) is kept and changes no
// row.

#include "domain/money.h"
#include "reconcile/adyenproof.h"
#include "storage/reconcile/reconcilestore.h"
#include "webhook/eventapplier.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// One stored event per (refund or payment, event, success): Adyen's own identity of a
// notification, which it resends unchanged until it hears [accepted].
QString adyenEventId(const AdyenItem &item)
{
    return item.pspReference + u':' + item.eventCode + u':' +
           (item.success ? u"true"_s : u"false"_s);
}

QString moneyText(const AdyenItem &item)
{
    return formatMoney({item.value, item.currency});
}

// The item of a stored Adyen notification of the same refund that decides after `item`, if any.
std::optional<QString> laterStored(const std::vector<StoredEvent> &stored, const AdyenItem &item)
{
    for (const StoredEvent &e : stored) {
        if (e.provider != Provider::Adyen || e.objectId != item.pspReference ||
            !adyenSettlesRefund(e.type) || e.matchedBy == MatchedBy::OriginalReference)
            continue;
        const auto other =
            adyenItemFromJson(nlohmann::json::parse(e.raw.toStdString(), nullptr, false));
        if (other && adyenLaterThan(*other, item))
            return e.id;
    }
    return std::nullopt;
}

// The other Adyen refunds that named this row themselves (a payment-and-amount match is no
// claim: it is why that event raised Attention).
QStringList otherClaims(const std::vector<StoredEvent> &stored, const Operation &op,
                        const QString &pspReference)
{
    QStringList others;
    if (!op.providerRef.isEmpty() && op.providerRef != pspReference)
        others << op.providerRef;
    for (const StoredEvent &e : stored) {
        if (e.provider == Provider::Adyen && adyenSettlesRefund(e.type) &&
            e.matchedBy != MatchedBy::OriginalReference && e.objectId != pspReference &&
            !others.contains(e.objectId))
            others << e.objectId;
    }
    return others;
}

} // namespace

EventApplyResult EventApplier::applyAdyenLocked(const AdyenItem &item, bool live)
{
    const qint64 now = m_store.clock().nowMs();
    const bool refund = isAdyenRefundEvent(item.eventCode);
    StoredEvent row;
    row.id = adyenEventId(item);
    row.provider = Provider::Adyen;
    row.type = item.eventCode;
    row.created = adyenEventSeconds(item);
    row.livemode = live;
    row.objectType = refund ? u"refund"_s : u"payment"_s;
    // A refund's events name the refund; a payment's events (a CAPTURE has its own pspReference)
    // name the payment, where rule 9 looks for its amount (engine/adyenrefundengine.cpp).
    row.objectId =
        refund || item.originalReference.isEmpty() ? item.pspReference : item.originalReference;
    row.objectStatus = item.success ? u"success"_s : u"failure"_s;
    row.source = EventSource::Webhook;
    row.receivedAt = QDateTime::fromMSecsSinceEpoch(now, Qt::UTC);
    row.raw = QByteArray::fromStdString(item.raw.dump());
    if (m_events.hasEventLocked(row.id))
        return {true, EventOutcome::Ignored, u"duplicate"_s, {}, 0};
    if (!adyenSettlesRefund(item.eventCode))
        return recordLocked(
            row, std::nullopt,
            {EventOutcome::Ignored, u"%1 decides no refund of ours; kept"_s.arg(item.eventCode)});
    const auto match =
        m_events.matchAdyenRefundLocked(item.merchantReference, item.pspReference,
                                        item.originalReference, {item.value, item.currency});
    row.matchedBy = match.by;
    if (!match.operation)
        return recordLocked(row, std::nullopt,
                            {EventOutcome::Ignored, u"unmatched: no operation of ours"_s});
    if (match.by == MatchedBy::OriginalReference)
        return recordLocked(
            row, match.operation,
            attention(*match.operation,
                      u"Adyen refund %1 of payment %2 for %3 carries no reference of ours: it may "
                      "have been made outside this product. If it is this refund, close the row "
                      "with it; if not, the customer may be refunded twice"_s.arg(
                          item.pspReference, item.originalReference, moneyText(item))));
    Decision decision = decideAdyen(item, row, *match.operation);
    return recordLocked(row, match.operation, std::move(decision));
}

EventApplier::Decision EventApplier::decideAdyen(const AdyenItem &item, const StoredEvent &row,
                                                 const Operation &op)
{
    if (item.value != op.amount.minor ||
        item.currency.compare(op.amount.currency, Qt::CaseInsensitive) != 0)
        return attention(op, u"Adyen refund %1 is %2, the operation %3"_s.arg(
                                 item.pspReference, moneyText(item), formatMoney(op.amount)));
    if (item.originalReference != op.chargeId)
        return attention(op, u"Adyen refund %1 names this operation but refunds payment %2; the "
                             "operation refunds %3"_s.arg(item.pspReference, item.originalReference,
                                                          op.chargeId));
    const std::vector<StoredEvent> stored = m_events.eventsOf(op.id);
    if (const QStringList others = otherClaims(stored, op, item.pspReference); !others.isEmpty())
        return attention(op, u"two Adyen refunds claim this operation: %1 and %2"_s.arg(
                                 item.pspReference, others.join(u", "_s)));
    if (!isFinal(op.state))
        return onLiveAdyenRow(row, op);
    // Forward only on a final row too: a REFUND arriving after its REFUND_FAILED is old news.
    if (const auto later = laterStored(stored, item))
        return {EventOutcome::Ignored,
                u"earlier than stored notification %1, which decides; kept"_s.arg(*later)};
    return onSettledAdyenRow(item, op);
}

EventApplier::Decision EventApplier::onLiveAdyenRow(const StoredEvent &row, const Operation &op)
{
    std::vector<StoredEvent> events = m_events.eventsOf(op.id);
    events.push_back(row);
    const auto proof = adyenProof(op, events);
    if (!proof)
        return {EventOutcome::Ignored, u"the row's notifications prove no outcome; kept"_s};
    if (proof->eventId != row.id)
        return {EventOutcome::Ignored,
                u"earlier than stored notification %1, which decides; kept"_s.arg(proof->eventId)};
    const AdyenItem &item = proof->item;
    const bool succeeded = proof->outcome == OperationState::Succeeded;
    const QString why = u"Adyen notification %1: refund %2 of payment %3, %4, %5"_s.arg(
        row.id, item.pspReference, item.originalReference, moneyText(item),
        succeeded ? u"succeeded"_s : proof->failureCode);
    if (!m_reconcile.settings().autoClose)
        return {EventOutcome::Ignored,
                u"proposed close %1 (Adyen refund %2): automatic closes are off"_s.arg(
                    toString(proof->outcome), item.pspReference),
                autoCloseOffProposal(op.id, proof->outcome, item.pspReference, why + u'.', {},
                                     m_actor)};
    if (succeeded && m_store.closeSucceededLocked(op.id, item.pspReference, proof->providerStatus,
                                                  m_actor, why, CloseFrom::OpenOrUnknown))
        return {EventOutcome::Applied,
                u"closed succeeded (Adyen refund %1)"_s.arg(item.pspReference)};
    if (!succeeded && m_store.closeFailedLocked(op.id, proof->failureCode, m_actor, why,
                                                CloseFrom::OpenOrUnknown)) {
        // As the reconciler's close records it: refused, refund_failed or refunded_reversed.
        m_store.setProviderStatusLocked(op.id, proof->providerStatus, m_actor,
                                        OperationState::Failed);
        return {EventOutcome::Applied, u"closed failed (%1)"_s.arg(proof->failureCode)};
    }
    return {EventOutcome::Ignored, u"the row did not close; kept"_s};
}

EventApplier::Decision EventApplier::onSettledAdyenRow(const AdyenItem &item, const Operation &op)
{
    const bool refunded = item.eventCode == u"REFUND"_s && item.success;
    const bool undone =
        item.eventCode == u"REFUND_FAILED"_s || item.eventCode == u"REFUNDED_REVERSED"_s;
    if (op.state == OperationState::Succeeded && undone) {
        m_store.setProviderStatusLocked(op.id, item.eventCode.toLower(), m_actor,
                                        OperationState::Succeeded);
        return attention(op,
                         u"Adyen refund %1: %2 after it succeeded (%3): the money did not "
                         "reach the customer"_s.arg(item.pspReference, item.eventCode,
                                                    item.reason.isEmpty() ? u"no reason given"_s
                                                                          : item.reason.left(200)));
    }
    if (op.state == OperationState::Succeeded && item.eventCode == u"REFUND"_s && !item.success)
        return attention(op, u"Adyen refused refund %1 (%2) but the operation is succeeded"_s.arg(
                                 item.pspReference, item.reason.left(200)));
    if (op.state == OperationState::Failed && refunded)
        return attention(
            op, u"Adyen refund %1 succeeded but the operation is failed"_s.arg(item.pspReference));
    return {EventOutcome::Ignored, u"the operation is already %1; kept"_s.arg(toString(op.state))};
}

} // namespace ops
