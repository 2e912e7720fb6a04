// How many durable commits each refund path makes (docs/benchmarks.md, "Durable commits per
// refund"): the row, its key and attempt 1 are one commit before the first POST (rules 1 and 4);
// each answer is one commit with what it settles. Counted by WriteTransaction::commitCount, and
// on SQLite also by sqlite3_commit_hook on the same connection, which sees every commit SQLite
// makes there, including any made outside WriteTransaction. Real provider-sim over loopback.
// As tst_durablecommits_pg on PostgreSQL, the engine runs as the agent's login (rolesfixture.h,
// issue 50).

#include "engine/refundengine.h"
#include "storage/audit/auditlog.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QSqlDriver>
#include <QTest>
#include <sqlite3.h>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::test::RolesFixture;
using ops::test::SimProcess;

namespace {

int countCommit(void *counter)
{
    ++*static_cast<qint64 *>(counter);
    return 0; // 0: let the commit go ahead
}

struct Harness
{
    RolesFixture fixture; // the engine is the agent's
    SimProcess sim{ops::test::providerSimPath(), SimProcess::demoSeedPath(ops::test::sourceDir())};
    QtHttpTransport transport;
    std::unique_ptr<StripeClient> client;
    std::unique_ptr<RefundEngine> engine;
    qint64 hookCommits = 0;
    bool hooked = false;

    bool start()
    {
        if (!sim.start())
            return false;
        client =
            std::make_unique<StripeClient>(transport, StripeConfig{sim.baseUrl(), u"sk_test_demo"_s,
                                                                   std::chrono::milliseconds(400)});
        EngineConfig config;
        config.jitterSeed = 1;
        engine = std::make_unique<RefundEngine>(fixture.agentSession(), *client, config,
                                                [](std::chrono::milliseconds) {});
        const QVariant handle = connectionOf(fixture.agent()).driver()->handle();
        if (handle.isValid() && qstrcmp(handle.typeName(), "sqlite3*") == 0) {
            sqlite3_commit_hook(*static_cast<sqlite3 *const *>(handle.constData()), &countCommit,
                                &hookCommits);
            hooked = true;
        }
        return true;
    }
    qint64 commits()
    {
        return WriteTransaction::commitCount(connectionOf(fixture.agent()).connectionName());
    }
    // Commits made by one refund call, checked against the SQLite hook when there is one.
    qint64 commitsOf(const QString &order, const QString &charge, qint64 amount, ToolResult *out)
    {
        const qint64 before = commits();
        const qint64 hookBefore = hookCommits;
        *out = engine->refund({order, charge, amount, u"usd"_s}, u"agent:toolu_01"_s);
        const qint64 made = commits() - before;
        if (hooked && hookCommits - hookBefore != made)
            return -1000 - (hookCommits - hookBefore); // a commit outside WriteTransaction
        return made;
    }
    void fault(const char *mode, int count)
    {
        sim.addFault({{"route", "POST /v1/refunds"}, {"mode", mode}, {"count", count}});
    }
    int posts()
    {
        int n = 0;
        const nlohmann::json all = sim.requests();
        for (const auto &r : all["requests"])
            n += r.value("method", "") == "POST" ? 1 : 0;
        return n;
    }
};

QString status(const ToolResult &r)
{
    return QString::fromStdString(r.toJson()["status"].get<std::string>());
}

} // namespace

class TestDurableCommits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void perPath_data();
    void perPath();
    void refusedByTheBalanceCommitsNothing();
    void unknownRowCommitsNothing();
    void theFirstCommitHoldsRowKeyAndAttempt();
};

void TestDurableCommits::initTestCase()
{
    const QString error = ops::test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestDurableCommits::cleanupTestCase()
{
    const QString error = ops::test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestDurableCommits::perPath_data()
{
    QTest::addColumn<QString>("mode"); // fault on POST /v1/refunds, once; "" for none
    QTest::addColumn<QString>("charge");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<QString>("expectedStatus");
    QTest::addColumn<int>("expectedPosts");
    QTest::addColumn<int>("expectedCommits");
    // open + attempt 1; answer + evidence + close
    QTest::addRow("zero-fault success")
        << QString() << u"ch_4417"_s << qint64(3800) << u"refunded"_s << 1 << 2;
    // open + attempt 1; answer + unknown
    QTest::addRow("stored 500") << u"stored_500"_s << u"ch_4417"_s << qint64(3800) << u"checking"_s
                                << 1 << 2;
    // open + attempt 1; the failed refund object + evidence + close failed
    QTest::addRow("provider refuses the refund")
        << QString() << u"ch_declined"_s << qint64(1500) << u"failed"_s << 1 << 2;
    // open + attempt 1; 503 answer; attempt 2; answer + evidence + close
    QTest::addRow("503 then resend with the same key")
        << u"503"_s << u"ch_4417"_s << qint64(3800) << u"refunded"_s << 2 << 4;
}

void TestDurableCommits::perPath()
{
    QFETCH(QString, mode);
    QFETCH(QString, charge);
    QFETCH(qint64, amount);
    QFETCH(QString, expectedStatus);
    QFETCH(int, expectedPosts);
    QFETCH(int, expectedCommits);
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    if (!mode.isEmpty())
        h.fault(mode.toLatin1().constData(), 1);
    ToolResult r;
    QCOMPARE(h.commitsOf(u"o-"_s + charge, charge, amount, &r), qint64(expectedCommits));
    QCOMPARE(status(r), expectedStatus);
    QCOMPARE(h.posts(), expectedPosts);
    // Nothing was lost by merging: every attempt finished, every step audited, the chain holds.
    const auto attempts = h.fixture.agent().attempts(r.operationId);
    QCOMPARE(int(attempts.size()), expectedPosts);
    for (const Attempt &a : attempts)
        QVERIFY(a.finishedAt.has_value() && a.outcome != Outcome::InFlight);
    const auto audit = h.fixture.agent().audit(r.operationId);
    QCOMPARE(audit.front().action, u"operation.opened"_s);
    QCOMPARE(audit.at(1).action, u"attempt.started"_s);
    QVERIFY(AuditLog::verify(connectionOf(h.fixture.agent())).holds());
}

void TestDurableCommits::refusedByTheBalanceCommitsNothing()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    ToolResult first;
    QCOMPARE(h.commitsOf(u"4417"_s, u"ch_4417"_s, 3800, &first), qint64(2));
    ToolResult again; // the same amount again on a charge now fully refunded
    QCOMPARE(h.commitsOf(u"4417-b"_s, u"ch_4417"_s, 3800, &again), qint64(0));
    QCOMPARE(status(again), u"rejected"_s);
    QCOMPARE(h.posts(), 1);
}

void TestDurableCommits::unknownRowCommitsNothing()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("stored_500", 1);
    ToolResult first;
    QCOMPARE(h.commitsOf(u"4417"_s, u"ch_4417"_s, 3800, &first), qint64(2));
    ToolResult again; // rule 6: unknown is sticky, nothing sent, nothing written
    QCOMPARE(h.commitsOf(u"4417"_s, u"ch_4417"_s, 3800, &again), qint64(0));
    QCOMPARE(status(again), u"checking"_s);
    QCOMPARE(h.posts(), 1);
}

void TestDurableCommits::theFirstCommitHoldsRowKeyAndAttempt()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    // The provider never answers within the attempt timeout: only the first commit is made
    // before each send, so what is on disk after a timed-out call is what the send relied on.
    h.fault("hang_before_commit", 3);
    ToolResult r;
    const qint64 made = h.commitsOf(u"4417"_s, u"ch_4417"_s, 3800, &r);
    QCOMPARE(status(r), u"unconfirmed"_s);
    // open + attempt 1; timeout; (attempt n; timeout) twice
    QCOMPARE(made, qint64(6));
    const auto op = h.fixture.agent().operation(r.operationId);
    QCOMPARE(op->attempts, 3);
    QVERIFY(!op->idempotencyKey.isEmpty());
    QVERIFY(op->firstAttemptAt.has_value());
}

QTEST_GUILESS_MAIN(TestDurableCommits)
#include "tst_durablecommits.moc"
