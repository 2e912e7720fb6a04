// opsctl demo generate: synthetic rows for benchmarks and for trying the console on a large
// list. opsctl demo story: the rows `opsconsole --demo` shows, made against a running
// provider-sim (demostory.h). Both refuse a database that already holds operations, so demo
// rows can never mix with real ones.

#include "cli/commandcontext.h"
#include "cli/opsctl.h"
#include "demo/demostory.h"
#include "domain/dblocation.h"
#include "storage/bulkgenerator.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"
#include "transport/connectionsettings.h"

#include <QElapsedTimer>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace ops::cli {

namespace {

constexpr qint64 kMaxGeneratedRows = 10'000'000;

const QString kDemoUsage = u"usage: opsctl demo generate --rows N | story --sim URL"_s;

int demoStory(CommandContext &ctx, const QStringList &args)
{
    const auto opts = CliArgs::parse(args, {u"sim"_s}, {});
    if (!opts)
        return ctx.usage(opts.error());
    const QUrl sim(opts->value(u"sim"_s), QUrl::StrictMode);
    if (!sim.isValid() || sim.scheme() != u"http"_s || sim.host().isEmpty())
        return ctx.usage(u"--sim must be provider-sim's http://HOST:PORT"_s);
    // The story's Adyen notifications come back to a receiver on this machine's loopback.
    if (!isLoopbackUrl(sim))
        return ctx.usage(u"--sim must be a provider-sim on this machine (127.0.0.1, ::1 or "
                         "localhost): the story receives its notifications on loopback"_s);
    if (ctx.personName().isEmpty())
        return ctx.usage(u"give --operator NAME: the demo makes that person its supervisor"_s);
    {
        auto session = ctx.openSession();
        if (session->store().count({}) > 0)
            return ctx.usage(u"%1 already holds operations; build the story into an empty "
                             "database"_s.arg(DbLocation::parse(ctx.dbLocation).display()));
    }
    useSimulatorEnvironment(sim.toString());
    const QString failed = buildDemoStory(
        {sim.toString(QUrl::StripTrailingSlash), ctx.dbLocation, ctx.personName(), runOpsctl},
        ctx.err);
    if (!failed.isEmpty()) {
        ctx.err << "opsctl: " << failed << Qt::endl;
        return ExitCode::Internal;
    }
    ctx.out << "demo story built in " << DbLocation::parse(ctx.dbLocation).display() << Qt::endl;
    return ExitCode::Ok;
}

} // namespace

int demoCommand(CommandContext &ctx, const QStringList &args)
{
    if (args.value(0) == u"story"_s)
        return demoStory(ctx, args.mid(1));
    if (args.isEmpty() || args.first() != u"generate"_s)
        return ctx.usage(kDemoUsage);
    const auto opts = CliArgs::parse(args.mid(1), {u"rows"_s}, {});
    if (!opts)
        return ctx.usage(opts.error());
    bool ok = false;
    const qint64 rows = opts->value(u"rows"_s).toLongLong(&ok);
    if (!ok || rows < 1 || rows > kMaxGeneratedRows)
        return ctx.usage(u"--rows must be between 1 and %1"_s.arg(kMaxGeneratedRows));
    auto session = ctx.openSession();
    // Never the raw location: a PostgreSQL URL may carry a password.
    const QString where = DbLocation::parse(ctx.dbLocation).display();
    if (session->store().count({}) > 0)
        return ctx.usage(
            u"%1 already holds operations; generate into an empty database"_s.arg(where));
    QElapsedTimer timer;
    timer.start();
    session->generateOperations(rows);
    ctx.out << QString::fromStdString(
                   nlohmann::ordered_json{{"generated", rows},
                                          {"database", where.toStdString()},
                                          {"seconds", double(timer.elapsed()) / 1000.0}}
                       .dump())
            << Qt::endl;
    return ExitCode::Ok;
}

} // namespace ops::cli
