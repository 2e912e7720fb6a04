// opsctl agent add|list|revoke|rotate|set-limits: agents as principals (docs/agents.md, issue
// 27). A change is a supervisor's (the store checks it; the database too in team mode) and is
// audited; a token is printed once, by add and rotate, and stored only as its hash.

#include "cli/commandcontext.h"
#include "cli/operationjson.h"
#include "cli/opsctl.h"
#include "domain/duration.h"
#include "storage/access/accessstore.h"
#include "storage/access/identity.h"
#include "storage/session.h"

#include <QDateTime>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::ordered_json;

namespace ops::cli {

namespace {

const QString kAgentUsage =
    u"usage: opsctl agent add NAME [--max-refund AMOUNT CUR] [--daily AMOUNT CUR] [--rate N] | "
    "list [--json] | revoke NAME | rotate NAME [--grace 1h] | set-limits NAME "
    "[--max-refund AMOUNT CUR] [--daily AMOUNT CUR] [--rate N] [--clear-max-refund] "
    "[--clear-daily] [--clear-rate]"_s;
constexpr std::chrono::milliseconds kMaxGrace{7LL * 86'400'000};
const char *const kShownOnce =
    "This token is shown once and only its hash is stored. Give it to the agent's host as its "
    "bearer token (docs/agents.md).";

// The two options that take two words (AMOUNT CUR) are joined into one value, so CliArgs stays
// a one-value parser; a missing second word is reported by name.
Result<QStringList> joinMoneyOptions(const QStringList &args)
{
    QStringList out;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a != u"--max-refund"_s && a != u"--daily"_s) {
            out << a;
            continue;
        }
        if (i + 2 >= args.size() || args[i + 1].startsWith(u"--"_s) ||
            args[i + 2].startsWith(u"--"_s))
            return Failure{
                u"%1 takes an amount in minor units and a currency: %1 5000 usd"_s.arg(a)};
        out << a << args[i + 1] + u' ' + args[i + 2];
        i += 2;
    }
    return out;
}

Result<std::optional<Money>> moneyOption(const CliArgs &opts, const QString &name)
{
    if (!opts.has(name))
        return std::optional<Money>();
    const QStringList words = opts.value(name).split(u' ');
    const auto money = parseLimitMoney(u"--"_s + name, words.value(0), words.value(1));
    if (!money)
        return Failure{money.error()};
    return std::optional<Money>(*money);
}

// The limits the options name, starting from `base` (set-limits keeps what it is not told).
Result<AgentLimits> limitOptions(const CliArgs &opts, AgentLimits base)
{
    const auto maxRefund = moneyOption(opts, u"max-refund"_s);
    if (!maxRefund)
        return Failure{maxRefund.error()};
    const auto daily = moneyOption(opts, u"daily"_s);
    if (!daily)
        return Failure{daily.error()};
    if (*maxRefund)
        base.maxRefund = *maxRefund;
    if (*daily)
        base.daily = *daily;
    if (opts.has(u"rate"_s)) {
        const auto rate = parseRateLimit(opts.value(u"rate"_s));
        if (!rate)
            return Failure{rate.error()};
        base.ratePerSecond = *rate;
    }
    if (opts.has(u"clear-max-refund"_s))
        base.maxRefund.reset();
    if (opts.has(u"clear-daily"_s))
        base.daily.reset();
    if (opts.has(u"clear-rate"_s))
        base.ratePerSecond.reset();
    return base;
}

ordered_json moneyJson(const std::optional<Money> &m)
{
    if (!m)
        return nullptr;
    return {{"amount_minor", m->minor}, {"currency", m->currency.toStdString()}};
}

ordered_json timeJson(const std::optional<qint64> &ms)
{
    if (!ms)
        return nullptr;
    return isoUtc(QDateTime::fromMSecsSinceEpoch(*ms, Qt::UTC));
}

ordered_json agentJson(const AgentRecord &r)
{
    return {{"agent", r.name.toStdString()},
            {"state", toString(r.state()).toStdString()},
            {"max_refund", moneyJson(r.limits.maxRefund)},
            {"daily", moneyJson(r.limits.daily)},
            {"rate_per_second",
             r.limits.ratePerSecond ? ordered_json(*r.limits.ratePerSecond) : nullptr},
            {"limits", describeLimits(r.limits).toStdString()},
            {"created_by", r.createdBy.toStdString()},
            {"created_at", timeJson(r.createdAtMs)},
            {"last_used_at", timeJson(r.lastUsedMs)},
            {"revoked_at", timeJson(r.revokedAtMs)},
            {"previous_token_valid_until", timeJson(r.previousValidUntilMs)}};
}

int agentList(CommandContext &ctx, const CliArgs &opts)
{
    auto session = ctx.openSession();
    const auto agents = session->access().agents();
    if (opts.has(u"json"_s)) {
        ordered_json rows = ordered_json::array();
        for (const auto &r : agents)
            rows.push_back(agentJson(r));
        printJson(ctx.out, {{"agents", rows}});
        return ExitCode::Ok;
    }
    for (const auto &r : agents) {
        const QString used =
            r.lastUsedMs ? QString::fromStdString(timeJson(r.lastUsedMs)) : u"never used"_s;
        ctx.out << r.name.leftJustified(20) << ' ' << toString(r.state()).leftJustified(8) << ' '
                << describeLimits(r.limits) << " · " << used << '\n';
    }
    ctx.out.flush();
    return ExitCode::Ok;
}

int issued(CommandContext &ctx, const IssuedAgent &a)
{
    ordered_json j = agentJson(a.record);
    j["token"] = a.token.toStdString();
    j["note"] = kShownOnce;
    // Team mode: the token is for HTTP; an agent that runs opsctl or stdio MCP logs in to
    // PostgreSQL as itself, with a login a DBA makes (docs/agents.md).
    if (ctx.identity.teamMode)
        j["login_sql"] = agentLoginSql(a.record.name).toStdString();
    printJson(ctx.out, j);
    return ExitCode::Ok;
}

} // namespace

int agentCommand(CommandContext &ctx, const QStringList &args)
{
    const auto joined = joinMoneyOptions(args.mid(1));
    if (!joined)
        return ctx.usage(joined.error());
    const auto opts =
        CliArgs::parse(*joined, {u"max-refund"_s, u"daily"_s, u"rate"_s, u"grace"_s},
                       {u"json"_s, u"clear-max-refund"_s, u"clear-daily"_s, u"clear-rate"_s});
    if (!opts)
        return ctx.usage(opts.error());
    const QString sub = args.value(0);
    if (sub == u"list"_s && opts->positionals().isEmpty())
        return agentList(ctx, *opts);
    if (opts->positionals().size() != 1)
        return ctx.usage(kAgentUsage);
    const QString name = opts->positionals().first();
    if (ctx.personName().isEmpty())
        return ctx.usage(u"agents are changed by a person: give --operator NAME or OPS_OPERATOR"_s);
    if (sub == u"add"_s) {
        const auto limits = limitOptions(*opts, {});
        if (!limits)
            return ctx.usage(limits.error());
        auto session = ctx.openSession();
        return issued(ctx, session->access().addAgent(ctx.actor(), name, *limits));
    }
    if (sub == u"rotate"_s) {
        const auto grace = parseDuration(opts->value(u"grace"_s, u"1h"_s), u"--grace"_s, kMaxGrace);
        if (!grace)
            return ctx.usage(grace.error());
        auto session = ctx.openSession();
        return issued(ctx, session->access().rotateAgent(ctx.actor(), name, *grace));
    }
    if (sub == u"revoke"_s) {
        auto session = ctx.openSession();
        printJson(ctx.out, agentJson(session->access().revokeAgent(ctx.actor(), name)));
        return ExitCode::Ok;
    }
    if (sub == u"set-limits"_s) {
        auto session = ctx.openSession();
        const auto current = session->access().agent(name);
        const auto limits = limitOptions(*opts, current ? current->limits : AgentLimits{});
        if (!limits)
            return ctx.usage(limits.error());
        printJson(ctx.out, agentJson(session->access().setAgentLimits(ctx.actor(), name, *limits)));
        return ExitCode::Ok;
    }
    return ctx.usage(kAgentUsage);
}

} // namespace ops::cli
