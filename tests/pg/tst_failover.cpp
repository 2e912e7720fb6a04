// Issue 29: a team database that fails over keeps rule 1. Each case starts its own primary and
// streaming standby on loopback (scripts/pg.sh start-pair) and reaches it as the desk would,
// through opsctl with a two-host URL against provider-sim:
// - synchronous: db check says so, a refund goes through, the primary is killed and the standby
//   promoted, and the same call finds its row on the new primary (one movement);
// - asynchronous: db check says what to change, openings are refused with async_replication and
//   nothing is stored or sent, until a supervisor accepts the risk (audited);
// - a COMMIT cut off by the failover: the opening waits for the stopped standby, the primary dies
//   under it, nothing was sent, the promoted standby has no row, and the retry refunds once;
// - bad input: a standby as the only host, every host down;
// - a long-running process's connection (the reconciler's, the receiver's, the sequencer's)
//   opens again on the promoted standby, and backs off while no host answers.

#include "storage/access/accessstore.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"
#include "support/pgpair.h"
#include "support/processrun.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace ops::test;
using nlohmann::json;

namespace {

QString text(const json &value)
{
    return QString::fromStdString(value.is_string() ? value.get<std::string>() : value.dump());
}

// An agent's call: no person named.
ProcessRun opsctl(const QString &db, const QStringList &args,
                  const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    return runProcess(ops::test::opsctlPath(), QStringList{u"--db"_s, db} + args, env, 60000);
}

// A person's command (the postgres login's directory row, or another person's name).
ProcessRun asPerson(const QString &db, const QStringList &args, const QString &who = u"postgres"_s)
{
    return opsctl(db, QStringList{u"--operator"_s, who} + args);
}

const QStringList kRefund = {u"refund"_s,  u"--order"_s,  u"4417"_s, u"--charge"_s,
                             u"ch_4417"_s, u"--amount"_s, u"1000"_s};

qsizetype refundRequests(SimProcess &sim)
{
    const json log = sim.requests();
    if (!log.contains("requests"))
        return -1;
    qsizetype n = 0;
    for (const json &r : log["requests"])
        n += r.value("method", "") == "POST" && r.value("path", "") == "/v1/refunds";
    return n;
}

// The pair's URL once opsctl db migrate went through on it; '' when the pair (pair.error() says
// why) or the migration (a warning says why) failed.
QString migrated(const Pair &pair)
{
    if (!pair.error().isEmpty())
        return {};
    const ProcessRun migrate = opsctl(pair.url(), {u"db"_s, u"migrate"_s});
    if (migrate.exitCode == 0)
        return pair.url();
    qWarning() << "opsctl db migrate:" << migrate.errText();
    return {};
}

qsizetype rows(const QString &db)
{
    return qsizetype(opsctl(db, {u"list"_s, u"--json"_s}).result()["operations"].size());
}

} // namespace

class TestFailover : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void synchronousPairSurvivesFailover();
    void asynchronousPairRefusesUntilAccepted();
    void commitCutOffByFailoverSendsNothing();
    void badHostsAreClearErrors();
    void longRunningConnectionReconnects();

private:
    std::unique_ptr<SimProcess> m_sim;
};

void TestFailover::init()
{
    m_sim = std::make_unique<SimProcess>(ops::test::providerSimPath(),
                                         SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
}

void TestFailover::synchronousPairSurvivesFailover()
{
    Pair pair(u"sync"_s);
    const QString db = migrated(pair);
    QVERIFY2(!db.isEmpty(), qPrintable(pair.error()));
    const json check = opsctl(db, {u"db"_s, u"check"_s, u"--json"_s}).result();
    QCOMPARE(text(check["verdict"]), u"sync"_s);
    QCOMPARE(text(check["role"]), u"primary"_s);
    QCOMPARE(text(check["synchronous_standby_names"]), u"*"_s);
    QCOMPARE(check["standbys_sync"].get<int>(), 1);
    QCOMPARE(text(check["openings"]), u"allowed"_s);
    QVERIFY(check["advice"].empty());

    const QProcessEnvironment env = m_sim->stripeEnvironment();
    const ProcessRun first = opsctl(db, kRefund, env);
    QVERIFY2(text(first.result()["status"]) == u"refunded"_s, first.out.constData());
    QVERIFY(pair.run(u"promote"_s));
    // The same URL now reaches the promoted standby, which holds the row: the call repeats it.
    const ProcessRun again = opsctl(db, kRefund, env);
    QCOMPARE(text(again.result()["status"]), u"refunded"_s);
    QCOMPARE(text(again.result()["operation_id"]), text(first.result()["operation_id"]));
    QCOMPARE(m_sim->ledger()["movements"].size(), 1u);
    const json after = opsctl(db, {u"db"_s, u"check"_s, u"--json"_s}).result();
    QCOMPARE(text(after["verdict"]), u"standalone"_s);
    QCOMPARE(after["standbys_connected"].get<int>(), 0);
}

void TestFailover::asynchronousPairRefusesUntilAccepted()
{
    Pair pair(u"async"_s);
    const QString db = migrated(pair);
    QVERIFY2(!db.isEmpty(), qPrintable(pair.error()));
    const json check = opsctl(db, {u"db"_s, u"check"_s, u"--json"_s}).result();
    QCOMPARE(text(check["verdict"]), u"async"_s);
    QCOMPARE(text(check["openings"]), u"refused"_s);
    QVERIFY2(text(check["advice"]).contains(u"synchronous_standby_names"_s), check.dump().c_str());

    const QProcessEnvironment env = m_sim->stripeEnvironment();
    const ProcessRun refused = opsctl(db, kRefund, env);
    QCOMPARE(text(refused.result()["status"]), u"rejected"_s);
    QCOMPARE(text(refused.result()["error"]["code"]), u"async_replication"_s);
    QVERIFY(text(refused.result()["error"]["message"]).contains(u"accept-async-replication"_s));
    QCOMPARE(rows(db), 0);
    QCOMPARE(refundRequests(*m_sim), 0);

    // Only a supervisor accepts, with a value that is on or off; support may not.
    QCOMPARE(asPerson(db, {u"operator"_s, u"add"_s, u"postgres"_s, u"--role"_s, u"supervisor"_s})
                 .exitCode,
             0);
    QCOMPARE(asPerson(db, {u"operator"_s, u"add"_s, u"sam"_s, u"--role"_s, u"support"_s}).exitCode,
             0);
    const ProcessRun wrong =
        asPerson(db, {u"settings"_s, u"set"_s, u"accept-async-replication"_s, u"yes"_s});
    QCOMPARE(wrong.exitCode, 2);
    QVERIFY2(wrong.errText().contains(u"on or off"_s), wrong.err.constData());
    const ProcessRun bySupport =
        asPerson(db, {u"settings"_s, u"set"_s, u"accept-async-replication"_s, u"on"_s}, u"sam"_s);
    QVERIFY(bySupport.exitCode != 0);
    QCOMPARE(text(opsctl(db, {u"settings"_s, u"show"_s}).result()["accept_async_replication"]),
             u"off"_s);

    QCOMPARE(
        asPerson(db, {u"settings"_s, u"set"_s, u"accept-async-replication"_s, u"on"_s}).exitCode,
        0);
    QCOMPARE(text(opsctl(db, {u"settings"_s, u"show"_s}).result()["accept_async_replication"]),
             u"on"_s);
    const ProcessRun accepted = opsctl(db, kRefund, env);
    QCOMPARE(text(accepted.result()["status"]), u"refunded"_s);
    QCOMPARE(m_sim->ledger()["movements"].size(), 1u);
    // Refused again: the existing row still answers its own call; only a new one is refused.
    QCOMPARE(
        asPerson(db, {u"settings"_s, u"set"_s, u"accept-async-replication"_s, u"off"_s}).exitCode,
        0);
    const ProcessRun repeat = opsctl(db, kRefund, env);
    QCOMPARE(text(repeat.result()["status"]), u"refunded"_s);
    QCOMPARE(text(repeat.result()["operation_id"]), text(accepted.result()["operation_id"]));
    const ProcessRun other = opsctl(db,
                                    {u"refund"_s, u"--order"_s, u"4418"_s, u"--charge"_s,
                                     u"ch_4417"_s, u"--amount"_s, u"500"_s},
                                    env);
    QCOMPARE(text(other.result()["error"]["code"]), u"async_replication"_s);
    QCOMPARE(rows(db), 1);
    QCOMPARE(m_sim->ledger()["movements"].size(), 1u);
    const ProcessRun audit = asPerson(db, {u"audit"_s, u"verify"_s});
    QCOMPARE(audit.exitCode, 0);
}

void TestFailover::commitCutOffByFailoverSendsNothing()
{
    Pair pair(u"sync"_s);
    const QString db = migrated(pair);
    QVERIFY2(!db.isEmpty(), qPrintable(pair.error()));
    // With the synchronous standby gone, the opening's COMMIT waits for it.
    QVERIFY(pair.run(u"standby-down"_s));
    QProcess call;
    call.setProcessEnvironment(m_sim->stripeEnvironment());
    call.start(ops::test::opsctlPath(), QStringList{u"--db"_s, db} + kRefund);
    QVERIFY(call.waitForStarted());
    QTest::qWait(2000);
    QCOMPARE(call.state(), QProcess::Running);
    QCOMPARE(refundRequests(*m_sim), 0);
    // The failover: the primary dies under the waiting COMMIT; the standby, which never got the
    // row, comes back only then and is promoted.
    QVERIFY(pair.run(u"promote"_s));
    QVERIFY(call.waitForFinished(30000));
    QVERIFY(call.exitCode() != 0);
    QCOMPARE(refundRequests(*m_sim), 0);
    QCOMPARE(rows(db), 0);
    // The agent's retry opens the one refund.
    const ProcessRun retry = opsctl(db, kRefund, m_sim->stripeEnvironment());
    QCOMPARE(text(retry.result()["status"]), u"refunded"_s);
    QCOMPARE(m_sim->ledger()["movements"].size(), 1u);
}

void TestFailover::badHostsAreClearErrors()
{
    Pair pair(u"sync"_s);
    QVERIFY2(pair.error().isEmpty(), qPrintable(pair.error()));
    const QString standbyOnly =
        u"postgresql://postgres@127.0.0.1:%1/postgres"_s.arg(pair.port(u"standby"_s));
    const ProcessRun standby = opsctl(standbyOnly, {u"list"_s});
    QCOMPARE(standby.exitCode, 2);
    QVERIFY2(standby.errText().contains(u"is a standby and takes no writes"_s),
             standby.err.constData());
    // Every host down (ports where nothing listens): one message naming the hosts, no hang.
    const ProcessRun down =
        opsctl(u"postgresql://postgres@127.0.0.1:1,127.0.0.1:2/postgres"_s, {u"list"_s});
    QCOMPARE(down.exitCode, 2);
    QVERIFY2(down.errText().contains(u"cannot connect to PostgreSQL at "
                                     "postgresql://postgres@127.0.0.1:1,127.0.0.1:2/postgres"_s),
             down.err.constData());
}

void TestFailover::longRunningConnectionReconnects()
{
    Pair pair(u"sync"_s);
    QVERIFY2(pair.error().isEmpty(), qPrintable(pair.error()));
    const ops::SystemClock clock;
    ops::Session session(pair.url(), clock);
    QVERIFY(!session.store().operation(u"op_none"_s));
    QVERIFY(session.store().reconnect().ok()); // alive: nothing to do
    QVERIFY(pair.run(u"promote"_s));
    QVERIFY_THROWS_EXCEPTION(ops::StoreError, session.store().operation(u"op_none"_s));
    const auto reopened = session.store().reconnect();
    QVERIFY2(reopened, qPrintable(reopened.error()));
    QVERIFY(!session.store().operation(u"op_none"_s));
    QCOMPARE(session.access().replication().role, u"primary"_s);

    // Every host gone: a reason, then the back-off answers without trying.
    QVERIFY(pair.run(u"stop"_s));
    QVERIFY_THROWS_EXCEPTION(ops::StoreError, session.store().operation(u"op_none"_s));
    const auto down = session.store().reconnect();
    QVERIFY(!down && !down.error().isEmpty());
    const auto waiting = session.store().reconnect();
    QVERIFY2(!waiting && waiting.error().contains(u"next try in"_s), qPrintable(waiting.error()));
}

QTEST_GUILESS_MAIN(TestFailover)
#include "tst_failover.moc"
