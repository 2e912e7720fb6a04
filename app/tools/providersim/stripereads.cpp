// The read routes of StripeHandler: GET /v1/refunds, /v1/refunds/{id}, /v1/charges/{id},
// /v1/payment_intents/{id}, /v1/events, /v1/events/{id}. Lists are Stripe list objects, newest
// first.

#include "providersim/stripehandler.h"

namespace ops::sim {

namespace {

struct ListParams
{
    int limit = 10;
    QString startingAfter;
    QString endingBefore;
    FormPairs query;
};

QString queryValue(const FormPairs &query, const QString &name)
{
    for (const auto &[k, v] : query) {
        if (k == name)
            return v;
    }
    return {};
}

// Parses the query and the paging parameters shared by every list route.
std::variant<ListParams, SimResponse> listParams(const SimRequest &request)
{
    const auto query = parseForm(request.rawQuery);
    if (!query)
        return stripeError(400, "invalid_request_error",
                           QStringLiteral("The query string could not be decoded."));
    ListParams p;
    p.query = *query;
    const QString limit = queryValue(p.query, QStringLiteral("limit"));
    if (!limit.isEmpty()) {
        bool ok = false;
        p.limit = limit.toInt(&ok);
        if (!ok || p.limit < 1 || p.limit > 100)
            return stripeError(400, "invalid_request_error",
                               QStringLiteral("limit must be an integer between 1 and 100."),
                               "parameter_invalid_integer", "limit");
    }
    p.startingAfter = queryValue(p.query, QStringLiteral("starting_after"));
    p.endingBefore = queryValue(p.query, QStringLiteral("ending_before"));
    if (!p.startingAfter.isEmpty() && !p.endingBefore.isEmpty())
        return stripeError(400, "invalid_request_error",
                           QStringLiteral("Use starting_after or ending_before, not both."),
                           "parameter_invalid", "ending_before");
    return p;
}

SimResponse listObject(const ListPage &page, const char *url)
{
    return SimResponse::json(
        200, {{"object", "list"}, {"data", page.data}, {"has_more", page.hasMore}, {"url", url}});
}

SimResponse badCursor(const ListParams &p, const char *kind)
{
    const bool after = !p.startingAfter.isEmpty();
    return stripeError(404, "invalid_request_error",
                       QStringLiteral("No such %1: '%2'")
                           .arg(QLatin1String(kind), after ? p.startingAfter : p.endingBefore),
                       "resource_missing", after ? "starting_after" : "ending_before");
}

// created=N, created[gte]=N, created[gt]=N, created[lte]=N, created[lt]=N.
struct CreatedRange
{
    qint64 min = std::numeric_limits<qint64>::min();
    qint64 max = std::numeric_limits<qint64>::max();
    bool contains(qint64 t) const { return t >= min && t <= max; }
};

std::optional<CreatedRange> createdRange(const FormPairs &query)
{
    CreatedRange r;
    for (const auto &[k, v] : query) {
        if (!k.startsWith(QLatin1String("created")))
            continue;
        bool ok = false;
        const qint64 t = v.toLongLong(&ok);
        if (!ok)
            return std::nullopt;
        if (k == QLatin1String("created")) {
            r.min = std::max(r.min, t);
            r.max = std::min(r.max, t);
        } else if (k == QLatin1String("created[gte]")) {
            r.min = std::max(r.min, t);
        } else if (k == QLatin1String("created[gt]")) {
            r.min = std::max(r.min, t + 1);
        } else if (k == QLatin1String("created[lte]")) {
            r.max = std::min(r.max, t);
        } else if (k == QLatin1String("created[lt]")) {
            r.max = std::min(r.max, t - 1);
        } else {
            return std::nullopt;
        }
    }
    return r;
}

} // namespace

SimResponse StripeHandler::listRefunds(const SimRequest &request)
{
    auto parsed = listParams(request);
    if (auto *error = std::get_if<SimResponse>(&parsed))
        return *error;
    const auto &p = std::get<ListParams>(parsed);
    const QString charge = queryValue(p.query, QStringLiteral("charge"));
    const QString pi = queryValue(p.query, QStringLiteral("payment_intent"));
    auto accept = [&](const StripeRefund &r) {
        return (charge.isEmpty() || r.charge == charge) && (pi.isEmpty() || r.paymentIntent == pi);
    };
    const auto page = pageNewestFirst(m_state.refundsNewestFirst(), accept, p.startingAfter,
                                      p.endingBefore, p.limit);
    if (!page)
        return badCursor(p, "refund");
    return listObject(*page, "/v1/refunds");
}

SimResponse StripeHandler::getRefund(const SimRequest &request)
{
    const QString id = request.path.section(u'/', 3, 3);
    const StripeRefund *refund = m_state.refund(id);
    if (!refund)
        return stripeError(404, "invalid_request_error",
                           QStringLiteral("No such refund: '%1'").arg(id), "resource_missing",
                           "id");
    return SimResponse::json(200, refund->toJson());
}

SimResponse StripeHandler::getCharge(const SimRequest &request)
{
    const QString id = request.path.section(u'/', 3, 3);
    const StripeCharge *charge = m_state.charge(id);
    if (!charge)
        return stripeError(404, "invalid_request_error",
                           QStringLiteral("No such charge: '%1'").arg(id), "resource_missing",
                           "id");
    return SimResponse::json(200, charge->toJson());
}

// The PaymentIntent behind a seeded charge: enough of Stripe's object for a client to find the
// charge (latest_charge) and its amount. A PaymentIntent no charge names is unknown.
SimResponse StripeHandler::getPaymentIntent(const SimRequest &request)
{
    const QString id = request.path.section(u'/', 3, 3);
    const StripeCharge *charge = m_state.chargeForPaymentIntent(id);
    if (!charge)
        return stripeError(404, "invalid_request_error",
                           QStringLiteral("No such payment_intent: '%1'").arg(id),
                           "resource_missing", "intent");
    return SimResponse::json(200, {{"id", id.toStdString()},
                                   {"object", "payment_intent"},
                                   {"amount", charge->amount},
                                   {"amount_received", charge->amount},
                                   {"created", charge->created},
                                   {"currency", charge->currency.toStdString()},
                                   {"latest_charge", charge->id.toStdString()},
                                   {"livemode", false},
                                   {"metadata", nlohmann::json::object()},
                                   {"status", "succeeded"}});
}

SimResponse StripeHandler::listEvents(const SimRequest &request)
{
    auto parsed = listParams(request);
    if (auto *error = std::get_if<SimResponse>(&parsed))
        return *error;
    const auto &p = std::get<ListParams>(parsed);
    const auto range = createdRange(p.query);
    if (!range)
        return stripeError(400, "invalid_request_error",
                           QStringLiteral("created must be an integer timestamp or a "
                                          "created[gt|gte|lt|lte] range."),
                           "parameter_invalid_integer", "created");
    QStringList types;
    for (const auto &[k, v] : p.query) {
        if (k == QLatin1String("type") || k == QLatin1String("types[]") ||
            k.startsWith(QLatin1String("types[")))
            types << v;
    }
    m_state.pruneEvents(m_world.clock.nowSecs()); // only the last 30 days are listed
    auto accept = [&](const StripeEvent &e) {
        if (!range->contains(e.created))
            return false;
        if (types.isEmpty())
            return true;
        return std::any_of(types.begin(), types.end(),
                           [&](const QString &t) { return globMatches(t, e.type); });
    };
    const auto page = pageNewestFirst(m_state.eventsNewestFirst(), accept, p.startingAfter,
                                      p.endingBefore, p.limit);
    if (!page)
        return badCursor(p, "event");
    return listObject(*page, "/v1/events");
}

SimResponse StripeHandler::getEvent(const SimRequest &request)
{
    // Past its 30 days an event is gone, as on Stripe.
    m_state.pruneEvents(m_world.clock.nowSecs());
    const QString id = request.path.section(u'/', 3, 3);
    const StripeEvent *event = m_state.event(id);
    if (!event)
        return stripeError(404, "invalid_request_error",
                           QStringLiteral("No such event: '%1'").arg(id), "resource_missing", "id");
    return SimResponse::json(200, event->toJson());
}

} // namespace ops::sim
