#pragma once

// A database, a running provider-sim (demo seed) and the clients the reconciler reads with, plus
// the refund engine to make rows whose outcome is unknown the way production does: a stored 500
// (with the money moved at the provider, or not). Header-only; suites link ops_reconcile and
// ops_engine.
//
// Each actor in its role (rolesfixture.h, issue 50): the engine opens rows as the agent, the
// reconciler reads and closes as the service (svc); a case's closes and settings by hand go
// through db.as(person). On PostgreSQL each is its own login and the owner only migrates; a suite
// calls prepareRoles() in initTestCase and dropRoles() in cleanupTestCase.

#include "engine/refundengine.h"
#include "reconcile/reconciler.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QTest>

namespace ops::test {

class ReconcileFixture
{
public:
    ReconcileFixture()
        : sim(ops::test::providerSimPath(), SimProcess::demoSeedPath(ops::test::sourceDir()))
    {}

    bool start()
    {
        if (!sim.isRunning() && !sim.start())
            return false;
        client = std::make_unique<StripeClient>(
            transport, StripeConfig{sim.baseUrl(), QStringLiteral("sk_test_demo"),
                                    std::chrono::milliseconds(1500)});
        EngineConfig config;
        config.jitterSeed = 1;
        engine = std::make_unique<RefundEngine>(db.sessionAs(QStringLiteral("agent")), *client,
                                                config, [](std::chrono::milliseconds) {});
        return true;
    }

    Reconciler reconciler(ReconcilerConfig config = {})
    {
        return Reconciler(db.sessionAs(QStringLiteral("svc")), client.get(), nullptr,
                          std::move(config));
    }

    // A refund row left `unknown` by a stored 500; `moneyMoved`: the provider applied the
    // refund before answering 500.
    QString unknownRefund(const QString &order, const QString &charge, qint64 amount,
                          bool moneyMoved, const QString &currency = QStringLiteral("usd"))
    {
        sim.addFault({{"route", "POST /v1/refunds"},
                      {"mode", "stored_500"},
                      {"count", 1},
                      {"apply", moneyMoved}});
        const ToolResult r = engine->refund({order, charge, amount, currency},
                                            db.agentActor(QStringLiteral("toolu_01")));
        const auto op = db.store().operation(r.operationId);
        if (!op || op->state != OperationState::Unknown)
            qWarning("expected an unknown row for %s", qPrintable(order));
        return r.operationId;
    }

    // How many GET /v1/refunds the simulator has served since the last clearRequests().
    int refundListReads()
    {
        int n = 0;
        const nlohmann::json all = sim.requests();
        for (const auto &r : all["requests"]) {
            if (r.value("method", "") == "GET" && r.value("path", "") == "/v1/refunds")
                ++n;
        }
        return n;
    }
    // Every request that could move money since the last clearRequests().
    int moneyPosts()
    {
        int n = 0;
        const nlohmann::json all = sim.requests();
        for (const auto &r : all["requests"]) {
            if (r.value("method", "") == "POST")
                ++n;
        }
        return n;
    }
    void clearRequests() { sim.request("DELETE", QStringLiteral("/_sim/requests")); }

    Operation row(const QString &id) { return *db.store().operation(id); }

    RolesFixture db;
    SimProcess sim;
    QtHttpTransport transport;
    std::unique_ptr<StripeClient> client;
    std::unique_ptr<RefundEngine> engine;
};

} // namespace ops::test
