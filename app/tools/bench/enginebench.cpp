// Engine throughput in one process: RefundEngine + StripeClient + QtHttpTransport against a
// provider-sim without faults, every refund on its own charge (one charge read + one POST).

#include "bench/benchmarks.h"
#include "chaos/httpjson.h"
#include "chaos/simchild.h"
#include "domain/clock.h"
#include "engine/refundengine.h"
#include "storage/operations/writescope.h"
#include "storage/session.h"
#include "stripe/stripeclient.h"
#include "transport/httptransport.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops::bench {

namespace {

// Seeds `count` charges ch_bench_<i> of 1000 usd and the demo API key.
json benchSeed(int count)
{
    json charges = json::array();
    for (int i = 0; i < count; ++i)
        charges.push_back(
            {{"id", "ch_bench_" + std::to_string(i)}, {"amount", 1000}, {"currency", "usd"}});
    return {{"api_keys", json::array({{{"key", "sk_test_demo"}, {"project", "demo"}}})},
            {"charges", charges}};
}

} // namespace

EngineFigures benchEngine(const QString &simPath, int refunds)
{
    chaos::SimChild sim(simPath, 1);
    chaos::adminCall(sim.port(), "POST", "/_sim/seed", benchSeed(refunds));
    QTemporaryDir dir;
    SystemClock clock;
    Session session(dir.filePath(u"bench.sqlite"_s), clock);
    EngineFigures f;
    f.refunds = refunds;
    QtHttpTransport transport;
    QUrl base;
    base.setScheme(u"http"_s);
    base.setHost(u"127.0.0.1"_s);
    base.setPort(sim.port());
    StripeClient client(transport,
                        StripeConfig{base, u"sk_test_demo"_s, std::chrono::milliseconds(5000)});
    RefundEngine engine(session, client, EngineConfig{});
    const qint64 commitsBefore = WriteScope::durableCommits(session.store());
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < refunds; ++i) {
        const ToolResult r = engine.refund(
            {u"bench-%1"_s.arg(i), u"ch_bench_%1"_s.arg(i), 1000, u"usd"_s}, u"agent:bench"_s);
        f.succeeded += r.status == ToolResult::Status::Refunded ? 1 : 0;
    }
    f.refundsPerSecond = t.nsecsElapsed() > 0 ? refunds * 1e9 / double(t.nsecsElapsed()) : 0;
    f.commitsPerRefund =
        double(WriteScope::durableCommits(session.store()) - commitsBefore) / refunds;
    return f;
}

} // namespace ops::bench
