#pragma once

// What the Adyen notifications stored for a refund row prove (DESIGN §15, docs/adyen.md): the
// rule the receiver applies as each one arrives and the reconciler applies to all of them at its
// slot, written once. Adyen cannot be asked for a refund, so these are the only readings there
// are. Positive proof only: every stored refund notification of the row names one and the same
// refund (pspReference), that refund is the row's own when the row already names one, and the
// newest shows the row's amount and currency. Newest means the later phase first — a
// REFUND_FAILED or REFUNDED_REVERSED can only follow a REFUND, whatever their eventDates say
// (they often share a second) — then the later eventDate.
//
//   REFUND success "true"                 → succeeded, the refund's pspReference
//   REFUND success "false"                → failed with Adyen's reason
//   REFUND_FAILED / REFUNDED_REVERSED     → failed (the money did not reach the customer)

#include "adyen/adyennotification.h"
#include "domain/operation.h"

#include <optional>
#include <vector>

namespace ops {

struct StoredEvent;

struct AdyenProof
{
    QString eventId; // the stored notification that decides
    AdyenItem item;
    QDateTime receivedAt;
    OperationState outcome = OperationState::Unknown; // Succeeded or Failed
    QString failureCode;                              // Failed: what the row keeps as its error
    QString providerStatus; // succeeded, refused, refund_failed or refunded_reversed
};

// The notifications that decide a refund: REFUND, REFUND_FAILED and REFUNDED_REVERSED. Any other
// (CANCEL_OR_REFUND and the payment's own) is kept and decides no row.
bool adyenSettlesRefund(const QString &eventCode);

// Pure: over the row's stored events (any order, any provider). Only the Adyen notifications
// that settle a refund count, and of those only the ones that named the row themselves (by
// merchantReference or the refund's pspReference) and are of the row's payment: one matched by
// the payment and the amount alone (MatchedBy::OriginalReference) may be a refund made outside
// the product, and is Attention's, never proof.
std::optional<AdyenProof> adyenProof(const Operation &op, const std::vector<StoredEvent> &events);

// The stored notification a proof rests on, as the evidence body of a close made on it (by the
// reconciler, or by a person from the look-up): {"source":"stored_adyen_notification",
// "event_id","received_at","notification":<the item as received>}.
nlohmann::json adyenProofReading(const AdyenProof &proof);
// Its evidence title: "stored Adyen notification <id> (<eventCode> <success>)".
QString adyenProofTitle(const AdyenProof &proof);

// The later of two refund notifications of one refund, by phase then eventDate.
bool adyenLaterThan(const AdyenItem &a, const AdyenItem &b);

} // namespace ops
