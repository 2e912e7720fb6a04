// opsctl credit topup|charge|adjust and opsctl execute: the agent's Slen tools (docs/design.md §9).

#include "cli/commandcontext.h"
#include "cli/opsctl.h"
#include "cli/toolcommand.h"
#include "config/engineenv.h"
#include "engine/creditengine.h"
#include "engine/executionengine.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"

using namespace Qt::StringLiterals;

namespace ops::cli {

namespace {

// Configuration that must be right before the tool may run; prints nothing on stdout.
struct Setup
{
    SlenEngineConfig engine;
    SlenConfig slen;
};

Result<Setup> setup()
{
    const auto engine = slenEngineConfigFromEnv();
    if (!engine)
        return Failure{engine.error()};
    const auto slen = slenConfigFromEnv();
    if (!slen)
        return Failure{slen.error()};
    return Setup{*engine, *slen};
}

int finish(CommandContext &ctx, const ToolResult &result)
{
    printResult(ctx.out, result);
    if (!result.errorCode.isEmpty() && result.status != ToolResult::Status::Rejected)
        ctx.err << "opsctl: " << result.errorMessage << Qt::endl;
    return ExitCode::Ok;
}

// What every Slen tool does once its input is read: the engine's own checks, the actor, the
// configuration (a usage error when wrong), then one call of the engine; prints the result.
template<typename Engine, typename Input>
int runTool(CommandContext &ctx, const Input &input, const QString &toolCall,
            ToolResult (Engine::*call)(const Input &, const QString &))
{
    if (auto invalid = Engine::validate(input))
        return rejectInput(ctx, invalid->errorMessage);
    const auto actor = actorFor(ctx, toolCall);
    if (!actor)
        return rejectInput(ctx, actor.error());
    const auto config = setup();
    if (!config)
        return ctx.usage(config.error());

    auto session = ctx.openSession();
    QtHttpTransport transport;
    SlenClient client(transport, config->slen);
    Engine engine(*session, client, config->engine);
    return finish(ctx, (engine.*call)(input, *actor));
}

std::optional<OperationKind> movementKind(const QString &name)
{
    if (name == u"topup"_s)
        return OperationKind::CreditTopup;
    if (name == u"charge"_s)
        return OperationKind::CreditCharge;
    if (name == u"adjust"_s)
        return OperationKind::CreditAdjust;
    return std::nullopt;
}

Result<nlohmann::json> jsonObject(const QString &text, const QString &option)
{
    const QByteArray utf8 = text.toUtf8();
    auto j = nlohmann::json::parse(utf8.constBegin(), utf8.constEnd(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return Failure{u"--%1 must be a JSON object"_s.arg(option)};
    return j;
}

} // namespace

int creditCommand(CommandContext &ctx, const QStringList &args)
{
    const auto opts = CliArgs::parse(
        args, {u"customer"_s, u"credit-type"_s, u"amount"_s, u"work"_s, u"note"_s, u"tool-call"_s},
        {});
    if (!opts)
        return rejectInput(ctx, opts.error());
    if (opts->positionals().size() != 1)
        return rejectInput(ctx, u"credit needs exactly one of topup, charge, adjust"_s);
    const auto kind = movementKind(opts->positionals().first());
    if (!kind)
        return rejectInput(ctx, u"unknown movement '%1'; use topup, charge or adjust"_s.arg(
                                    opts->positionals().first()));
    for (const QString &required : {u"customer"_s, u"credit-type"_s, u"amount"_s, u"work"_s}) {
        if (!opts->has(required))
            return rejectInput(ctx, u"--%1 is required"_s.arg(required));
    }
    CreditInput input;
    input.kind = *kind;
    input.customerId = opts->value(u"customer"_s);
    input.creditType = opts->value(u"credit-type"_s);
    input.workName = opts->value(u"work"_s);
    input.note = opts->value(u"note"_s);
    // Top-up and charge move a positive amount; adjust is a signed, non-zero correction.
    const auto amount = *kind == OperationKind::CreditAdjust
                            ? parseSignedMinor(opts->value(u"amount"_s))
                            : parsePositiveMinor(opts->value(u"amount"_s));
    if (!amount)
        return rejectInput(ctx, amount.error());
    input.amount = *amount;
    return runTool(ctx, input, opts->value(u"tool-call"_s), &CreditEngine::move);
}

int executeCommand(CommandContext &ctx, const QStringList &args)
{
    const auto opts = CliArgs::parse(
        args, {u"flow"_s, u"input"_s, u"work"_s, u"context"_s, u"mode"_s, u"tool-call"_s}, {});
    if (!opts)
        return rejectInput(ctx, opts.error());
    if (!opts->positionals().isEmpty())
        return rejectInput(ctx, u"unexpected argument '%1'"_s.arg(opts->positionals().first()));
    for (const QString &required : {u"flow"_s, u"input"_s, u"work"_s}) {
        if (!opts->has(required))
            return rejectInput(ctx, u"--%1 is required"_s.arg(required));
    }
    ExecutionInput input;
    input.flow = opts->value(u"flow"_s);
    input.workName = opts->value(u"work"_s);
    input.mode = opts->value(u"mode"_s, u"sync"_s);
    const auto in = jsonObject(opts->value(u"input"_s), u"input"_s);
    if (!in)
        return rejectInput(ctx, in.error());
    input.input = *in;
    if (opts->has(u"context"_s)) {
        const auto context = jsonObject(opts->value(u"context"_s), u"context"_s);
        if (!context)
            return rejectInput(ctx, context.error());
        input.context = *context;
    }
    return runTool(ctx, input, opts->value(u"tool-call"_s), &ExecutionEngine::execute);
}

} // namespace ops::cli
