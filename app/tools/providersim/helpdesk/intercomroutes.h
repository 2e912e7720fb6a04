#pragma once

// Intercom as provider-sim serves it:
//
//   POST /conversations/{id}/reply  {"message_type":"comment"|"note","type":"admin",
//                                    "admin_id","body"} → the conversation with the new part
//   GET  /conversations/{id}        the conversation: its last 500 parts, total_count of all
//   GET  /me                        the credentials check
//
// Authorization: Bearer <access token>; Intercom-Version is accepted, not required. A reply to a
// closed conversation opens it.

#include "providersim/helpdesk/vendorroutes.h"

namespace ops::sim {

class IntercomRoutes final : public VendorRoutes
{
public:
    // Intercom returns at most this many parts of a conversation, the most recent ones.
    static constexpr qsizetype maxParts = 500;

    HelpdeskVendor vendor() const override { return HelpdeskVendor::Intercom; }
    bool owns(const SimRequest &request) const override;
    HelpdeskCall route(const SimRequest &request) const override;
    bool authorized(const SimRequest &request, const HelpdeskCredentials &c) const override;
    SimResponse error(int status, const SimRequest &request) const override;
    // X-RateLimit-Limit, X-RateLimit-Remaining: 0 and X-RateLimit-Reset (epoch seconds).
    void addRateHeaders(SimResponse &response, int limit, int retryAfter) const override;
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
