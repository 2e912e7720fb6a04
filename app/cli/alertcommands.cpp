// opsctl serve's alert loop (DESIGN §18), and `opsctl alerts`: what fired, what resolved, and
// where each message stands on each channel.

#include "alerts/alertservice.h"
#include "cli/commandcontext.h"
#include "cli/operationjson.h"
#include "cli/opsctl.h"
#include "storage/alerts/alertstore.h"
#include "storage/leasedloop.h"
#include "storage/session.h"

#include <QCoreApplication>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::ordered_json;

namespace ops::cli {

namespace {

QString kindName(DeliveryKind kind)
{
    return kind == DeliveryKind::Fire ? u"fire"_s : u"resolve"_s;
}

} // namespace

Result<std::unique_ptr<AlertService>> startServeAlerts(CommandContext &ctx, Session &session)
{
    const auto channels = alertChannelsConfigFromEnvironment();
    if (!channels)
        return Failure{channels.error()};
    if (!channels->hasWebhook() && !channels->hasSmtp()) {
        ctx.err << "opsctl: alerts off (no OPS_ALERT_WEBHOOK_URL or OPS_ALERT_SMTP_HOST)"
                << Qt::endl;
        return std::unique_ptr<AlertService>();
    }
    AlertServiceOptions o;
    o.location = session.location();
    o.channels = *channels;
    o.holder = serviceHolderName();
    const auto tick = envInteger("OPS_ALERT_TICK_MS", o.tickMs);
    const auto ttl = envInteger("OPS_ALERT_LEASE_MS", o.leaseTtlMs);
    if (!tick || !ttl || *tick < 10 || *ttl <= *tick)
        return Failure{u"OPS_ALERT_TICK_MS (≥ 10) must be shorter than OPS_ALERT_LEASE_MS"_s};
    // The lease is renewed before each send, so one send must fit in it.
    const qint64 longest = qMax(channels->timeout.count(), channels->smtp.timeout.count());
    if (*ttl <= longest)
        return Failure{
            u"OPS_ALERT_LEASE_MS (%1) must be longer than OPS_ALERT_TIMEOUT_MS (%2)"_s.arg(*ttl)
                .arg(longest)};
    o.tickMs = int(*tick);
    o.leaseTtlMs = *ttl;
    // An attempt is stale once every channel's timeout has passed twice over.
    o.pass.staleAfterMs = 2 * longest;
    auto service = std::make_unique<AlertService>(o, ctx.clock);
    // The callbacks run on the alert thread; stderr belongs to the main thread, which writes
    // them out when its event loop turns (queued, never blocking: drain() waits for the alert
    // thread with the main thread held).
    QTextStream &err = ctx.err;
    const auto say = [&err](const QString &line) {
        QMetaObject::invokeMethod(
            QCoreApplication::instance(), [&err, line] { err << "opsctl: " << line << Qt::endl; },
            Qt::QueuedConnection);
    };
    const QString holder = o.holder;
    service->onLeaseChange = [say, holder](bool holds) {
        say(holder + (holds ? u" holds the alerts lease"_s : u" does not hold the alerts lease"_s));
    };
    service->onFailure = say;
    service->start();
    ctx.err << "opsctl: alerts on:" << (channels->hasWebhook() ? " webhook" : "")
            << (channels->hasSmtp() ? " smtp" : "") << Qt::endl;
    return service;
}

int alertsCommand(CommandContext &ctx, const QStringList &args)
{
    const auto opts = CliArgs::parse(args, {u"limit"_s}, {u"open"_s, u"json"_s});
    if (!opts || !opts->positionals().isEmpty())
        return ctx.usage(u"usage: opsctl alerts [--open] [--limit N] [--json]"_s);
    bool ok = true;
    const int limit = opts->value(u"limit"_s, u"100"_s).toInt(&ok);
    if (!ok || limit < 1 || limit > 10000)
        return ctx.usage(u"--limit is 1-10000"_s);
    auto session = ctx.openSession();
    ordered_json list = ordered_json::array();
    for (const AlertRecord &a : session->alerts().alerts(opts->has(u"open"_s), limit)) {
        ordered_json deliveries = ordered_json::array();
        for (const AlertDelivery &d : session->alerts().deliveries(a.id))
            deliveries.push_back({{"channel", str(d.channel)},
                                  {"kind", str(kindName(d.kind))},
                                  {"state", str(d.state)},
                                  {"attempts", d.attempts},
                                  {"ambiguous", d.ambiguous},
                                  {"last_error", str(d.lastError)}});
        list.push_back({{"id", a.id},
                        {"key", str(a.key)},
                        {"episode", a.episode},
                        {"condition", str(a.condition)},
                        {"operation_id", optionalText(a.operationId)},
                        {"subject", str(a.subject)},
                        {"fired_at", isoUtc(a.firedAt)},
                        {"resolved_at", a.resolvedAt ? ordered_json(isoUtc(*a.resolvedAt))
                                                     : ordered_json(nullptr)},
                        {"deliveries", deliveries}});
    }
    if (opts->has(u"json"_s)) {
        printJson(ctx.out, {{"alerts", list}});
        return ExitCode::Ok;
    }
    for (const auto &a : list)
        ctx.out << QString::fromStdString(a["fired_at"].get<std::string>()) << u"  "_s
                << (a["resolved_at"].is_null() ? u"open    "_s : u"resolved"_s) << u"  "_s
                << QString::fromStdString(a["subject"].get<std::string>()) << Qt::endl;
    return ExitCode::Ok;
}

} // namespace ops::cli
