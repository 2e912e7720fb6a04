// opsctl batch check|run FILE --name NAME: refunds from a file (docs/design.md §19). check reads
// and stores nothing; run checks the same way, then sends each row through the refund tool's
// own call at a paced rate, resumable: a second run of the file answers each row as its first
// run left it and sends nothing for it.

#include "cli/batchcommands.h"

#include "batch/batchplan.h"
#include "cli/operationjson.h"
#include "cli/opsctl.h"
#include "config/refundconnections.h"
#include "domain/money.h"
#include "domain/storeerror.h"
#include "storage/access/accessstore.h"
#include "storage/access/operatordirectory.h"
#include "storage/session.h"

#include <QFileInfo>
#include <QSaveFile>
#include <atomic>
#include <csignal>
#include <nlohmann/json.hpp>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace ops::cli {

namespace {

const QString kUsage =
    u"usage: opsctl batch check FILE --name NAME [--json] | run FILE --name NAME "
    "[--rate PER_SECOND] [--result PATH] [--json] | approve NAME [--id N] [--reason T] | "
    "reject NAME [--id N] --reason T | approvals [--state S] [--json]"_s;

// Set by SIGINT or SIGTERM, read by the run's workers before each row starts: a row is either
// untouched or a committed operation. Lock-free, so safe in a signal handler and across threads.
std::atomic_bool g_stop{false};
static_assert(std::atomic_bool::is_always_lock_free);

void askToStop(int)
{
    g_stop = true;
}

std::unique_ptr<RefundConnections> fromEnvironment(Provider provider)
{
    return std::make_unique<RefundConnections>(provider);
}

QString totals(const PreparedBatch &p)
{
    const QMap<QString, qint64> sums = p.totals();
    QStringList parts;
    for (auto it = sums.begin(); it != sums.end(); ++it)
        parts << formatMoney({it.value(), it.key()});
    return parts.join(u", "_s);
}

// One line per problem, then the summary; JSON: one object.
void printCheck(CommandContext &ctx, const PreparedBatch &p, bool json)
{
    if (json) {
        nlohmann::ordered_json problems = nlohmann::ordered_json::array();
        for (const BatchProblem &pr : p.file.problems)
            problems.push_back({{"line", pr.line}, {"message", str(pr.message)}});
        nlohmann::ordered_json j = {{"name", str(p.file.name)},
                                    {"rows", p.file.lines},
                                    {"already_run", p.standing.alreadyRun()},
                                    {"problems", problems},
                                    {"totals", str(totals(p))}};
        printJson(ctx.out, j);
        return;
    }
    for (const BatchProblem &pr : p.file.problems)
        ctx.out << (pr.line > 0 ? u"line %1: "_s.arg(pr.line) : QString()) << pr.message
                << Qt::endl;
    ctx.out << u"%1 rows, %2 problems, %3 already run; %4"_s.arg(p.file.lines)
                   .arg(p.file.problems.size())
                   .arg(p.standing.alreadyRun())
                   .arg(totals(p))
            << Qt::endl;
}

Result<PreparedBatch> prepare(CommandContext &ctx, const CliArgs &opts,
                              std::unique_ptr<Session> &session)
{
    if (opts.positionals().size() != 1)
        return Failure{u"give one FILE\n"_s + kUsage};
    if (!opts.has(u"name"_s))
        return Failure{u"--name is required: it makes each row's unit of work\n"_s + kUsage};
    const auto bytes = readBatchBytes(opts.positionals().first());
    if (!bytes)
        return Failure{bytes.error()};
    const auto opened = [&]() -> Session & {
        session = ctx.openSession();
        return *session;
    };
    return prepareBatch(*bytes, opts.value(u"name"_s), opened, fromEnvironment);
}

QString statusLine(const QMap<QString, int> &counts)
{
    QStringList parts;
    for (auto it = counts.begin(); it != counts.end(); ++it)
        parts << u"%1 %2"_s.arg(it.value()).arg(it.key());
    return parts.join(u", "_s);
}

nlohmann::ordered_json outcomeJson(const BatchOutcome &o)
{
    return {{"line", o.line},
            {"ticket", str(o.ticket)},
            {"operation_id", str(o.operationId)},
            {"status", str(o.status)},
            {"reason", str(o.reason)},
            {"provider_reference", str(o.providerReference)},
            {"earlier_run", o.earlierRun}};
}

QString resultPath(const CliArgs &opts)
{
    if (opts.has(u"result"_s))
        return opts.value(u"result"_s);
    const QFileInfo in(opts.positionals().first());
    return in.dir().filePath(in.completeBaseName() + u".result.csv"_s);
}

Result<double> rateOf(const CliArgs &opts)
{
    const auto fromEnv = batchRateFromEnvironment();
    if (!fromEnv || !opts.has(u"rate"_s))
        return fromEnv;
    bool ok = false;
    const double rate = opts.value(u"rate"_s).toDouble(&ok);
    if (!ok || rate < 0.1 || rate > 1000)
        return Failure{u"--rate must be 0.1 to 1000 requests a second, not '%1'"_s.arg(
            opts.value(u"rate"_s).left(20))};
    return rate;
}

class Progress
{
public:
    Progress(CommandContext &ctx, bool json, size_t total)
        : m_ctx(ctx)
        , m_json(json)
        , m_bar(!json && ::isatty(STDERR_FILENO))
        , m_total(total)
    {}

    void row(const BatchOutcome &o)
    {
        ++m_counts[o.status];
        ++m_seen;
        if (m_json)
            printJson(m_ctx.out, outcomeJson(o));
        if (!m_bar)
            return;
        constexpr int kWidth = 30;
        const int filled = int(kWidth * m_seen / std::max<size_t>(m_total, 1));
        m_ctx.err << u"\r[%1%2] %3/%4  %5\x1b[K"_s
                         .arg(QString(filled, u'#'), QString(kWidth - filled, u' '))
                         .arg(m_seen)
                         .arg(m_total)
                         .arg(statusLine(m_counts))
                  << Qt::flush;
    }
    void end()
    {
        if (m_bar)
            m_ctx.err << Qt::endl;
    }

private:
    CommandContext &m_ctx;
    bool m_json = false;
    bool m_bar = false;
    size_t m_total = 0;
    size_t m_seen = 0;
    QMap<QString, int> m_counts;
};

BatchRunEnd runRows(CommandContext &ctx, const PreparedBatch &p, double rate, bool json)
{
    RatePacer pacer(ctx.clock, threadSleep, rate);
    Progress progress(ctx, json, p.file.rows.size());
    BatchRunSetup setup;
    setup.actor = ctx.actor();
    setup.workers = batchWorkersFor(rate);
    setup.makeWorker = batchWorkerMaker([&ctx] { return ctx.openSession(); }, fromEnvironment, p);
    setup.stopAsked = [] {
        return g_stop.load();
    };
    setup.onOutcome = [&](const BatchOutcome &o) {
        progress.row(o);
        if (o.status == u"error"_s)
            ctx.err << "opsctl: line " << o.line << ": " << o.reason << Qt::endl;
    };
    BatchRunEnd end = runBatchRows(p.file, p.standing, pacer, setup);
    progress.end();
    return end;
}

void printSummary(CommandContext &ctx, const std::vector<BatchOutcome> &outcomes, bool stopped,
                  const QString &path, bool json)
{
    if (!json) {
        ctx.out << u"%1 rows: %2; result in %3"_s.arg(outcomes.size())
                       .arg(statusLine(countByStatus(outcomes)), path)
                << Qt::endl;
        return;
    }
    nlohmann::ordered_json counts = nlohmann::ordered_json::object();
    for (const auto &[status, n] : countByStatus(outcomes).asKeyValueRange())
        counts[str(status)] = n;
    const nlohmann::ordered_json j = {
        {"summary", counts}, {"stopped", stopped}, {"result", str(path)}};
    printJson(ctx.out, j);
}

// Writes the result file with every row (not_run for those not started) and says how it ended.
int finish(CommandContext &ctx, const PreparedBatch &p, const BatchRunEnd &end, const QString &path,
           bool json)
{
    const BatchEnding ending = batchEnding(p.file, end);
    QSaveFile out(path);
    const bool written = out.open(QIODevice::WriteOnly) &&
                         out.write(batchResultCsv(ending.outcomes)) >= 0 && out.commit();
    printSummary(ctx, ending.outcomes, ending.stopped(), path, json);
    if (!written) {
        ctx.err << "opsctl: cannot write " << path << ": " << out.errorString() << Qt::endl;
        return ExitCode::Internal;
    }
    if (!ending.failure.isEmpty())
        return ending.refused ? ExitCode::Usage : ExitCode::Internal;
    if (!ending.stopped())
        return ExitCode::Ok;
    ctx.err << "opsctl: stopped before line " << *ending.firstNotRun
            << "; run the same command again to go on" << Qt::endl;
    return ExitCode::Interrupted;
}

int runBatch(CommandContext &ctx, const CliArgs &opts)
{
    const auto rate = rateOf(opts);
    if (!rate)
        return ctx.usage(rate.error());
    std::unique_ptr<Session> session;
    auto prepared = prepare(ctx, opts, session);
    if (!prepared)
        return ctx.usage(prepared.error());
    const PreparedBatch p = std::move(prepared).value();
    const bool json = opts.has(u"json"_s);
    if (!p.file.ok()) {
        printCheck(ctx, p, json);
        return ExitCode::Usage; // nothing was stored or sent
    }
    if (const auto allowed = mayRunBatch(*session, ctx.actor()); !allowed)
        return ctx.usage(allowed.error());
    if (const auto waiting = batchApprovalGate(ctx, *session, p, json))
        return *waiting;
    g_stop = false;
    std::signal(SIGINT, askToStop);
    std::signal(SIGTERM, askToStop);
    const BatchRunEnd end = runRows(ctx, p, *rate, json);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    return finish(ctx, p, end, resultPath(opts), json);
}

int checkOnly(CommandContext &ctx, const CliArgs &opts)
{
    std::unique_ptr<Session> session;
    const auto prepared = prepare(ctx, opts, session);
    if (!prepared)
        return ctx.usage(prepared.error());
    printCheck(ctx, *prepared, opts.has(u"json"_s));
    return prepared->file.ok() ? ExitCode::Ok : ExitCode::Usage;
}

} // namespace

int batchCommand(CommandContext &ctx, const QStringList &args)
{
    const auto opts = CliArgs::parse(
        args.mid(1), {u"name"_s, u"rate"_s, u"result"_s, u"reason"_s, u"state"_s, u"id"_s},
        {u"json"_s});
    if (!opts)
        return ctx.usage(opts.error() + u"\n"_s + kUsage);
    const QString verb = args.value(0);
    if (verb == u"approve"_s || verb == u"reject"_s || verb == u"approvals"_s)
        return batchApprovalCommand(ctx, verb, *opts);
    if (args.value(0) == u"check"_s && !opts->has(u"rate"_s) && !opts->has(u"result"_s))
        return checkOnly(ctx, *opts);
    if (args.value(0) == u"run"_s)
        return runBatch(ctx, *opts);
    return ctx.usage(kUsage);
}

} // namespace ops::cli
