// opsctl refund: the agent's refund tool.

#include "commandcontext.h"
#include "engineenv.h"
#include "opsctl.h"
#include "refundengine.h"
#include "toolcommand.h"

using namespace Qt::StringLiterals;

namespace ops::cli {

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
    const auto engineCfg = refundEngineConfigFromEnv(&error);
    const auto stripeCfg = engineCfg ? stripeConfigFromEnv(&error) : std::nullopt;
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
