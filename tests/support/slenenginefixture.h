#pragma once

// The credit and execution suites' harness: a fresh store, provider-sim over loopback HTTP with
// the demo seed, a SlenClient and both Slen engines on it. Our clock is manual; the sleeper
// records instead of sleeping. The engines run the agent's calls on the agent's store: on
// PostgreSQL the agent's own login (rolesfixture.h, issue 50; the suite calls prepareRoles()
// and dropRoles()).

#include "engine/creditengine.h"
#include "engine/executionengine.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"
#include "transport/httptransport.h"

#include <QSqlQuery>
#include <memory>

namespace ops::test {

using namespace Qt::StringLiterals;
using nlohmann::json;

inline QString str(const json &j)
{
    return j.is_string() ? QString::fromStdString(j.get<std::string>()) : QString();
}

struct SlenEngineHarness
{
    RolesFixture fixture;
    SimProcess sim{ops::test::providerSimPath(), SimProcess::demoSeedPath(ops::test::sourceDir())};
    QtHttpTransport transport;
    std::unique_ptr<SlenClient> client;
    std::unique_ptr<CreditEngine> credits;
    std::unique_ptr<ExecutionEngine> executions;
    QList<qint64> sleeps;
    SlenEngineConfig config;

    bool start(const QString &project = u"demo"_s, const QString &key = u"sk_test_demo"_s)
    {
        if (!sim.isRunning() && !sim.start())
            return false;
        config.jitterSeed = 1;
        client = std::make_unique<SlenClient>(
            transport, SlenConfig{sim.baseUrl(), key, project, std::chrono::milliseconds(400)});
        const auto sleeper = [this](std::chrono::milliseconds ms) {
            sleeps << ms.count();
        };
        credits = std::make_unique<CreditEngine>(fixture.agentSession(), *client, config, sleeper);
        executions =
            std::make_unique<ExecutionEngine>(fixture.agentSession(), *client, config, sleeper);
        return true;
    }
    ToolResult move(OperationKind kind, const QString &customer, qint64 amount, const QString &work,
                    const QString &type = u"credits"_s)
    {
        return credits->move({kind, customer, type, amount, work, {}}, u"agent:toolu_01"_s);
    }
    ToolResult topup(const QString &customer, qint64 amount, const QString &work)
    {
        return move(OperationKind::CreditTopup, customer, amount, work);
    }
    ToolResult execute(const QString &flow, const json &input, const QString &work)
    {
        ExecutionInput in;
        in.flow = flow;
        in.input = input;
        in.workName = work;
        return executions->execute(in, u"agent:toolu_01"_s);
    }
    json posts()
    {
        json out = json::array();
        const json all = sim.requests();
        for (const auto &r : all["requests"]) {
            if (r.value("method", "") == "POST")
                out.push_back(r);
        }
        return out;
    }
    json movements() { return sim.ledger()["movements"]; }
    Operation row(const QString &id) { return *fixture.agent().operation(id); }
    int rows()
    {
        QSqlQuery q(connectionOf(fixture.agent()));
        q.exec(u"SELECT COUNT(*) FROM operations"_s);
        return q.next() ? q.value(0).toInt() : -1;
    }
    void fault(const char *route, const char *mode, int count, int delayMs = -1)
    {
        json rule = {{"route", route}, {"mode", mode}, {"count", count}};
        if (delayMs >= 0)
            rule["delay_ms"] = delayMs;
        sim.addFault(rule);
    }
};

inline QString status(const ToolResult &r)
{
    return QString::fromStdString(r.toJson()["status"].get<std::string>());
}
inline QString field(const ToolResult &r, const char *name)
{
    return str(r.toJson().value(name, json()));
}

} // namespace ops::test
