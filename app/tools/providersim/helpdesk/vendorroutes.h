#pragma once

// One helpdesk vendor's side of provider-sim: which paths are its own, what a request asks for,
// whether its credentials pass, how a post is read out of the body, and every answer in the
// vendor's JSON shape. HelpdeskHandler runs the flow common to all four (auth → ticket lookup →
// validation → rate limit → store → answer); a VendorRoutes holds no state.

#include "providersim/helpdesk/helpdeskdesk.h"

#include <variant>

namespace ops::sim {

// What one request asks of a vendor.
struct HelpdeskCall
{
    enum class Kind
    {
        Unknown, // not one of the vendor's routes (answered as its 404)
        Post,    // a reply or note on `ticket`
        Read,    // the posts of `ticket`
        Check,   // the "who am I" call a client makes to test its credentials
    };
    Kind kind = Kind::Unknown;
    QString ticket;
    bool note = false; // Freshdesk's /notes route
};

// A body the vendor accepted: the post to store (without id and time) and whether storing it
// reopens a closed ticket.
struct ParsedPost
{
    HelpdeskPost post;
    bool reopens = false;
};

class VendorRoutes
{
public:
    virtual ~VendorRoutes() = default;

    virtual HelpdeskVendor vendor() const = 0;
    // The paths of this vendor (its routes or not): they never reach another handler.
    virtual bool owns(const SimRequest &request) const = 0;
    virtual HelpdeskCall route(const SimRequest &request) const = 0;
    virtual bool authorized(const SimRequest &request, const HelpdeskCredentials &c) const = 0;

    // The vendor's answer for 401, 404 (unknown ticket or route), 429, 500 and 503.
    virtual SimResponse error(int status, const SimRequest &request) const = 0;
    // Adds what the vendor sends besides Retry-After on a 429 (Intercom's X-RateLimit-*).
    virtual void addRateHeaders(SimResponse &response, int limit, int retryAfter) const
    {
        Q_UNUSED(response);
        Q_UNUSED(limit);
        Q_UNUSED(retryAfter);
    }

    // The post in the body, or the vendor's refusal (bad body, closed ticket, conflict).
    virtual std::variant<ParsedPost, SimResponse>
    parsePost(const SimRequest &request, const HelpdeskCall &call, const HelpdeskTicket &ticket,
              const HelpdeskCredentials &credentials) const = 0;
    virtual SimResponse posted(const SimRequest &request, const HelpdeskTicket &ticket,
                               const HelpdeskPost &post) const = 0;

    // A refusal of the read's paging parameters; nullopt when read() may run.
    virtual std::optional<SimResponse> refuseRead(const SimRequest &request,
                                                  std::optional<int> pageSize) const = 0;
    virtual SimResponse read(const SimRequest &request, const HelpdeskTicket &ticket,
                             std::optional<int> pageSize) const = 0;
    virtual SimResponse check(const HelpdeskCredentials &credentials) const = 0;
};

} // namespace ops::sim
