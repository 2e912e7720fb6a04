#pragma once

// The refund engine: docs/design.md rules 1–10 and 13 for Stripe refunds. One call of refund() is
// one tool call of the agent: it finds the live row, or answers a repeat of a confirmed refund
// (rule 13), or opens the operation row; then makes at most attemptsPerCall attempts with the
// stored key and bytes, and returns an honest ToolResult.

#include "engine/enginebase.h"
#include "engine/refundpolicy.h"

#include <variant>

namespace ops {

struct EngineConfig
{
    int attemptsPerCall = 3;
    int attemptsPerOperation = 6;
    qint64 windowSeconds = 24 * 3600; // Stripe v1 keeps keys for 24 h
    qint64 marginSeconds = 15 * 60;
    std::chrono::milliseconds backoffBase{250};
    std::chrono::milliseconds backoffCap{4000};
    std::uint64_t jitterSeed = 0; // 0: seeded from the clock
    QString project;              // Stripe account label; '' for the default account
};

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
    QString chargeId; // exactly one of chargeId and paymentIntentId
    qint64 amountMinor = 0;
    QString currency = QStringLiteral("usd");
    // Rule 13: part of the unit of work; a second refund of the same amount for the same order
    // names what it is for (a line item, a ticket). Empty: none.
    QString reference;
    // Resolved to its latest charge before the row is written; the row refunds that charge.
    QString paymentIntentId;
    QString reason; // empty, duplicate, fraudulent or requested_by_customer; sent to the provider
    // DESIGN §16: the failed refund of the same order and currency this one replaces; the new
    // row names it and the two link to each other. Empty: none.
    QString replaces;
};

// resend(operationId, actor): the operator resend of a refund row (EngineBase).
class RefundEngine : public EngineBase<RefundPolicy, StripeClient, EngineConfig>
{
public:
    // (store, client, config, sleeper = threadSleep)
    using EngineBase::EngineBase;

    // actor: "agent:toolu_01", "operator:alice", …
    ToolResult refund(const RefundInput &input, const QString &actor);

    // Input checks that need no database and no provider; nullopt when acceptable.
    static std::optional<ToolResult> validate(const RefundInput &input);
    static QString unitOfWork(const RefundInput &input);

private:
    ToolResult openNew(const RefundInput &input, const QString &actor);
    // The charge, or the rejection to return (unknown, unreadable, other currency).
    std::variant<StripeCharge, ToolResult> readCharge(const RefundInput &input);
    // The charge id of input.paymentIntentId, or the rejection to return.
    std::variant<QString, ToolResult> resolvePaymentIntent(const RefundInput &input);
    // Rule 13: the unit's latest operation succeeded inside the repeat window.
    std::optional<ToolResult> repeatAnswer(const Operation &latest, const QString &actor);
    ToolResult answerRepeat(const Operation &done, const QString &actor);
    NewOperation buildOperation(const RefundInput &input, const QString &actor) const;
    // The row another caller opened for the same unit while this call read the charge.
    std::optional<ToolResult> concurrentResult(const RefundInput &input, const QDateTime &since,
                                               const QString &actor);
};

// "op_" + 32 hex digits, random.
QString newOperationId();
// RFC 4122 version 4, without braces.
QString newIdempotencyKey();

} // namespace ops
