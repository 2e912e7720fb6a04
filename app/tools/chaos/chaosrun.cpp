#include "chaos/chaosrun.h"

#include "chaos/agentpool.h"
#include "chaos/clirun.h"
#include "chaos/httpjson.h"
#include "chaos/mcpagent.h"
#include "chaos/simchild.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <memory>
#include <stdexcept>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops::chaos {

namespace {

bool opsctlHasCredits(const QString &opsctl)
{
    QProcess p;
    p.start(opsctl, {u"--help"_s});
    p.waitForFinished(10000);
    const QByteArray help = p.readAllStandardOutput() + p.readAllStandardError();
    return help.contains("credit topup");
}

QProcessEnvironment agentEnvironment(const ChaosConfig &c, const QString &db, quint16 port)
{
    const QString url = u"http://127.0.0.1:%1"_s.arg(port);
    const QString window = QString::number(c.windowSeconds);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"OPS_OPERATOR"_s);
    env.insert(u"OPS_DB"_s, db);
    env.insert(u"OPS_STRIPE_URL"_s, url);
    env.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_demo"_s);
    env.insert(u"OPS_SLEN_URL"_s, url);
    env.insert(u"OPS_SLEN_KEY"_s, u"sk_test_demo"_s);
    env.insert(u"OPS_SLEN_PROJECT"_s, u"demo"_s);
    env.insert(u"OPS_ADYEN_URL"_s, url);
    env.insert(u"OPS_ADYEN_KEY"_s, kChaosAdyenKey);
    env.insert(u"OPS_ADYEN_MERCHANT"_s, kChaosAdyenMerchant);
    env.insert(u"OPS_ATTEMPT_TIMEOUT_MS"_s, QString::number(c.attemptTimeoutMs));
    env.insert(u"OPS_BACKOFF_BASE_MS"_s, u"20"_s);
    env.insert(u"OPS_BACKOFF_CAP_MS"_s, u"200"_s);
    // Short windows and no margin: deadlines pass within seconds, so rule 7 and the sweeper
    // are part of every run. Adyen's window is its key's 7 days, whatever is set here.
    env.insert(u"OPS_STRIPE_WINDOW_SECONDS"_s, window);
    env.insert(u"OPS_SLEN_CREDIT_WINDOW_SECONDS"_s, window);
    env.insert(u"OPS_SLEN_EXECUTION_WINDOW_SECONDS"_s, window);
    env.insert(u"OPS_MARGIN_SECONDS"_s, u"0"_s);
    return env;
}

json listRows(const QString &opsctl, const QProcessEnvironment &env)
{
    const CliResult r = runCli(opsctl, env, {u"list"_s, u"--json"_s, u"--limit"_s, u"100000"_s});
    const json j = json::parse(r.out.constData(), nullptr, false);
    if (r.exitCode != 0 || !j.is_object() || !j.contains("operations"))
        throw std::runtime_error("opsctl list --json failed: " + r.out.toStdString());
    return j["operations"];
}

// Waits until every open row's deadline has passed (bounded by the window), so the sweep
// that follows has something to decide. Requests the simulator still holds (latency faults run
// even after the client left) finish within that time too.
void waitForDeadlines(const json &rows, const ChaosConfig &c)
{
    qint64 latest = QDateTime::currentMSecsSinceEpoch() + c.attemptTimeoutMs * 3;
    for (const json &row : rows) {
        if (row.value("state", "") != "open" || !row["deadline"].is_string())
            continue;
        const QDateTime d = QDateTime::fromString(
            QString::fromStdString(row["deadline"].get<std::string>()), Qt::ISODateWithMs);
        latest = qMax(latest, d.toMSecsSinceEpoch() + 200);
    }
    const qint64 bound = QDateTime::currentMSecsSinceEpoch() + qint64(c.windowSeconds + 2) * 1000;
    const qint64 wait = qMin(latest, bound) - QDateTime::currentMSecsSinceEpoch();
    if (wait > 0)
        QThread::msleep(quint64(wait));
}

std::vector<QStringList> unitArgs(const ChaosPlan &plan)
{
    std::vector<QStringList> args;
    for (const Unit &u : plan.units)
        args.push_back(u.args);
    return args;
}

void tally(ChaosReport &r, const ChaosPlan &plan, const std::vector<CallRecord> &calls,
           const json &rows)
{
    for (const Unit &u : plan.units) {
        switch (u.kind) {
        case UnitKind::Refund:
            ++r.refundUnits;
            break;
        case UnitKind::Credit:
            ++r.creditUnits;
            break;
        case UnitKind::Execution:
            ++r.executionUnits;
            break;
        }
    }
    r.units = int(plan.units.size());
    r.calls = int(calls.size());
    for (const CallRecord &call : calls) {
        if (call.killed) {
            ++r.kills;
            continue;
        }
        const QString status = call.result.is_object()
                                   ? QString::fromStdString(call.result.value("status", "?"))
                                   : u"no_result(exit %1)"_s.arg(call.exitCode);
        ++r.resultsByStatus[status];
    }
    for (const json &row : rows)
        ++r.rowsByState[QString::fromStdString(row.value("state", "?"))];
}

// The failover command, started by the pool once config.failoverAtPercent % of the calls have
// ended, while the next ones run; the calls past the middle of the rest wait for it to finish
// (AgentPool::pauseAt). So the failover falls inside the agents' work by construction, and a
// share of the calls is answered by the new primary, on a fast machine or a loaded one.
// `doneAtMs` is set when the command exited 0; the pool goes on either way.
void armFailover(const ChaosConfig &config, AgentPool &pool, size_t calls,
                 const QElapsedTimer &clock, qint64 &doneAtMs)
{
    if (config.failoverCommand.isEmpty())
        return;
    const size_t trigger = calls * size_t(config.failoverAtPercent) / 100;
    const size_t holdFrom = trigger + (calls - trigger) / 2;
    pool.pauseAt(trigger, holdFrom, [&pool, &clock, &doneAtMs, command = config.failoverCommand] {
        auto *process = new QProcess(&pool);
        QObject::connect(process, &QProcess::finished, &pool,
                         [&pool, &clock, &doneAtMs, process](int code, QProcess::ExitStatus how) {
                             if (how == QProcess::NormalExit && code == 0)
                                 doneAtMs = clock.elapsed();
                             process->deleteLater();
                             pool.release();
                         });
        QObject::connect(process, &QProcess::errorOccurred, &pool,
                         [&pool, process](QProcess::ProcessError error) {
                             if (error != QProcess::FailedToStart)
                                 return;
                             process->deleteLater();
                             pool.release();
                         });
        process->setProcessChannelMode(QProcess::ForwardedChannels);
        process->start(u"/bin/sh"_s, {u"-c"_s, command});
    });
}

// The MCP server must have carried on: still running, and, through a failover, answering
// calls with results on the new primary.
void judgeMcp(ChaosReport &report, const std::vector<CallRecord> &calls, qint64 poolStartMs,
              const McpAgent &mcp)
{
    QStringList unanswered;
    qint64 lastEndMs = -1;
    for (const CallRecord &call : calls) {
        if (!call.viaMcp)
            continue;
        ++report.mcpCalls;
        lastEndMs = qMax(lastEndMs, poolStartMs + call.endedAtMs);
        if (!call.result.is_object())
            unanswered << u"%1 at %2 ms"_s.arg(QString::fromUtf8(call.stderrText))
                              .arg(poolStartMs + call.endedAtMs);
        else if (report.failoverAtMs >= 0 && poolStartMs + call.endedAtMs > report.failoverAtMs)
            ++report.mcpAnsweredAfterFailover;
    }
    if (!mcp.running())
        throw std::runtime_error("opsctl mcp --http exited during the run (see mcp.log)");
    if (report.failoverAtMs >= 0 && report.mcpAnsweredAfterFailover == 0)
        throw std::runtime_error(
            u"none of %1 MCP calls was answered after the failover (the last ended at %2 ms; "
            "unanswered: %3): give more units or a higher --mcp-percent"_s.arg(report.mcpCalls)
                .arg(lastEndMs)
                .arg(unanswered.join(u", "_s))
                .toStdString());
}

} // namespace

QString locateTool(const QString &name, const QString &buildSubdir)
{
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString &candidate :
         {here.filePath(name), here.filePath(u"../"_s + buildSubdir + u'/' + name)}) {
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    }
    return here.filePath(name);
}

ChaosReport runChaos(const ChaosConfig &config, QTextStream &log)
{
    QElapsedTimer elapsed;
    elapsed.start();
    QTemporaryDir tmp;
    const QString dir = config.workDir.isEmpty() ? tmp.path() : config.workDir;
    QDir().mkpath(dir);
    const QString db =
        config.database.isEmpty() ? dir + u"/chaos-%1.sqlite"_s.arg(config.seed) : config.database;
    if (config.database.isEmpty())
        QFile::remove(db);

    const bool credits = config.credits && opsctlHasCredits(config.opsctlPath);
    const ChaosPlan plan = makePlan(config, credits);
    SimChild sim(config.simPath, config.seed,
                 config.workDir.isEmpty() ? QString() : dir + u"/provider-sim.log"_s);
    adminCall(sim.port(), "POST", "/_sim/seed", plan.seed);
    for (const json &rule : plan.faultRules)
        adminCall(sim.port(), "POST", "/_sim/faults", rule);
    if (config.withReconciler) {
        for (const json &rule : LateTruth::faultRules())
            adminCall(sim.port(), "POST", "/_sim/faults", rule);
    }

    const QProcessEnvironment env = agentEnvironment(config, db, sim.port());
    if (runCli(config.opsctlPath, env, {u"db"_s, u"migrate"_s}).exitCode != 0)
        throw std::runtime_error("opsctl db migrate failed on " + db.toStdString());
    // The invariants read every row of the database: rows of another run would be judged
    // against this run's ledger.
    if (!listRows(config.opsctlPath, env).empty())
        throw std::runtime_error("the database already holds operations; give an empty one");
    std::optional<LateTruth> late;
    if (config.withReconciler) {
        late.emplace(config.opsctlPath, env, sim.port(), dir, config.servers,
                     config.adyenPercent > 0);
        late->start();
    }
    log << "opschaos: seed " << config.seed << ", " << plan.units.size() << " units, "
        << plan.calls.size() << " calls, " << config.agents << " agents"
        << (credits ? ", refunds + credits + executions" : ", refunds only")
        << (config.mcpPercent > 0
                ? u", %1 % of refund calls through opsctl mcp --http"_s.arg(config.mcpPercent)
                : QString())
        << (config.adyenPercent > 0 ? u", %1 % of refund pairs on Adyen"_s.arg(config.adyenPercent)
                                    : QString())
        << (late ? u", with the webhook receiver and the reconciler (%1 opsctl serve)"_s.arg(
                       config.servers)
                 : QString())
        << Qt::endl;

    std::unique_ptr<McpAgent> mcp;
    if (config.mcpPercent > 0)
        mcp = std::make_unique<McpAgent>(config.opsctlPath, env, dir);
    AgentPool pool({config.opsctlPath, env, config.agents, config.durationSeconds, mcp.get()});
    ChaosReport report;
    std::vector<CallRecord> calls;
    qint64 poolStartMs = 0;
    armFailover(config, pool, plan.calls.size(), elapsed, report.failoverAtMs);
    poolStartMs = elapsed.elapsed();
    calls = pool.run(plan.calls, unitArgs(plan), plan.killAfterMs, plan.viaMcp);
    if (!config.failoverCommand.isEmpty() && report.failoverAtMs < 0)
        throw std::runtime_error("the failover command failed: " +
                                 config.failoverCommand.toStdString());
    report.inFlightAtFailover = pool.inFlightAtTrigger();
    if (report.failoverAtMs >= 0)
        log << "opschaos: failover done at " << report.failoverAtMs << " ms, "
            << report.inFlightAtFailover << " calls in flight when it began" << Qt::endl;
    if (mcp) {
        judgeMcp(report, calls, poolStartMs, *mcp);
        // The calls of aborted requests run on: they end before the sweep and the judging.
        if (!mcp->stop())
            throw std::runtime_error("opsctl mcp --http did not stop cleanly (see mcp.log)");
    }

    waitForDeadlines(listRows(config.opsctlPath, env), config);
    const CliResult swept = runCli(config.opsctlPath, env, {u"sweep"_s});
    const json sweptJson = json::parse(swept.out.constData(), nullptr, false);

    report.swept = sweptJson.is_object() ? sweptJson.value("swept", -1) : -1;
    // The truth arriving late: the last deliveries, then one reconciler pass, before judging.
    report.faultStats = late ? late->settle() : adminCall(sim.port(), "GET", "/_sim/faults/stats");
    if (late)
        report.lateTruth = late->finish(report.violations);
    const json rows = listRows(config.opsctlPath, env);
    const json movements = adminCall(sim.port(), "GET", "/_sim/ledger")["movements"];
    report.providerRequests =
        qint64(adminCall(sim.port(), "GET", "/_sim/requests")["requests"].size());
    report.movements = int(movements.size());
    tally(report, plan, calls, rows);

    InvariantInput input{movements, rows, {}, &calls, QDateTime::currentMSecsSinceEpoch()};
    for (const ChargeSeed &c : plan.charges)
        input.chargeAmounts.insert(c.id, c.amount);
    const Violations base = checkInvariants(input);
    for (auto it = base.cbegin(); it != base.cend(); ++it)
        report.violations[it.key()] << it.value();
    report.elapsedMs = elapsed.elapsed();
    return report;
}

void printReport(const ChaosReport &r, QTextStream &out)
{
    out << "units: " << r.units << " (" << r.refundUnits << " refunds, " << r.creditUnits
        << " credit movements, " << r.executionUnits << " executions)\n";
    out << "calls: " << r.calls << ", killed mid-call (SIGKILL): " << r.kills << '\n';
    out << "results:";
    for (auto it = r.resultsByStatus.cbegin(); it != r.resultsByStatus.cend(); ++it)
        out << ' ' << it.key() << '=' << it.value();
    out << "\nrows:";
    for (auto it = r.rowsByState.cbegin(); it != r.rowsByState.cend(); ++it)
        out << ' ' << it.key() << '=' << it.value();
    out << " (swept to unknown: " << r.swept << ")\n";
    const qint64 injected = r.faultStats.value("total", qint64(0));
    out << "faults injected: " << injected << " of " << r.providerRequests << " provider requests ("
        << (r.providerRequests ? injected * 100 / r.providerRequests : 0) << " %):";
    const auto injectedByMode = r.faultStats.find("injected");
    if (injectedByMode != r.faultStats.end() && injectedByMode->is_object()) {
        for (auto it = injectedByMode->begin(); it != injectedByMode->end(); ++it)
            out << ' ' << QString::fromStdString(it.key()) << '=' << it.value().get<qint64>();
    }
    out << "\nledger movements: " << r.movements << '\n';
    if (r.failoverAtMs >= 0)
        out << "failover: the primary stopped and the standby promoted at " << r.failoverAtMs
            << " ms (" << r.inFlightAtFailover << " calls in flight when it began)\n";
    if (r.mcpCalls > 0)
        out << "mcp: " << r.mcpCalls << " calls through opsctl mcp --http"
            << (r.failoverAtMs >= 0
                    ? u", %1 answered after the failover"_s.arg(r.mcpAnsweredAfterFailover)
                    : QString())
            << '\n';
    if (r.lateTruth)
        printLateTruth(*r.lateTruth, out);
    int total = 0;
    for (const QString &name : kInvariants + (r.lateTruth ? kLateTruthInvariants : QStringList())) {
        const QStringList found = r.violations.value(name);
        total += int(found.size());
        out << "invariant " << name << ": " << found.size() << " violation(s)\n";
        for (const QString &line : found.mid(0, 10))
            out << "    " << line << '\n';
    }
    out << (total == 0 ? "PASS" : "FAIL") << ": " << total << " violation(s) in "
        << r.elapsedMs / 1000.0 << " s" << Qt::endl;
}

} // namespace ops::chaos
