// opschaos: the chaos harness (docs/chaos.md). Thin main: parse options, run, report.

#include "chaos/chaosrun.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <stdexcept>

using namespace Qt::StringLiterals;

namespace {

bool readInt(const QCommandLineParser &p, const QString &name, int min, int *out)
{
    if (!p.isSet(name))
        return true;
    bool ok = false;
    const int v = p.value(name).toInt(&ok);
    if (!ok || v < min)
        return false;
    *out = v;
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser p;
    p.setApplicationDescription(
        u"Chaos harness: concurrent opsctl agents against a faulty provider-sim"_s);
    p.addHelpOption();
    p.addOptions(
        {{u"seed"_s, u"Seed of the plan and the fault source."_s, u"N"_s},
         {u"agents"_s, u"Concurrent opsctl processes (default 8)."_s, u"N"_s},
         {u"units"_s, u"Units of work (default 40)."_s, u"N"_s},
         {u"calls"_s, u"Calls in total (default 3 per unit)."_s, u"N"_s},
         {u"duration"_s, u"Stop starting calls after S seconds."_s, u"S"_s},
         {u"kill-percent"_s, u"Share of calls SIGKILLed (default 10)."_s, u"P"_s},
         {u"timeout-ms"_s, u"OPS_ATTEMPT_TIMEOUT_MS of the agents (default 300)."_s, u"MS"_s},
         {u"window"_s, u"Retention window in seconds (default 6)."_s, u"S"_s},
         {u"no-credits"_s, u"Refunds only."_s},
         {u"with-reconciler"_s,
          u"Run opsctl serve (webhook receiver and reconciler) beside the agents, with webhook "
          u"faults, and one reconciler pass at the end."_s},
         {u"servers"_s,
          u"With --with-reconciler: opsctl serve processes on the one database, each its own "
          u"webhook endpoint (1-4, default 1)."_s,
          u"N"_s},
         {u"failover"_s,
          u"Shell command that fails the database over mid-run (e.g. scripts/pg.sh promote DIR); "
          u"give --db a multi-host URL."_s,
          u"COMMAND"_s},
         {u"failover-at"_s,
          u"Start --failover once this share of the calls has ended (1-90, default 30); the "
          u"last half of the rest waits for it to finish."_s,
          u"P"_s},
         {u"mcp-percent"_s,
          u"Share of the refund calls sent through one opsctl mcp --http server with an agent "
          u"token of its own (0-100, default 0)."_s,
          u"P"_s},
         {u"adyen-percent"_s,
          u"Share of the refund pairs made on Adyen payments (0-100, default 0); needs "
          u"--with-reconciler, whose receivers take their signed notifications."_s,
          u"P"_s},
         {u"sim"_s, u"provider-sim executable."_s, u"PATH"_s},
         {u"opsctl"_s, u"opsctl executable."_s, u"PATH"_s},
         {u"work-dir"_s, u"Keep the database here instead of a temporary folder."_s, u"DIR"_s},
         {u"db"_s,
          u"Database for the agents, e.g. postgresql://user@127.0.0.1:5432/chaos; it must hold "
          u"no operations (default: a fresh SQLite file)."_s,
          u"LOCATION"_s}});
    p.process(app);

    ops::chaos::ChaosConfig c;
    int seed = int(c.seed);
    const bool valid = readInt(p, u"seed"_s, 0, &seed) && readInt(p, u"agents"_s, 1, &c.agents) &&
                       readInt(p, u"units"_s, 1, &c.units) && readInt(p, u"calls"_s, 1, &c.calls) &&
                       readInt(p, u"duration"_s, 1, &c.durationSeconds) &&
                       readInt(p, u"kill-percent"_s, 0, &c.killPercent) &&
                       readInt(p, u"timeout-ms"_s, 50, &c.attemptTimeoutMs) &&
                       readInt(p, u"window"_s, 2, &c.windowSeconds) &&
                       readInt(p, u"servers"_s, 1, &c.servers) &&
                       readInt(p, u"failover-at"_s, 1, &c.failoverAtPercent) &&
                       readInt(p, u"mcp-percent"_s, 0, &c.mcpPercent) &&
                       readInt(p, u"adyen-percent"_s, 0, &c.adyenPercent);
    if (!valid || c.killPercent > 100 || c.servers > 4 || c.mcpPercent > 100 ||
        c.adyenPercent > 100 || c.failoverAtPercent > 90) {
        err << "opschaos: numeric options take whole numbers in range (see --help)" << Qt::endl;
        return ops::chaos::ChaosSetupFailed;
    }
    c.seed = quint32(seed);
    c.credits = !p.isSet(u"no-credits"_s);
    c.withReconciler = p.isSet(u"with-reconciler"_s);
    if (c.servers > 1 && !c.withReconciler) {
        err << "opschaos: --servers needs --with-reconciler" << Qt::endl;
        return ops::chaos::ChaosSetupFailed;
    }
    // Adyen's outcome arrives only by notification: without a receiver nothing judges its rows.
    if (c.adyenPercent > 0 && !c.withReconciler) {
        err << "opschaos: --adyen-percent needs --with-reconciler" << Qt::endl;
        return ops::chaos::ChaosSetupFailed;
    }
    c.failoverCommand = p.value(u"failover"_s);
    if (!c.failoverCommand.isEmpty() && !p.value(u"db"_s).contains(u','))
        err << "opschaos: warning: --failover without a multi-host --db leaves the agents on the "
               "stopped primary"
            << Qt::endl;
    c.simPath = p.value(u"sim"_s);
    if (c.simPath.isEmpty())
        c.simPath = ops::chaos::locateTool(u"provider-sim"_s, u"providersim"_s);
    c.opsctlPath = p.value(u"opsctl"_s);
    if (c.opsctlPath.isEmpty())
        c.opsctlPath = ops::chaos::locateTool(u"opsctl"_s, u"../cli"_s);
    c.workDir = p.value(u"work-dir"_s);
    c.database = p.value(u"db"_s);
    try {
        const auto report = ops::chaos::runChaos(c, out);
        ops::chaos::printReport(report, out);
        return report.violations.isEmpty() ? ops::chaos::ChaosClean : ops::chaos::ChaosViolated;
    } catch (const std::exception &e) {
        err << "opschaos: " << e.what() << Qt::endl;
        return ops::chaos::ChaosSetupFailed;
    }
}
