#pragma once

// What a refund is, whichever provider pays it: the caller's input, its unit of work (rule 2:
// order, amount and currency, plus the caller's reference) and rule 13's repeat answer. The Stripe
// and Adyen refund engines both open rows from it, so a refund reads the same on either.

#include "engine/settlement.h"
#include "engine/toolresult.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"

#include <variant>

namespace ops {

struct RefundInput
{
    RefundInput() = default;
    // The common case, by charge; the optional fields are set by name.
    RefundInput(QString order, QString charge, qint64 amount, QString currencyCode)
        : orderId(std::move(order))
        , chargeId(std::move(charge))
        , amountMinor(amount)
        , currency(std::move(currencyCode))
    {}

    QString orderId;
    QString chargeId; // exactly one of chargeId, paymentIntentId and adyenPaymentId
    qint64 amountMinor = 0;
    QString currency = QStringLiteral("usd");
    // Rule 13: part of the unit of work; a second refund of the same amount for the same order
    // names what it is for (a line item, a ticket). Empty: none.
    QString reference;
    // Resolved to its latest charge before the row is written; the row refunds that charge.
    QString paymentIntentId;
    // An Adyen payment's pspReference (16 letters and digits): the refund goes to Adyen
    // (AdyenRefundEngine), and the row keeps the payment where a Stripe row keeps its charge.
    QString adyenPaymentId;
    QString reason; // empty, duplicate, fraudulent or requested_by_customer; sent to the provider
    // DESIGN §19: why, from refundReasonCodes(), for counting; Stripe's three are also sent as
    // `reason` when no reason is given. Empty: none.
    QString reasonCode;
    // DESIGN §16: the failed refund of the same order and currency this one replaces; the new
    // row names it and the two link to each other. Empty: none.
    QString replaces;
    // DESIGN §17: the helpdesk ticket the refund answers; its messages go there. Not part of the
    // unit of work: the same refund asked from another ticket is the same refund. Empty: none.
    QString ticket;

    bool toAdyen() const { return !adyenPaymentId.isEmpty(); }
};

// Input checks that need no database and no provider, for every provider; nullopt when
// acceptable. Rejections are `invalid_request` with a message for the caller.
std::optional<ToolResult> validateRefund(const RefundInput &input);
// "order|amount|currency"; parsed from the right, so an order id holding '|' cannot make two
// units collide.
QString refundUnitOfWork(const RefundInput &input);

// "op_" + 32 hex digits, random.
QString newOperationId();
// RFC 4122 version 4, without braces (rule 1: ours, random, stored before the first send).
QString newIdempotencyKey();

// A new refund row of `input` with what every provider's row shares: a new id and key (rule 1:
// ours, random, stored before sending), the unit of work, order, amount and reference, who
// opened it (an agent's limits apply in the opening transaction) and what it replaces. The
// engine adds the provider's own: what is refunded, the stored request and the window.
NewOperation newRefundRow(const RefundInput &input, Provider provider, const QString &project,
                          const QString &actor);

// Where a call for this unit stands before anything is opened, from one read of the unit's newest
// row: a replacement that may not be made (DESIGN §16), the unit's live row driven by `rules`
// (rules 2 and 6), or a confirmed one's repeat (rule 13). nullopt: open a new row.
std::optional<ToolResult> refundBeforeOpening(Session &session, Settlement &rules,
                                              Provider provider, const QString &project,
                                              const RefundInput &input, const QString &actor);
// openOrGet for a refund row (guard: rule 9, when the balance is known). The call's result when
// it ends there: a replacement refused (another won, or the person may not resend), the agent's
// or replication's refusal, or the repeat of a refund confirmed meanwhile. Otherwise the opening,
// for the caller to drive (or, overBalance, to explain).
std::variant<OpenResult, ToolResult> openRefundRow(Session &session, const NewOperation &op,
                                                   const std::optional<BalanceGuard> &guard,
                                                   const QString &actor);

// Rule 13: the unit's latest row succeeded inside the repeat window, so this call is its repeat
// and is answered with it (nothing sent). nullopt when it is not a repeat.
std::optional<ToolResult> refundRepeat(Session &session, const Operation &latest,
                                       const QString &actor);
// The repeat answer for a confirmed refund, audited as one.
ToolResult answerRefundRepeat(Session &session, const Operation &done, const QString &actor);

} // namespace ops
