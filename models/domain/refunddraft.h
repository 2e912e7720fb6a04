#pragma once

// A refund a person starts from the console to replace a failed one (DESIGN §16, issue 31 item
// 2): a new operation with a new key for the same order, charge and currency, linked to the
// failed row. The console's form, its `opsctl refund … --replaces` twin and the console's job
// all start from this one value.

#include "domain/money.h"
#include "domain/operation.h"

#include <optional>

namespace ops {

struct RefundDraft
{
    QString replaces; // the failed refund this one replaces
    QString orderId;
    QString chargeId; // exactly one of chargeId, paymentIntentId and adyenPaymentId
    // Only for a row that stores no charge id: the engine resolves a payment intent to its charge
    // and stores that, so a replacement normally refunds the same charge.
    QString paymentIntentId;
    // An Adyen payment's pspReference: the replacement goes to Adyen (the row keeps its payment
    // where a Stripe row keeps its charge). Adyen takes no Stripe reason, so `reason` stays ''.
    QString adyenPaymentId;
    Money amount;
    QString reference; // rule 13's unit of work; kept so the new row is the same unit
    QString reason;    // as sent the first time: duplicate, fraudulent, requested_by_customer or ''
};

// The refund that replaces `failed`: its order, charge (or the payment intent its stored request
// named), amount, currency, reference and reason; for an Adyen refund its payment. nullopt for
// anything but a refund. A failed row is final, and its close carried evidence that no money moved
// (rule 8: a person's close, Adyen's own refusal, or a stored 5xx a resend can only replay), so an
// Adyen row is replaced as a Stripe one is (issue 50 item 5). Should Adyen's REFUND notification
// later say the first refund succeeded, the failed row raises Attention (docs/adyen.md).
std::optional<RefundDraft> replacementDraft(const Operation &failed);

// `opsctl refund … --replaces OP` for the draft; values are shell-quoted where needed.
QString refundCommand(const RefundDraft &draft);

} // namespace ops
