#pragma once

// Freshdesk as provider-sim serves it:
//
//   POST /api/v2/tickets/{id}/reply          {"body", …}               a public reply
//   POST /api/v2/tickets/{id}/notes          {"body","private"?}        a note, private by default
//   GET  /api/v2/tickets/{id}/conversations  ?page=N&per_page=M (default 30), a JSON array, and a
//                                            Link: <…>; rel="next" header while more follow
//   GET  /api/v2/agents/me                   the credentials check
//
// Authorization: Basic base64("<api key>:<any password>"). Closed tickets accept replies.

#include "providersim/helpdesk/vendorroutes.h"

namespace ops::sim {

class FreshdeskRoutes final : public VendorRoutes
{
public:
    // The agent id of the simulated agent (agents/me, user_id of every post).
    static constexpr qint64 agentId = 8001;
    static constexpr int defaultPageSize = 30;

    HelpdeskVendor vendor() const override { return HelpdeskVendor::Freshdesk; }
    bool owns(const SimRequest &request) const override;
    HelpdeskCall route(const SimRequest &request) const override;
    bool authorized(const SimRequest &request, const HelpdeskCredentials &c) const override;
    SimResponse error(int status, const SimRequest &request) const override;
    std::variant<ParsedPost, SimResponse> parsePost(const SimRequest &request,
                                                    const HelpdeskCall &call,
                                                    const HelpdeskTicket &ticket,
                                                    const HelpdeskCredentials &c) const override;
    SimResponse posted(const SimRequest &request, const HelpdeskTicket &ticket,
                       const HelpdeskPost &post) const override;
    std::optional<SimResponse> refuseRead(const SimRequest &request,
                                          std::optional<int> pageSize) const override;
    SimResponse read(const SimRequest &request, const HelpdeskTicket &ticket,
                     std::optional<int> pageSize) const override;
    SimResponse check(const HelpdeskCredentials &c) const override;
};

} // namespace ops::sim
