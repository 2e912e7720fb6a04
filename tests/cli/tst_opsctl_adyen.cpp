// Issue 30 through real opsctl processes: a person's Adyen refund held for a second person, then
// approved with `opsctl approval approve`, goes to Adyen with the row's stored key and bytes —
// never to Stripe, though Stripe is configured too. And the Northwind story on Adyen: refunds
// answered `accepted`, settled by the notifications provider-sim signs and delivers to a running
// `opsctl webhook serve`. Real provider-sim (demo seed) on a real database (SQLite, and
// PostgreSQL as the _pg variant, where each opsctl logs in as the actor that runs it: the
// people as themselves, the refund tool as the agent, the receiver as the service; issue 50).

#include "support/processrun.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"
#include "support/webhookserveprocess.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>

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

class TestOpsctlAdyen : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QCOMPARE(ops::test::prepareRoles(), QString()); }
    void cleanupTestCase() { QCOMPARE(ops::test::dropRoles(), QString()); }
    void init();
    void cleanup();
    void approvedHeldRefundGoesToAdyen();
    void notificationsSettleTheRows();

private:
    // As the person --operator names, else as the agent (routeOperator).
    ProcessRun opsctl(QStringList args) const
    {
        const QString who = ops::test::routeOperator(args);
        return ops::test::runProcess(ops::test::opsctlPath(), args, m_db->programEnv(who, m_env));
    }
    json refund(const QString &order, qint64 amount) const
    {
        return opsctl({u"refund"_s, u"--order"_s, order, u"--adyen-payment"_s,
                       u"DZ4DPSHB4WD2WN82"_s, u"--amount"_s, QString::number(amount),
                       u"--currency"_s, u"eur"_s})
            .result();
    }
    // The row once its state is no longer `open` (the notification is delivered asynchronously),
    // or as it is after 15 s.
    json settledRow(const QString &id) const
    {
        QElapsedTimer waited;
        waited.start();
        json row = opsctl({u"show"_s, id, u"--json"_s}).result();
        while (text(row["state"]) == u"open"_s && waited.elapsed() < 15000) {
            QThread::msleep(100);
            row = opsctl({u"show"_s, id, u"--json"_s}).result();
        }
        return row;
    }
    // POSTs the simulator saw whose path starts with `prefix`.
    int posts(const std::string &prefix) const
    {
        int n = 0;
        const json all = m_sim->requests();
        for (const json &r : all["requests"])
            n += r.value("method", "") == "POST" && r.value("path", "").rfind(prefix, 0) == 0;
        return n;
    }

    std::unique_ptr<ops::test::RolesFixture> m_db;
    std::unique_ptr<SimProcess> m_sim;
    QProcessEnvironment m_env;
};

void TestOpsctlAdyen::init()
{
    m_db = std::make_unique<ops::test::RolesFixture>(ops::test::RolesFixture::ForPrograms{});
    m_sim = std::make_unique<SimProcess>(ops::test::providerSimPath(),
                                         SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
    m_sim->admin("POST", u"/_sim/adyen/config"_s, {{"auto_settle_ms", -1}});
    m_env = m_sim->withAdyen(m_sim->stripeEnvironment());
    if (m_db->onTeam())
        return; // the team's directory has alice and bob as supervisors (teamfixture.h)
    for (const QString &who : {u"alice"_s, u"bob"_s}) {
        const ProcessRun r = opsctl({u"--operator"_s, u"alice"_s, u"operator"_s, u"add"_s, who,
                                     u"--role"_s, u"supervisor"_s});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    }
}

void TestOpsctlAdyen::cleanup()
{
    m_sim.reset();
    m_db.reset();
}

void TestOpsctlAdyen::approvedHeldRefundGoesToAdyen()
{
    const ProcessRun threshold = opsctl({u"--operator"_s, u"alice"_s, u"settings"_s, u"set"_s,
                                         u"approval-threshold"_s, u"eur"_s, u"1000"_s});
    QVERIFY2(threshold.exitCode == 0, qPrintable(threshold.errText()));
    const ProcessRun asked = opsctl({u"--operator"_s, u"alice"_s, u"refund"_s, u"--order"_s,
                                     u"4417"_s, u"--adyen-payment"_s, u"DZ4DPSHB4WD2WN82"_s,
                                     u"--amount"_s, u"1200"_s, u"--currency"_s, u"eur"_s});
    QCOMPARE(text(asked.result()["status"]), u"needs_approval"_s);
    const QString held = text(asked.result()["operation_id"]);
    QCOMPARE(posts("/"), 0); // nothing sent before the second person

    const ProcessRun approved =
        opsctl({u"--operator"_s, u"bob"_s, u"approval"_s, u"approve"_s, held});
    QVERIFY2(approved.exitCode == 0, qPrintable(approved.errText()));
    QCOMPARE(text(approved.result()["status"]), u"accepted"_s);
    QCOMPARE(posts("/v71/payments/"), 1);
    QCOMPARE(posts("/v1/"), 0);
    const json row = opsctl({u"show"_s, held, u"--json"_s}).result();
    QCOMPARE(text(row["state"]), u"open"_s);
    QCOMPARE(text(row["provider"]), u"adyen"_s);
}

void TestOpsctlAdyen::notificationsSettleTheRows()
{
    const QString key = u"44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056"_s;
    QProcessEnvironment env = m_db->programEnv(u"svc"_s, m_env);
    env.insert(u"OPS_ADYEN_HMAC_KEY"_s, key);
    env.insert(u"OPS_STRIPE_WEBHOOK_SECRET"_s, u"whsec_adyen_story"_s);
    ops::test::WebhookServeProcess receiver(ops::test::opsctlPath(), env);
    QVERIFY(receiver.start());
    QVERIFY(receiver.waitForStderr(u"Adyen notifications for NorthwindECOM"_s));
    const json added = m_sim->admin(
        "POST", u"/_sim/webhooks"_s,
        {{"url", u"http://127.0.0.1:%1/webhooks/adyen"_s.arg(receiver.port()).toStdString()},
         {"format", "adyen"},
         {"hmac_key", key.toStdString()},
         {"retry_base_ms", 100},
         {"retry_max_ms", 400}});
    QVERIFY2(added.contains("endpoint"), qPrintable(m_sim->error()));

    // Accepted, and its repeat before the notification is answered from the row.
    const json first = refund(u"4417"_s, 1200);
    QCOMPARE(text(first["status"]), u"accepted"_s);
    const QString op = text(first["operation_id"]);
    const QString psp = text(first["provider_reference"]);
    QVERIFY(refund(u"4417"_s, 1200) == first);
    QCOMPARE(posts("/v71/payments/"), 1);
    // Adyen settles it: its signed REFUND notification closes the row.
    m_sim->admin("POST", u"/_sim/adyen/refunds/%1/settle"_s.arg(psp), {{"success", true}});
    json row = settledRow(op);
    QCOMPARE(text(row["state"]), u"succeeded"_s);
    QCOMPARE(text(row["provider_ref"]), psp);
    QCOMPARE(text(row["closed_by"]), u"system:webhook"_s);

    // A refused refund closes failed with Adyen's reason.
    const json refused = refund(u"4418"_s, 900);
    QCOMPARE(text(refused["status"]), u"accepted"_s);
    m_sim->admin("POST",
                 u"/_sim/adyen/refunds/%1/settle"_s.arg(text(refused["provider_reference"])),
                 {{"success", false}, {"reason", "Insufficient balance on payment"}});
    row = settledRow(text(refused["operation_id"]));
    QCOMPARE(text(row["state"]), u"failed"_s);
    QVERIFY2(text(row["failure_code"]).contains(u"Insufficient balance"_s), row.dump().c_str());

    // Later, the first refund fails at the bank: Attention, and the row stays succeeded.
    m_sim->admin("POST", u"/_sim/adyen/refunds/%1/fail-later"_s.arg(psp),
                 {{"event", "REFUND_FAILED"}, {"reason", "account closed"}});
    const QString attention =
        u"SELECT COUNT(*) FROM operations WHERE id = '%1' AND attention_reason IS NOT NULL"_s.arg(
            op);
    QElapsedTimer waited;
    waited.start();
    while (ops::test::TestDatabase::probeCount(m_db->path(), attention) == 0 &&
           waited.elapsed() < 15000)
        QThread::msleep(100);
    QCOMPARE(ops::test::TestDatabase::probeCount(m_db->path(), attention), 1);
    row = opsctl({u"show"_s, op, u"--json"_s}).result();
    QCOMPARE(text(row["state"]), u"succeeded"_s);
    QCOMPARE(text(row["provider_status"]), u"refund_failed"_s);
    // Two refunds sent, each once; three notifications, each stored once.
    QCOMPARE(posts("/v71/payments/"), 2);
    QCOMPARE(ops::test::TestDatabase::probeCount(
                 m_db->path(), u"SELECT COUNT(*) FROM provider_events WHERE provider = 'adyen'"_s),
             3);
}

QTEST_GUILESS_MAIN(TestOpsctlAdyen)
#include "tst_opsctl_adyen.moc"
