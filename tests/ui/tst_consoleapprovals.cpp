// Console resend per role and four-eyes, against the real provider-sim (issue 6): a support
// operator's resend closes the row with the provider's answer (no Close right needed for that),
// a resend above the threshold sends nothing until a second person approves it, and an operator
// without the Resend right is refused by the store even when the job is started directly.

#include "console/consolecontroller.h"
#include "engine/refundengine.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/mainwindow.h"
#include "storage/access/approvals.h"
#include "storage/resendlease.h"
#include "storage/session.h"
#include "support/simprocess.h"
#include "support/storefixture.h"
#include "widgets/operationlistview.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QTabWidget>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using Tester = QAbstractItemModelTester;

namespace {

// One console as `name`: its own session, window and controller.
struct Console
{
    Console(test::StoreFixture &fx, const StripeConfig &stripe, const QString &name)
        : session(fx.path(), fx.clock())
        , window(session, u"operator:"_s + name, u"operator:%1#1"_s.arg(name))
        , controller(window, jobs(fx, stripe), fx.clock())
        , checkingTester(window.checkingModel(), Tester::FailureReportingMode::QtTest)
    {
        window.show();
    }
    static console::JobConfig jobs(test::StoreFixture &fx, const StripeConfig &stripe)
    {
        console::JobConfig c;
        c.dbLocation = fx.path();
        c.stripe = stripe;
        c.slenProblem = u"Slen is not used in this test."_s;
        return c;
    }
    void resend(const QString &id)
    {
        controller.resend(id);
        controller.waitForIdle();
    }

    Session session;
    ui::MainWindow window;
    console::ConsoleController controller;
    Tester checkingTester;
};

} // namespace

class TestConsoleApprovals : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void supportResendClosesWithTheProvidersAnswer();
    void resendAboveTheThresholdWaitsForApproval();
    void operatorWithoutResendRightIsRefusedByTheStore();

private:
    // Six unanswered attempts by the agent (503s): unknown, nothing moved at the provider.
    QString unknownRefund();

    std::unique_ptr<test::SimProcess> m_sim;
    std::unique_ptr<test::StoreFixture> m_fx;
    StripeConfig m_stripe;
};

void TestConsoleApprovals::initTestCase()
{
    m_sim = std::make_unique<test::SimProcess>(
        QStringLiteral(OPS_PROVIDER_SIM_PATH),
        test::SimProcess::demoSeedPath(QStringLiteral(OPS_SOURCE_DIR)));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
    m_stripe.baseUrl = m_sim->baseUrl();
    m_stripe.secret = u"sk_test_demo"_s;
    m_stripe.timeout = std::chrono::milliseconds(3000);
}

void TestConsoleApprovals::init()
{
    m_sim->reset();
    m_fx = std::make_unique<test::StoreFixture>(); // alice, bob supervisors; carol support
}

void TestConsoleApprovals::cleanup()
{
    m_fx.reset();
}

QString TestConsoleApprovals::unknownRefund()
{
    m_sim->addFault({{"route", "POST /v1/refunds"}, {"mode", "503"}});
    QtHttpTransport transport;
    StripeClient client(transport, m_stripe);
    EngineConfig config;
    config.backoffBase = std::chrono::milliseconds(1);
    config.backoffCap = std::chrono::milliseconds(2);
    RefundEngine engine(m_fx->store(), client, config, [](std::chrono::milliseconds) {});
    ToolResult r;
    for (int i = 0; i < 2; ++i)
        r = engine.refund({u"order-4417"_s, u"ch_4417"_s, 3800, u"usd"_s}, u"agent:toolu_t"_s);
    m_sim->clearFaults();
    return r.operationId;
}

void TestConsoleApprovals::supportResendClosesWithTheProvidersAnswer()
{
    const QString id = unknownRefund();
    QCOMPARE(toString(m_fx->store().operation(id)->state), u"unknown"_s);
    Console carol(*m_fx, m_stripe, u"carol"_s);
    carol.window.tabs()->setCurrentIndex(ui::MainWindow::CheckingTab);
    QVERIFY(carol.window.checkingView()->selectOperation(id));
    QVERIFY(carol.window.resendAction()->isEnabled());
    QVERIFY(!carol.window.closeSucceededAction()->isEnabled()); // support does not close by hand
    carol.resend(id);
    const Operation op = *m_fx->store().operation(id);
    QCOMPARE(toString(op.state), u"succeeded"_s);
    QCOMPARE(op.closedBy, u"operator:carol"_s);
    QCOMPARE(m_fx->store().attempts(id).back().actor, u"operator:carol"_s);
    QCOMPARE(m_sim->ledger()["movements"].size(), size_t(1));
}

void TestConsoleApprovals::resendAboveTheThresholdWaitsForApproval()
{
    const QString id = unknownRefund();
    setApprovalThreshold(m_fx->store().database(), 0, u"operator:alice"_s, u"usd"_s, 1000);
    Console carol(*m_fx, m_stripe, u"carol"_s);
    carol.resend(id);
    QVERIFY2(carol.window.bannerText().contains(u"waits for a second person"_s),
             qPrintable(carol.window.bannerText()));
    QCOMPARE(int(m_fx->store().attempts(id).size()), 6); // nothing counted, nothing sent
    QCOMPARE(m_sim->ledger()["movements"].size(), size_t(0));
    const auto pending =
        openApproval(m_fx->store().database(), id, ApprovalAction::Resend, ApprovalState::Pending);
    QVERIFY(pending);
    QCOMPARE(pending->requestedBy, u"operator:carol"_s);

    approveRequest(m_fx->store(), pending->id, u"operator:alice"_s, u"key still fresh"_s);
    carol.resend(id);
    QCOMPARE(toString(m_fx->store().operation(id)->state), u"succeeded"_s);
    QCOMPARE(int(m_fx->store().attempts(id).size()), 7);
    QCOMPARE(toString(findApproval(m_fx->store().database(), pending->id)->state), u"used"_s);
    QCOMPARE(m_sim->ledger()["movements"].size(), size_t(1));
}

void TestConsoleApprovals::operatorWithoutResendRightIsRefusedByTheStore()
{
    const QString id = unknownRefund();
    Console dave(*m_fx, m_stripe, u"dave"_s); // not in the directory
    dave.window.tabs()->setCurrentIndex(ui::MainWindow::CheckingTab);
    QVERIFY(dave.window.checkingView()->selectOperation(id));
    QVERIFY(!dave.window.resendAction()->isEnabled());
    dave.resend(id); // past the UI: the job itself
    QVERIFY2(dave.window.bannerText().contains(u"operator dave (not an operator) may not resend"_s),
             qPrintable(dave.window.bannerText()));
    QCOMPARE(int(m_fx->store().attempts(id).size()), 6);
    QCOMPARE(toString(m_fx->store().operation(id)->state), u"unknown"_s);
    QCOMPARE(m_sim->ledger()["movements"].size(), size_t(0));
    QVERIFY(!activeResendLease(m_fx->store(), id));
}

QTEST_MAIN(TestConsoleApprovals)
#include "tst_consoleapprovals.moc"
