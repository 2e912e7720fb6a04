// opsctl webhook serve [--listen HOST:PORT] [--tolerance SECONDS] [--allow-non-loopback]
//                      [--db-connections N]
// opsctl events import [--days N] [--json]
// The webhook receiver (Stripe's events; Adyen's notifications once OPS_ADYEN_HMAC_KEY is set)
// and the events backfill (docs/design.md §9, §10;
// docs/reconciliation.md).

#include "alerts/alertservice.h"
#include "cli/commandcontext.h"
#include "cli/opsctl.h"
#include "config/engineenv.h"
#include "reconcile/reconcilerservice.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"
#include "ticketview/ticketview.h"
#include "transport/secrets.h"
#include "webhook/eventimport.h"
#include "webhook/webhookserver.h"

#include <QThread>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace ops::cli {

namespace {

// OPS_WEBHOOK_TEST_STALL=before_commit|after_commit: the receiver announces the stall on stderr
// and stops there for good (a test kills it with SIGKILL and lets the provider retry).
CommitHook stallHookFromEnv(QTextStream &err)
{
    const QByteArray where = qgetenv("OPS_WEBHOOK_TEST_STALL");
    if (where.isEmpty())
        return {};
    return [where, &err](const char *at) {
        if (where != at)
            return;
        err << "opsctl: test stall " << at << Qt::endl;
        for (;;)
            QThread::sleep(3600);
    };
}

} // namespace

int serveWebhooks(CommandContext &ctx, const QStringList &args, bool withReconciler)
{
    const auto opts = CliArgs::parse(args, {u"listen"_s, u"tolerance"_s, u"db-connections"_s},
                                     {u"allow-non-loopback"_s});
    if (!opts)
        return ctx.usage(opts.error());
    if (!opts->positionals().isEmpty())
        return ctx.usage(u"unexpected argument '%1'"_s.arg(opts->positionals().first()));
    const auto listen = parseListen(opts->value(u"listen"_s, u"127.0.0.1:0"_s),
                                    opts->has(u"allow-non-loopback"_s), u"--listen"_s);
    if (!listen)
        return ctx.usage(listen.error());
    // Accepted so every server of a team takes the same flag; this one needs a single connection
    // whatever the bound, since its receiver, reconciler and sequencer share one event loop.
    const auto connections =
        parseConnectionCount(opts->value(u"db-connections"_s, u"1"_s), u"--db-connections"_s);
    if (!connections)
        return ctx.usage(connections.error());
    WebhookOptions receiver;
    if (opts->has(u"tolerance"_s)) {
        bool ok = false;
        receiver.toleranceSecs = opts->value(u"tolerance"_s).toLongLong(&ok);
        if (!ok || receiver.toleranceSecs < 1 || receiver.toleranceSecs > 86400)
            return ctx.usage(u"--tolerance must be 1-86400 seconds"_s);
    }
    const EnvFileSecretSource secrets;
    const auto stripeKeys = webhookSecrets(secrets);
    if (!stripeKeys)
        return ctx.usage(stripeKeys.error());
    for (const QString &secret : *stripeKeys)
        receiver.secrets << secret.toUtf8();
    if (receiver.secrets.isEmpty())
        return ctx.usage(u"no webhook secret: set OPS_STRIPE_WEBHOOK_SECRET or write it to "
                         "~/.config/opsconsole/stripe-webhook.key (chmod 600)"_s);
    // The mode follows the API key when one can be read; otherwise test.
    const auto apiKey = secrets.secret(u"stripe"_s).valueOr(std::nullopt);
    receiver.livemode = isLiveKey(apiKey.value_or(QString()));
    // Adyen's notifications are taken once an HMAC key is configured (or its file is refused);
    // then the merchant account and the endpoint's mode must be too. Without one,
    // /webhooks/adyen answers 503 no_key.
    const auto adyenKeys = webhookSecrets(secrets, u"adyen-hmac"_s);
    if (!adyenKeys || !adyenKeys->isEmpty()) {
        const auto adyen = adyenExpectationFromEnv();
        if (!adyen)
            return ctx.usage(adyen.error());
        receiver.adyen = *adyen;
    }
    receiver.hook = stallHookFromEnv(ctx.err);
    auto session = ctx.openSession();
    ctx.err << "opsctl: webhook receiver for " << (receiver.livemode ? "live" : "test")
            << "-mode events, " << receiver.secrets.size() << " secret(s), 1 database connection"
            << " (at most " << *connections << ", --db-connections; default 1)" << Qt::endl;
    if (receiver.adyen.hmacKeys.isEmpty())
        ctx.err << "opsctl: Adyen notifications off (no OPS_ADYEN_HMAC_KEY)" << Qt::endl;
    else
        ctx.err << "opsctl: Adyen notifications for "
                << receiver.adyen.merchantAccounts.join(u", "_s) << " ("
                << (receiver.adyen.live ? "live" : "test") << ", " << receiver.adyen.hmacKeys.size()
                << " key(s))" << Qt::endl;
    WebhookServeOptions serveOptions;
    serveOptions.address = listen->first;
    serveOptions.port = listen->second;
    WebhookServer server(*session, std::move(receiver), serveOptions);
    // Chains audit entries a writer's own try left waiting (docs/design.md §14).
    QObject sequencer;
    session->startAuditSequencer(&sequencer);
    if (!withReconciler)
        return server.run(ctx.out, ctx.err);
    // opsctl serve: the ticket view, once its token is configured.
    const auto viewToken = secrets.secret(u"ticket-view"_s);
    if (!viewToken)
        return ctx.usage(viewToken.error());
    std::unique_ptr<TicketView> view;
    if (viewToken->has_value()) {
        view = std::make_unique<TicketView>(*session, TicketViewOptions{(*viewToken)->toUtf8()});
        server.addRoutes([&view](const HttpRequestData &r, const ResponderPtr &responder) {
            return view->handle(r, responder);
        });
    }
    ctx.err << "opsctl: ticket view "
            << (view ? "on: GET /v1/tickets/{id}/operations and /card"
                     : "off (no OPS_TICKET_VIEW_KEY)")
            << Qt::endl;
    // opsctl serve: the reconciler loop on the same event loop, drained at the same signal.
    const auto reconciler = startServeReconciler(ctx, *session);
    if (!reconciler)
        return ctx.usage(reconciler.error());
    // The alert loop on its own thread (DESIGN §18), drained at the same signal.
    const auto alerts = startServeAlerts(ctx, *session);
    if (!alerts)
        return ctx.usage(alerts.error());
    return server.run(ctx.out, ctx.err, [&] {
        (*reconciler)->drain();
        if (*alerts)
            (*alerts)->drain();
    });
}

namespace {

int import(CommandContext &ctx, const QStringList &args)
{
    const auto opts = CliArgs::parse(args, {u"days"_s}, {u"json"_s});
    if (!opts)
        return ctx.usage(opts.error());
    EventImportOptions options;
    if (opts->has(u"days"_s)) {
        bool ok = false;
        options.days = opts->value(u"days"_s).toInt(&ok);
        if (!ok || options.days < 1 || options.days > 30)
            return ctx.usage(u"--days must be 1-30 (Stripe keeps events for 30 days)"_s);
    }
    const auto stripeCfg = stripeConfigFromEnv();
    if (!stripeCfg)
        return ctx.usage(stripeCfg.error());
    auto session = ctx.openSession();
    QtHttpTransport transport;
    StripeClient client(transport, *stripeCfg);
    const EventImportReport r = EventImport(*session, client).run(options);
    const nlohmann::json report = {{"pages", r.pages},
                                   {"seen", r.seen},
                                   {"stored", r.stored},
                                   {"duplicates", r.duplicates},
                                   {"applied", r.applied},
                                   {"attention", r.attention},
                                   {"unmatched", r.unmatched},
                                   {"resumed", r.resumed},
                                   {"cursor", r.cursor.toStdString()},
                                   {"complete", r.error.isEmpty()}};
    if (opts->has(u"json"_s))
        ctx.out << QString::fromStdString(report.dump()) << Qt::endl;
    else
        ctx.out << "imported " << r.stored << " new event(s) of " << r.seen << " read ("
                << r.duplicates << " already stored, " << r.applied << " applied, " << r.attention
                << " raised Attention, " << r.unmatched << " unmatched)" << Qt::endl;
    if (!r.error.isEmpty()) {
        ctx.err << "opsctl: " << r.error << " (run it again to resume)" << Qt::endl;
        return ExitCode::Internal;
    }
    return ExitCode::Ok;
}

} // namespace

int webhookCommand(CommandContext &ctx, const QStringList &args)
{
    if (args.value(0) != u"serve"_s)
        return ctx.usage(u"usage: opsctl webhook serve [--listen HOST:PORT] [--tolerance S]"_s);
    return serveWebhooks(ctx, args.mid(1), false);
}

int eventsCommand(CommandContext &ctx, const QStringList &args)
{
    if (args.value(0) != u"import"_s)
        return ctx.usage(u"usage: opsctl events import [--days N] [--json]"_s);
    return import(ctx, args.mid(1));
}

} // namespace ops::cli
