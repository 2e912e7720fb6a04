// opsctl mcp [--http HOST:PORT] [--allow-origin ORIGIN[,…]] [--allow-non-loopback]
// [--db-connections N]: the agent tool server (docs/design.md §11, docs/agents.md). --workers N
// is the older name of --db-connections: each call runs on a worker holding its own connection.

#include "cli/commandcontext.h"
#include "cli/opsctl.h"
#include "mcp/agentgate.h"
#include "mcp/mcpserver.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"

using namespace Qt::StringLiterals;

namespace ops::cli {

namespace {

Result<mcp::HttpOptions> httpOptions(const CliArgs &opts)
{
    const auto listen =
        parseListen(opts.value(u"http"_s), opts.has(u"allow-non-loopback"_s), u"--http"_s);
    if (!listen)
        return Failure{listen.error()};
    mcp::HttpOptions http;
    http.address = listen->first;
    http.port = listen->second;
    if (opts.has(u"allow-origin"_s))
        http.allowedOrigins = opts.value(u"allow-origin"_s).split(u',', Qt::SkipEmptyParts);
    return http;
}

} // namespace

int mcpCommand(CommandContext &ctx, const QStringList &args)
{
    const auto opts =
        CliArgs::parse(args, {u"http"_s, u"allow-origin"_s, u"workers"_s, u"db-connections"_s},
                       {u"allow-non-loopback"_s});
    if (!opts)
        return ctx.usage(opts.error());
    if (!opts->positionals().isEmpty())
        return ctx.usage(u"unexpected argument '%1'"_s.arg(opts->positionals().first()));
    mcp::ServerOptions options;
    options.dbLocation = ctx.dbLocation;
    if (opts->has(u"workers"_s) && opts->has(u"db-connections"_s))
        return ctx.usage(u"give --db-connections or its older name --workers, not both"_s);
    for (const QString &name : {u"db-connections"_s, u"workers"_s}) {
        if (!opts->has(name))
            continue;
        const auto n = parseConnectionCount(opts->value(name), u"--"_s + name);
        if (!n)
            return ctx.usage(n.error());
        options.workers = *n;
    }
    if (opts->has(u"http"_s)) {
        const auto http = httpOptions(*opts);
        if (!http)
            return ctx.usage(http.error());
        options.http = *http;
    }
    // Creates and migrates once, before any call opens its own connection.
    const std::unique_ptr<Session> session = ctx.openSession();
    // Team mode: the calls write agent:… actors, which the database takes only from an agent's
    // login (or the owner's); a person's or a service's login would fail every call.
    if (ctx.identity.authenticated() && ctx.identity.principal != Principal::Agent)
        return ctx.usage(
            u"opsctl mcp runs as an agent's login (a member of ops_agent); you are "
            "logged in as %1 (%2)"_s.arg(ctx.identity.login, toString(ctx.identity.principal)));
    // Team mode: an agent logged in as itself is the agent its calls name (DESIGN §13).
    if (ctx.identity.principal == Principal::Agent)
        options.stdioAgent = ctx.identity.login;
    std::unique_ptr<mcp::AgentGate> gate;
    if (options.http) {
        auto opened = mcp::AgentGate::open(ctx.dbLocation);
        if (!opened)
            return ctx.usage(opened.error());
        gate = std::move(opened).value();
        options.http->authenticate = [g = gate.get()](const QByteArray &bearer) {
            return g->agentFor(bearer);
        };
    }
    // One connection per call worker, the server's own (migrations, the sequencer) and, over
    // HTTP, the agent gate's.
    const int own = options.http ? 2 : 1;
    ctx.err << "opsctl mcp: at most " << options.workers + own << " database connections ("
            << options.workers << " for calls, --db-connections; default "
            << mcp::ServerOptions{}.workers << ")" << Qt::endl;
    // A long-running server chains audit entries a call's own try left waiting (DESIGN §14).
    QObject sequencer;
    if (options.http)
        session->startAuditSequencer(&sequencer);
    return mcp::runServer(options, ctx.out, ctx.err);
}

} // namespace ops::cli
