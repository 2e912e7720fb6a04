// Look-up at Slen from the console, against the real provider-sim: rows made by the real
// ExecutionEngine and CreditEngine with faults injected, looked up through the controller's
// worker job, answered in the real LookupDialog, attached and closed through the real
// CloseDialog. Offscreen. Resend of unknown Slen rows goes through the same console and jobs.

#include "common/language.h"
#include "console/consolecontroller.h"
#include "console/sessionreads.h"
#include "dialogs/closedialog.h"
#include "dialogs/lookupdialog.h"
#include "dialogs/resendconfirmdialog.h"
#include "engine/creditengine.h"
#include "engine/executionengine.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/rowactions.h"
#include "storage/session.h"
#include "support/screenshots.h"
#include "support/simprocess.h"
#include "support/storefixture.h"
#include "support/testpaths.h"
#include "widgets/operationlistview.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTabWidget>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;
using Tester = QAbstractItemModelTester;

namespace {

console::JobConfig jobConfig(test::StoreFixture &fx, const SlenConfig &slen)
{
    console::JobConfig c;
    c.dbLocation = fx.path();
    c.stripeProblem = u"Stripe is not used in this test."_s;
    c.slen = slen;
    return c;
}

// One console over the fixture's file, talking to Slen as `slen` says.
struct Console
{
    Console(test::StoreFixture &fx, const SlenConfig &slen)
        : session(fx.path(), fx.clock())
        , window(console::readsOf(session), u"operator:alice"_s, u"operator:alice#1"_s)
        , controller(window, jobConfig(fx, slen), fx.clock())
        , operationsTester(window.queue()->operationsModel(), Tester::FailureReportingMode::QtTest)
        , checkingTester(window.queue()->checkingModel(), Tester::FailureReportingMode::QtTest)
    {
        window.show();
    }

    // Selects the row in the Operations tab (open rows are not in the checking queue) and
    // presses Look up; returns the dialog showing the answer, or null (an error banner).
    ui::LookupDialog *lookUp(const QString &id)
    {
        window.tabs()->setCurrentIndex(ui::MainWindow::OperationsTab);
        window.reloadAll();
        if (!window.queue()->operationsView()->selectOperation(id))
            return nullptr;
        window.rows()->lookUpAction()->trigger();
        controller.waitForIdle();
        QTest::qWait(0);
        return window.findChild<ui::LookupDialog *>();
    }

    // Selects the row in the Operations tab; false when it is not listed.
    bool select(const QString &id)
    {
        window.tabs()->setCurrentIndex(ui::MainWindow::OperationsTab);
        window.reloadAll();
        return window.queue()->operationsView()->selectOperation(id);
    }

    Session session;
    ui::MainWindow window;
    console::ConsoleController controller;
    Tester operationsTester;
    Tester checkingTester;
};

} // namespace

class TestSlenLookup : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void runningExecutionThenSucceededCloses();
    void failedExecutionProposesFailed();
    void executionWithoutIdProposesNothing();
    void unknownCreditShowsBalanceProposesNothing();
    void creditLookUpWritesNumbersAsTheTable();
    void creditLookUpOffersTheResendItMentions();
    void movementIdOnTheRowProposesSucceeded();
    void errorsSayWhatToDo_data();
    void errorsSayWhatToDo();
    void configurationFromEnvironment();
    void resendSettlesUnknownRow_data();
    void resendSettlesUnknownRow();
    void resendOffOnceTheWindowPassed();

private:
    ToolResult execute(const QString &flow, const QString &work, const QString &mode = u"async"_s);
    ToolResult topup(const QString &customer, qint64 amount, const QString &work,
                     int attemptsPerCall = 3);
    // Closes the close dialog the look-up opened and returns the row.
    Operation closeFromLookup(Console &c, ui::LookupDialog *lookup, const QString &id);

    std::unique_ptr<test::SimProcess> m_sim;
    std::unique_ptr<test::StoreFixture> m_fx;
    SlenConfig m_slen;
};

void TestSlenLookup::initTestCase()
{
    m_sim = std::make_unique<test::SimProcess>(
        ops::test::providerSimPath(), test::SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
    m_slen = {m_sim->baseUrl(), u"sk_test_demo"_s, u"demo"_s, std::chrono::milliseconds(3000)};
}

void TestSlenLookup::init()
{
    m_sim->reset();
    m_fx = std::make_unique<test::StoreFixture>();
}

void TestSlenLookup::cleanup()
{
    ui::applyLanguage(u"en"_s, QLocale(QLocale::English, QLocale::UnitedStates));
    m_sim->clearFaults();
    m_fx.reset();
}

ToolResult TestSlenLookup::execute(const QString &flow, const QString &work, const QString &mode)
{
    QtHttpTransport transport;
    SlenClient client(transport, m_slen);
    SlenEngineConfig config;
    config.jitterSeed = 1;
    ExecutionEngine engine(m_fx->session(), client, config, [](std::chrono::milliseconds) {});
    ExecutionInput in;
    in.flow = flow;
    in.input = {{"title", "monthly"}};
    in.mode = mode;
    in.workName = work;
    return engine.execute(in, u"agent:toolu_t"_s);
}

ToolResult TestSlenLookup::topup(const QString &customer, qint64 amount, const QString &work,
                                 int attemptsPerCall)
{
    QtHttpTransport transport;
    SlenClient client(transport, m_slen);
    SlenEngineConfig config;
    config.jitterSeed = 1;
    config.attemptsPerCall = attemptsPerCall;
    CreditEngine engine(m_fx->session(), client, config, [](std::chrono::milliseconds) {});
    return engine.move({OperationKind::CreditTopup, customer, u"credits"_s, amount, work, {}},
                       u"agent:toolu_t"_s);
}

Operation TestSlenLookup::closeFromLookup(Console &c, ui::LookupDialog *lookup, const QString &id)
{
    QTest::mouseClick(lookup->closeButton(), Qt::LeftButton); // attach + propose the close
    c.controller.waitForIdle();                               // the attach is the console's job
    auto *close = c.window.findChild<ui::CloseDialog *>();    // the look-up may be gone by now
    if (!close)
        return {};
    QTest::mouseClick(close->closeButton(), Qt::LeftButton);
    c.controller.waitForIdle(); // so is the close
    return *m_fx->store().operation(id);
}

void TestSlenLookup::runningExecutionThenSucceededCloses()
{
    const ToolResult started = execute(u"slow_report"_s, u"report-nov"_s);
    const QString id = started.operationId;
    const Operation row = *m_fx->store().operation(id);
    QVERIFY(row.state == OperationState::Open);
    QVERIFY2(row.providerRef.startsWith(u"ex_"_s), qPrintable(row.providerRef));

    Console c(*m_fx, m_slen);
    auto *lookup = c.lookUp(id);
    QVERIFY2(lookup, qPrintable(c.window.bannerText()));
    QVERIFY(!lookup->answer().proposedOutcome);
    QVERIFY2(lookup->answer().summary.contains(u"still running"_s),
             qPrintable(lookup->answer().summary));
    QVERIFY(!lookup->closeButton()->isVisible());
    QTest::mouseClick(lookup->attachButton(), Qt::LeftButton); // the answer is evidence too
    c.controller.waitForIdle();                                // the write is the console's job
    QCOMPARE(int(m_fx->store().evidence(id).size()), 1);
    QVERIFY(m_fx->store().evidence(id).front().body.contains(row.providerRef.toUtf8()));
    lookup->reject();
    QTRY_VERIFY(!c.window.findChild<ui::LookupDialog *>());

    m_sim->advanceClock(60); // slow_report runs 30 s
    lookup = c.lookUp(id);
    QVERIFY2(lookup, qPrintable(c.window.bannerText()));
    QVERIFY(lookup->answer().proposedOutcome == OperationState::Succeeded);
    QCOMPARE(lookup->answer().providerRef, row.providerRef);
    QVERIFY(lookup->closeButton()->isVisible());
    auto *dialogOwner = lookup->parentWidget();
    QTest::mouseClick(lookup->closeButton(), Qt::LeftButton);
    QTRY_VERIFY(dialogOwner->findChild<ui::CloseDialog *>());
    auto *close = dialogOwner->findChild<ui::CloseDialog *>();
    QCOMPARE(close->providerRefEdit()->text(), row.providerRef);
    QVERIFY(close->succeededButton()->isChecked());
    QVERIFY(close->reasonEdit()->toPlainText().contains(u"succeeded"_s));
    QTest::mouseClick(close->closeButton(), Qt::LeftButton);
    QTRY_VERIFY(m_fx->store().operation(id)->state == OperationState::Succeeded);
    QCOMPARE(m_fx->store().operation(id)->providerRef, row.providerRef);
    QCOMPARE(int(m_fx->store().evidence(id).size()), 2); // both look-ups, attached once each
}

void TestSlenLookup::failedExecutionProposesFailed()
{
    // A flow that runs a while and then fails with an error code (not at creation).
    m_sim->seed({{"flows", json::array({{{"id", "flaky_report"},
                                         {"run_seconds", 20},
                                         {"fails_with", "upstream_timeout"}}})}});
    QVERIFY2(m_sim->error().isEmpty(), qPrintable(m_sim->error()));
    const QString id = execute(u"flaky_report"_s, u"flaky-nov"_s).operationId;
    QVERIFY(m_fx->store().operation(id)->state == OperationState::Open);
    m_sim->advanceClock(60);

    Console c(*m_fx, m_slen);
    auto *lookup = c.lookUp(id);
    QVERIFY2(lookup, qPrintable(c.window.bannerText()));
    QVERIFY(lookup->answer().proposedOutcome == OperationState::Failed);
    QVERIFY2(lookup->answer().proposedReason.contains(u"upstream_timeout"_s),
             qPrintable(lookup->answer().proposedReason));
    auto *owner = lookup->parentWidget();
    QTest::mouseClick(lookup->closeButton(), Qt::LeftButton);
    QTRY_VERIFY(owner->findChild<ui::CloseDialog *>());
    auto *close = owner->findChild<ui::CloseDialog *>();
    QVERIFY(close->failedButton()->isChecked());
    QTest::mouseClick(close->closeButton(), Qt::LeftButton);
    QTRY_VERIFY(m_fx->store().operation(id)->state == OperationState::Failed);
    QCOMPARE(int(m_fx->store().evidence(id).size()), 1);
}

void TestSlenLookup::executionWithoutIdProposesNothing()
{
    // The provider answered 500 to the first request: no execution id ever reached us.
    m_sim->addFault(
        {{"route", "POST /v1/operations/execute"}, {"mode", "stored_500"}, {"count", 1}});
    const QString id = execute(u"generate_email"_s, u"email-nov"_s).operationId;
    const Operation row = *m_fx->store().operation(id);
    QVERIFY(row.state == OperationState::Unknown);
    QVERIFY(row.providerRef.isEmpty());
    m_sim->clearFaults();

    Console c(*m_fx, m_slen);
    auto *lookup = c.lookUp(id);
    QVERIFY2(lookup, qPrintable(c.window.bannerText()));
    QVERIFY(!lookup->answer().proposedOutcome);
    QVERIFY2(lookup->answer().summary.contains(u"no execution id"_s),
             qPrintable(lookup->answer().summary));
    QVERIFY(lookup->answer().summary.contains(u"Resend"_s));
    QVERIFY(!lookup->closeButton()->isVisible());
    QVERIFY(!lookup->attachButton()->isEnabled()); // nothing was read from the provider
}

void TestSlenLookup::unknownCreditShowsBalanceProposesNothing()
{
    m_sim->addFault(
        {{"route", "POST /v1/customers/*/topup"}, {"mode", "stored_500"}, {"count", 1}});
    const QString id = topup(u"u_2"_s, 40, u"promo-u2"_s).operationId;
    QVERIFY(m_fx->store().operation(id)->state == OperationState::Unknown);
    m_sim->clearFaults();

    Console c(*m_fx, m_slen);
    auto *lookup = c.lookUp(id);
    QVERIFY2(lookup, qPrintable(c.window.bannerText()));
    const LookupAnswer &a = lookup->answer();
    QVERIFY2(a.summary.contains(u"credits balance 250"_s), qPrintable(a.summary));
    QVERIFY(a.summary.contains(u"60 minutes"_s));
    QVERIFY(a.summary.contains(u"cannot prove"_s));
    QVERIFY(!a.proposedOutcome);
    QVERIFY(!lookup->closeButton()->isVisible());
    QTest::mouseClick(lookup->attachButton(), Qt::LeftButton);
    c.controller.waitForIdle(); // the write is the console's job
    const auto evidence = m_fx->store().evidence(id);
    QCOMPARE(int(evidence.size()), 1);
    QVERIFY(evidence.front().body.contains("\"balances\""));
    QCOMPARE(evidence.front().kind, u"provider_object"_s);
    QVERIFY(m_fx->store().operation(id)->state == OperationState::Unknown); // nothing closed
}

// One number format per language (issue 50 item 9): in Ukrainian the look-up writes the
// operation's 1500 credits as the table does, "1 500 credits" (it wrote "1500").
void TestSlenLookup::creditLookUpWritesNumbersAsTheTable()
{
    QVERIFY(ui::applyLanguage(u"uk"_s, ui::localeFor(u"uk"_s, QLocale::system())));
    m_sim->addFault(
        {{"route", "POST /v1/customers/*/topup"}, {"mode", "stored_500"}, {"count", 1}});
    const QString id = topup(u"u_2"_s, 1500, u"promo-u2-large"_s).operationId;
    QVERIFY(m_fx->store().operation(id)->state == OperationState::Unknown);
    m_sim->clearFaults();

    Console c(*m_fx, m_slen);
    OperationTableModel *table = c.window.queue()->operationsModel();
    const int row = table->rowOf(id);
    QVERIFY(row >= 0);
    const QString cell = table->index(row, OperationTableModel::AmountColumn).data().toString();
    QVERIFY2(cell.startsWith(QLocale().toString(1500)) && cell != u"1500 credits"_s,
             qPrintable(cell));
    auto *lookup = c.lookUp(id);
    QVERIFY2(lookup, qPrintable(c.window.bannerText()));
    QVERIFY2(lookup->answer().summary.contains(cell), qPrintable(lookup->answer().summary));
}

void TestSlenLookup::creditLookUpOffersTheResendItMentions()
{
    // Issue 18 item 6: the text says "Inside the window, Resend sends the stored request…", so
    // the dialog has the button, through the same confirm dialog and job as Ctrl+R.
    m_sim->addFault(
        {{"route", "POST /v1/customers/*/topup"}, {"mode", "stored_500"}, {"count", 1}});
    const QString id = topup(u"u_2"_s, 40, u"promo-u2"_s).operationId;
    m_sim->clearFaults();
    QVERIFY(m_fx->store().operation(id)->state == OperationState::Unknown);

    Console c(*m_fx, m_slen);
    auto *lookup = c.lookUp(id);
    QVERIFY2(lookup, qPrintable(c.window.bannerText()));
    QVERIFY(lookup->answer().summary.contains(u"Resend sends the stored request"_s));
    QVERIFY(lookup->resendButton()->isVisible());
    QVERIFY(lookup->resendButton()->isEnabled());
    test::screenshots(&c.window, u"lookup-credit-resend"_s, lookup);
    QTest::mouseClick(lookup->resendButton(), Qt::LeftButton);
    auto *confirm = c.window.rows()->resendConfirmDialog();
    QVERIFY(confirm);
    QCOMPARE(confirm->keyField()->text(), u"promo-u2"_s);
    confirm->accept();
    c.controller.waitForIdle();
    QTRY_VERIFY(m_fx->store().operation(id)->state == OperationState::Succeeded);
    QCOMPARE(m_fx->store().attempts(id).back().actor, u"operator:alice"_s);
}

void TestSlenLookup::movementIdOnTheRowProposesSucceeded()
{
    // A row that holds the provider's movement id but was not closed: one attempt got no answer
    // (503), the row stays open, and the provider's movement id is recorded on it.
    m_sim->addFault({{"route", "POST /v1/customers/*/topup"}, {"mode", "503"}, {"count", 1}});
    const QString id = topup(u"u_1"_s, 100, u"bonus-u1"_s, 1).operationId;
    m_sim->clearFaults();
    QVERIFY(m_fx->store().operation(id)->state == OperationState::Open);
    QVERIFY(m_fx->store().recordProviderObject(id, u"mv_replayed1"_s, u"succeeded"_s,
                                               u"agent:toolu_t"_s));

    Console c(*m_fx, m_slen);
    auto *lookup = c.lookUp(id);
    QVERIFY2(lookup, qPrintable(c.window.bannerText()));
    QVERIFY(lookup->answer().proposedOutcome == OperationState::Succeeded);
    QCOMPARE(lookup->answer().providerRef, u"mv_replayed1"_s);
    const Operation closed = closeFromLookup(c, lookup, id);
    QVERIFY(closed.state == OperationState::Succeeded);
    QCOMPARE(closed.providerRef, u"mv_replayed1"_s);
}

void TestSlenLookup::errorsSayWhatToDo_data()
{
    QTest::addColumn<QString>("failure");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unreachable") << u"unreachable"_s << u"did not answer"_s;
    QTest::newRow("401") << u"key"_s << u"OPS_SLEN_KEY"_s;
    QTest::newRow("404 execution") << u"gone"_s << u"execution_not_found"_s;
    QTest::newRow("503") << u"503"_s << u"HTTP 503"_s;
    QTest::newRow("not configured") << u"unconfigured"_s << u"Set OPS_SLEN_URL"_s;
}

void TestSlenLookup::errorsSayWhatToDo()
{
    QFETCH(QString, failure);
    QFETCH(QString, expected);
    const QString id = execute(u"slow_report"_s, u"report-err"_s).operationId;
    SlenConfig slen = m_slen;
    if (failure == u"unreachable"_s)
        slen.baseUrl = QUrl(u"http://127.0.0.1:9"_s); // discard port: nobody listens
    else if (failure == u"key"_s)
        slen.secret = u"sk_wrong"_s;
    else if (failure == u"unconfigured"_s)
        slen.baseUrl = QUrl();
    else if (failure == u"gone"_s)
        m_sim->reset(); // the provider no longer knows the execution
    else
        m_sim->addFault({{"route", "GET /v1/executions/*"}, {"mode", "503"}});

    Console c(*m_fx, slen);
    QVERIFY(!c.lookUp(id));
    const QString banner = c.window.bannerText();
    QVERIFY2(banner.contains(expected), qPrintable(banner));
    QVERIFY2(banner.contains(u"What to do next"_s), qPrintable(banner));
}

void TestSlenLookup::configurationFromEnvironment()
{
    qputenv("OPS_SLEN_URL", m_sim->baseUrl().toString().toUtf8());
    qputenv("OPS_SLEN_KEY", "sk_test_demo");
    qputenv("OPS_SLEN_PROJECT", "demo");
    console::JobConfig c = console::jobConfigFromEnvironment(m_fx->path());
    QVERIFY2(c.slenProblem.isEmpty(), qPrintable(c.slenProblem));
    QCOMPARE(c.slen.baseUrl, m_sim->baseUrl());
    QCOMPARE(c.slen.secret, u"sk_test_demo"_s);
    QCOMPARE(c.slen.project, u"demo"_s);

    qputenv("OPS_SLEN_URL", "ftp://example.com");
    c = console::jobConfigFromEnvironment(m_fx->path());
    QVERIFY2(c.slenProblem.contains(u"OPS_SLEN_URL"_s), qPrintable(c.slenProblem));
    qunsetenv("OPS_SLEN_URL");
    qunsetenv("OPS_SLEN_KEY");
    qunsetenv("OPS_SLEN_PROJECT");
}

void TestSlenLookup::resendSettlesUnknownRow_data()
{
    QTest::addColumn<QString>("row");    // credit, or the execution mode
    QTest::addColumn<QString>("flow");   // executions only
    QTest::addColumn<bool>("settled");   // succeeded; otherwise still unknown
    QTest::addColumn<QString>("prefix"); // of the provider reference the row ends with
    QTest::newRow("credit top-up") << u"credit"_s << QString() << true << u"mv_"_s;
    QTest::newRow("sync execution") << u"sync"_s << u"generate_email"_s << true << u"ex_"_s;
    QTest::newRow("async execution still running")
        << u"async"_s << u"slow_report"_s << false << u"ex_"_s;
}

void TestSlenLookup::resendSettlesUnknownRow()
{
    QFETCH(QString, row);
    QFETCH(QString, flow);
    QFETCH(bool, settled);
    QFETCH(QString, prefix);
    const bool credit = row == u"credit"_s;
    // Slen keeps no failure: a stored_500 without apply moved nothing and leaves the key free.
    m_sim->addFault(
        {{"route", credit ? "POST /v1/customers/*/topup" : "POST /v1/operations/execute"},
         {"mode", "stored_500"},
         {"count", 1}});
    const QString id = credit ? topup(u"u_2"_s, 40, u"promo-u2"_s).operationId
                              : execute(flow, u"resend-"_s + row, row).operationId;
    QVERIFY(m_fx->store().operation(id)->state == OperationState::Unknown);
    m_sim->clearFaults();
    const int attemptsBefore = int(m_fx->store().attempts(id).size());

    Console c(*m_fx, m_slen);
    QVERIFY(c.select(id));
    QVERIFY2(c.window.rows()->resendAction()->isEnabled(),
             qPrintable(c.window.rows()->resendBlockedReason()));
    c.window.rows()->resendAction()->trigger();
    // Resend asks first (a test key asks by default); nothing is sent before the answer.
    QVERIFY(c.window.rows()->resendConfirmDialog());
    QCOMPARE(int(m_fx->store().attempts(id).size()), attemptsBefore);
    c.window.rows()->resendConfirmDialog()->accept();
    c.controller.waitForIdle();
    QTest::qWait(0);

    const Operation after = *m_fx->store().operation(id);
    QCOMPARE(int(m_fx->store().attempts(id).size()), attemptsBefore + 1); // one attempt
    QVERIFY(!m_fx->store().evidence(id).empty()); // the provider's answer is kept
    if (settled) {
        QVERIFY2(after.state == OperationState::Succeeded, qPrintable(c.window.bannerText()));
        QVERIFY2(after.providerRef.startsWith(prefix), qPrintable(after.providerRef));
        QCOMPARE(after.closedBy, u"operator:alice"_s);
    } else {
        QVERIFY(after.state == OperationState::Unknown);
        QVERIFY2(c.window.bannerText().contains(u"still running"_s),
                 qPrintable(c.window.bannerText()));
        // The execution id is kept on the row, so the next look-up can read the execution.
        QVERIFY2(after.providerRef.startsWith(prefix), qPrintable(after.providerRef));
    }
    const json ledger = m_sim->ledger();
    int ledgerLines = 0;
    for (const auto &mv : ledger["movements"])
        ledgerLines += mv.value("operation_id", std::string()) == id.toStdString() ? 1 : 0;
    QVERIFY2(ledgerLines == 1, ledger.dump().c_str()); // applied once, by the resend
}

void TestSlenLookup::resendOffOnceTheWindowPassed()
{
    m_sim->addFault(
        {{"route", "POST /v1/customers/*/topup"}, {"mode", "stored_500"}, {"count", 1}});
    const QString id = topup(u"u_2"_s, 40, u"promo-window"_s).operationId;
    QVERIFY(m_fx->store().operation(id)->state == OperationState::Unknown);
    m_sim->clearFaults();
    const int attemptsBefore = int(m_fx->store().attempts(id).size());

    Console c(*m_fx, m_slen);
    QVERIFY(c.select(id));
    QVERIFY2(c.window.rows()->resendAction()->isEnabled(),
             qPrintable(c.window.rows()->resendBlockedReason()));
    m_fx->clock().advanceSecs(24 * 3600); // our clock: the credit window is 24 h
    QTRY_VERIFY_WITH_TIMEOUT(!c.window.rows()->resendAction()->isEnabled(), 10000);
    QVERIFY2(c.window.rows()->resendBlockedReason().contains(u"retention window closed"_s),
             qPrintable(c.window.rows()->resendBlockedReason()));
    c.window.rows()->resendAction()->trigger(); // the shortcut still fires: nothing may be sent
    QVERIFY(!c.controller.isRunning());
    QCOMPARE(int(m_fx->store().attempts(id).size()), attemptsBefore);
    const json ledger = m_sim->ledger();
    for (const auto &mv : ledger["movements"]) // nothing moved for this operation
        QVERIFY(mv.value("operation_id", std::string()) != id.toStdString());
}

QTEST_MAIN(TestSlenLookup)
#include "tst_slenlookup.moc"
