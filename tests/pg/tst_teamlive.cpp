// Issue 50 Deliver 3: the team at work, every writer live and logged in as itself, on real
// PostgreSQL. provider-sim is Stripe; `opsctl serve` (the receiver and the reconciler) runs as the
// service login; an agent refunds through `opsctl mcp --http` (the agent login, the agent's
// token); alice (supervisor) and sam (support) each have a console on their own login, both
// live. The first refunds meet a stored 500 and turn unknown; the reconciler proposes to close
// them failed. While the agent goes on refunding (new rows, new unknown rows and new proposals
// arrive and every console reloads), alice selects the proposed group, previews it and applies
// it. The rows closed are exactly the rows selected, and only they; sam's console follows.

#include "console/consolecontroller.h"
#include "console/sessionreads.h"
#include "dialogs/bulkapplydialog.h"
#include "itemmodels/applypreviewmodel.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/bulkactions.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "storage/audit/auditlog.h"
#include "storage/reconcile/reconcilestore.h"
#include "storage/session.h"
#include "support/mcphttp.h"
#include "support/shortcuts.h"
#include "support/simprocess.h"
#include "support/teamfixture.h"
#include "support/testpaths.h"
#include "widgets/operationlistview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QPointer>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <thread>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;

namespace {

constexpr int kGroup = 6;       // refunds that meet a stored 500 before the consoles pick
constexpr int kLate = 3;        // more of them while alice's pick is held
constexpr int kCharges = 60;    // charges the agent refunds from
constexpr qint64 kAmount = 700; // each refund's amount (minor units, usd)

json seedCharges()
{
    json charges = json::array();
    for (int i = 0; i < kCharges; ++i)
        charges.push_back({{"id", "ch_live_" + std::to_string(i)},
                           {"amount", 1000 * kAmount},
                           {"currency", "usd"}});
    return {{"api_keys", json::array({{{"key", "sk_test_demo"}, {"project", "demo"}}})},
            {"charges", charges}};
}

// The environment of an opsctl process that logs in as `who` (teamlogins.h) on `location`.
QProcessEnvironment processAs(const QString &who, const QString &location, const QUrl &sim,
                              const QString &home)
{
    QProcessEnvironment env = test::environmentAs(test::loginOf(who));
    for (const char *name : {"OPS_MCP_TOKEN", "OPS_MCP_KEY", "OPS_MCP_AGENT"})
        env.remove(QString::fromLatin1(name));
    env.insert(u"OPS_DB"_s, test::locationAs(location, test::loginOf(who)));
    env.insert(u"HOME"_s, home); // no mcp.key or config of the machine's user
    env.insert(u"XDG_CONFIG_HOME"_s, home);
    env.insert(u"OPS_STRIPE_URL"_s, sim.toString());
    env.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_demo"_s);
    env.insert(u"OPS_STRIPE_WEBHOOK_SECRET"_s, u"whsec_tst_teamlive"_s);
    env.insert(u"OPS_ATTEMPT_TIMEOUT_MS"_s, u"2000"_s);
    env.insert(u"OPS_RECONCILE_TICK_MS"_s, u"300"_s);
    return env;
}

// The agent's MCP client: refund calls, each on its own order, until stopped. It runs on a
// thread of its own (blocking HTTP), so the consoles' event loop keeps turning meanwhile.
class AgentLoop
{
public:
    AgentLoop(quint16 port, QByteArray token, QByteArray session)
        : m_port(port)
        , m_token(std::move(token))
        , m_session(std::move(session))
    {}
    ~AgentLoop() { stop(); }

    // One refund call; the HTTP status (200 when the server answered the call).
    int refund(int n)
    {
        const std::string order = "live-" + std::to_string(n);
        const std::string charge = "ch_live_" + std::to_string(n % kCharges);
        return test::mcpPost(m_port, test::mcpRefundCall(n, order, charge, int(kAmount)),
                             "Bearer " + m_token, m_session)
            .status;
    }
    void start(int first)
    {
        m_thread = std::thread([this, first] {
            for (int n = first; !m_stop; ++n) {
                if (refund(n) != 200)
                    ++m_failed;
                ++m_calls;
            }
        });
    }
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
    }
    int calls() const { return m_calls; }
    int failed() const { return m_failed; }

private:
    quint16 m_port = 0;
    QByteArray m_token;
    QByteArray m_session;
    std::thread m_thread;
    std::atomic<bool> m_stop = false;
    std::atomic<int> m_calls = 0;
    std::atomic<int> m_failed = 0;
};

// A console as a person runs it: a Session, a window and its jobs, all on `who`'s login.
struct Console
{
    Console(test::TeamFixture &fx, const QString &who)
        : session(test::LoginConnection::loginUrl(fx.path(), who), fx.clock())
        , window(console::readsOf(session), test::personActor(who),
                 test::personActor(who) + u"#desk"_s)
        , controller(window, jobs(fx, who), fx.clock())
    {
        window.show();
        window.tabs()->setCurrentIndex(ui::MainWindow::CheckingTab);
        window.reloadAll();
        window.startLiveRefresh(200);
    }
    static console::JobConfig jobs(test::TeamFixture &fx, const QString &who)
    {
        console::JobConfig c;
        c.dbLocation = test::LoginConnection::loginUrl(fx.path(), who);
        c.stripeProblem = u"Nobody resends in this test."_s;
        c.slenProblem = u"Slen is not used in this test."_s;
        return c;
    }
    void press(Qt::Key key, Qt::KeyboardModifiers modifiers)
    {
        test::pressInWindow(window, key, modifiers);
    }

    Session session;
    ui::MainWindow window;
    console::ConsoleController controller;
};

QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

} // namespace

class TestTeamLive : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void groupAppliedWhileEveryoneWritesIsTheGroupSelected();

private:
    // The owner's reading of the ids `where` selects, in id order.
    QStringList ids(const QString &where) const;
    // Waits until `count` rows are unknown with an open proposal (the reconciler's work).
    bool waitForProposals(int count, int timeoutMs);

    std::unique_ptr<test::TeamFixture> m_fx;
    std::unique_ptr<test::SimProcess> m_sim;
};

void TestTeamLive::initTestCase()
{
    QVERIFY2(test::onPostgres(), "tst_teamlive runs on PostgreSQL only (OPS_TEST_BACKEND)");
    const QString error = test::prepareTeam();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_sim = std::make_unique<test::SimProcess>(test::providerSimPath());
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
    m_sim->seed(seedCharges());
}

void TestTeamLive::cleanupTestCase()
{
    m_fx.reset();
    m_sim.reset();
    const QString error = test::dropTeam({});
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

QStringList TestTeamLive::ids(const QString &where) const
{
    const QString rows = test::ownerRead(
        m_fx->path(), u"SELECT id FROM operations WHERE %1 ORDER BY id"_s.arg(where));
    return rows.isEmpty() ? QStringList() : rows.split(u'\n');
}

bool TestTeamLive::waitForProposals(int count, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    const QString open = u"state = 'unknown' AND id IN (SELECT operation_id FROM proposals "
                         "WHERE state = 'open')"_s;
    while (t.elapsed() < timeoutMs) {
        if (ids(open).size() >= count)
            return true;
        QTest::qWait(200);
    }
    return false;
}

void TestTeamLive::groupAppliedWhileEveryoneWritesIsTheGroupSelected()
{
    m_fx = std::make_unique<test::TeamFixture>();
    // The processes keep real time; the consoles read the same clock's now.
    m_fx->clock().set(QDateTime::currentDateTimeUtc());
    QTemporaryDir home;
    const QUrl sim = m_sim->baseUrl();

    // alice makes the reconciler read a row a second after its last attempt, and adds the agent.
    {
        Session alice(test::LoginConnection::loginUrl(m_fx->path(), u"alice"_s), m_fx->clock());
        alice.reconcile().setSchedule(test::personActor(u"alice"_s), {1, 3600});
    }
    const test::ProcessRun added =
        test::runProcess(test::opsctlPath(), {u"agent"_s, u"add"_s, u"refund-bot"_s},
                         processAs(u"alice"_s, m_fx->path(), sim, home.path()));
    QVERIFY2(added.exitCode == 0, added.err.constData());
    const QByteArray token =
        QByteArray::fromStdString(added.result().value("token", std::string()));
    QVERIFY(!token.isEmpty());

    // The service and the agent's tool server, each on its own login.
    QProcess serve;
    serve.setProcessEnvironment(processAs(u"svc"_s, m_fx->path(), sim, home.path()));
    serve.start(test::opsctlPath(), {u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s});
    QVERIFY(serve.waitForStarted());
    QVERIFY2(serve.waitForReadyRead(10'000), serve.readAllStandardError().constData());
    test::McpHttpServer mcp = test::startMcpHttp(
        test::opsctlPath(), processAs(u"agent"_s, m_fx->path(), sim, home.path()));
    QVERIFY2(mcp.port != 0, mcp.process->readAllStandardError().constData());
    const QByteArray session = test::mcpOpenSession(mcp.port, token, "tst_teamlive");
    QVERIFY(!session.isEmpty());
    AgentLoop agent(mcp.port, token, session);

    // The group: the first refunds meet a stored 500; the reconciler proposes close failed.
    m_sim->addFault({{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", kGroup}});
    for (int n = 0; n < kGroup; ++n)
        QCOMPARE(agent.refund(n), 200);
    QVERIFY2(waitForProposals(kGroup, 30'000), serve.readAllStandardError().constData());
    const QStringList group = ids(u"state = 'unknown'"_s);
    QCOMPARE(group.size(), kGroup);

    // Everyone works at once from here.
    Console alice(*m_fx, u"alice"_s);
    Console sam(*m_fx, u"sam"_s);
    agent.start(1000);
    QTRY_COMPARE_WITH_TIMEOUT(alice.window.queue()->checkingModel()->rowCount(), kGroup, 15'000);
    alice.press(Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier); // select all with a proposal
    QCOMPARE(sorted(alice.window.bulk()->selectedIds()), group);

    // While the pick is held, more refunds meet a stored 500 and get their own proposals, and
    // every successful refund of the agent reloads both consoles.
    const int reloads = alice.window.queue()->reloadCount();
    m_sim->addFault({{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", kLate}});
    QVERIFY2(waitForProposals(kGroup + kLate, 30'000), serve.readAllStandardError().constData());
    QTRY_COMPARE_WITH_TIMEOUT(alice.window.queue()->checkingModel()->rowCount(), kGroup + kLate,
                              15'000);
    QVERIFY(alice.window.queue()->reloadCount() > reloads);
    QCOMPARE(sorted(alice.window.bulk()->selectedIds()), group);

    // Preview and apply while the writers go on.
    alice.press(Qt::Key_Y, Qt::ControlModifier | Qt::ShiftModifier);
    QPointer<ui::BulkApplyDialog> dialog = alice.window.bulk()->dialog();
    QVERIFY(dialog);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog || dialog->phase() != ui::BulkApplyDialog::Phase::Reading,
                             30'000);
    QVERIFY(dialog);
    QStringList previewed;
    for (const BulkRow &row : dialog->model()->rows()) {
        previewed << row.operationId;
        QVERIFY2(row.exclusion.isEmpty(), qPrintable(row.operationId + u": "_s + row.exclusion));
    }
    QCOMPARE(sorted(previewed), group);
    QTest::keyClick(dialog, Qt::Key_Return); // Confirm
    QTRY_VERIFY_WITH_TIMEOUT(!dialog || dialog->phase() == ui::BulkApplyDialog::Phase::Done,
                             60'000);
    QVERIFY(dialog);
    const BulkSummary summary = dialog->model()->summary();
    QCOMPARE(summary.applied, kGroup);
    QCOMPARE(summary.closedFailed, kGroup);
    QCOMPARE(summary.excluded + summary.failed + summary.notReached, 0);
    agent.stop();
    QVERIFY2(agent.calls() > 0 && agent.failed() == 0,
             qPrintable(u"%1 calls, %2 not answered"_s.arg(agent.calls()).arg(agent.failed())));
    qInfo("while alice's pick was held: %d agent refund calls, %d reloads of her console",
          agent.calls(), alice.window.queue()->reloadCount() - reloads);

    // Exactly the group was closed by alice, and nothing else by anyone's hand.
    const QString byAlice =
        u"closed_by = '%1' AND state = 'failed'"_s.arg(test::personActor(u"alice"_s));
    QCOMPARE(ids(byAlice), group);
    QCOMPARE(ids(u"closed_by LIKE 'operator:%'"_s), group);
    QCOMPARE(ids(u"state = 'unknown'"_s).size(), kLate);
    // sam's console followed: the group left her queue, the late rows are in it.
    QTRY_COMPARE_WITH_TIMEOUT(sam.window.queue()->checkingModel()->rowCount(), kLate, 15'000);
    for (const QString &id : group)
        QCOMPARE(sam.window.queue()->checkingModel()->rowOf(id), -1);
    QVERIFY(AuditLog::verify(test::LoginConnection(m_fx->path(), u"sam"_s).db()).holds());

    serve.terminate();
    QVERIFY(serve.waitForFinished(10'000));
    QCOMPARE(serve.exitCode(), 0);
    mcp.process->terminate();
    QVERIFY(mcp.process->waitForFinished(10'000));
}

QTEST_MAIN(TestTeamLive)
#include "tst_teamlive.moc"
