#pragma once

// The four helpdesks of provider-sim (Zendesk, Gorgias, Intercom, Freshdesk) as one
// ProviderHandler. Each request runs: the vendor's route → its credentials (401) → the ticket
// (404) → the body or paging (the vendor's 4xx) → one token of the vendor's rate bucket (429
// with Retry-After, counted as rate_limited) → then execute() stores or reads and answers in
// the vendor's shape. Nothing is stored by a refused request.
//
// Helpdesks honour no idempotency key: admit() claims nothing and abandon() does nothing, so
// faults work as on every route: stored_500 answers 500 and stores nothing; with "apply":true
// the post is stored, then 500 is answered; commit_then_hang stores and answers late or never.
// The vendors' routes, defaults and the ledger are in README.md (*Helpdesks*).

#include "providersim/helpdesk/helpdeskdesk.h"
#include "providersim/helpdesk/vendorroutes.h"
#include "providersim/providerhandler.h"

#include <memory>
#include <vector>

namespace ops::sim {

class HelpdeskHandler final : public ProviderHandler
{
public:
    explicit HelpdeskHandler(SimWorld &world);
    ~HelpdeskHandler() override;

    bool matches(const SimRequest &request) const override;
    std::optional<SimResponse> admit(const SimRequest &request, Admission &admission) override;
    SimResponse execute(const SimRequest &request, const Admission &admission,
                        const Fault &fault) override;
    void abandon(const SimRequest &request, const Admission &admission) override;
    void seed(const nlohmann::json &seed) override { m_desk.seed(seed); }
    // 503 / 429 faults answer in the vendor's error shape.
    std::optional<SimResponse> faultAnswer(const SimRequest &request, int status) const override;

    // GET /_sim/helpdesk.
    nlohmann::json ledgerJson() const { return m_desk.ledgerJson(); }

private:
    const VendorRoutes *routesFor(const SimRequest &request) const;
    std::optional<SimResponse> refusal(const VendorRoutes &vendor, const SimRequest &request,
                                       const HelpdeskCall &call);
    SimResponse rateLimited(const VendorRoutes &vendor, const SimRequest &request, int wait) const;
    SimResponse store(const VendorRoutes &vendor, const SimRequest &request,
                      const HelpdeskCall &call);

    HelpdeskDesk m_desk;
    std::vector<std::unique_ptr<VendorRoutes>> m_vendors;
};

} // namespace ops::sim
