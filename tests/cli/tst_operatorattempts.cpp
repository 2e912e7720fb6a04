// Issue 18 item 7: the attempt cap limits automation only. An operator resend past the cap is
// counted apart (operator_attempts), with no cap raise and no `attempt_cap.raised` entry; the
// detail pane's timeline, the row's attempts cell and `opsctl show` mark operator attempts as
// such. Migration 0009 brings a database from before (schema 8, with a row whose cap was raised
// by two operator resends) to the new counts with every row valid and the audit chain intact.
// Real SQLite files, or PostgreSQL in the _pg variant; opsctl as a process. On PostgreSQL the
// agent and alice act on their own logins and opsctl reads as the agent (issue 50); only the
// schema-8 database of migrationKeepsRaisedCapRowsValid is written by the owner (no login could
// write before migration 0011).

#include "itemmodels/detailmodels.h"
#include "itemmodels/operationtablemodel.h"
#include "storage/audit/auditlog.h"
#include "storage/db/database.h"
#include "storage/db/sqltransaction.h"
#include "support/rolesfixture.h"
#include "support/testpaths.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;

namespace {

constexpr qint64 kT0 = 1'795'000'000'000; // 2026-11-18, UTC ms

// opsctl show, as the agent on PostgreSQL.
json opsctlShow(const QString &db, const QString &id)
{
    QProcess p;
    p.setProcessEnvironment(
        test::programEnvironment(db, u"agent"_s, QProcessEnvironment::systemEnvironment()));
    p.start(ops::test::opsctlPath(), {u"show"_s, id, u"--json"_s});
    p.waitForFinished(60000);
    if (p.exitCode() != 0)
        qWarning() << "opsctl show:" << p.readAllStandardError();
    return json::parse(p.readAllStandardOutput().toStdString(), nullptr, false);
}

// Applies migrations 1..`upTo` the way Database::migrate does, so a test can build a database as
// an older build left it.
void migrateUpTo(Connection &db, int upTo)
{
    const QString folder = test::onPostgres() ? u"postgresql"_s : u"sqlite"_s;
    const QStringList names =
        QDir(u":/migrations/sqlite"_s).entryList({u"*.sql"_s}, QDir::Files, QDir::Name);
    for (int v = 1; v <= upTo; ++v) {
        QFile f(u":/migrations/%1/%2"_s.arg(folder, names.at(v - 1)));
        QVERIFY(f.open(QIODevice::ReadOnly));
        for (const QString &s : splitSqlScript(QString::fromUtf8(f.readAll()))) {
            QSqlQuery q(db);
            QVERIFY2(q.exec(s), qPrintable(q.lastError().text() + u": "_s + s.left(100)));
        }
        QSqlQuery q(db);
        QVERIFY(
            q.exec(u"INSERT INTO schema_version (version, applied_at) VALUES (%1, 0)"_s.arg(v)));
    }
}

void exec(Connection &db, const QString &sql, const QVariantList &values = {})
{
    QSqlQuery q(db);
    q.prepare(sql);
    for (const QVariant &v : values)
        q.addBindValue(v);
    QVERIFY2(q.exec(), qPrintable(q.lastError().text() + u": "_s + sql.left(100)));
}

// A refund row as a schema-8 build stored it after `automation` attempts by the agent and
// `operators` resends by alice; each resend past the cap raised it by one (attempt_cap.raised).
void oldRow(Connection &db, const QString &id, int automation, int operators, int cap)
{
    WriteTransaction tx(db);
    int raised = 0;
    for (int k = 0; k < operators; ++k)
        if (automation + k >= cap)
            ++raised;
    exec(db,
         u"INSERT INTO operations (id, kind, provider, project, unit_of_work, order_id, charge_id, "
         "amount_minor, currency, idempotency_key, request_method, request_path, request_body, "
         "request_content_type, state, attempts, attempt_cap, first_attempt_at, last_attempt_at, "
         "window_seconds, margin_seconds, deadline_at, unknown_reason, created_by, created_at, "
         "updated_at) VALUES (?, 'refund', 'stripe', '', ?, ?, 'ch_1', 2500, 'usd', ?, 'POST', "
         "'/v1/refunds', ?, 'application/x-www-form-urlencoded', 'unknown', ?, ?, ?, ?, 86400, "
         "900, ?, 'attempt cap reached', 'agent:toolu_1', ?, ?)"_s,
         {id, QString(u"order-"_s + id + u"|2500|usd"_s), QString(u"order-"_s + id),
          QString(u"key-"_s + id), QByteArray("amount=2500&charge=ch_1"), automation + operators,
          cap + raised, kT0, kT0 + 1000, kT0 + 85'500'000, kT0, kT0});
    AuditLog::append(db, kT0, u"agent:toolu_1"_s, u"operation.opened"_s, id, {{"kind", "refund"}});
    int raisedSoFar = 0;
    for (int seq = 1; seq <= automation + operators; ++seq) {
        const bool byOperator = seq > automation;
        const QString actor = byOperator ? u"operator:alice"_s : u"agent:toolu_1"_s;
        if (byOperator && seq - 1 >= cap + raisedSoFar) {
            ++raisedSoFar;
            AuditLog::append(db, kT0 + seq, actor, u"attempt_cap.raised"_s, id,
                             {{"attempt_cap", cap + raisedSoFar}, {"reason", "operator resend"}});
        }
        exec(db,
             u"INSERT INTO attempts (operation_id, seq, actor, started_at, finished_at, "
             "classification) VALUES (?, ?, ?, ?, ?, 'no_answer')"_s,
             {id, seq, actor, kT0 + seq, kT0 + seq + 1});
        AuditLog::append(db, kT0 + seq, actor, u"attempt.started"_s, id,
                         {{"seq", seq}, {"mode", byOperator ? "operator" : "automation"}});
    }
    tx.commit();
}

// A refund of 25.00 USD opened by the agent's `actor` (naming `agent`) with the given cap.
NewOperation refund(const QString &id, int cap, const QString &actor, const QString &agent)
{
    NewOperation n;
    n.id = id;
    n.unitOfWork = u"order-"_s + id + u"|2500|usd"_s;
    n.orderId = u"order-"_s + id;
    n.chargeId = u"ch_9"_s;
    n.amount = {2500, u"usd"_s};
    n.idempotencyKey = u"key-"_s + id;
    n.request = {"POST", u"/v1/refunds"_s, "amount=2500", "application/x-www-form-urlencoded"};
    n.attemptCap = cap;
    n.createdBy = actor;
    n.agent = agent;
    return n;
}

int scalar(Connection &db, const QString &sql)
{
    QSqlQuery q(db);
    if (!q.exec(sql) || !q.next())
        return -1;
    return q.value(0).toInt();
}

} // namespace

class TestOperatorAttempts : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QCOMPARE(test::prepareRoles(), QString()); }
    void cleanupTestCase() { QCOMPARE(test::dropRoles(), QString()); }
    void migrationKeepsRaisedCapRowsValid();
    void operatorResendPastTheCapIsCountedApart();
    void automationNeverExceedsTheCap();
};

void TestOperatorAttempts::migrationKeepsRaisedCapRowsValid()
{
    test::TestDatabase where;
    const QString connection = u"old-build"_s;
    {
        Connection db = Database::open(where.location(), connection);
        migrateUpTo(db, 8);
        if (QTest::currentTestFailed())
            return;
        oldRow(db, u"op_raised"_s, 6, 2, 6); // 8/8 before: six by the agent, two resends
        oldRow(db, u"op_inside"_s, 1, 1, 6); // a resend inside the cap: 2/6 before
        oldRow(db, u"op_agent"_s, 3, 0, 6);  // automation only: 3/6
        QCOMPARE(scalar(db, u"SELECT attempt_cap FROM operations WHERE id = 'op_raised'"_s), 8);
        QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit WHERE action = 'attempt_cap.raised'"_s),
                 2);
        Database::migrate(db); // what the new build does on open
        QCOMPARE(Database::schemaVersion(db), Database::latestVersion());
        QVERIFY(Database::latestVersion() >= 9);

        ManualClock clock(QDateTime::fromMSecsSinceEpoch(kT0, Qt::UTC));
        OperationStore store(db, clock);
        const Operation raised = *store.operation(u"op_raised"_s);
        QCOMPARE(raised.attempts, 6);
        QCOMPARE(raised.attemptCap, 6); // the cap as automation had it
        QCOMPARE(raised.operatorAttempts, 2);
        QCOMPARE(attemptsLabel(raised.attempts, raised.attemptCap, raised.operatorAttempts),
                 u"6/6 + 2 by operator"_s);
        const Operation inside = *store.operation(u"op_inside"_s);
        QCOMPARE(inside.attempts, 1);
        QCOMPARE(inside.attemptCap, 6);
        QCOMPARE(inside.operatorAttempts, 1);
        const Operation agent = *store.operation(u"op_agent"_s);
        QCOMPARE(agent.attempts, 3);
        QCOMPARE(agent.attemptCap, 6);
        QCOMPARE(agent.operatorAttempts, 0);
        const auto attempts = store.attempts(u"op_raised"_s);
        QCOMPARE(int(attempts.size()), 8);
        for (const Attempt &a : attempts)
            QCOMPARE(a.byOperator, a.seq > 6);
        // Every row satisfies the 0001 CHECK, kept; the audit is untouched and still verifies.
        QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM operations WHERE attempts > attempt_cap"_s), 0);
        QCOMPARE(scalar(db, u"SELECT COUNT(*) FROM audit WHERE action = 'attempt_cap.raised'"_s),
                 2);
        QVERIFY(!AuditLog::firstBroken(db));
    }
    QSqlDatabase::removeDatabase(connection);

    // opsctl reads the migrated database and marks the operator attempts.
    const json shown = opsctlShow(where.location(), u"op_raised"_s);
    QVERIFY2(shown.is_object(), "opsctl show printed no JSON");
    QCOMPARE(shown["attempts"].get<int>(), 6);
    QCOMPARE(shown["attempt_cap"].get<int>(), 6);
    QCOMPARE(shown["operator_attempts"].get<int>(), 2);
    QCOMPARE(shown["attempts_detail"][0]["mode"].get<std::string>(), std::string("automation"));
    QCOMPARE(shown["attempts_detail"][6]["mode"].get<std::string>(),
             std::string("operator resend"));
    QCOMPARE(shown["attempts_detail"][6]["actor"].get<std::string>(),
             std::string("operator:alice"));
}

void TestOperatorAttempts::operatorResendPastTheCapIsCountedApart()
{
    test::RolesFixture f;
    OperationStore &agent = f.agent();
    OperationStore &alice = f.as(u"alice"_s);
    OperationStore &store = f.store();
    const QString bot = f.agentActor(u"toolu_1"_s);
    const NewOperation n = refund(u"op_cap"_s, 2, bot, f.agentOf());
    QVERIFY(agent.openOrGet(n).created);
    for (int i = 0; i < 2; ++i) {
        const AttemptTicket t = agent.beginAttempt(n.id, bot);
        QCOMPARE(t.refusal, AttemptRefusal::None);
        agent.finishAttempt(n.id, t.attemptId, {});
    }
    QCOMPARE(agent.beginAttempt(n.id, bot).refusal, AttemptRefusal::CapReached);
    QVERIFY(store.operation(n.id)->state == OperationState::Unknown);

    // Two operator resends past the spent cap: counted apart, the cap unchanged.
    for (int seq = 3; seq <= 4; ++seq) {
        const AttemptTicket t =
            alice.beginAttempt(n.id, f.person(u"alice"_s), AttemptMode::OperatorResend);
        QCOMPARE(t.refusal, AttemptRefusal::None);
        QCOMPARE(t.seq, seq);
        alice.finishAttempt(n.id, t.attemptId, {});
    }
    const Operation op = *store.operation(n.id);
    QCOMPARE(op.attempts, 2);
    QCOMPARE(op.attemptCap, 2);
    QCOMPARE(op.operatorAttempts, 2);
    QCOMPARE(attemptsLabel(op.attempts, op.attemptCap, op.operatorAttempts),
             u"2/2 + 2 by operator"_s);
    QCOMPARE(scalar(connectionOf(store),
                    u"SELECT COUNT(*) FROM audit WHERE action = 'attempt_cap.raised'"_s),
             0);

    // The detail pane's timeline names who made each attempt and how.
    AttemptTableModel timeline;
    timeline.setRows(store.attempts(n.id));
    const auto actor = [&timeline](int row) {
        return timeline.index(row, AttemptTableModel::ActorColumn).data().toString();
    };
    QCOMPARE(actor(0), bot);
    QCOMPARE(actor(3), f.person(u"alice"_s) + u" (operator resend)"_s);

    const json shown = opsctlShow(f.path(), n.id);
    QCOMPARE(shown["operator_attempts"].get<int>(), 2);
    QCOMPARE(shown["attempts_detail"][2]["mode"].get<std::string>(),
             std::string("operator resend"));
    bool raisedEntry = false;
    for (const json &e : shown["audit"])
        raisedEntry |= e["action"] == "attempt_cap.raised";
    QVERIFY(!raisedEntry);
}

void TestOperatorAttempts::automationNeverExceedsTheCap()
{
    // After an operator resend the row may be open again (a colleague reopened nothing: the
    // store never reopens), and automation still stops at its own count.
    test::RolesFixture f;
    OperationStore &agent = f.agent();
    OperationStore &alice = f.as(u"alice"_s);
    OperationStore &store = f.store();
    const QString bot = f.agentActor(u"toolu_1"_s);
    const NewOperation n = refund(u"op_auto"_s, 3, bot, f.agentOf());
    QVERIFY(agent.openOrGet(n).created);
    // An operator resend of an open row (opsctl resend may do it) does not use automation's cap.
    const AttemptTicket byOperator =
        alice.beginAttempt(n.id, f.person(u"alice"_s), AttemptMode::OperatorResend);
    QCOMPARE(byOperator.refusal, AttemptRefusal::None);
    alice.finishAttempt(n.id, byOperator.attemptId, {});
    int automation = 0;
    for (;;) {
        const AttemptTicket t = agent.beginAttempt(n.id, bot);
        if (t.refusal != AttemptRefusal::None)
            break;
        ++automation;
        agent.finishAttempt(n.id, t.attemptId, {});
    }
    QCOMPARE(automation, 3);
    const Operation op = *store.operation(n.id);
    QCOMPARE(op.attempts, 3);
    QCOMPARE(op.operatorAttempts, 1);
    QCOMPARE(int(store.attempts(n.id).size()), 4);
    QVERIFY(op.state == OperationState::Unknown);
}

QTEST_MAIN(TestOperatorAttempts)
#include "tst_operatorattempts.moc"
