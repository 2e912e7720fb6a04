#include "providersim/adminroutes.h"

#include "providersim/adyen/adyenhandler.h"
#include "providersim/helpdesk/helpdeskhandler.h"
#include "providersim/simlog.h"
#include "providersim/simrouter.h"
#include "providersim/stripehandler.h"

namespace ops::sim {

namespace {

SimResponse adminError(int status, const char *code, const QString &message)
{
    return SimResponse::json(status,
                             {{"error", {{"code", code}, {"message", message.toStdString()}}}});
}

SimResponse ok(const nlohmann::json &body)
{
    return SimResponse::json(200, body);
}

} // namespace

AdminRoutes::AdminRoutes(SimRouter &router)
    : m_router(router)
{}

SimResponse AdminRoutes::handle(const SimRequest &request)
{
    if (!request.fromLoopback)
        return adminError(403, "forbidden", QStringLiteral("/_sim/ answers loopback peers only"));
    nlohmann::json body;
    if (!request.body.trimmed().isEmpty()) {
        body = nlohmann::json::parse(request.body.toStdString(), nullptr, false);
        if (body.is_discarded())
            return adminError(400, "invalid_json", QStringLiteral("the body is not JSON"));
    }
    try {
        return route(request, body);
    } catch (const nlohmann::json::exception &e) {
        // A field of the wrong JSON type somewhere in an admin body.
        return adminError(400, "invalid_request", QString::fromUtf8(e.what()));
    }
}

SimResponse AdminRoutes::route(const SimRequest &request, const nlohmann::json &body)
{
    const QByteArray &m = request.method;
    const QString &p = request.path;
    if (p == QLatin1String("/_sim/seed") && m == "POST") {
        if (const auto error = m_router.applySeed(body))
            return adminError(400, "invalid_seed", *error);
        return ok({{"seeded", true}});
    }
    if (p == QLatin1String("/_sim/faults")) {
        if (m == "POST")
            return postFault(body);
        if (m == "GET")
            return ok(m_router.faults().rulesJson());
        if (m == "DELETE") {
            m_router.faults().clear();
            m_router.faults().clearStats();
            return ok({{"cleared", true}});
        }
    }
    if (p == QLatin1String("/_sim/faults/stats") && m == "GET")
        return ok(m_router.faults().statsJson());
    if (p == QLatin1String("/_sim/clock") && (m == "GET" || m == "POST"))
        return clock(request, body);
    if (p == QLatin1String("/_sim/ledger") && m == "GET")
        return ok(m_router.world().ledger.toJson());
    if (p == QLatin1String("/_sim/requests") && m == "GET")
        return ok(m_router.requestLog().toJson(
            request.query.queryItemValue(QStringLiteral("path"), QUrl::FullyDecoded)));
    if (p == QLatin1String("/_sim/requests") && m == "DELETE") {
        m_router.requestLog().clear();
        return ok({{"cleared", true}});
    }
    if (p == QLatin1String("/_sim/messages") && m == "GET")
        return ok(m_router.messages().toJson());
    if (p == QLatin1String("/_sim/helpdesk") && m == "GET")
        return ok(m_router.helpdesk().ledgerJson());
    if (p == QLatin1String("/_sim/reset") && m == "POST") {
        m_router.reset();
        qCInfo(lcSim) << "reset";
        return ok({{"reset", true}});
    }
    if (p == QLatin1String("/_sim/health") && m == "GET")
        return ok({{"ok", true}});
    if (auto r = webhooks(request, body))
        return *r;
    if (auto r = settle(request, body))
        return *r;
    if (auto r = adyen(request, body))
        return *r;
    return adminError(404, "not_found",
                      QStringLiteral("no admin route %1 %2").arg(QString::fromLatin1(m), p));
}

SimResponse AdminRoutes::postFault(const nlohmann::json &body)
{
    nlohmann::json added = nlohmann::json::object();
    if (const auto error = m_router.faults().add(body, added))
        return adminError(400, "invalid_fault", *error);
    return ok(added);
}

std::optional<SimResponse> AdminRoutes::webhooks(const SimRequest &request,
                                                 const nlohmann::json &body)
{
    const QByteArray &m = request.method;
    const QString &p = request.path;
    WebhookDispatcher &hooks = m_router.webhooks();
    if (p == QLatin1String("/_sim/webhooks")) {
        if (m == "POST") {
            auto added = hooks.addEndpoint(body);
            if (auto *error = std::get_if<QString>(&added))
                return adminError(400, "invalid_webhook", *error);
            return ok({{"endpoint", std::get<nlohmann::json>(added)}});
        }
        if (m == "GET")
            return ok(hooks.endpointsJson());
        if (m == "DELETE") {
            hooks.removeEndpoints();
            return ok({{"removed", true}});
        }
    }
    if (p == QLatin1String("/_sim/webhooks/deliveries")) {
        if (m == "GET")
            return ok(hooks.attemptsJson());
        if (m == "DELETE") {
            hooks.clearAttempts();
            return ok({{"cleared", true}});
        }
    }
    return std::nullopt;
}

std::optional<SimResponse> AdminRoutes::settle(const SimRequest &request,
                                               const nlohmann::json &body)
{
    // /_sim/refunds/{id}/settle
    const QStringList parts = request.path.split(u'/', Qt::SkipEmptyParts);
    if (request.method != "POST" || parts.size() != 4 || parts[1] != QLatin1String("refunds") ||
        parts[3] != QLatin1String("settle"))
        return std::nullopt;
    return m_router.stripe().settle(parts[2], body);
}

// /_sim/adyen/config, /_sim/adyen/refunds, /_sim/adyen/refunds/{psp}/settle|fail-later
std::optional<SimResponse> AdminRoutes::adyen(const SimRequest &request, const nlohmann::json &body)
{
    const QStringList parts = request.path.split(u'/', Qt::SkipEmptyParts);
    if (parts.size() < 3 || parts[1] != QLatin1String("adyen"))
        return std::nullopt;
    AdyenHandler &adyen = m_router.adyen();
    const bool post = request.method == "POST";
    if (parts.size() == 3 && parts[2] == QLatin1String("config") && post)
        return adyen.configure(body);
    if (parts.size() == 3 && parts[2] == QLatin1String("refunds") && request.method == "GET")
        return ok(adyen.refundsJson());
    if (parts.size() != 5 || parts[2] != QLatin1String("refunds") || !post)
        return std::nullopt;
    if (parts[4] == QLatin1String("settle"))
        return adyen.settle(parts[3], body);
    if (parts[4] == QLatin1String("fail-later"))
        return adyen.failLater(parts[3], body);
    return std::nullopt;
}

nlohmann::json AdminRoutes::clockJson() const
{
    const SimClock &c = m_router.world().clock;
    const QDateTime now = c.now();
    return {{"now", now.toString(Qt::ISODateWithMs).toStdString()},
            {"now_unix", now.toSecsSinceEpoch()},
            {"offset_seconds", QDateTime::currentDateTimeUtc().secsTo(now)}};
}

SimResponse AdminRoutes::clock(const SimRequest &request, const nlohmann::json &body)
{
    if (request.method == "GET")
        return ok(clockJson());
    SimClock &c = m_router.world().clock;
    if (body.contains("advance_seconds")) {
        if (!body["advance_seconds"].is_number_integer())
            return adminError(400, "invalid_clock", QStringLiteral("advance_seconds: integer"));
        c.advance(body["advance_seconds"].get<qint64>());
        return ok(clockJson());
    }
    if (body.contains("now") && body["now"].is_string()) {
        QDateTime at = QDateTime::fromString(QString::fromStdString(body["now"].get<std::string>()),
                                             Qt::ISODateWithMs);
        if (!at.isValid())
            return adminError(400, "invalid_clock",
                              QStringLiteral("now: an ISO 8601 time such as 2026-11-29T12:00:00Z"));
        c.set(at.toUTC());
        return ok(clockJson());
    }
    return adminError(400, "invalid_clock",
                      QStringLiteral("send {\"advance_seconds\":N} or {\"now\":\"…Z\"}"));
}

} // namespace ops::sim
