#pragma once

// The console suites' harness against the real provider-sim: the simulator with the demo seed
// (started once, reset before each case), the Stripe configuration pointing at it, a fresh
// database per case (StoreFixture), the console's job configuration over that database, unknown
// refunds made by the real engine, and an operator's console (OperatorConsole). Usage:
//
//   initTestCase():    QVERIFY2(m_fx.startSim(), qPrintable(m_fx.sim().error()));
//                      and prepareRoles() (rolesfixture.h)
//   init():            m_fx.beginCase();
//   cleanup():         m_fx.endCase();
//   cleanupTestCase(): dropRoles()
//
// Who acts (issue 50, rolesfixture.h): the engine's unknown refunds are the agent's; a console,
// its Session and its jobs log in as the person at it (alice, bob, carol); store() reads. On
// SQLite all of them share the one database file, as before.
//
// Header-only: it needs ops_console and ops_engine, which ops_testsupport does not link; the
// suites that include it link them.

#include "console/consolecontroller.h"
#include "console/consolejobs.h"
#include "console/sessionreads.h"
#include "engine/refundengine.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "storage/readonlysession.h"
#include "storage/session.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"
#include "transport/httptransport.h"

#include <QAbstractItemModelTester>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

namespace ops::test {

class ConsoleFixture
{
public:
    // False, with sim().error(), when provider-sim did not come up.
    bool startSim()
    {
        if (!m_sim.start())
            return false;
        m_stripe.baseUrl = m_sim.baseUrl();
        return true;
    }
    // A reset simulator and a fresh database (alice, bob supervisors; carol support).
    void beginCase()
    {
        m_sim.reset();
        m_db = std::make_unique<RolesFixture>();
    }
    void endCase() { m_db.reset(); }

    SimProcess &sim() { return m_sim; }
    // This case's database: between beginCase() and endCase() only.
    RolesFixture &db() { return *m_db; }
    // For reading what the case left (on PostgreSQL the service's store: it writes no person's
    // or agent's row).
    OperationStore &store() { return m_db->store(); }
    // The store `who` (alice, bob, carol, agent, svc) writes through, and the actor it writes.
    OperationStore &as(const QString &who) { return m_db->as(who); }
    Session &sessionAs(const QString &who) { return m_db->sessionAs(who); }
    Session &session() { return m_db->session(); }
    QString person(const QString &who) const { return m_db->person(who); }
    ManualClock &clock() { return m_db->clock(); }
    const StripeConfig &stripe() const { return m_stripe; }

    // The simulator's Adyen side, as its demo seed has it.
    AdyenConfig adyen() const
    {
        return {m_sim.baseUrl(), QStringLiteral("adyen_test_demo"), QStringLiteral("NorthwindECOM"),
                std::chrono::milliseconds(3000)};
    }

    // The console jobs of `who` over this case's database (on `who`'s login) and the simulator
    // (Stripe and Adyen); Slen is not configured.
    console::JobConfig jobs(const QString &who) const
    {
        console::JobConfig c;
        c.dbLocation = m_db->location(who);
        c.stripe = m_stripe;
        c.adyen = adyen();
        c.slenProblem = QStringLiteral("Slen is not used in this test.");
        return c;
    }

    // An unknown refund: `calls` agent calls of the real refund engine (agentRefund) with
    // `fault` injected; the faults are cleared afterwards. The last call's operation id.
    QString unknownRefund(const QString &charge, qint64 amount, const nlohmann::json &fault,
                          int calls = 1)
    {
        m_sim.addFault(fault);
        const QString id = agentRefund(charge, amount, calls).operationId;
        m_sim.clearFaults();
        return id;
    }
    // `calls` agent calls of the real refund engine for `amount` of `charge` (order
    // "order-<charge>"), without sleeping between attempts. The last call's result.
    ToolResult agentRefund(const QString &charge, qint64 amount, int calls = 1)
    {
        QtHttpTransport transport;
        StripeClient client(transport, m_stripe);
        EngineConfig config;
        config.backoffBase = std::chrono::milliseconds(1);
        config.backoffCap = std::chrono::milliseconds(2);
        RefundEngine engine(m_db->agentSession(), client, config, [](std::chrono::milliseconds) {});
        ToolResult r;
        for (int i = 0; i < calls; ++i)
            r = engine.refund(
                {QStringLiteral("order-") + charge, charge, amount, QStringLiteral("usd")},
                QStringLiteral("agent:toolu_t"));
        return r;
    }

private:
    SimProcess m_sim{ops::test::providerSimPath(),
                     SimProcess::demoSeedPath(ops::test::sourceDir())};
    StripeConfig m_stripe{QUrl(), QStringLiteral("sk_test_demo"), std::chrono::milliseconds(3000)};
    std::unique_ptr<RolesFixture> m_db;
};

// The window's models a QAbstractItemModelTester watches (QtTest failures) from before the window
// is shown.
struct WatchedModels
{
    bool operations = false;
    bool checking = false;
};

// One operator's console over the fixture's database: its own session, window and controller,
// all on the login of `name` (alice, bob, carol); its resend lease holder is the person's actor
// and "#<desk>". The window is shown.
struct OperatorConsole
{
    OperatorConsole(ConsoleFixture &fx, const QString &name, const QString &desk,
                    WatchedModels watched = {})
        : session(fx.db().location(name), fx.clock())
        , window(console::readsOf(session), fx.person(name), fx.person(name) + u'#' + desk)
        , controller(window, fx.jobs(name), fx.clock())
    {
        constexpr auto mode = QAbstractItemModelTester::FailureReportingMode::QtTest;
        if (watched.operations)
            operationsTester.emplace(window.queue()->operationsModel(), mode);
        if (watched.checking)
            checkingTester.emplace(window.queue()->checkingModel(), mode);
        // As opsconsole does: the window's writes are the controller's jobs, so a write on
        // the window's own connection fails the suite instead of passing unseen.
        keepReadOnly(session, QStringLiteral("the console window writes through its jobs"));
        window.show();
    }

    Session session;
    ui::MainWindow window;
    console::ConsoleController controller;
    std::optional<QAbstractItemModelTester> operationsTester;
    std::optional<QAbstractItemModelTester> checkingTester;
};

} // namespace ops::test
