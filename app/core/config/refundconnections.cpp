#include "config/refundconnections.h"

namespace ops {

RefundConnections::RefundConnections(Provider provider)
{
    const auto engine = refundEngineConfigFromEnv();
    m_engine = engine.optional();
    m_problem = engine.error();
    if (!m_engine)
        return;
    if (provider == Provider::Adyen) {
        const auto config = adyenConfigFromEnv();
        m_problem = config.error();
        if (config)
            m_clients.adyen = &m_adyen.emplace(m_transport, *config);
        return;
    }
    const auto config = stripeConfigFromEnv();
    m_problem = config.error();
    if (config)
        m_clients.stripe = &m_stripe.emplace(m_transport, *config);
}

RefundConnections::RefundConnections(const EngineConfig &engine,
                                     const std::optional<StripeConfig> &stripe,
                                     const std::optional<AdyenConfig> &adyen, QString problem)
    : m_engine(engine)
    , m_problem(std::move(problem))
{
    if (!m_problem.isEmpty())
        return;
    if (stripe)
        m_clients.stripe = &m_stripe.emplace(m_transport, *stripe);
    else if (adyen)
        m_clients.adyen = &m_adyen.emplace(m_transport, *adyen);
}

} // namespace ops
