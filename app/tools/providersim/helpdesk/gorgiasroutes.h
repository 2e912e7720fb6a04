#pragma once

// Gorgias as provider-sim serves it:
//
//   POST /api/tickets/{id}/messages   {"channel","via","from_agent","sender":{"email"}|{"id"},
//                                      "body_text"?,"body_html"?,"external_id"?,"receiver"?}
//   GET  /api/tickets/{id}/messages   ?limit=N&cursor=C (cursor: an opaque offset)
//   GET  /api/account                 the credentials check
//
// Authorization: Basic base64("<email>:<api key>"). A message to a closed ticket reopens it;
// channel "internal-note" makes an internal note.

#include "providersim/helpdesk/vendorroutes.h"

namespace ops::sim {

class GorgiasRoutes final : public VendorRoutes
{
public:
    HelpdeskVendor vendor() const override { return HelpdeskVendor::Gorgias; }
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
