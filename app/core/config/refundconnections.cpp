#include "config/refundconnections.h"

namespace ops {

RefundConnections::RefundConnections(Provider provider, QString *error)
    : m_engine(refundEngineConfigFromEnv(error))
{
    if (!m_engine)
        return;
    if (provider == Provider::Adyen) {
        if (const auto config = adyenConfigFromEnv(error))
            m_clients.adyen = &m_adyen.emplace(m_transport, *config);
        return;
    }
    if (const auto config = stripeConfigFromEnv(error))
        m_clients.stripe = &m_stripe.emplace(m_transport, *config);
}

} // namespace ops
