// The Agent requests tab (issue 27 item 4) offscreen, against the real provider-sim, on a real
// SQLite file (PostgreSQL as _pg): an agent's refund held by the real refund engine over the
// agent's limit is listed with agent, amount, order and which limit held it, under the tab
// "Agent requests (N)"; Reject stays off without a reason and with one closes the row failed,
// "rejected by" the person; a supervisor's Approve and send sends the stored request once with
// its key through the console's resend job (the refund at the simulator, its id on the row) and
// the count drops; four-eyes above the threshold holds the approval for a second person; a
// support operator's Approve is refused by the store, said in the tab, and nothing is sent; a
// request an agent adds meanwhile raises the count when the window's watcher reports it. The
// model runs under QAbstractItemModelTester throughout. Writes agent-requests.png (1024×700)
// into $OPS_SCREENSHOT_DIR (default: the test binary's screenshots/ folder). Each actor in its
// role (consolefixture.h): on PostgreSQL the engine refunds on the agent's login, each console
// logs in as its person, and agents, settings and approvals are written by alice or bob on theirs.

#include "common/language.h"
#include "engine/refundengine.h"
#include "itemmodels/localeformat.h"
#include "mainwindow/supervisorpresenter.h"
#include "storage/access/accessstore.h"
#include "storage/audit/auditquery.h"
#include "storage/operations/closeapproval.h"
#include "supervisor/agentrequestspanel.h"
#include "supervisor/supervisorwindow.h"
#include "support/consolefixture.h"
#include "support/screenshots.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;
using ops::ui::AgentRequestsPanel;
using ops::ui::SupervisorWindow;
using Tester = QAbstractItemModelTester;

namespace {

const QString kAlice = u"alice"_s; // supervisor
const QString kBob = u"bob"_s;     // supervisor
const QString kAgentActor = u"agent:bot:test:1"_s;

QString screenshotDir()
{
    const QString dir = qEnvironmentVariable("OPS_SCREENSHOT_DIR", test::screenshotDir());
    QDir().mkpath(dir);
    return dir;
}

QString plain(QString text)
{
    return text.remove(u'&');
}

} // namespace

class TestAgentRequests : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void tabListsTheHeldRequest();
    void dailyHoldIsSaidInWords();
    void rejectNeedsAReason();
    void rejectWithAReasonClosesTheRowFailed();
    void supervisorApproveSendsOnceWithTheStoredKey();
    void approveAboveTheThresholdWaitsForASecondPerson();
    void supportApproveIsRefusedAndNothingSent();
    void requestAddedMeanwhileRaisesTheCount();
    void speaksTheLanguage_data();
    void speaksTheLanguage();
    void screenshot();

private:
    // One refund call of the real engine as `actor`: the operation id and its status.
    ToolResult refund(const QString &order, const QString &charge, qint64 amount,
                      const QString &actor = kAgentActor);
    // The console of `name` with its audit window open on the Agent requests tab.
    AgentRequestsPanel *openAs(const QString &name);
    void selectRow(AgentRequestsPanel *panel, const QString &operationId);
    QString tabText() const;
    json refundPosts();
    // supportApproveIsRefusedAndNothingSent() on PostgreSQL.
    void supportApproveIsRefusedInTeamMode();
    qint64 auditCount(const QString &action);
    // The directory and settings as `who` (alice) writes them, on its own login.
    AccessStore accessAs(const QString &who)
    {
        return AccessStore(connectionOf(m_fx.as(who)), m_fx.clock());
    }
    // The actor `who` writes on this backend (operator:alice, operator:alice_<pid>).
    QString actor(const QString &who) { return m_fx.person(who); }

    test::ConsoleFixture m_fx;
    std::unique_ptr<test::OperatorConsole> m_console;
    QPointer<SupervisorWindow> m_supervisor;
    std::unique_ptr<Tester> m_tester;
    QString m_held; // the held refund every case starts with
};

void TestAgentRequests::initTestCase()
{
    QVERIFY2(m_fx.startSim(), qPrintable(m_fx.sim().error()));
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAgentRequests::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAgentRequests::init()
{
    m_fx.beginCase(); // alice, bob supervisors; carol support
    AgentLimits limits;
    limits.maxRefund = Money{1000, u"usd"_s};
    accessAs(kAlice).addAgent(actor(kAlice), u"bot"_s, limits);
    const ToolResult r = refund(u"order-1001"_s, u"ch_1001"_s, 5000);
    QCOMPARE(int(r.status), int(ToolResult::Status::NeedsApproval));
    m_held = r.operationId;
    QCOMPARE(toString(m_fx.store().operation(m_held)->state), u"awaiting_approval"_s);
    QCOMPARE(refundPosts().size(), size_t(0)); // held: nothing sent
}

void TestAgentRequests::cleanup()
{
    m_tester.reset();
    if (m_supervisor)
        delete m_supervisor.data();
    m_console.reset();
    m_fx.endCase();
    ui::applyLanguage(u"en"_s, QLocale(QLocale::English, QLocale::UnitedStates));
}

ToolResult TestAgentRequests::refund(const QString &order, const QString &charge, qint64 amount,
                                     const QString &actor)
{
    QtHttpTransport transport;
    StripeClient client(transport, m_fx.stripe());
    RefundEngine engine(m_fx.db().agentSession(), client, EngineConfig{},
                        [](std::chrono::milliseconds) {});
    return engine.refund({order, charge, amount, u"usd"_s}, actor);
}

AgentRequestsPanel *TestAgentRequests::openAs(const QString &name)
{
    m_console = std::make_unique<test::OperatorConsole>(m_fx, name, u"1"_s);
    m_supervisor = m_console->window.supervision()->openSupervisorWindow();
    if (!m_supervisor)
        return nullptr;
    AgentRequestsPanel *panel = m_supervisor->agentRequestsPanel();
    if (!panel)
        return nullptr;
    m_tester = std::make_unique<Tester>(panel->model(), Tester::FailureReportingMode::QtTest);
    m_supervisor->tabs()->setCurrentWidget(panel);
    [[maybe_unused]] const bool exposed = QTest::qWaitForWindowExposed(m_supervisor);
    return panel;
}

void TestAgentRequests::selectRow(AgentRequestsPanel *panel, const QString &operationId)
{
    const int row = panel->model()->rowOf(operationId);
    QVERIFY2(row >= 0, qPrintable(operationId));
    const QRect cell = panel->table()->visualRect(panel->model()->index(row, 0));
    QTest::mouseClick(panel->table()->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(panel->selectedId(), operationId);
}

QString TestAgentRequests::tabText() const
{
    QTabWidget *tabs = m_supervisor->tabs();
    return plain(tabs->tabText(tabs->indexOf(m_supervisor->agentRequestsPanel())));
}

json TestAgentRequests::refundPosts()
{
    json out = json::array();
    const json all = m_fx.sim().requests(); // kept: the loop walks a part of it
    for (const auto &r : all["requests"])
        if (r.value("method", "") == "POST" && r.value("path", "") == "/v1/refunds")
            out.push_back(r);
    return out;
}

qint64 TestAgentRequests::auditCount(const QString &action)
{
    AuditFilter filter;
    filter.action = action;
    return m_console->session.auditQuery().count(filter);
}

void TestAgentRequests::tabListsTheHeldRequest()
{
    AgentRequestsPanel *panel = openAs(u"alice"_s);
    QVERIFY(panel);
    QCOMPARE(m_supervisor->tabs()->indexOf(panel), int(SupervisorWindow::AgentRequestsTab));
    QCOMPARE(tabText(), u"Agent requests (1)"_s);
    const AgentRequestModel *model = panel->model();
    QCOMPARE(model->rowCount(), 1);
    const auto cell = [&](int column) {
        return model->data(model->index(0, column)).toString();
    };
    const Operation op = *m_fx.store().operation(m_held);
    QCOMPARE(cell(AgentRequestModel::AgentColumn), u"bot"_s);
    QCOMPARE(cell(AgentRequestModel::AmountColumn), u"50.00 USD"_s);
    QCOMPARE(cell(AgentRequestModel::OrderColumn), u"order-1001"_s);
    QCOMPARE(cell(AgentRequestModel::HoldColumn), u"over the per-refund limit"_s);
    // The console's one date format (as in the list), UTC in the tooltip.
    const QDateTime asked(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);
    QCOMPARE(cell(AgentRequestModel::RequestedAtColumn), formatDateTime(asked, QLocale()));
    QCOMPARE(cell(AgentRequestModel::OperationColumn), m_held);
    const QString tip = model->data(model->index(0, 0), Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(kAgentActor), qPrintable(tip));
    QVERIFY2(tip.contains(u"2026-11-29 12:00:00 UTC"_s), qPrintable(tip));
    QVERIFY2(tip.contains(u"per-refund limit is now 10.00 USD"_s), qPrintable(tip));
    QCOMPARE(model->data(model->index(0, 3), AgentRequestModel::OperationIdRole).toString(), op.id);
    // The first row is selected: Approve is on, Reject waits for a reason, the hint says what
    // Approve does.
    QCOMPARE(panel->selectedId(), m_held);
    QVERIFY(panel->approveButton()->isEnabled());
    QVERIFY(!panel->rejectButton()->isEnabled());
    QVERIFY2(panel->hint().contains(u"50.00 USD of order order-1001, asked by agent bot,"_s),
             qPrintable(panel->hint()));
}

void TestAgentRequests::dailyHoldIsSaidInWords()
{
    AgentLimits limits;
    limits.daily = Money{6000, u"usd"_s};
    accessAs(kAlice).addAgent(actor(kAlice), u"nightly"_s, limits);
    const QString nightly = u"agent:nightly:test:1"_s;
    QCOMPARE(int(refund(u"order-1002a"_s, u"ch_1002"_s, 5000, nightly).status),
             int(ToolResult::Status::Refunded)); // within the day's 60.00
    const ToolResult held = refund(u"order-1002b"_s, u"ch_1002"_s, 5000, nightly);
    QCOMPARE(int(held.status), int(ToolResult::Status::NeedsApproval));

    AgentRequestsPanel *panel = openAs(u"alice"_s);
    QVERIFY(panel);
    QCOMPARE(tabText(), u"Agent requests (2)"_s);
    const AgentRequestModel *model = panel->model();
    const int row = model->rowOf(held.operationId);
    QVERIFY(row >= 0);
    QCOMPARE(model->data(model->index(row, AgentRequestModel::AgentColumn)).toString(),
             u"nightly"_s);
    QCOMPARE(model->data(model->index(row, AgentRequestModel::HoldColumn)).toString(),
             u"over the daily limit"_s);
    QVERIFY(model->data(model->index(row, 0), Qt::ToolTipRole)
                .toString()
                .contains(u"daily limit is now 60.00 USD"_s));
    QCOMPARE(
        model->data(model->index(model->rowOf(m_held), AgentRequestModel::HoldColumn)).toString(),
        u"over the per-refund limit"_s);
}

void TestAgentRequests::rejectNeedsAReason()
{
    AgentRequestsPanel *panel = openAs(u"alice"_s);
    QVERIFY(panel);
    selectRow(panel, m_held);
    QVERIFY(!panel->rejectButton()->isEnabled());
    QTest::keyClicks(panel->reasonEdit(), u"   "_s);
    QVERIFY(!panel->rejectButton()->isEnabled()); // blanks are no reason
    QTest::mouseClick(panel->rejectButton(), Qt::LeftButton);
    m_console->controller.waitForIdle(); // the reject is the console's job
    panel->reasonEdit()->clear();
    QTest::keyClicks(panel->reasonEdit(), u"duplicate"_s);
    QVERIFY(panel->rejectButton()->isEnabled());
    panel->reasonEdit()->clear();
    QVERIFY(!panel->rejectButton()->isEnabled());
    QCOMPARE(toString(m_fx.store().operation(m_held)->state), u"awaiting_approval"_s);
    QCOMPARE(auditCount(u"agent_request."_s), qint64(0));
}

void TestAgentRequests::rejectWithAReasonClosesTheRowFailed()
{
    AgentRequestsPanel *panel = openAs(u"alice"_s);
    QVERIFY(panel);
    selectRow(panel, m_held);
    QTest::keyClicks(panel->reasonEdit(), u"customer asked twice"_s);
    QTest::mouseClick(panel->rejectButton(), Qt::LeftButton);
    m_console->controller.waitForIdle(); // the reject is the console's job

    const Operation op = *m_fx.store().operation(m_held);
    QCOMPARE(toString(op.state), u"failed"_s);
    QCOMPARE(op.failureCode, u"rejected"_s);
    QCOMPARE(op.closeReason,
             u"rejected by %1: customer asked twice"_s.arg(test::personName(kAlice)));
    QCOMPARE(op.closedBy, actor(kAlice));
    QCOMPARE(auditCount(u"agent_request.rejected"_s), qint64(1));
    QCOMPARE(refundPosts().size(), size_t(0));
    QCOMPARE(panel->count(), 0);
    QCOMPARE(tabText(), u"Agent requests (0)"_s);
    QVERIFY2(panel->outcomeText().startsWith(u"Rejected %1"_s.arg(m_held)),
             qPrintable(panel->outcomeText()));
    QVERIFY(panel->reasonEdit()->text().isEmpty());
    QCOMPARE(panel->hint(), u"No agent request waits for a person."_s);
    QVERIFY(!panel->approveButton()->isEnabled());
}

void TestAgentRequests::supervisorApproveSendsOnceWithTheStoredKey()
{
    AgentRequestsPanel *panel = openAs(u"alice"_s);
    QVERIFY(panel);
    const Operation before = *m_fx.store().operation(m_held);
    selectRow(panel, m_held);
    QTest::mouseClick(panel->approveButton(), Qt::LeftButton);
    QCOMPARE(panel->sendingId(), m_held);
    QVERIFY(!panel->approveButton()->isEnabled()); // one approval on its way at a time
    m_console->controller.waitForIdle();

    const Operation op = *m_fx.store().operation(m_held);
    QCOMPARE(toString(op.state), u"succeeded"_s);
    QVERIFY2(op.providerRef.startsWith(u"re_"_s), qPrintable(op.providerRef));
    const json posts = refundPosts();
    QCOMPARE(posts.size(), size_t(1));
    QCOMPARE(QString::fromStdString(posts.at(0)["idempotency_key"].get<std::string>()),
             before.idempotencyKey);
    QCOMPARE(QByteArray::fromStdString(posts.at(0)["body"].get<std::string>()),
             before.request.body);
    QCOMPARE(m_fx.sim().ledger()["movements"].size(), size_t(1));
    QCOMPARE(m_fx.store().attempts(m_held).back().actor, actor(kAlice));
    QCOMPARE(auditCount(u"agent_request.approved"_s), qint64(1));
    QCOMPARE(panel->count(), 0);
    QCOMPARE(tabText(), u"Agent requests (0)"_s);
    QVERIFY(panel->sendingId().isEmpty());
    QVERIFY2(panel->outcomeText().startsWith(u"Approved %1."_s.arg(m_held)),
             qPrintable(panel->outcomeText()));
    QVERIFY2(panel->outcomeText().contains(op.providerRef), qPrintable(panel->outcomeText()));

    // A second approval of the same request (past the tab, which no longer lists it) sends
    // nothing: the row is no longer held.
    emit m_supervisor->agentRequestApproveRequested(m_held);
    m_console->controller.waitForIdle();
    QCOMPARE(refundPosts().size(), size_t(1));
    QCOMPARE(m_fx.sim().ledger()["movements"].size(), size_t(1));
    QCOMPARE(auditCount(u"agent_request.approved"_s), qint64(1));
}

void TestAgentRequests::approveAboveTheThresholdWaitsForASecondPerson()
{
    accessAs(kAlice).setApprovalThreshold(actor(kAlice), u"usd"_s, 1000);
    AgentRequestsPanel *panel = openAs(u"alice"_s);
    QVERIFY(panel);
    selectRow(panel, m_held);
    QTest::mouseClick(panel->approveButton(), Qt::LeftButton);
    m_console->controller.waitForIdle();
    QVERIFY2(panel->outcomeText().contains(u"waits for a second person"_s),
             qPrintable(panel->outcomeText()));
    QVERIFY(!panel->outcomeText().startsWith(u"Approved"_s));
    QCOMPARE(toString(m_fx.store().operation(m_held)->state), u"awaiting_approval"_s);
    QCOMPARE(refundPosts().size(), size_t(0));
    QCOMPARE(panel->count(), 1); // still held
    const auto pending = openApproval(connectionOf(m_fx.store()), m_held, ApprovalAction::Resend,
                                      ApprovalState::Pending);
    QVERIFY(pending);
    QCOMPARE(pending->requestedBy, actor(kAlice));

    // Bob approves the resend; alice's next Approve and send sends it.
    approveRequest(m_fx.as(kBob), pending->id, actor(kBob), u"checked the order"_s);
    QVERIFY(panel->approveButton()->isEnabled());
    QTest::mouseClick(panel->approveButton(), Qt::LeftButton);
    m_console->controller.waitForIdle();
    QCOMPARE(toString(m_fx.store().operation(m_held)->state), u"succeeded"_s);
    QCOMPARE(refundPosts().size(), size_t(1));
    QCOMPARE(tabText(), u"Agent requests (0)"_s);
}

void TestAgentRequests::supportApproveIsRefusedAndNothingSent()
{
    const QString carol = test::personName(u"carol"_s);
    if (test::onPostgres()) {
        supportApproveIsRefusedInTeamMode();
        return;
    }
    // carol is support with the audit right added, so the audit window opens for her; she still
    // may not approve.
    accessAs(kAlice).grantRole(actor(kAlice), carol, Role::Support,
                               defaultRights(Role::Support) | Right::Audit);
    AgentRequestsPanel *panel = openAs(u"carol"_s);
    QVERIFY(panel);
    QCOMPARE(tabText(), u"Agent requests (1)"_s);
    selectRow(panel, m_held);
    QTest::mouseClick(panel->approveButton(), Qt::LeftButton);
    m_console->controller.waitForIdle();
    QVERIFY2(panel->outcomeText().contains(u"operator %1 (support) may not approve"_s.arg(carol)),
             qPrintable(panel->outcomeText()));
    QVERIFY2(panel->outcomeText().contains(u"Nothing was sent"_s),
             qPrintable(panel->outcomeText()));
    QVERIFY(panel->sendingId().isEmpty());
    QVERIFY(panel->approveButton()->isEnabled());
    QCOMPARE(toString(m_fx.store().operation(m_held)->state), u"awaiting_approval"_s);
    QCOMPARE(m_fx.store().attempts(m_held).size(), size_t(0));
    QCOMPARE(refundPosts().size(), size_t(0));
    QCOMPARE(auditCount(u"agent_request."_s), qint64(0));
    QCOMPARE(tabText(), u"Agent requests (1)"_s);

    // Her Reject is the store's refusal too, said in the tab.
    QTest::keyClicks(panel->reasonEdit(), u"looks wrong"_s);
    QTest::mouseClick(panel->rejectButton(), Qt::LeftButton);
    m_console->controller.waitForIdle(); // the reject is the console's job
    QVERIFY2(panel->outcomeText().contains(
                 u"was not rejected: operator %1 (support) may not approve"_s.arg(carol)),
             qPrintable(panel->outcomeText()));
    QCOMPARE(toString(m_fx.store().operation(m_held)->state), u"awaiting_approval"_s);
    QCOMPARE(panel->count(), 1);
}

// Team mode: a login's rights are its group's, with no override (docs/roles.md), so support has
// no audit right and no Agent requests tab. What Approve and send runs (the console's resend job)
// and her rejection are refused all the same, and nothing is sent.
void TestAgentRequests::supportApproveIsRefusedInTeamMode()
{
    const QString carol = test::personName(u"carol"_s);
    m_console = std::make_unique<test::OperatorConsole>(m_fx, u"carol"_s, u"1"_s);
    QVERIFY(!m_console->window.supervision()->openSupervisorWindow());
    m_console->controller.resend(m_held);
    m_console->controller.waitForIdle();
    const QString banner = m_console->window.bannerText();
    QVERIFY2(banner.contains(u"operator %1 (support) may not approve"_s.arg(carol)),
             qPrintable(banner));
    QVERIFY2(banner.contains(u"Nothing was sent"_s), qPrintable(banner));
    QVERIFY_THROWS_EXCEPTION(
        ActionRefused,
        m_fx.as(u"carol"_s).rejectAgentRequest(m_held, actor(u"carol"_s), u"looks wrong"_s));
    QCOMPARE(toString(m_fx.store().operation(m_held)->state), u"awaiting_approval"_s);
    QCOMPARE(m_fx.store().attempts(m_held).size(), size_t(0));
    QCOMPARE(refundPosts().size(), size_t(0));
    for (const AuditEntry &e : m_fx.store().audit(m_held))
        QVERIFY2(!e.action.startsWith(u"agent_request."_s), qPrintable(e.action));
}

void TestAgentRequests::requestAddedMeanwhileRaisesTheCount()
{
    AgentRequestsPanel *panel = openAs(u"alice"_s);
    QVERIFY(panel);
    m_console->window.startLiveRefresh(50); // as the console does (at its default interval)
    selectRow(panel, m_held);
    // Another process (its own connection, the agent's login) holds a second refund of the agent.
    {
        Session other(m_fx.db().agentLocation(), m_fx.clock());
        QtHttpTransport transport;
        StripeClient client(transport, m_fx.stripe());
        RefundEngine engine(other, client, EngineConfig{}, [](std::chrono::milliseconds) {});
        const ToolResult r =
            engine.refund({u"order-1002"_s, u"ch_1002"_s, 7000, u"usd"_s}, u"agent:bot:test:2"_s);
        QCOMPARE(int(r.status), int(ToolResult::Status::NeedsApproval));
    }
    QTRY_COMPARE(tabText(), u"Agent requests (2)"_s); // the watcher's report, no reload by hand
    QCOMPARE(panel->count(), 2);
    QCOMPARE(panel->selectedId(), m_held); // the selection is kept
}

void TestAgentRequests::speaksTheLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("tab");
    QTest::addColumn<QString>("hold");
    QTest::addColumn<QString>("approve");
    QTest::newRow("ru") << u"ru"_s << u"Запросы агентов (1)"_s << u"сверх лимита на один возврат"_s
                        << u"Одобрить и отправить"_s;
    QTest::newRow("uk") << u"uk"_s << u"Запити агентів (1)"_s << u"понад ліміт на одне повернення"_s
                        << u"Схвалити й надіслати"_s;
}

void TestAgentRequests::speaksTheLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, tab);
    QFETCH(QString, hold);
    QFETCH(QString, approve);
    QVERIFY(ui::applyLanguage(language, ui::localeFor(language, QLocale::system())));
    AgentRequestsPanel *panel = openAs(u"alice"_s);
    QVERIFY(panel);
    QCOMPARE(tabText(), tab);
    const AgentRequestModel *model = panel->model();
    QCOMPARE(model->data(model->index(0, AgentRequestModel::HoldColumn)).toString(), hold);
    QCOMPARE(plain(panel->approveButton()->text()), approve);
}

// The tab as a supervisor sees it at 1024×700 with two requests, one selected and a reason
// typed: every column fits without a horizontal scroll bar.
void TestAgentRequests::screenshot()
{
    AgentLimits limits;
    limits.daily = Money{6000, u"usd"_s};
    accessAs(kAlice).addAgent(actor(kAlice), u"support-assistant"_s, limits);
    const QString agent = u"agent:support-assistant:claude-desktop:req-8812"_s;
    m_fx.clock().advanceSecs(95);
    refund(u"order-1002a"_s, u"ch_1002"_s, 5000, agent);
    refund(u"order-1002b"_s, u"ch_1002"_s, 4500, agent);
    AgentRequestsPanel *panel = openAs(u"alice"_s);
    QVERIFY(panel);
    QCOMPARE(panel->count(), 2);
    selectRow(panel, m_held);
    QTest::keyClicks(panel->reasonEdit(), u"order already refunded by hand"_s);
    m_supervisor->resize(1024, 700);
    QApplication::processEvents();
    QVERIFY(!panel->table()->horizontalScrollBar()->isVisible());
    QVERIFY(panel->approveButton()->isVisible());
    QVERIFY(panel->rejectButton()->isEnabled());
    const QString path = screenshotDir() + u"/agent-requests.png"_s;
    QVERIFY2(m_supervisor->grab().save(path, "PNG"), qPrintable(path));
    qInfo("screenshot: %s", qPrintable(path));
}

QTEST_MAIN(TestAgentRequests)
#include "tst_agentrequests.moc"
