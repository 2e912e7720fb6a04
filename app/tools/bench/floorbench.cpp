// The floors the figures are compared with, measured in the same run (docs/benchmarks.md): a
// bare durable commit on a synchronous=FULL SQLite file, a keep-alive HTTP round trip to
// provider-sim, and one `opsctl list` process against `opsctl refund` on the same file.

#include "bench/benchmarks.h"
#include "chaos/agentpool.h"
#include "chaos/httpjson.h"
#include "chaos/simchild.h"
#include "storage/db/commitfloor.h"
#include "transport/httptransport.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops::bench {

namespace {

double perSecond(int n, const QElapsedTimer &t)
{
    return t.nsecsElapsed() > 0 ? n * 1e9 / double(t.nsecsElapsed()) : 0;
}

// Milliseconds per opsctl process running `argsFor(i)`, one at a time.
double msPerCall(const QString &opsctlPath, const QProcessEnvironment &env, int calls,
                 const std::function<QStringList(int)> &argsFor)
{
    std::vector<QStringList> args;
    std::vector<int> order;
    for (int i = 0; i < calls; ++i) {
        args.push_back(argsFor(i));
        order.push_back(i);
    }
    chaos::AgentPool pool({opsctlPath, env, 1, 0});
    QElapsedTimer t;
    t.start();
    pool.run(order, args, std::vector<int>(size_t(calls), -1));
    return double(t.nsecsElapsed()) / 1e6 / calls;
}

} // namespace

double benchCommitFloor(int commits)
{
    QTemporaryDir dir;
    return commitFloorPerSecond(dir.filePath(u"floor.sqlite"_s), commits);
}

FloorFigures benchFloors(const QString &simPath, const QString &opsctlPath, int requests, int calls)
{
    FloorFigures f;
    f.commitsPerSecond = benchCommitFloor(requests);
    chaos::SimChild sim(simPath, 1);
    json charges = json::array();
    for (int i = 0; i < calls; ++i)
        charges.push_back(
            {{"id", "ch_call_" + std::to_string(i)}, {"amount", 1000}, {"currency", "usd"}});
    chaos::adminCall(sim.port(), "POST", "/_sim/seed",
                     {{"api_keys", json::array({{{"key", "sk_test_demo"}, {"project", "demo"}}})},
                      {"charges", charges}});
    {
        // One connection, kept alive: what the engine's charge read and POST share.
        QtHttpTransport transport;
        HttpRequest read;
        read.url = QUrl(u"http://127.0.0.1:%1/v1/charges/ch_call_0"_s.arg(sim.port()));
        read.headers = {{"Authorization", "Bearer sk_test_demo"}};
        QElapsedTimer t;
        t.start();
        for (int i = 0; i < requests; ++i)
            f.simOk += transport.send(read, std::chrono::milliseconds(5000)).status == 200 ? 1 : 0;
        f.simRequestsPerSecond = perSecond(requests, t);
    }
    f.requests = requests;
    QTemporaryDir dir;
    const QProcessEnvironment env =
        migratedOpsctlEnvironment(opsctlPath, dir.filePath(u"calls.sqlite"_s), sim.port());
    f.calls = calls;
    f.listMs = msPerCall(opsctlPath, env, calls, [](int) { return QStringList{u"list"_s}; });
    f.refundMs = msPerCall(opsctlPath, env, calls, [](int i) {
        return QStringList{u"refund"_s,   u"--order"_s,           u"call-%1"_s.arg(i),
                           u"--charge"_s, u"ch_call_%1"_s.arg(i), u"--amount"_s,
                           u"1000"_s};
    });
    return f;
}

} // namespace ops::bench
