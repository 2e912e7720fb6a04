// opsctl credit topup|charge|adjust and opsctl execute: the agent's Slen tools (docs/design.md §9).

#include "commandcontext.h"
#include "creditengine.h"
#include "executionengine.h"
#include "operationstore.h"
#include "opsctl.h"
#include "secrets.h"
#include "toolcommand.h"

using namespace Qt::StringLiterals;

namespace ops::cli {

namespace {

std::optional<SlenEngineConfig> engineConfig(QString *error)
{
    SlenEngineConfig c;
    const auto perCall = envInteger("OPS_ATTEMPTS_PER_CALL", c.attemptsPerCall);
    const auto perOp = envInteger("OPS_ATTEMPTS_PER_OPERATION", c.attemptsPerOperation);
    const auto credit = envInteger("OPS_SLEN_CREDIT_WINDOW_SECONDS", c.creditWindowSeconds);
    const auto execution =
        envInteger("OPS_SLEN_EXECUTION_WINDOW_SECONDS", c.executionWindowSeconds);
    const auto margin = envInteger("OPS_MARGIN_SECONDS", c.marginSeconds);
    const auto base = envInteger("OPS_BACKOFF_BASE_MS", c.backoffBase.count());
    const auto cap = envInteger("OPS_BACKOFF_CAP_MS", c.backoffCap.count());
    if (!perCall || !perOp || !credit || !execution || !margin || !base || !cap || *perCall < 1 ||
        *perOp < 1 || *credit <= *margin || *execution <= *margin) {
        *error = u"invalid OPS_ATTEMPTS_*, OPS_*_SECONDS or OPS_BACKOFF_* setting"_s;
        return std::nullopt;
    }
    c.attemptsPerCall = int(*perCall);
    c.attemptsPerOperation = int(*perOp);
    c.creditWindowSeconds = *credit;
    c.executionWindowSeconds = *execution;
    c.marginSeconds = *margin;
    c.backoffBase = std::chrono::milliseconds(*base);
    c.backoffCap = std::chrono::milliseconds(*cap);
    return c;
}

std::optional<SlenConfig> slenConfig(QString *error)
{
    SlenConfig c;
    const QString url = qEnvironmentVariable("OPS_SLEN_URL");
    c.baseUrl = QUrl(url, QUrl::StrictMode);
    if (url.isEmpty() || !c.baseUrl.isValid() ||
        (c.baseUrl.scheme() != u"http"_s && c.baseUrl.scheme() != u"https"_s)) {
        *error = u"OPS_SLEN_URL '%1' is not an http(s) URL"_s.arg(url);
        return std::nullopt;
    }
    c.project = qEnvironmentVariable("OPS_SLEN_PROJECT", c.project).trimmed();
    if (c.project.isEmpty() || c.project.size() > 128) {
        *error = u"OPS_SLEN_PROJECT must be 1-128 characters"_s;
        return std::nullopt;
    }
    const auto timeout = envInteger("OPS_ATTEMPT_TIMEOUT_MS", c.timeout.count());
    if (!timeout || *timeout < 1) {
        *error = u"invalid OPS_ATTEMPT_TIMEOUT_MS"_s;
        return std::nullopt;
    }
    c.timeout = std::chrono::milliseconds(*timeout);
    const auto secret = EnvFileSecretSource().secret(u"slen"_s, error);
    if (!secret) {
        if (error->isEmpty())
            *error = u"no Slen API key: set OPS_SLEN_KEY or write it to a 0600 file "
                     "~/.config/opsconsole/slen.key"_s;
        return std::nullopt;
    }
    c.secret = *secret;
    return c;
}

// Configuration that must be right before the tool may run; prints nothing on stdout.
struct Setup
{
    SlenEngineConfig engine;
    SlenConfig slen;
};

std::optional<Setup> setup(QString *error)
{
    const auto engine = engineConfig(error);
    const auto slen = engine ? slenConfig(error) : std::nullopt;
    if (!engine || !slen)
        return std::nullopt;
    return Setup{*engine, *slen};
}

int finish(CommandContext &ctx, const ToolResult &result)
{
    printResult(ctx.out, result);
    if (!result.errorCode.isEmpty() && result.status != ToolResult::Status::Rejected)
        ctx.err << "opsctl: " << result.errorMessage << Qt::endl;
    return ExitCode::Ok;
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

std::optional<nlohmann::json> jsonObject(const QString &text, const QString &option, QString *error)
{
    const QByteArray utf8 = text.toUtf8();
    auto j = nlohmann::json::parse(utf8.constBegin(), utf8.constEnd(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        *error = u"--%1 must be a JSON object"_s.arg(option);
        return std::nullopt;
    }
    return j;
}

} // namespace

int creditCommand(CommandContext &ctx, const QStringList &args)
{
    QString error;
    const auto opts = CliArgs::parse(
        args, {u"customer"_s, u"credit-type"_s, u"amount"_s, u"work"_s, u"note"_s, u"tool-call"_s},
        {}, &error);
    if (!opts)
        return rejectInput(ctx, error);
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
                            ? parseSignedMinor(opts->value(u"amount"_s), &error)
                            : parsePositiveMinor(opts->value(u"amount"_s), &error);
    if (!amount)
        return rejectInput(ctx, error);
    input.amount = *amount;
    if (auto invalid = CreditEngine::validate(input))
        return rejectInput(ctx, invalid->errorMessage);
    const auto actor = actorFor(ctx, opts->value(u"tool-call"_s), &error);
    if (!actor)
        return rejectInput(ctx, error);
    const auto config = setup(&error);
    if (!config)
        return ctx.usage(error);

    auto store = ctx.openStore();
    QtHttpTransport transport;
    SlenClient client(transport, config->slen);
    CreditEngine engine(*store, client, config->engine);
    return finish(ctx, engine.move(input, *actor));
}

int executeCommand(CommandContext &ctx, const QStringList &args)
{
    QString error;
    const auto opts = CliArgs::parse(
        args, {u"flow"_s, u"input"_s, u"work"_s, u"context"_s, u"mode"_s, u"tool-call"_s}, {},
        &error);
    if (!opts)
        return rejectInput(ctx, error);
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
    const auto in = jsonObject(opts->value(u"input"_s), u"input"_s, &error);
    if (!in)
        return rejectInput(ctx, error);
    input.input = *in;
    if (opts->has(u"context"_s)) {
        const auto context = jsonObject(opts->value(u"context"_s), u"context"_s, &error);
        if (!context)
            return rejectInput(ctx, error);
        input.context = *context;
    }
    if (auto invalid = ExecutionEngine::validate(input))
        return rejectInput(ctx, invalid->errorMessage);
    const auto actor = actorFor(ctx, opts->value(u"tool-call"_s), &error);
    if (!actor)
        return rejectInput(ctx, error);
    const auto config = setup(&error);
    if (!config)
        return ctx.usage(error);

    auto store = ctx.openStore();
    QtHttpTransport transport;
    SlenClient client(transport, config->slen);
    ExecutionEngine engine(*store, client, config->engine);
    return finish(ctx, engine.execute(input, *actor));
}

} // namespace ops::cli
