// Issue 30 through real opsctl processes: a person's Adyen refund held for a second person, then
// approved with `opsctl approval approve`, goes to Adyen with the row's stored key and bytes —
// never to Stripe, though Stripe is configured too. Real provider-sim (demo seed) on a real
// database (SQLite, and PostgreSQL as the _pg variant).

#include "support/processrun.h"
#include "support/simprocess.h"
#include "support/testdatabase.h"

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

class TestOpsctlAdyen : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void approvedHeldRefundGoesToAdyen();

private:
    ProcessRun opsctl(const QStringList &args) const
    {
        return ops::test::runProcess(QStringLiteral(OPS_OPSCTL_PATH), args, m_env);
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

    std::unique_ptr<ops::test::TestDatabase> m_db;
    std::unique_ptr<SimProcess> m_sim;
    QProcessEnvironment m_env;
};

void TestOpsctlAdyen::init()
{
    m_db = std::make_unique<ops::test::TestDatabase>();
    m_sim = std::make_unique<SimProcess>(QStringLiteral(OPS_PROVIDER_SIM_PATH),
                                         SimProcess::demoSeedPath(QStringLiteral(OPS_SOURCE_DIR)));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
    m_sim->admin("POST", u"/_sim/adyen/config"_s, {{"auto_settle_ms", -1}});
    m_env = m_sim->stripeEnvironment();
    m_env.insert(u"OPS_DB"_s, m_db->location());
    m_env.insert(u"OPS_ADYEN_URL"_s, m_sim->baseUrl().toString());
    m_env.insert(u"OPS_ADYEN_KEY"_s, u"adyen_test_demo"_s);
    m_env.insert(u"OPS_ADYEN_MERCHANT"_s, u"NorthwindECOM"_s);
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

QTEST_GUILESS_MAIN(TestOpsctlAdyen)
#include "tst_opsctl_adyen.moc"
