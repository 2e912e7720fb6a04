// opsctl refund: the agent's refund tool.

#include "commandcontext.h"
#include "opsctl.h"
#include "refundengine.h"
#include "secrets.h"
#include "toolcommand.h"

using namespace Qt::StringLiterals;

namespace ops::cli {

namespace {

std::optional<EngineConfig> engineConfig(QString *error)
{
    EngineConfig c;
    const auto perCall = envInteger("OPS_ATTEMPTS_PER_CALL", c.attemptsPerCall);
    const auto perOp = envInteger("OPS_ATTEMPTS_PER_OPERATION", c.attemptsPerOperation);
    const auto window = envInteger("OPS_STRIPE_WINDOW_SECONDS", c.windowSeconds);
    const auto margin = envInteger("OPS_MARGIN_SECONDS", c.marginSeconds);
    const auto base = envInteger("OPS_BACKOFF_BASE_MS", c.backoffBase.count());
    const auto cap = envInteger("OPS_BACKOFF_CAP_MS", c.backoffCap.count());
    if (!perCall || !perOp || !window || !margin || !base || !cap || *perCall < 1 || *perOp < 1 ||
        *window <= *margin) {
        *error = u"invalid OPS_ATTEMPTS_*, OPS_*_SECONDS or OPS_BACKOFF_* setting"_s;
        return std::nullopt;
    }
    c.attemptsPerCall = int(*perCall);
    c.attemptsPerOperation = int(*perOp);
    c.windowSeconds = *window;
    c.marginSeconds = *margin;
    c.backoffBase = std::chrono::milliseconds(*base);
    c.backoffCap = std::chrono::milliseconds(*cap);
    return c;
}

std::optional<StripeConfig> stripeConfig(QString *error)
{
    StripeConfig c;
    const QString url = qEnvironmentVariable("OPS_STRIPE_URL", u"https://api.stripe.com"_s);
    c.baseUrl = QUrl(url, QUrl::StrictMode);
    if (!c.baseUrl.isValid() ||
        (c.baseUrl.scheme() != u"http"_s && c.baseUrl.scheme() != u"https"_s)) {
        *error = u"OPS_STRIPE_URL '%1' is not an http(s) URL"_s.arg(url);
        return std::nullopt;
    }
    const auto timeout = envInteger("OPS_ATTEMPT_TIMEOUT_MS", c.timeout.count());
    if (!timeout || *timeout < 1) {
        *error = u"invalid OPS_ATTEMPT_TIMEOUT_MS"_s;
        return std::nullopt;
    }
    c.timeout = std::chrono::milliseconds(*timeout);
    const auto secret = EnvFileSecretSource().secret(u"stripe"_s, error);
    if (!secret) {
        if (error->isEmpty())
            *error = u"no Stripe secret: set OPS_STRIPE_KEY or write it to a 0600 file "
                     "~/.config/opsconsole/stripe.key"_s;
        return std::nullopt;
    }
    c.secret = *secret;
    return c;
}

} // namespace

int refundCommand(CommandContext &ctx, const QStringList &args)
{
    QString error;
    const auto opts = CliArgs::parse(
        args, {u"order"_s, u"charge"_s, u"amount"_s, u"currency"_s, u"tool-call"_s}, {}, &error);
    if (!opts)
        return rejectInput(ctx, error);
    if (!opts->positionals().isEmpty())
        return rejectInput(ctx, u"unexpected argument '%1'"_s.arg(opts->positionals().first()));
    for (const QString &required : {u"order"_s, u"charge"_s, u"amount"_s}) {
        if (!opts->has(required))
            return rejectInput(ctx, u"--%1 is required"_s.arg(required));
    }
    RefundInput input;
    input.orderId = opts->value(u"order"_s);
    input.chargeId = opts->value(u"charge"_s);
    input.currency = opts->value(u"currency"_s, u"usd"_s).toLower();
    const auto amount = parsePositiveMinor(opts->value(u"amount"_s), &error);
    if (!amount)
        return rejectInput(ctx, error);
    input.amountMinor = *amount;
    if (auto invalid = RefundEngine::validate(input))
        return rejectInput(ctx, invalid->errorMessage);
    const auto actor = actorFor(ctx, opts->value(u"tool-call"_s), &error);
    if (!actor)
        return rejectInput(ctx, error);
    const auto engineCfg = engineConfig(&error);
    const auto stripeCfg = engineCfg ? stripeConfig(&error) : std::nullopt;
    if (!engineCfg || !stripeCfg)
        return ctx.usage(error);

    auto store = ctx.openStore();
    QtHttpTransport transport;
    StripeClient client(transport, *stripeCfg);
    RefundEngine engine(*store, client, *engineCfg);
    const ToolResult result = engine.refund(input, *actor);
    printResult(ctx.out, result);
    if (!result.errorCode.isEmpty() && result.status != ToolResult::Status::Rejected)
        ctx.err << "opsctl: " << result.errorMessage << Qt::endl;
    return ExitCode::Ok;
}

} // namespace ops::cli
