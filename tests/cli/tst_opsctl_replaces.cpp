// Issue 31 item 2, the command-line twin of the console's "Start a new refund": `opsctl refund …
// --replaces OP` opens a new operation with a new key for a refund that ended failed, and the two
// rows name each other (`show`: "replaces" and "replaced_by"). Real opsctl processes against
// provider-sim on a real database (SQLite, and PostgreSQL through the _pg variant, where the
// database's own guard of migration 0014 checks the same). Every refusal stores and sends nothing.
// A person's replacement above the four-eyes threshold waits for a second person. On PostgreSQL
// each opsctl logs in as the actor that runs it: people as themselves, the refund tool as the
// agent (issue 50).

#include "support/processrun.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QTest>

using namespace Qt::StringLiterals;
using nlohmann::json;
using ops::test::ProcessRun;
using ops::test::SimProcess;

namespace {

QString text(const json &j)
{
    return j.is_string() ? QString::fromStdString(j.get<std::string>()) : QString();
}

} // namespace

class TestOpsctlReplaces : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QCOMPARE(ops::test::prepareRoles(), QString()); }
    void cleanupTestCase() { QCOMPARE(ops::test::dropRoles(), QString()); }
    void init();
    void cleanup();
    void replacementOpensANewKeyAndLinksBothRows();
    void refusedReplacementsStoreAndSendNothing_data();
    void refusedReplacementsStoreAndSendNothing();
    void aPersonsReplacementAboveTheThresholdWaitsForASecondPerson();
    void aPersonWhoMayNotSendRefundsCostsNoCall_data();
    void aPersonWhoMayNotSendRefundsCostsNoCall();

private:
    // As the person --operator names, else as the agent (routeOperator).
    ProcessRun opsctl(QStringList args) const
    {
        const QString who = ops::test::routeOperator(args);
        return ops::test::runProcess(ops::test::opsctlPath(), args, m_db->programEnv(who, m_env));
    }
    int rows() const
    {
        return ops::test::TestDatabase::probeCount(m_db->path(),
                                                   u"SELECT COUNT(*) FROM operations"_s);
    }
    int calls() const { return int(m_sim->requests()["requests"].size()); }
    int posts() const
    {
        int n = 0;
        const json all = m_sim->requests();
        for (const json &r : all["requests"])
            n += r.value("method", "") == "POST" ? 1 : 0;
        return n;
    }
    // A refund of order `order` that the provider declines: its row ends failed.
    QString failedRefund(const QString &order, qint64 amount = 1500);
    json show(const QString &id) const { return opsctl({u"show"_s, id, u"--json"_s}).result(); }

    std::unique_ptr<ops::test::RolesFixture> m_db;
    std::unique_ptr<SimProcess> m_sim;
    QProcessEnvironment m_env;
};

void TestOpsctlReplaces::init()
{
    m_db = std::make_unique<ops::test::RolesFixture>(ops::test::RolesFixture::ForPrograms{});
    m_sim = std::make_unique<SimProcess>(ops::test::providerSimPath());
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
    json charges = json::array();
    for (const char *id : {"ch_declined_1", "ch_declined_2", "ch_declined_3"})
        charges.push_back(
            {{"id", id}, {"amount", 500000}, {"currency", "usd"}, {"refund_status", "failed"}});
    charges.push_back({{"id", "ch_ok"}, {"amount", 500000}, {"currency", "usd"}});
    charges.push_back({{"id", "ch_eur"}, {"amount", 500000}, {"currency", "eur"}});
    m_sim->seed(
        {{"api_keys", {{{"key", "sk_test_replace"}, {"project", "t"}}}}, {"charges", charges}});
    m_env = QProcessEnvironment::systemEnvironment();
    m_env.insert(u"OPS_STRIPE_URL"_s, m_sim->baseUrl().toString());
    m_env.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_replace"_s);
    m_env.insert(u"OPS_ATTEMPT_TIMEOUT_MS"_s, u"1500"_s);
    m_env.remove(u"OPS_OPERATOR"_s);
    // alice and bob supervise; carol is support without the resend right, dave without the
    // attach right. On PostgreSQL the team's directory has alice and bob (teamfixture.h); a
    // group, not a person, has rights.
    if (m_db->onTeam())
        return;
    for (const auto &[who, role] :
         {std::pair{u"alice"_s, u"supervisor"_s}, std::pair{u"bob"_s, u"supervisor"_s}}) {
        const ProcessRun r =
            opsctl({u"--operator"_s, u"alice"_s, u"operator"_s, u"add"_s, who, u"--role"_s, role});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    }
    const ProcessRun carol =
        opsctl({u"--operator"_s, u"alice"_s, u"operator"_s, u"add"_s, u"carol"_s, u"--role"_s,
                u"support"_s, u"--rights"_s, u"view,attach,message"_s});
    QVERIFY2(carol.exitCode == 0, qPrintable(carol.errText()));
    const ProcessRun dave =
        opsctl({u"--operator"_s, u"alice"_s, u"operator"_s, u"add"_s, u"dave"_s, u"--role"_s,
                u"support"_s, u"--rights"_s, u"view,resend,message"_s});
    QVERIFY2(dave.exitCode == 0, qPrintable(dave.errText()));
}

void TestOpsctlReplaces::cleanup()
{
    m_sim.reset();
    m_db.reset();
}

QString TestOpsctlReplaces::failedRefund(const QString &order, qint64 amount)
{
    static int next = 0;
    const QString charge = u"ch_declined_%1"_s.arg(++next % 3 + 1);
    const ProcessRun r = opsctl({u"refund"_s, u"--order"_s, order, u"--charge"_s, charge,
                                 u"--amount"_s, QString::number(amount)});
    if (text(r.result()["status"]) != u"failed"_s)
        return {};
    return text(r.result()["operation_id"]);
}

void TestOpsctlReplaces::replacementOpensANewKeyAndLinksBothRows()
{
    const QString failed = failedRefund(u"ord-1"_s);
    QVERIFY(!failed.isEmpty());
    const ProcessRun r =
        opsctl({u"--operator"_s, u"alice"_s, u"refund"_s, u"--order"_s, u"ord-1"_s, u"--charge"_s,
                u"ch_ok"_s, u"--amount"_s, u"1500"_s, u"--replaces"_s, failed});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(text(r.result()["status"]), u"refunded"_s);
    const QString fresh = text(r.result()["operation_id"]);
    QVERIFY(fresh != failed);

    const json newRow = show(fresh);
    const json oldRow = show(failed);
    QCOMPARE(text(newRow["replaces"]), failed);
    QVERIFY(text(newRow["idempotency_key"]) != text(oldRow["idempotency_key"]));
    QCOMPARE(text(newRow["created_by"]), ops::test::personActorOf(u"alice"_s));
    QCOMPARE(oldRow["replaced_by"].size(), 1u);
    QCOMPARE(text(oldRow["replaced_by"][0]["id"]), fresh);
    QCOMPARE(text(oldRow["replaced_by"][0]["state"]), u"succeeded"_s);
    QCOMPARE(text(oldRow["state"]), u"failed"_s); // the failed row keeps its close
    bool audited = false;
    for (const json &e : newRow["audit"])
        audited |= e["action"] == "operation.opened" && text(e["detail"]["replaces"]) == failed;
    QVERIFY(audited);
}

void TestOpsctlReplaces::refusedReplacementsStoreAndSendNothing_data()
{
    QTest::addColumn<QString>("target"); // failed | replaced | succeeded | missing
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("who");
    QTest::addColumn<QString>("expected");
    const QStringList ok = {u"--order"_s, u"ord-2"_s,    u"--charge"_s,
                            u"ch_ok"_s,   u"--amount"_s, u"1500"_s};
    QTest::newRow("no such operation") << u"missing"_s << ok << QString() << u"no operation"_s;
    QTest::newRow("a succeeded refund") << u"succeeded"_s << ok << QString() << u"only a failed"_s;
    QTest::newRow("already replaced")
        << u"replaced"_s << ok << QString() << u"already replaced by"_s;
    QTest::newRow("another order")
        << u"failed"_s << QStringList{u"--order"_s, u"ord-9"_s,    u"--charge"_s,
                                      u"ch_ok"_s,   u"--amount"_s, u"1500"_s}
        << QString() << u"refunds order ord-2, not ord-9"_s;
    QTest::newRow("another currency")
        << u"failed"_s << QStringList{u"--order"_s,  u"ord-2"_s, u"--charge"_s,   u"ch_eur"_s,
                                      u"--amount"_s, u"1500"_s,  u"--currency"_s, u"eur"_s}
        << QString() << u"is in usd, not eur"_s;
    QTest::newRow("a person without the resend right")
        << u"failed"_s << ok << u"carol"_s << u"may not resend"_s;
}

void TestOpsctlReplaces::refusedReplacementsStoreAndSendNothing()
{
    QFETCH(QString, target);
    QFETCH(QStringList, args);
    QFETCH(QString, who);
    QFETCH(QString, expected);
    if (who == u"carol"_s && m_db->onTeam())
        QSKIP("team mode has no person without the resend right: a login's rights are its "
              "group's (support may resend), and a login in no group may not read operations");
    QString id = u"op_missing"_s;
    if (target != u"missing"_s)
        id = failedRefund(u"ord-2"_s);
    QVERIFY(!id.isEmpty());
    if (target == u"replaced"_s || target == u"succeeded"_s) {
        const ProcessRun first =
            opsctl(QStringList{u"refund"_s} + args + QStringList{u"--replaces"_s, id});
        QCOMPARE(text(first.result()["status"]), u"refunded"_s);
        if (target == u"succeeded"_s)
            id = text(first.result()["operation_id"]);
    }
    const int rowsBefore = rows();
    const int postsBefore = posts();
    QStringList call = {u"refund"_s};
    if (!who.isEmpty())
        call = QStringList{u"--operator"_s, who} + call;
    const ProcessRun r = opsctl(call + args + QStringList{u"--replaces"_s, id});
    QCOMPARE(r.exitCode, 0); // a tool result, as every refusal of the refund tool
    QCOMPARE(text(r.result()["status"]), u"rejected"_s);
    QCOMPARE(text(r.result()["error"]["code"]), u"not_replaceable"_s);
    QVERIFY2(text(r.result()["error"]["message"]).contains(expected), r.result().dump().c_str());
    QCOMPARE(rows(), rowsBefore);
    QCOMPARE(posts(), postsBefore);
}

void TestOpsctlReplaces::aPersonsReplacementAboveTheThresholdWaitsForASecondPerson()
{
    const ProcessRun threshold = opsctl({u"--operator"_s, u"alice"_s, u"settings"_s, u"set"_s,
                                         u"approval-threshold"_s, u"usd"_s, u"100000"_s});
    QVERIFY2(threshold.exitCode == 0, qPrintable(threshold.errText()));
    const QString failed = failedRefund(u"ord-3"_s, 150000);
    QVERIFY(!failed.isEmpty());
    const int postsBefore = posts();
    const ProcessRun asked =
        opsctl({u"--operator"_s, u"alice"_s, u"refund"_s, u"--order"_s, u"ord-3"_s, u"--charge"_s,
                u"ch_ok"_s, u"--amount"_s, u"150000"_s, u"--replaces"_s, failed});
    QCOMPARE(text(asked.result()["status"]), u"needs_approval"_s);
    const QString held = text(asked.result()["operation_id"]);
    QCOMPARE(text(show(held)["state"]), u"awaiting_approval"_s);
    QCOMPARE(text(show(held)["hold"]), u"four_eyes"_s);
    QCOMPARE(posts(), postsBefore); // nothing sent before the second person

    // The person who started it does not send it; another supervisor does.
    const ProcessRun own = opsctl({u"--operator"_s, u"alice"_s, u"approval"_s, u"approve"_s, held});
    QVERIFY(own.exitCode != 0);
    QVERIFY2(own.errText().contains(u"another person"_s), qPrintable(own.errText()));
    QCOMPARE(posts(), postsBefore);
    const ProcessRun approved =
        opsctl({u"--operator"_s, u"bob"_s, u"approval"_s, u"approve"_s, held});
    QVERIFY2(approved.exitCode == 0, qPrintable(approved.errText()));
    const json row = show(held);
    QCOMPARE(text(row["state"]), u"succeeded"_s);
    QCOMPARE(posts(), postsBefore + 1);
    bool audited = false;
    for (const json &e : row["audit"])
        audited |= e["action"] == "refund_request.approved" &&
                   text(e["actor"]) == ops::test::personActorOf(u"bob"_s);
    QVERIFY2(audited, row["audit"].dump().c_str());
}

void TestOpsctlReplaces::aPersonWhoMayNotSendRefundsCostsNoCall_data()
{
    QTest::addColumn<QString>("who");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not in the directory")
        << u"ghost"_s << u"ghost (not an operator) may not resend"_s;
    QTest::newRow("without the resend right") << u"carol"_s << u"carol (support) may not resend"_s;
    QTest::newRow("without the attach right") << u"dave"_s << u"dave (support) may not attach"_s;
}

// A person's new refund (no --replaces) needs Resend and Attach: it was sent first and refused
// only when its answer was attached. Now nothing is stored, read or sent.
void TestOpsctlReplaces::aPersonWhoMayNotSendRefundsCostsNoCall()
{
    QFETCH(QString, who);
    QFETCH(QString, expected);
    if (m_db->onTeam())
        QSKIP("team mode names the login, whose group has the rights (tst_identity)");
    const int rowsBefore = rows();
    const int callsBefore = calls();
    const ProcessRun r = opsctl({u"--operator"_s, who, u"refund"_s, u"--order"_s, u"ord-7"_s,
                                 u"--charge"_s, u"ch_ok"_s, u"--amount"_s, u"1500"_s});
    QCOMPARE(r.exitCode, 0); // a tool result, as every refusal of the refund tool
    QCOMPARE(text(r.result()["status"]), u"rejected"_s);
    QCOMPARE(text(r.result()["error"]["code"]), u"not_permitted"_s);
    QVERIFY2(text(r.result()["error"]["message"]).contains(expected), r.result().dump().c_str());
    QCOMPARE(rows(), rowsBefore);
    QCOMPARE(calls(), callsBefore);
    // The same person with the rights sends it.
    const ProcessRun alice =
        opsctl({u"--operator"_s, u"alice"_s, u"refund"_s, u"--order"_s, u"ord-7"_s, u"--charge"_s,
                u"ch_ok"_s, u"--amount"_s, u"1500"_s});
    QCOMPARE(text(alice.result()["status"]), u"refunded"_s);
}

QTEST_GUILESS_MAIN(TestOpsctlReplaces)
#include "tst_opsctl_replaces.moc"
