#pragma once

// Stripe v1 subset served by provider-sim (docs/design.md §5): POST /v1/refunds, GET /v1/refunds,
// GET /v1/refunds/{id}, POST /v1/refunds/{id} (metadata update), GET /v1/charges/{id}, GET
// /v1/events, GET /v1/events/{id}; and the simulator's settle of a pending refund
// (POST /_sim/refunds/{id}/settle, reached through the admin routes). Authentication by secret key
// (Bearer, or Basic with the key as user name), form bodies as stripe-node writes them, and
// Stripe's idempotency rules for POST (see IdempotencyStore and app/tools/providersim/README.md).

#include "providersim/formdecode.h"
#include "providersim/idempotencystore.h"
#include "providersim/providerhandler.h"
#include "providersim/stripestate.h"

namespace ops::sim {

class StripeHandler final : public ProviderHandler
{
public:
    explicit StripeHandler(SimWorld &world);

    bool matches(const SimRequest &request) const override;
    std::optional<SimResponse> admit(const SimRequest &request, Admission &admission) override;
    SimResponse execute(const SimRequest &request, const Admission &admission,
                        const Fault &fault) override;
    void abandon(const SimRequest &request, const Admission &admission) override;
    void seed(const nlohmann::json &seed) override;
    void forgetKey(const QString &project, const QString &key) override;

    // Moves a pending refund to {"status":"succeeded"|"failed","failure_reason"?} and emits
    // its events (caused by no request). 404 unknown refund, 400 bad body or a refund that is
    // not pending; nothing changes then.
    SimResponse settle(const QString &refundId, const nlohmann::json &body);
    // Receives every event the Stripe side records (webhook delivery).
    void setEventSink(std::function<void(const StripeEvent &)> sink);

    static constexpr qsizetype maxKeyLength = 255;

private:
    enum class Route
    {
        Unknown,
        CreateRefund,
        UpdateRefund,
        ListRefunds,
        GetRefund,
        GetCharge,
        GetPaymentIntent,
        ListEvents,
        GetEvent
    };

    static Route routeOf(const SimRequest &request);
    std::optional<SimResponse> validateCreateRefund(const FormPairs &form);
    std::optional<SimResponse> validateUpdateRefund(const SimRequest &request,
                                                    const FormPairs &form);
    SimResponse updateRefund(const SimRequest &request, const Admission &admission);
    SimResponse createRefund(const SimRequest &request, const Admission &admission,
                             const Fault &fault);
    SimResponse applyRefund(const SimRequest &request, const Admission &admission,
                            const FormPairs &form);
    SimResponse listRefunds(const SimRequest &request);
    SimResponse getRefund(const SimRequest &request);
    SimResponse getCharge(const SimRequest &request);
    SimResponse getPaymentIntent(const SimRequest &request);
    SimResponse listEvents(const SimRequest &request);
    SimResponse getEvent(const SimRequest &request);
    std::optional<SimResponse> claimKey(const SimRequest &request, const FormPairs &form,
                                        Admission &admission);
    SimResponse storeUnderKey(const SimRequest &request, const Admission &admission,
                              SimResponse response);
    void recordRefundEvents(const StripeRefund &refund, const StripeCharge &charge,
                            const nlohmann::json &chargeBefore, const SimRequest &request);
    static EventCause causeOf(const SimRequest &request);
    void recordReversal(const StripeRefund &refund);

    SimWorld &m_world;
    StripeState m_state;
    IdempotencyStore m_keys;
};

// Stripe's error body {"error":{"type","code","message","param"}} with Stripe-Should-Retry
// set where a retry is meaningful (409/429/5xx → true except stored 500s; other 4xx → false).
SimResponse stripeError(int status, const char *type, const QString &message,
                        const char *code = nullptr, const char *param = nullptr);

} // namespace ops::sim
