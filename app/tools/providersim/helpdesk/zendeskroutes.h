#pragma once

// Zendesk Support as provider-sim serves it: a comment is added by updating the ticket.
//
//   PUT /api/v2/tickets/{id}.json          {"ticket":{"comment":{"html_body"|"body","public"?,
//                                           "author_id"?},"safe_update"?,"updated_stamp"?}}
//   GET /api/v2/tickets/{id}/comments.json  ?page=N&per_page=M (offset paging, next_page URL)
//   GET /api/v2/users/me.json               the credentials check
//
// Authorization: Basic base64("<email>/token:<api token>"). A closed ticket refuses updates
// (422); safe_update with an updated_stamp other than the ticket's updated_at is a 409.

#include "providersim/helpdesk/vendorroutes.h"

namespace ops::sim {

class ZendeskRoutes final : public VendorRoutes
{
public:
    // The user id of the simulated agent (users/me, default comment author).
    static constexpr qint64 agentId = 9001;

    HelpdeskVendor vendor() const override { return HelpdeskVendor::Zendesk; }
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
