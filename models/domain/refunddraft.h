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
    QString chargeId; // exactly one of chargeId and paymentIntentId
    // Only for a row that stores no charge id: the engine resolves a payment intent to its charge
    // and stores that, so a replacement normally refunds the same charge.
    QString paymentIntentId;
    Money amount;
    QString reference; // rule 13's unit of work; kept so the new row is the same unit
    QString reason;    // as sent the first time: duplicate, fraudulent, requested_by_customer or ''
};

// The refund that replaces `failed`: its order, charge (or the payment intent its stored request
// named), amount, currency, reference and reason. nullopt for anything but a Stripe refund: a
// failed Adyen row is not offered one yet, because no reading can prove its refund does not
// exist (a person may have closed it without Adyen's word); its REFUND notification decides,
// and `opsctl refund --adyen-payment … --replaces` stays a person's deliberate step.
std::optional<RefundDraft> replacementDraft(const Operation &failed);

// `opsctl refund … --replaces OP` for the draft; values are shell-quoted where needed.
QString refundCommand(const RefundDraft &draft);

} // namespace ops
