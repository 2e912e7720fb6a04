// opsbench: store, engine and concurrent-agent figures (docs/benchmarks.md). Not pass/fail.

#include "benchmarks.h"
#include "chaosrun.h"
#include "dblocation.h"

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
         {u"webhook-events"_s, u"Events for the webhook ingest figure (default 5000)."_s, u"N"_s,
          u"5000"_s},
         {u"webhook-connections"_s, u"Concurrent delivering connections (default 16)."_s, u"N"_s,
          u"16"_s},
         {u"only-webhook"_s, u"Measure only the webhook ingest figure."_s},
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
        out << "store ("
            << (ops::DbLocation::isPostgresUrl(storeDb) ? u"PostgreSQL"_s
                                                        : u"SQLite, synchronous=FULL"_s)
            << ", " << s.operations << " operations):\n"
            << "  open-or-get   " << qRound(s.openOrGetPerSecond) << " /s\n"
            << "  count-attempt " << qRound(s.countAttemptPerSecond) << " /s\n"
            << "  close         " << qRound(s.closePerSecond) << " /s" << Qt::endl;
        const auto e = ops::bench::benchEngine(sim, number(u"engine-refunds"_s));
        out << "engine (one process, zero-latency provider-sim): " << e.refunds << " refunds, "
            << e.succeeded << " refunded, " << qRound(e.refundsPerSecond) << " refunds/s"
            << Qt::endl;
        const auto a = ops::bench::benchAgents(sim, opsctl, number(u"agents"_s),
                                               number(u"agent-refunds"_s), number(u"latency-ms"_s));
        out << "agents (" << a.agents << " opsctl processes, " << a.latencyMs
            << " ms provider latency): " << a.refunds << " refunds, " << a.succeeded
            << " refunded in " << a.seconds << " s = " << qRound(a.refundsPerSecond)
            << " refunds/s; latency bound " << qRound(a.boundPerSecond) << " refunds/s ("
            << qRound(100 * a.refundsPerSecond / a.boundPerSecond) << " % of it)" << Qt::endl;
    } catch (const std::exception &e) {
        QTextStream(stderr) << "opsbench: " << e.what() << Qt::endl;
        return 2;
    }
    return 0;
}
