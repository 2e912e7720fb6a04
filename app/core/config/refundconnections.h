#pragma once

// A refund call's connections read from the environment for one provider: the refund engine's
// settings, a transport and that provider's client, held together because the client keeps a
// reference to the transport. opsctl refund and opsctl approval approve start from it, so the
// provider of a row or an input picks its settings in one place.

#include "config/engineenv.h"
#include "engine/refunddispatch.h"

namespace ops {

class RefundConnections
{
public:
    // Reads OPS_ATTEMPTS_* and OPS_STRIPE_* (Provider::Stripe) or OPS_ADYEN_* (Provider::Adyen).
    // ok() is false when a setting is wrong; problem() then says which.
    explicit RefundConnections(Provider provider);
    // The same from settings read elsewhere (the console's saved connections): the client of the
    // one config given; with neither, `problem` says why the provider cannot be used.
    RefundConnections(const EngineConfig &engine, const std::optional<StripeConfig> &stripe,
                      const std::optional<AdyenConfig> &adyen, QString problem);
    RefundConnections(const RefundConnections &) = delete;
    RefundConnections &operator=(const RefundConnections &) = delete;

    bool ok() const { return m_engine && (m_stripe || m_adyen); }
    const QString &problem() const { return m_problem; }
    const EngineConfig &engine() const { return *m_engine; }
    const RefundClients &clients() const { return m_clients; }

private:
    QtHttpTransport m_transport;
    std::optional<EngineConfig> m_engine;
    std::optional<StripeClient> m_stripe;
    std::optional<AdyenClient> m_adyen;
    RefundClients m_clients;
    QString m_problem;
};

} // namespace ops
