#pragma once

// Refunds of Adyen payments under docs/design.md rules 1–10 and 13 (DESIGN §15, docs/adyen.md).
// The same unit of work and repeat answer as Stripe's (refundunit.h); what differs is Adyen's:
// no read before the row is written (Adyen cannot be asked for a payment's balance, so rule 9
// rests on the REFUND notification, which refuses an over-refund), the request is Adyen's JSON
// with our operation id as `reference`, the project is the merchant account, rule 7's window is
// the key's 7-day life, and a 201 `received` reads `accepted` without sending again.

#include "engine/adyenrefundpolicy.h"
#include "engine/enginebase.h"
#include "engine/refundengine.h"

namespace ops {

// Rule 9's base for an Adyen payment as its stored notifications say it (the successful captures
// summed, at most the authorisation; 0 once cancelled), in `currency`; nullopt when none was
// stored (Adyen cannot be asked). The refund and a batch's check read it the same way.
std::optional<qint64> adyenPaymentAmount(Session &session, const QString &pspReference,
                                         const QString &currency);

// Adyen keeps an idempotency key at least 7 days.
inline constexpr qint64 kAdyenKeyLifeSeconds = 7 * 24 * 3600;

// The refund engine's pacing (attempts, backoff, jitter, margin) with Adyen's window.
struct AdyenEngineConfig : EngineConfig
{
    AdyenEngineConfig() { windowSeconds = kAdyenKeyLifeSeconds; }
    explicit AdyenEngineConfig(const EngineConfig &pacing)
        : EngineConfig(pacing)
    {
        windowSeconds = kAdyenKeyLifeSeconds;
        project.clear(); // the merchant account is the project (AdyenConfig)
    }
};

// resend(operationId, actor): the operator resend of an Adyen refund row (EngineBase).
class AdyenRefundEngine : public EngineBase<AdyenRefundPolicy, AdyenClient, AdyenEngineConfig>
{
public:
    // (store, client, config, sleeper = threadSleep)
    using EngineBase::EngineBase;

    // input.adyenPaymentId names the payment; actor as RefundEngine::refund.
    ToolResult refund(const RefundInput &input, const QString &actor);

private:
    NewOperation buildOperation(const RefundInput &input, const QString &actor) const;
    // Rule 9 refused the row: the concurrent caller's row, or why not.
    ToolResult overBalance(const RefundInput &in, qint64 paid, const QString &actor);
    // The row's record that rule 9 had no payment amount to check against.
    void noteUncheckedBalance(const Operation &op, const QString &actor);
    QString project() const { return m_client.config().merchantAccount; }
};

} // namespace ops
