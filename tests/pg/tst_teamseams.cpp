// Issue 50: where the wave's features meet in team mode, each actor logged in as itself (real
// scram logins of tests/support/teamlogins.h, real opsctl processes, real provider-sim). What
// the engine writes for an Adyen refund names the login that ran it; the answer to a counted
// attempt closes a row that turned unknown while it was in flight, under that attempt's login
// only. PostgreSQL only (ctest: tst_teamseams, fixture pg_server).

#include "support/simprocess.h"
#include "support/teamfixture.h"
#include "support/teamloginshistory.h"
#include "support/testpaths.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

class TestTeamSeams : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void cleanupTestCase();
    void adyenRefundUnderEachLogin_data();
    void adyenRefundUnderEachLogin();
    void lateAnswerClosesUnderTheAttemptsLogin();

private:
    test::ProcessRun opsctl(const QString &who, const QStringList &args,
                            const QProcessEnvironment &extra) const;
    test::ProcessRun psql(const QString &who, const QString &sql) const;
    // The owner's answer to `sql` on this case's database, one line per row.
    QString ownerRead(const QString &sql) const;
    QString loginOf(const QString &who) const;

    std::unique_ptr<test::TeamFixture> m_fx;
    std::unique_ptr<test::SimProcess> m_sim;
};

void TestTeamSeams::initTestCase()
{
    QVERIFY2(test::onPostgres(), "tst_teamseams runs on PostgreSQL only (OPS_TEST_BACKEND)");
    QVERIFY2(!test::psqlProgram().isEmpty(), "psql is needed (the postgresql-client package)");
    const QString error = test::prepareTeam();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_sim = std::make_unique<test::SimProcess>(
        ops::test::providerSimPath(), test::SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
    m_sim->admin("POST", u"/_sim/adyen/config"_s, {{"auto_settle_ms", -1}});
}

void TestTeamSeams::init()
{
    m_fx = std::make_unique<test::TeamFixture>(false); // migrated by the owner, nothing else
}

void TestTeamSeams::cleanup()
{
    m_fx.reset();
}

void TestTeamSeams::cleanupTestCase()
{
    m_sim.reset();
    const QString error = test::dropTeam({});
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

QString TestTeamSeams::loginOf(const QString &who) const
{
    return test::loginOf(who);
}

test::ProcessRun TestTeamSeams::opsctl(const QString &who, const QStringList &args,
                                       const QProcessEnvironment &extra) const
{
    return test::opsctlAs(ops::test::opsctlPath(), loginOf(who), m_fx->path(), args, extra);
}

test::ProcessRun TestTeamSeams::psql(const QString &who, const QString &sql) const
{
    return test::psqlAs(loginOf(who), m_fx->path(), sql);
}

QString TestTeamSeams::ownerRead(const QString &sql) const
{
    return test::ownerRead(m_fx->path(), sql);
}

// Item 1: an Adyen refund as the agent's login and as a supervisor's, first call and retry.
// Every row the engine writes names that login (the unchecked-balance note included), its one
// attempt is finished, and the retry answers the same operation without a second request.
void TestTeamSeams::adyenRefundUnderEachLogin_data()
{
    QTest::addColumn<QString>("who");
    QTest::addColumn<QString>("actor");
    QTest::addRow("agent") << u"agent"_s << u"agent:%1:opsctl:cli"_s.arg(test::pidName(u"agent"_s));
    QTest::addRow("supervisor") << u"alice"_s << test::operatorActor(u"alice"_s);
}

void TestTeamSeams::adyenRefundUnderEachLogin()
{
    QFETCH(QString, who);
    QFETCH(QString, actor);
    const QProcessEnvironment adyen = m_sim->withAdyen({});
    const QStringList args{u"refund"_s,
                           u"--order"_s,
                           u"4417-"_s + who,
                           u"--adyen-payment"_s,
                           u"DZ4DPSHB4WD2WN82"_s,
                           u"--amount"_s,
                           u"700"_s,
                           u"--currency"_s,
                           u"eur"_s};
    const test::ProcessRun first = opsctl(who, args, adyen);
    QVERIFY2(first.exitCode == 0, qPrintable(first.errText()));
    const QString opened = QString::fromStdString(first.result().value("operation_id", ""));
    QVERIFY2(!opened.isEmpty(), first.out.constData());
    QCOMPARE(QString::fromStdString(first.result().value("status", "")), u"accepted"_s);
    const test::ProcessRun retry = opsctl(who, args, adyen);
    QVERIFY2(retry.exitCode == 0, qPrintable(retry.errText()));
    QCOMPARE(QString::fromStdString(retry.result().value("operation_id", "")), opened);

    const QString where = u" WHERE operation_id = '%1'"_s.arg(opened);
    QCOMPARE(ownerRead(u"SELECT state || ' ' || attempts || ' ' || created_by FROM operations "
                       "WHERE id = '%1'"_s.arg(opened)),
             u"open 1 "_s + actor);
    QCOMPARE(ownerRead(u"SELECT count(*) FROM attempts"_s + where +
                       u" AND classification = 'in_flight'"_s),
             u"0"_s);
    QCOMPARE(ownerRead(u"SELECT string_agg(DISTINCT created_by, ',') FROM evidence"_s + where),
             actor);
}

// The answer to a counted attempt closes a row that turned unknown while it was in flight
// (another caller reached the cap), under the login whose attempt it was (migration 0018). A
// login with no answered attempt on the row is refused, and so is a person naming themself.
// An agent may touch a proposal only to withdraw it once the row has closed.
void TestTeamSeams::lateAnswerClosesUnderTheAttemptsLogin()
{
    // The rows, their unknown state and the attempts as the agent's login wrote them; the open
    // proposals as the service's.
    OperationStore &store = m_fx->as(u"agent"_s);
    for (const QString &id : {u"op_u1"_s, u"op_u2"_s}) {
        NewOperation row = test::teamRefundRow(id);
        row.agent = test::pidName(u"agent"_s); // an agent's row names its login (0013)
        store.openOrGet(row);
    }
    const QString agent = u"agent:%1:opsctl:cli"_s.arg(test::pidName(u"agent"_s));
    const QString seed =
        u"UPDATE operations SET state = 'unknown' WHERE id IN ('op_u1', 'op_u2'); "
        "INSERT INTO attempts (operation_id, seq, actor, started_at, finished_at, mode, "
        "classification) VALUES ('op_u1', 2, '%1', 1, 2, 'automation', 'succeeded'), "
        "('op_u2', 2, '%1', 1, NULL, 'automation', 'in_flight')"_s.arg(agent);
    const test::ProcessRun seeded = psql(u"agent"_s, seed);
    QVERIFY2(seeded.exitCode == 0, qPrintable(seeded.errText()));
    const QString close = u"UPDATE operations SET state = 'succeeded', closed_by = '%2', "
                          "closed_at = 3, close_reason = 'late answer', provider_ref = 're_1' "
                          "WHERE id = '%1'"_s;

    test::ProcessRun r = psql(u"agent"_s, close.arg(u"op_u2"_s, agent));
    QVERIFY2(r.exitCode != 0 && r.errText().contains(u"ops-refused[close]"_s),
             qPrintable(r.errText()));
    r = psql(u"sam"_s, close.arg(u"op_u1"_s, test::operatorActor(u"sam"_s)));
    QVERIFY2(r.exitCode != 0 && r.errText().contains(u"ops-refused"_s), qPrintable(r.errText()));
    QCOMPARE(ownerRead(u"SELECT state FROM operations WHERE id = 'op_u1'"_s), u"unknown"_s);

    // The row's open proposal goes with the close, in its transaction, and only then (item 8).
    const QString proposal =
        u"INSERT INTO proposals (operation_id, action, outcome, evidence_ids, "
        "newest_evidence_id, reason, created_by, created_at) VALUES ('%1', 'close', 'failed', "
        "'[]', 0, 'no refund read', 'system:reconciler', 1)"_s;
    for (const QString &id : {u"op_u1"_s, u"op_u2"_s}) {
        const test::ProcessRun proposed = psql(u"svc"_s, proposal.arg(id));
        QVERIFY2(proposed.exitCode == 0, qPrintable(proposed.errText()));
    }
    const QString withdraw = u"UPDATE proposals SET state = '%2', decided_by = '%3', "
                             "decided_at = 3 WHERE operation_id = '%1'"_s;
    r = psql(u"agent"_s, withdraw.arg(u"op_u2"_s, u"withdrawn"_s, agent));
    QVERIFY2(r.errText().contains(u"ops-refused[proposal]"_s), qPrintable(r.errText()));
    r = psql(u"agent"_s, withdraw.arg(u"op_u2"_s, u"applied"_s, agent));
    QVERIFY2(r.errText().contains(u"ops-refused[agent]"_s), qPrintable(r.errText()));

    r = psql(u"agent"_s, close.arg(u"op_u1"_s, agent) + u"; "_s +
                             withdraw.arg(u"op_u1"_s, u"withdrawn"_s, agent));
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    QCOMPARE(ownerRead(u"SELECT state || ' ' || closed_by FROM operations WHERE id = 'op_u1'"_s),
             u"succeeded "_s + agent);
    QCOMPARE(ownerRead(u"SELECT string_agg(operation_id || ' ' || state, ',' ORDER BY "
                       "operation_id) FROM proposals"_s),
             u"op_u1 withdrawn,op_u2 open"_s);
}

QTEST_GUILESS_MAIN(TestTeamSeams)
#include "tst_teamseams.moc"
