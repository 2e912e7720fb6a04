#pragma once

// provider-sim's own control surface under /_sim/ (JSON in and out, loopback peers only):
// seed, faults, fault stats, clock, ledger, request log, messages, helpdesk posts, webhooks, refund
// settle (Stripe and Adyen), Adyen's settle delay and later failures, reset. The exact routes and
// bodies are listed in app/tools/providersim/README.md.

#include "providersim/simtypes.h"

namespace ops::sim {

class SimRouter;

class AdminRoutes
{
public:
    explicit AdminRoutes(SimRouter &router);

    SimResponse handle(const SimRequest &request);

private:
    SimResponse route(const SimRequest &request, const nlohmann::json &body);
    SimResponse postFault(const nlohmann::json &body);
    std::optional<SimResponse> webhooks(const SimRequest &request, const nlohmann::json &body);
    std::optional<SimResponse> settle(const SimRequest &request, const nlohmann::json &body);
    std::optional<SimResponse> adyen(const SimRequest &request, const nlohmann::json &body);
    SimResponse clock(const SimRequest &request, const nlohmann::json &body);
    nlohmann::json clockJson() const;

    SimRouter &m_router;
};

} // namespace ops::sim
