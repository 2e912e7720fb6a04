// N concurrent agents (opsctl processes, one per refund, N at a time) on one SQLite file, with
// every provider request delayed by a latency fault. The bound: each refund needs a charge
// read and a POST, so one agent cannot beat 1 / (2 × latency) refunds per second.

#include "bench/benchmarks.h"
#include "chaos/agentpool.h"
#include "chaos/httpjson.h"
#include "chaos/simchild.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops::bench {

QProcessEnvironment migratedOpsctlEnvironment(const QString &opsctlPath, const QString &dbPath,
                                              quint16 simPort)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"OPS_OPERATOR"_s);
    env.insert(u"OPS_DB"_s, dbPath);
    env.insert(u"OPS_STRIPE_URL"_s, u"http://127.0.0.1:%1"_s.arg(simPort));
    env.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_demo"_s);
    chaos::AgentPool migrate({opsctlPath, env, 1, 0});
    migrate.run({0}, {{u"db"_s, u"migrate"_s}}, {-1});
    return env;
}

AgentFigures benchAgents(const QString &simPath, const QString &opsctlPath, int agents, int refunds,
                         int latencyMs)
{
    chaos::SimChild sim(simPath, 1);
    json charges = json::array();
    std::vector<QStringList> args;
    for (int i = 0; i < refunds; ++i) {
        const QString charge = u"ch_agents_%1"_s.arg(i);
        charges.push_back({{"id", charge.toStdString()}, {"amount", 1000}, {"currency", "usd"}});
        args.push_back({u"refund"_s, u"--order"_s, u"agents-%1"_s.arg(i), u"--charge"_s, charge,
                        u"--amount"_s, u"1000"_s});
    }
    chaos::adminCall(sim.port(), "POST", "/_sim/seed",
                     {{"api_keys", json::array({{{"key", "sk_test_demo"}, {"project", "demo"}}})},
                      {"charges", charges}});
    chaos::adminCall(
        sim.port(), "POST", "/_sim/faults",
        {{"route", "*"}, {"mode", "latency"}, {"probability", 1.0}, {"delay_ms", latencyMs}});

    QTemporaryDir dir;
    const QProcessEnvironment env =
        migratedOpsctlEnvironment(opsctlPath, dir.filePath(u"agents.sqlite"_s), sim.port());

    std::vector<int> calls;
    for (int i = 0; i < refunds; ++i)
        calls.push_back(i);
    chaos::AgentPool pool({opsctlPath, env, agents, 0});
    QElapsedTimer t;
    t.start();
    const auto records = pool.run(calls, args, std::vector<int>(size_t(refunds), -1));
    AgentFigures f;
    f.seconds = double(t.nsecsElapsed()) / 1e9;
    f.agents = agents;
    f.refunds = refunds;
    f.latencyMs = latencyMs;
    for (const auto &r : records)
        f.succeeded += r.result.is_object() && r.result.value("status", "") == "refunded" ? 1 : 0;
    f.refundsPerSecond = f.seconds > 0 ? refunds / f.seconds : 0;
    f.boundPerSecond = agents * 1000.0 / (2.0 * latencyMs);
    return f;
}

} // namespace ops::bench
