#include "providersim/helpdesk/helpdeskhandler.h"

#include "providersim/helpdesk/freshdeskroutes.h"
#include "providersim/helpdesk/gorgiasroutes.h"
#include "providersim/helpdesk/intercomroutes.h"
#include "providersim/helpdesk/zendeskroutes.h"
#include "providersim/simlog.h"

namespace ops::sim {

HelpdeskHandler::HelpdeskHandler(SimWorld &world)
    : m_desk(world)
{
    m_vendors.push_back(std::make_unique<ZendeskRoutes>());
    m_vendors.push_back(std::make_unique<GorgiasRoutes>());
    m_vendors.push_back(std::make_unique<IntercomRoutes>());
    m_vendors.push_back(std::make_unique<FreshdeskRoutes>());
}

HelpdeskHandler::~HelpdeskHandler() = default;

const VendorRoutes *HelpdeskHandler::routesFor(const SimRequest &request) const
{
    for (const auto &vendor : m_vendors) {
        if (vendor->owns(request))
            return vendor.get();
    }
    return nullptr;
}

bool HelpdeskHandler::matches(const SimRequest &request) const
{
    return routesFor(request) != nullptr;
}

std::optional<SimResponse> HelpdeskHandler::admit(const SimRequest &request, Admission &admission)
{
    Q_UNUSED(admission); // no idempotency key to claim
    const VendorRoutes *vendor = routesFor(request);
    if (!vendor)
        return SimResponse::json(404, {{"error", "not found"}});
    const HelpdeskCall call = vendor->route(request);
    if (auto refused = refusal(*vendor, request, call))
        return refused;
    if (const auto wait = m_desk.takeToken(vendor->vendor()))
        return rateLimited(*vendor, request, *wait);
    return std::nullopt;
}

// Everything answered before the rate limit, in the common order: route, credentials, ticket,
// then the vendor's own checks of the body or the paging.
std::optional<SimResponse> HelpdeskHandler::refusal(const VendorRoutes &vendor,
                                                    const SimRequest &request,
                                                    const HelpdeskCall &call)
{
    if (call.kind == HelpdeskCall::Kind::Unknown)
        return vendor.error(404, request);
    if (!vendor.authorized(request, m_desk.credentials()))
        return vendor.error(401, request);
    if (call.kind == HelpdeskCall::Kind::Check)
        return std::nullopt;
    const HelpdeskTicket *ticket = m_desk.ticket(vendor.vendor(), call.ticket);
    if (!ticket)
        return vendor.error(404, request);
    if (call.kind == HelpdeskCall::Kind::Read)
        return vendor.refuseRead(request, m_desk.pageSize());
    auto parsed = vendor.parsePost(request, call, *ticket, m_desk.credentials());
    if (auto *refused = std::get_if<SimResponse>(&parsed))
        return std::move(*refused);
    return std::nullopt;
}

SimResponse HelpdeskHandler::rateLimited(const VendorRoutes &vendor, const SimRequest &request,
                                         int wait) const
{
    SimResponse r = vendor.error(429, request);
    r.setHeader("Retry-After", QByteArray::number(wait));
    vendor.addRateHeaders(r, m_desk.rateLimit(vendor.vendor()), wait);
    qCInfo(lcSim) << vendorName(vendor.vendor()) << "rate limited for" << wait << "s";
    return r;
}

SimResponse HelpdeskHandler::execute(const SimRequest &request, const Admission &admission,
                                     const Fault &fault)
{
    Q_UNUSED(admission);
    const VendorRoutes &vendor = *routesFor(request);
    if (fault.mode == FaultMode::Stored500)
        return vendor.error(500, request);
    const HelpdeskCall call = vendor.route(request);
    switch (call.kind) {
    case HelpdeskCall::Kind::Check:
        return vendor.check(m_desk.credentials());
    case HelpdeskCall::Kind::Read: {
        const HelpdeskTicket *ticket = m_desk.ticket(vendor.vendor(), call.ticket);
        return ticket ? vendor.read(request, *ticket, m_desk.pageSize())
                      : vendor.error(404, request);
    }
    case HelpdeskCall::Kind::Post: {
        SimResponse response = store(vendor, request, call);
        const bool stored = response.status >= 200 && response.status < 300;
        return stored && fault.mode == FaultMode::Stored500Applied ? vendor.error(500, request)
                                                                   : response;
    }
    case HelpdeskCall::Kind::Unknown:
        break;
    }
    return vendor.error(404, request);
}

SimResponse HelpdeskHandler::store(const VendorRoutes &vendor, const SimRequest &request,
                                   const HelpdeskCall &call)
{
    HelpdeskTicket *ticket = m_desk.ticket(vendor.vendor(), call.ticket);
    if (!ticket)
        return vendor.error(404, request);
    // Checked again: under a latency fault another post may have changed the ticket meanwhile.
    auto parsed = vendor.parsePost(request, call, *ticket, m_desk.credentials());
    if (auto *refused = std::get_if<SimResponse>(&parsed))
        return std::move(*refused);
    ParsedPost &accepted = std::get<ParsedPost>(parsed);
    const HelpdeskPost &post = m_desk.addPost(*ticket, std::move(accepted.post), accepted.reopens);
    qCInfo(lcSim) << vendorName(vendor.vendor()) << (post.internal ? "note" : "reply") << post.id
                  << "on ticket" << ticket->id;
    return vendor.posted(request, *ticket, post);
}

void HelpdeskHandler::abandon(const SimRequest &request, const Admission &admission)
{
    // Nothing was claimed in admit().
    Q_UNUSED(request);
    Q_UNUSED(admission);
}

std::optional<SimResponse> HelpdeskHandler::faultAnswer(const SimRequest &request, int status) const
{
    const VendorRoutes *vendor = routesFor(request);
    if (!vendor)
        return std::nullopt;
    SimResponse r = vendor->error(status, request);
    if (status == 429)
        vendor->addRateHeaders(r, m_desk.rateLimit(vendor->vendor()), 1);
    return r;
}

} // namespace ops::sim
