// Team mode (issue 7): one PostgreSQL database shared by many connections, processes and
// consoles. Every case uses separate connections (threads, or opsctl processes) on a fresh
// database; the suite runs only against the throwaway server (ctest: tst_teammode, fixture
// pg_server) and fails when there is none. Each actor logs in as its role (issue 50): the agent
// opens and sends, alice and bob resend and watch from their consoles, carol asks and messages,
// the service reads and sequences; the owner migrates, and ends other logins' backends (a
// superuser's SELECT) where a case cuts connections.

#include "console/consolejobs.h"
#include "console/sessionreads.h"
#include "engine/refundengine.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "storage/access/approvals.h"
#include "storage/audit/auditlog.h"
#include "storage/audit/auditsequencer.h"
#include "storage/changewatcher.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationquery.h"
#include "storage/operations/resendlease.h"
#include "storage/session.h"
#include "support/onthreads.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QProcess>
#include <QSemaphore>
#include <QSignalSpy>
#include <QSqlError>
#include <QTest>
#include <QTimer>
#include <QUrl>
#include <atomic>
#include <mutex>
#include <thread>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::test::onThreads;

namespace {

// Opened by the agent's `actor`, naming `agent` (RolesFixture::agentActor, agentOf).
NewOperation newOperation(OperationKind kind, const QString &id, const QString &unit,
                          const QString &actor, const QString &agent)
{
    NewOperation op;
    op.id = id;
    op.kind = kind;
    op.provider = kind == OperationKind::Refund ? Provider::Stripe : Provider::Slen;
    op.project = kind == OperationKind::Refund ? QString() : u"demo"_s;
    op.unitOfWork = unit;
    op.orderId = kind == OperationKind::Refund ? u"4417"_s : QString();
    op.chargeId = kind == OperationKind::Refund ? u"ch_4417"_s : QString();
    op.customerId = kind == OperationKind::Refund ? QString() : u"u_1"_s;
    op.amount = {3800, u"usd"_s};
    // Refund keys are random per attempt to open; credit keys are derived from the unit of work.
    op.idempotencyKey = kind == OperationKind::Refund ? u"key-"_s + id : u"work-"_s + unit;
    op.request = {"POST", u"/v1/refunds"_s, "id=" + id.toUtf8(),
                  "application/x-www-form-urlencoded"};
    op.createdBy = actor;
    op.agent = agent;
    return op;
}

qint64 scalar(Connection &db, const QString &sql)
{
    Query q = runQuery(db, sql);
    return q.next() ? q.value(0).toLongLong() : -1;
}

} // namespace

class TestTeamMode : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase() { QCOMPARE(test::dropRoles(), QString()); }
    void init();
    void cleanup();
    void concurrentMigrateOfAFreshDatabase();
    void concurrentOpenOrGetMakesOneRow_data();
    void concurrentOpenOrGetMakesOneRow();
    void twoConsolesResendingAtOnceSendOneRequest();
    void rowFromAnotherProcessReachesTheModelWithinTwoSeconds();
    void approvalAndMessageRowsNotifyConsoles_data();
    void approvalAndMessageRowsNotifyConsoles();
    void steadyWritesStillReachTheConsole();
    void auditChainIntactAfterConcurrentWriters();
    void droppedConnectionLeavesNoHalfWrittenOperation();
    void unreachableServerIsReportedAndRecovered();
    void consoleStatusBarSaysUnreachableAndRetries();
    void applicationRoleAppendsButCannotRewriteHistory_data();
    void applicationRoleAppendsButCannotRewriteHistory();

private:
    // A refund, credit or execution the agent opens (as the tool call agent:…:t).
    NewOperation agentOperation(OperationKind kind, const QString &id, const QString &unit) const
    {
        return newOperation(kind, id, unit, m_fx->agentActor(u"t"_s), m_fx->agentOf());
    }
    // Ends every other backend on this database but the suite's reading connection's: only a
    // superuser may end another login's, so the owner does (a SELECT; it writes nothing).
    qint64 endOtherBackends() const
    {
        return test::ownerRead(m_fx->path(),
                               u"SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity "
                               "WHERE datname = current_database() AND pid <> pg_backend_pid()"_s)
            .toLongLong();
    }

    std::unique_ptr<test::RolesFixture> m_fx;
    std::unique_ptr<test::SimProcess> m_sim;
};

void TestTeamMode::initTestCase()
{
    QVERIFY2(test::onPostgres(), "tst_teammode runs on PostgreSQL only (OPS_TEST_BACKEND)");
    QCOMPARE(test::prepareRoles(), QString());
    m_sim = std::make_unique<test::SimProcess>(
        ops::test::providerSimPath(), test::SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
}

void TestTeamMode::init()
{
    m_sim->reset();
    m_fx = std::make_unique<test::RolesFixture>();
}

void TestTeamMode::cleanup()
{
    m_fx.reset();
}

// `opsctl db migrate` from several desks at once on an empty database: every process succeeds,
// each migration is applied once.
void TestTeamMode::concurrentMigrateOfAFreshDatabase()
{
    test::TestDatabase fresh;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"OPS_DB"_s);
    std::vector<std::unique_ptr<QProcess>> desks;
    for (int i = 0; i < 6; ++i) {
        auto p = std::make_unique<QProcess>();
        p->setProcessEnvironment(env);
        p->start(ops::test::opsctlPath(), {u"--db"_s, fresh.location(), u"db"_s, u"migrate"_s});
        desks.push_back(std::move(p));
    }
    const QByteArray expected =
        "{\"schema_version\":" + QByteArray::number(Database::latestVersion()) + "}";
    for (auto &p : desks) {
        QVERIFY(p->waitForFinished(30000));
        QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
        QCOMPARE(p->readAllStandardOutput().trimmed(), expected);
    }
    QCOMPARE(
        test::TestDatabase::probeCount(fresh.location(), u"SELECT COUNT(*) FROM schema_version"_s),
        Database::latestVersion());
}

void TestTeamMode::concurrentOpenOrGetMakesOneRow_data()
{
    QTest::addColumn<int>("kind");
    QTest::addRow("refund: one live row per unit of work") << int(OperationKind::Refund);
    QTest::addRow("credit top-up: one row per key") << int(OperationKind::CreditTopup);
    QTest::addRow("execution: one row per key") << int(OperationKind::Execution);
}

void TestTeamMode::concurrentOpenOrGetMakesOneRow()
{
    QFETCH(int, kind);
    constexpr int kCallers = 16;
    std::mutex mutex;
    std::vector<OpenResult> results;
    // Sixteen callers of the agent, each on a connection of its login.
    const QStringList errors =
        onThreads(m_fx->agentLocation(), kCallers, [&](Connection &db, int i) {
            OperationStore store(db, m_fx->clock());
            const OpenResult r = store.openOrGet(
                agentOperation(OperationKind(kind), u"op_%1"_s.arg(i), u"4417|3800|usd"_s));
            std::lock_guard lock(mutex);
            results.push_back(r);
        });
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u"; "_s)));
    QCOMPARE(int(results.size()), kCallers);
    QCOMPARE(std::count_if(results.begin(), results.end(), [](auto &r) { return r.created; }), 1);
    for (const OpenResult &r : results) {
        QCOMPARE(r.operation.id, results.front().operation.id);
        QCOMPARE(r.operation.idempotencyKey, results.front().operation.idempotencyKey);
    }
    Connection &db = connectionOf(m_fx->store());
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM operations"_s), 1);
    QCOMPARE(scalar(db, u"SELECT COUNT(DISTINCT idempotency_key) FROM operations"_s), 1);
}

void TestTeamMode::twoConsolesResendingAtOnceSendOneRequest()
{
    // A refund the agent gave up on: six 503s, the row waits in the checking queue.
    m_sim->addFault({{"route", "POST /v1/refunds"}, {"mode", "503"}});
    StripeConfig stripe;
    stripe.baseUrl = m_sim->baseUrl();
    stripe.secret = u"sk_test_demo"_s;
    stripe.timeout = std::chrono::milliseconds(5000);
    QString id;
    {
        QtHttpTransport transport;
        StripeClient client(transport, stripe);
        EngineConfig config;
        config.backoffBase = std::chrono::milliseconds(1);
        config.backoffCap = std::chrono::milliseconds(2);
        RefundEngine engine(m_fx->agentSession(), client, config, [](std::chrono::milliseconds) {});
        for (int i = 0; i < 2; ++i)
            id = engine
                     .refund({u"order-4417"_s, u"ch_4417"_s, 3800, u"usd"_s},
                             m_fx->agentActor(u"t"_s))
                     .operationId;
    }
    m_sim->clearFaults();
    QVERIFY(m_fx->store().operation(id)->state == OperationState::Unknown);
    const auto posts = [this] {
        const nlohmann::json log = m_sim->requests(); // keep the document alive while iterating
        size_t n = 0;
        for (const auto &r : log["requests"])
            n += r.value("method", "") == "POST" ? 1 : 0;
        return n;
    };
    const size_t before = posts();

    // Two consoles on two "desks" press Resend at the same moment; the provider is slow, so both
    // are in their jobs while the first request is in flight.
    m_sim->addFault({{"route", "POST /v1/refunds"}, {"mode", "latency"}, {"delay_ms", 800}});
    std::vector<console::ResendOutcome> outcomes(2);
    std::vector<std::thread> desks;
    for (int i = 0; i < 2; ++i) {
        // Each desk's job logs in as its person.
        const QString who = i == 0 ? u"alice"_s : u"bob"_s;
        console::JobConfig config;
        config.dbLocation = m_fx->location(who);
        config.stripe = stripe;
        config.slenProblem = u"not used"_s;
        desks.emplace_back([&, i, who, config] {
            outcomes[size_t(i)] = console::runResend(config, m_fx->clock(), id, m_fx->person(who),
                                                     u"%1#desk%2"_s.arg(m_fx->person(who)).arg(i));
        });
    }
    for (auto &t : desks)
        t.join();

    QCOMPARE(posts() - before, size_t(1)); // one request reached the provider
    QCOMPARE(int(outcomes[0].sent) + int(outcomes[1].sent), 1);
    const auto &refused = outcomes[0].sent ? outcomes[1] : outcomes[0];
    QVERIFY2(refused.error.contains(u"resending"_s), qPrintable(refused.error));
    QCOMPARE(m_sim->ledger()["movements"].size(), 1u);
    QCOMPARE(int(m_fx->store().attempts(id).size()), 7);
    QVERIFY(!activeResendLease(m_fx->store(), id));
}

void TestTeamMode::rowFromAnotherProcessReachesTheModelWithinTwoSeconds()
{
    // This console (alice's): its own connection, a model, live refresh by LISTEN/NOTIFY.
    const auto desk = m_fx->another(u"alice"_s);
    OperationQuery query(desk->db(), m_fx->clock());
    OperationTableModel model(query);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setFilter({});
    QCOMPARE(model.rowCount(), 0);
    ChangeWatcher watcher(query);
    connect(&watcher, &ChangeWatcher::changed, &model, &OperationTableModel::reload);
    watcher.start(60000); // the probe interval: refresh must come from the notification

    // Another process on another desk: the agent's opsctl.
    QProcessEnvironment env =
        m_fx->programEnv(u"agent"_s, QProcessEnvironment::systemEnvironment());
    env.insert(u"OPS_STRIPE_URL"_s, m_sim->baseUrl().toString());
    env.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_demo"_s);
    QProcess opsctl;
    opsctl.setProcessEnvironment(env);
    opsctl.start(ops::test::opsctlPath(), {u"refund"_s, u"--order"_s, u"4417"_s, u"--charge"_s,
                                           u"ch_4417"_s, u"--amount"_s, u"500"_s});
    QVERIFY(opsctl.waitForFinished(30000));
    QVERIFY2(opsctl.exitCode() == 0, opsctl.readAllStandardError().constData());
    // The probe comes after 60 s, so a row inside 20 s came by the notification. How long it
    // took is a figure beside its 2 s target, not a verdict: a busy machine may be slower.
    QElapsedTimer sinceCommit;
    sinceCommit.start();
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 1, 20000);
    qInfo("another process's row reached the model %lld ms after its commit (target 2000 ms)",
          sinceCommit.elapsed());
    QCOMPARE(model.index(0, 0).data(OperationTableModel::OperationIdRole).toString().left(3),
             u"op_"_s);
}

void TestTeamMode::approvalAndMessageRowsNotifyConsoles_data()
{
    // Who writes it, and the statement, where %1 is that person's actor.
    QTest::addColumn<QString>("who");
    QTest::addColumn<QString>("sql");
    QTest::addRow("approval requested")
        << u"carol"_s
        << u"INSERT INTO approvals (operation_id, action, requested_by, requested_at, payload) "
           "VALUES ('op_n', 'close', '%1', 0, '{}')"_s;
    QTest::addRow("approval decided")
        << u"bob"_s << u"UPDATE approvals SET state = 'rejected', decided_by = '%1' WHERE id = 1"_s;
    QTest::addRow("message queued")
        << u"carol"_s
        << u"INSERT INTO messages (operation_id, conversation, template, language, body, "
           "idempotency_key, created_by, created_at) VALUES ('op_n', 'cus_1', 'custom', 'en', "
           "'hello', 'msg_n2', '%1', 0)"_s;
    QTest::addRow("message send failed")
        << u"carol"_s
        << u"UPDATE messages SET state = 'failed', last_error = 'timeout' WHERE id = 1"_s;
}

// Rows the console shows change without an audit entry too (a raw store write here): the
// approvals and messages tables have notify triggers of their own (migrations 0003, 0004).
void TestTeamMode::approvalAndMessageRowsNotifyConsoles()
{
    QFETCH(QString, who);
    QFETCH(QString, sql);
    m_fx->agent().openOrGet(agentOperation(OperationKind::Refund, u"op_n"_s, u"n"_s));
    Connection &carol = connectionOf(m_fx->as(u"carol"_s));
    const QString asked = m_fx->person(u"carol"_s);
    runQuery(carol, u"INSERT INTO approvals (operation_id, action, requested_by, requested_at, "
                    "payload) VALUES ('op_n', 'resend', '%1', 0, '{}')"_s.arg(asked));
    runQuery(carol, u"INSERT INTO messages (operation_id, conversation, template, language, "
                    "body, idempotency_key, created_by, created_at) VALUES ('op_n', 'cus_1', "
                    "'custom', 'en', 'hello', 'msg_n1', '%1', 0)"_s.arg(asked));
    const auto desk = m_fx->another(u"alice"_s);
    OperationQuery query(desk->db(), m_fx->clock());
    ChangeWatcher watcher(query);
    QSignalSpy changed(&watcher, &ChangeWatcher::changed);
    watcher.start(60000); // the probe interval: the change must come from the notification
    QTest::qWait(300);    // anything committed before LISTEN has been delivered or dropped
    changed.clear();
    runQuery(connectionOf(m_fx->as(who)), sql.contains(u"%1"_s) ? sql.arg(m_fx->person(who)) : sql);
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 20000); // well before the 60 s probe
}

// Issue 50 (found by tst_teamlive): while writers commit without pause, the watcher still
// reports. A notification every 10 ms for as long as the case waits: a coalescing window that
// each notification restarted never closed, so no console reloaded until the writers stopped.
void TestTeamMode::steadyWritesStillReachTheConsole()
{
    const auto desk = m_fx->another(u"alice"_s);
    OperationQuery query(desk->db(), m_fx->clock());
    ChangeWatcher watcher(query);
    QSignalSpy changed(&watcher, &ChangeWatcher::changed);
    watcher.start(60000); // the probe interval: the change must come from the notifications
    QTest::qWait(300);
    changed.clear();
    Connection &db = connectionOf(m_fx->store());
    QTimer writer;
    connect(&writer, &QTimer::timeout, &writer,
            [&db] { runQuery(db, u"SELECT pg_notify('ops_changes', 'op_steady')"_s); });
    writer.start(10);
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 2, 20000); // and again while they go on
    QVERIFY(writer.isActive());
}

void TestTeamMode::auditChainIntactAfterConcurrentWriters()
{
    constexpr int kWriters = 8;
    constexpr int kOpsEach = 6;
    const QString actor = m_fx->agentActor(u"t"_s);
    // Eight writers of the agent, each on a connection of its login.
    const QStringList errors =
        onThreads(m_fx->agentLocation(), kWriters, [&](Connection &db, int w) {
            OperationStore store(db, m_fx->clock());
            for (int n = 0; n < kOpsEach; ++n) {
                const QString id = u"op_w%1_%2"_s.arg(w).arg(n);
                store.openOrGet(agentOperation(OperationKind::Refund, id, id));
                const AttemptTicket t = store.beginAttempt(id, actor);
                AttemptResult r;
                r.outcome = Outcome::NoAnswer;
                store.finishAttempt(id, t.attemptId, r);
            }
        });
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u"; "_s)));
    Connection &db = connectionOf(m_fx->store()); // the service's: it sequences
    AuditSequencer::drain(db); // an entry whose committer met another sequencer may still wait
    // opened + attempt.started + attempt.finished per operation, one chain without forks.
    QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit"_s), kWriters * kOpsEach * 3);
    QCOMPARE(scalar(db, u"SELECT COUNT(DISTINCT prev_hash) FROM audit"_s), kWriters * kOpsEach * 3);
    const auto broken = AuditLog::firstBroken(db);
    QVERIFY2(!broken, qPrintable(u"chain broken at %1"_s.arg(broken.value_or(0))));
}

void TestTeamMode::droppedConnectionLeavesNoHalfWrittenOperation()
{
    // A blocker holds the audit queue (migration 0015), so the writer's transaction stops after
    // inserting the operation row and before its audit entry; then its server process is killed.
    // Only the owner may lock the queue so (logins may only read and queue): a lock, no write.
    const QString blockerName = u"teammode-blocker"_s;
    Connection blocker = Database::open(m_fx->path(), blockerName);
    QVERIFY(QSqlQuery(blocker).exec(u"BEGIN"_s));
    QVERIFY(QSqlQuery(blocker).exec(u"LOCK TABLE audit_pending IN EXCLUSIVE MODE"_s));
    std::atomic<qint64> writerPid = 0;
    QString writerError;
    std::thread writer([&] {
        const QString name = u"teammode-writer"_s;
        {
            Connection db = Database::open(m_fx->agentLocation(), name);
            writerPid = scalar(db, u"SELECT pg_backend_pid()"_s);
            OperationStore store(db, m_fx->clock());
            try {
                store.openOrGet(agentOperation(OperationKind::Refund, u"op_half"_s, u"half"_s));
                writerError = u"the write went through"_s;
            } catch (const StoreError &e) {
                writerError = e.message();
            }
        }
        QSqlDatabase::removeDatabase(name);
    });
    Connection &watcher = connectionOf(m_fx->store());
    QTRY_VERIFY_WITH_TIMEOUT(writerPid > 0, 10000);
    // Wait until the writer is inside its transaction, blocked on the audit queue (read as the
    // owner: another login's wait is hidden from a login without pg_read_all_stats).
    QTRY_COMPARE_WITH_TIMEOUT(
        test::ownerRead(m_fx->path(), u"SELECT COUNT(*) FROM pg_stat_activity WHERE "
                                      "pid = %1 AND wait_event_type = 'Lock' AND "
                                      "state = 'active'"_s.arg(writerPid.load())),
        u"1"_s, 10000);
    // The agent's backend: only a superuser may end another login's (a SELECT by the owner).
    QCOMPARE(test::ownerRead(m_fx->path(),
                             u"SELECT pg_terminate_backend(%1)::int"_s.arg(writerPid.load())),
             u"1"_s);
    writer.join();
    QVERIFY(QSqlQuery(blocker).exec(u"ROLLBACK"_s));
    blocker = {};
    QSqlDatabase::removeDatabase(blockerName);

    QVERIFY2(!writerError.isEmpty() && writerError != u"the write went through"_s,
             qPrintable(writerError));
    QCOMPARE(scalar(watcher, u"SELECT COUNT(*) FROM operations"_s), 0);
    QCOMPARE(scalar(watcher, u"SELECT COUNT(*) FROM audit_entries"_s), 0);
    // The writer lock died with the connection: the next writer is not blocked.
    const OpenResult again =
        m_fx->agent().openOrGet(agentOperation(OperationKind::Refund, u"op_whole"_s, u"half"_s));
    QVERIFY(again.created);
    QVERIFY(!AuditLog::firstBroken(watcher));
}

void TestTeamMode::unreachableServerIsReportedAndRecovered()
{
    // This console's connections die (as when the server restarts or the network drops); the
    // watcher says so once, reconnects, re-opens the shared connection and reloads.
    const auto desk = m_fx->another(u"alice"_s);
    OperationQuery query(desk->db(), m_fx->clock());
    ChangeWatcher watcher(query);
    QSignalSpy unreachable(&watcher, &ChangeWatcher::unreachable);
    QSignalSpy reachable(&watcher, &ChangeWatcher::reachable);
    QSignalSpy changed(&watcher, &ChangeWatcher::changed);
    watcher.start(200);
    const qint64 pidOfQuery = scalar(connectionOf(query), u"SELECT pg_backend_pid()"_s);
    // Every other backend on this database: the console's connection and its listener.
    QVERIFY(endOtherBackends() >= 2);
    QTRY_COMPARE_WITH_TIMEOUT(unreachable.count(), 1, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(reachable.count(), 1, 5000);
    QVERIFY(changed.count() >= 1);
    QVERIFY(scalar(connectionOf(query), u"SELECT pg_backend_pid()"_s) != pidOfQuery);
    // Live again: a commit elsewhere is noticed.
    changed.clear();
    m_fx->agent().openOrGet(agentOperation(OperationKind::Refund, u"op_after"_s, u"after"_s));
    QTRY_VERIFY_WITH_TIMEOUT(changed.count() >= 1, 10000);
}

void TestTeamMode::consoleStatusBarSaysUnreachableAndRetries()
{
    Session session(m_fx->location(u"alice"_s), m_fx->clock());
    ui::MainWindow window(console::readsOf(session), m_fx->person(u"alice"_s),
                          m_fx->person(u"alice"_s) + u"#desk"_s);
    window.show();
    window.startLiveRefresh(200);
    QVERIFY(endOtherBackends() >= 2);
    QTRY_VERIFY_WITH_TIMEOUT(window.statusText().startsWith(u"Database unreachable — retrying"_s),
                             5000);
    QTRY_COMPARE_WITH_TIMEOUT(window.statusText(), u"Database reachable again"_s, 5000);
    // The console works again: a row another process commits now appears.
    m_fx->agent().openOrGet(agentOperation(OperationKind::Refund, u"op_back"_s, u"back"_s));
    QTRY_COMPARE_WITH_TIMEOUT(window.queue()->operationsModel()->rowCount(), 1, 10000);
}

void TestTeamMode::applicationRoleAppendsButCannotRewriteHistory_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addRow("update audit") << u"UPDATE audit SET actor = 'x'"_s;
    QTest::addRow("delete audit") << u"DELETE FROM audit"_s;
    QTest::addRow("truncate audit") << u"TRUNCATE audit"_s;
    QTest::addRow("update evidence") << u"UPDATE evidence SET title = 'x'"_s;
    QTest::addRow("delete evidence") << u"DELETE FROM evidence"_s;
    QTest::addRow("create table") << u"CREATE TABLE sneaky (x INT)"_s;
}

// A person's login (docs/team.md: a member of ops_supervisor, scram password) works — open,
// migrate check, open an operation, add evidence, thresholds, verify — and is refused by
// privileges, before any trigger, on history and on the schema.
void TestTeamMode::applicationRoleAppendsButCannotRewriteHistory()
{
    QFETCH(QString, sql);
    // alice's login: a member of ops_supervisor with a scram password (teamlogins.h).
    const QString actor = m_fx->person(u"alice"_s);
    Connection &reader = connectionOf(m_fx->store());
    const QString name = u"teammode-app-role"_s;
    {
        Connection db = Database::open(m_fx->location(u"alice"_s), name);
        Database::migrate(db); // up to date: reads the version under the writer lock
        OperationStore store(db, m_fx->clock());
        NewOperation op = newOperation(OperationKind::Refund, u"op_role"_s, u"role"_s, actor, {});
        const OpenResult r = store.openOrGet(op);
        QVERIFY(r.created);
        store.addEvidence(
            {0, r.operation.id, u"note"_s, u"n"_s, u"text/plain"_s, "x", {}, {}, actor});
        const qint64 now = m_fx->clock().nowMs();
        setApprovalThreshold(db, now, actor, u"usd"_s, 5000);
        setApprovalThreshold(db, now, actor, u"usd"_s, std::nullopt);
        QVERIFY(AuditLog::verify(db).holds());
        QSqlQuery q(db);
        QVERIFY(!q.exec(sql));
        QVERIFY2(q.lastError().text().contains(u"permission denied"_s),
                 qPrintable(q.lastError().text()));
    }
    QSqlDatabase::removeDatabase(name);
    QCOMPARE(scalar(reader, u"SELECT COUNT(*) FROM evidence"_s), 1);
    QVERIFY(!AuditLog::firstBroken(reader));
}

QTEST_MAIN(TestTeamMode)
#include "tst_teammode.moc"
