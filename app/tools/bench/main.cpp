// opsbench: store, engine and concurrent-agent figures (docs/benchmarks.md). Not pass/fail.

#include "bench/benchmarks.h"
#include "chaos/chaosrun.h"
#include "domain/dblocation.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <stdexcept>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QCommandLineParser p;
    p.setApplicationDescription(u"Throughput figures of the store, the engine and the agents"_s);
    p.addHelpOption();
    p.addOptions(
        {{u"store-ops"_s, u"Operations for the store figures (default 2000)."_s, u"N"_s, u"2000"_s},
         {u"engine-refunds"_s, u"Refunds for the engine figure (default 500)."_s, u"N"_s, u"500"_s},
         {u"agent-refunds"_s, u"Refunds for the agents figure (default 400)."_s, u"N"_s, u"400"_s},
         {u"agents"_s, u"Concurrent opsctl processes (default 8)."_s, u"N"_s, u"8"_s},
         {u"latency-ms"_s, u"Provider latency for the agents figure (default 20)."_s, u"MS"_s,
          u"20"_s},
         {u"floor-requests"_s,
          u"Commits and provider-sim requests for the floors (default 2000)."_s, u"N"_s, u"2000"_s},
         {u"calls"_s, u"opsctl list and opsctl refund processes, each (default 40)."_s, u"N"_s,
          u"40"_s},
         {u"webhook-events"_s, u"Events for the webhook ingest figure (default 5000)."_s, u"N"_s,
          u"5000"_s},
         {u"webhook-connections"_s, u"Concurrent delivering connections (default 16)."_s, u"N"_s,
          u"16"_s},
         {u"only-webhook"_s, u"Measure only the webhook ingest figure."_s},
         {u"reconcile-rows"_s, u"Unknown rows for the reconciler pass (default 10000)."_s, u"N"_s,
          u"10000"_s},
         {u"rows-per-charge"_s, u"Rows per charge for the reconciler pass (default 100)."_s, u"N"_s,
          u"100"_s},
         {u"only-reconcile"_s, u"Measure only the reconciler pass figure."_s},
         {u"store-db"_s,
          u"Empty database for the store figures (default: a temporary SQLite file)."_s,
          u"PATH|URL"_s},
         {u"sim"_s, u"provider-sim executable."_s, u"PATH"_s},
         {u"opsctl"_s, u"opsctl executable."_s, u"PATH"_s}});
    p.process(app);
    const auto number = [&p](const QString &name) {
        return qMax(1, p.value(name).toInt());
    };
    const QString sim = p.isSet(u"sim"_s)
                            ? p.value(u"sim"_s)
                            : ops::chaos::locateTool(u"provider-sim"_s, u"providersim"_s);
    const QString opsctl = p.isSet(u"opsctl"_s) ? p.value(u"opsctl"_s)
                                                : ops::chaos::locateTool(u"opsctl"_s, u"../cli"_s);
    try {
        if (p.isSet(u"only-reconcile"_s)) {
            ops::bench::printReconcile(ops::bench::benchReconcile(sim, number(u"reconcile-rows"_s),
                                                                  number(u"rows-per-charge"_s)),
                                       out);
            return 0;
        }
        const auto pct = [](double figure, double floor) {
            return floor > 0 ? qRound(100 * figure / floor) : 0;
        };
        const auto fl =
            ops::bench::benchFloors(sim, opsctl, number(u"floor-requests"_s), number(u"calls"_s));
        out << "floors (same run):\n"
            << "  durable commit (one-row write, synchronous=FULL) " << qRound(fl.commitsPerSecond)
            << " /s\n"
            << "  provider-sim, one keep-alive connection          "
            << qRound(fl.simRequestsPerSecond) << " requests/s (" << fl.simOk << " of "
            << fl.requests << " answered 200)\n"
            << "  engine floor (2 commits + 2 round trips)         "
            << qRound(fl.engineFloorPerSecond()) << " refunds/s\n"
            << "  opsctl list per call                             "
            << QString::number(fl.listMs, 'f', 1) << " ms" << Qt::endl;
        out << "opsctl refund per call: " << QString::number(fl.refundMs, 'f', 1)
            << " ms = " << QString::number(fl.refundMs / fl.listMs, 'f', 2) << " x opsctl list ("
            << fl.calls << " calls each)" << Qt::endl;
        const auto w = ops::bench::benchWebhook(opsctl, number(u"webhook-events"_s),
                                                number(u"webhook-connections"_s));
        out << "webhook ingest (opsctl webhook serve, SQLite synchronous=FULL, " << w.connections
            << " connections): " << w.accepted << " of " << w.events << " events verified and "
            << "durable before their answer in " << w.seconds
            << " s = " << qRound(w.eventsPerSecond) << " events/s; answer latency p50 " << w.p50Ms
            << " ms, p99 " << w.p99Ms << " ms; durable-commit floor "
            << qRound(w.commitFloorPerSecond) << " commits/s" << Qt::endl;
        if (p.isSet(u"only-webhook"_s))
            return 0;
        const QString storeDb = p.value(u"store-db"_s);
        const auto s = ops::bench::benchStore(number(u"store-ops"_s), storeDb);
        const double commitFloor =
            storeDb.isEmpty() ? fl.commitsPerSecond : 0; // the floor is a SQLite figure
        out << "store ("
            << (ops::DbLocation::isPostgresUrl(storeDb) ? u"PostgreSQL"_s
                                                        : u"SQLite, synchronous=FULL"_s)
            << ", " << s.operations << " operations):\n"
            << "  open-or-get   " << qRound(s.openOrGetPerSecond) << " /s ("
            << pct(s.openOrGetPerSecond, commitFloor) << " % of the commit floor)\n"
            << "  count-attempt " << qRound(s.countAttemptPerSecond) << " /s\n"
            << "  close         " << qRound(s.closePerSecond) << " /s" << Qt::endl;
        const auto e = ops::bench::benchEngine(sim, number(u"engine-refunds"_s));
        out << "engine (one process, zero-latency provider-sim): " << e.refunds << " refunds, "
            << e.succeeded << " refunded, " << qRound(e.refundsPerSecond) << " refunds/s ("
            << pct(e.refundsPerSecond, fl.engineFloorPerSecond()) << " % of the floor), "
            << e.commitsPerRefund << " durable commits per refund" << Qt::endl;
        const auto a = ops::bench::benchAgents(sim, opsctl, number(u"agents"_s),
                                               number(u"agent-refunds"_s), number(u"latency-ms"_s));
        out << "agents (" << a.agents << " opsctl processes, " << a.latencyMs
            << " ms provider latency): " << a.refunds << " refunds, " << a.succeeded
            << " refunded in " << a.seconds << " s = " << qRound(a.refundsPerSecond)
            << " refunds/s; latency bound " << qRound(a.boundPerSecond) << " refunds/s ("
            << pct(a.refundsPerSecond, a.boundPerSecond) << " % of it)" << Qt::endl;
        ops::bench::printReconcile(ops::bench::benchReconcile(sim, number(u"reconcile-rows"_s),
                                                              number(u"rows-per-charge"_s)),
                                   out);
    } catch (const std::exception &e) {
        QTextStream(stderr) << "opsbench: " << e.what() << Qt::endl;
        return 2;
    }
    return 0;
}
