// opsctl refund: the agent's refund tool (docs/design.md §9; rule 13 for --reference). A Stripe
// charge or payment intent goes to Stripe, an Adyen payment (--adyen-payment) to Adyen
// (docs/adyen.md), which needs --currency: no default is safe across two providers.

#include "cli/commandcontext.h"
#include "cli/opsctl.h"
#include "cli/toolcommand.h"
#include "config/refundconnections.h"
#include "storage/session.h"

using namespace Qt::StringLiterals;

namespace ops::cli {

int refundCommand(CommandContext &ctx, const QStringList &args)
{
    const auto opts =
        CliArgs::parse(args,
                       {u"order"_s, u"charge"_s, u"payment-intent"_s, u"adyen-payment"_s,
                        u"amount"_s, u"currency"_s, u"tool-call"_s, u"reference"_s, u"reason"_s,
                        u"replaces"_s, u"reason-code"_s, u"ticket"_s},
                       {});
    if (!opts)
        return rejectInput(ctx, opts.error());
    if (!opts->positionals().isEmpty())
        return rejectInput(ctx, u"unexpected argument '%1'"_s.arg(opts->positionals().first()));
    for (const QString &required : {u"order"_s, u"amount"_s}) {
        if (!opts->has(required))
            return rejectInput(ctx, u"--%1 is required"_s.arg(required));
    }
    const int targets = int(opts->has(u"charge"_s)) + int(opts->has(u"payment-intent"_s)) +
                        int(opts->has(u"adyen-payment"_s));
    if (targets != 1)
        return rejectInput(ctx,
                           u"give exactly one of --charge, --payment-intent and --adyen-payment"_s);
    if (opts->has(u"adyen-payment"_s) && !opts->has(u"currency"_s))
        return rejectInput(ctx, u"--currency is required with --adyen-payment"_s);
    // Given but empty would silently mean "no reference": a different unit of work.
    for (const QString &optional :
         {u"reference"_s, u"reason"_s, u"replaces"_s, u"reason-code"_s, u"ticket"_s}) {
        if (opts->has(optional) && opts->value(optional).isEmpty())
            return rejectInput(ctx, u"--%1 is empty; leave it out for none"_s.arg(optional));
    }
    RefundInput input;
    input.orderId = opts->value(u"order"_s);
    input.chargeId = opts->value(u"charge"_s);
    input.paymentIntentId = opts->value(u"payment-intent"_s);
    input.adyenPaymentId = opts->value(u"adyen-payment"_s);
    input.reference = opts->value(u"reference"_s);
    input.reason = opts->value(u"reason"_s);
    input.replaces = opts->value(u"replaces"_s);
    input.reasonCode = opts->value(u"reason-code"_s);
    input.ticket = opts->value(u"ticket"_s);
    input.currency = opts->value(u"currency"_s, u"usd"_s).toLower();
    const auto amount = parsePositiveMinor(opts->value(u"amount"_s));
    if (!amount)
        return rejectInput(ctx, amount.error());
    input.amountMinor = *amount;
    if (auto invalid = RefundEngine::validate(input))
        return rejectInput(ctx, invalid->errorMessage);
    const auto actor = actorFor(ctx, opts->value(u"tool-call"_s));
    if (!actor)
        return rejectInput(ctx, actor.error());
    const RefundConnections connections(input.toAdyen() ? Provider::Adyen : Provider::Stripe);
    if (!connections.ok())
        return ctx.usage(connections.problem());
    auto session = ctx.openSession();
    const ToolResult result =
        refundThrough(*session, connections.clients(), connections.engine(), input, *actor);
    printResult(ctx.out, result);
    if (!result.errorCode.isEmpty() && result.status != ToolResult::Status::Rejected)
        ctx.err << "opsctl: " << result.errorMessage << Qt::endl;
    return ExitCode::Ok;
}

} // namespace ops::cli
