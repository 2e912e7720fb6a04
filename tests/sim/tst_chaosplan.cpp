// The MCP share of opschaos's plan (--mcp-percent, issue 29), pure: only refund calls go to the
// MCP server, about the share asked for, and a seed's plan is otherwise the one it always was;
// an opsctl refund's arguments become the refund tool's.

#include "chaos/chaosplan.h"
#include "chaos/mcpagent.h"

#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops::chaos;
using nlohmann::json;

class TestChaosPlan : public QObject
{
    Q_OBJECT

private slots:
    void onlyRefundCallsGoThroughMcp();
    void everyRefundCallAtOneHundredPercent();
    void cliArgumentsBecomeToolArguments();
    void adyenPairsRefundSeededPayments();
};

void TestChaosPlan::onlyRefundCallsGoThroughMcp()
{
    ChaosConfig config;
    config.seed = 7;
    config.units = 45;
    const ChaosPlan without = makePlan(config, true);
    QVERIFY(without.viaMcp.empty());
    config.mcpPercent = 40;
    const ChaosPlan with = makePlan(config, true);
    // The same units, calls and kills: the share draws from a generator of its own.
    QCOMPARE(with.calls, without.calls);
    QCOMPARE(with.killAfterMs, without.killAfterMs);
    QCOMPARE(with.viaMcp.size(), with.calls.size());
    int refundCalls = 0;
    int viaMcp = 0;
    for (size_t i = 0; i < with.calls.size(); ++i) {
        const bool refund = with.units[size_t(with.calls[i])].kind == UnitKind::Refund;
        refundCalls += refund ? 1 : 0;
        viaMcp += with.viaMcp[i] ? 1 : 0;
        QVERIFY2(refund || !with.viaMcp[i], qPrintable(u"call %1 is not a refund"_s.arg(i)));
    }
    // 40 % of about 90 refund calls, give or take what a seeded draw does (seed 7: 51 of 93).
    QVERIFY2(viaMcp > refundCalls * 20 / 100 && viaMcp < refundCalls * 65 / 100,
             qPrintable(u"%1 of %2"_s.arg(viaMcp).arg(refundCalls)));
}

void TestChaosPlan::everyRefundCallAtOneHundredPercent()
{
    ChaosConfig config;
    config.units = 12;
    config.mcpPercent = 100;
    const ChaosPlan plan = makePlan(config, true);
    for (size_t i = 0; i < plan.calls.size(); ++i)
        QCOMPARE(bool(plan.viaMcp[i]), plan.units[size_t(plan.calls[i])].kind == UnitKind::Refund);
}

void TestChaosPlan::cliArgumentsBecomeToolArguments()
{
    const json arguments = toolArguments({u"refund"_s, u"--order"_s, u"chaos-7-3"_s, u"--charge"_s,
                                          u"ch_chaos_7_1"_s, u"--amount"_s, u"6001"_s});
    QCOMPARE(QByteArray::fromStdString(arguments.dump()),
             QByteArray(R"({"amount":6001,"charge":"ch_chaos_7_1","order":"chaos-7-3"})"));
    // Dashes inside an option name become underscores, as the tool's schema spells them.
    QCOMPARE(QByteArray::fromStdString(
                 toolArguments({u"refund"_s, u"--payment-intent"_s, u"pi_1"_s}).dump()),
             QByteArray(R"({"payment_intent":"pi_1"})"));
}

void TestChaosPlan::adyenPairsRefundSeededPayments()
{
    ChaosConfig config;
    config.seed = 12;
    config.units = 30;
    const ChaosPlan without = makePlan(config, true);
    QVERIFY(!without.seed.contains("adyen_payments"));
    config.adyenPercent = 50;
    const ChaosPlan with = makePlan(config, true);
    // The same calls and kills: Adyen or Stripe is drawn from a generator of its own.
    QCOMPARE(with.calls, without.calls);
    QCOMPARE(with.killAfterMs, without.killAfterMs);
    QStringList payments;
    for (const json &p : with.seed["adyen_payments"]) {
        QCOMPARE(p["merchantAccount"].get<std::string>(), kChaosAdyenMerchant.toStdString());
        QCOMPARE(p["currency"].get<std::string>(), std::string("USD"));
        payments << QString::fromStdString(p["pspReference"].get<std::string>());
    }
    int adyenUnits = 0;
    for (const Unit &u : with.units) {
        if (u.kind != UnitKind::Refund || !u.adyen)
            continue;
        ++adyenUnits;
        // 16 upper-case letters and digits, seeded, with the currency Adyen requires.
        QVERIFY2(QRegularExpression(u"^[A-Z0-9]{16}$"_s).match(u.chargeId).hasMatch(),
                 qPrintable(u.chargeId));
        QVERIFY(payments.contains(u.chargeId));
        QCOMPARE(u.args.mid(3), (QStringList{u"--adyen-payment"_s, u.chargeId, u"--currency"_s,
                                             u"usd"_s, u"--amount"_s, QString::number(u.amount)}));
    }
    QVERIFY2(adyenUnits >= 4 && adyenUnits <= 16, qPrintable(QString::number(adyenUnits)));
    // Both units of a pair share one provider: a payment is never a Stripe charge too.
    for (const json &c : with.seed["charges"])
        QVERIFY(!payments.contains(QString::fromStdString(c["id"].get<std::string>())));
    // Adyen's refund route gets the fault mix; the plan without Adyen has none of it.
    QVERIFY(with.faultRules.dump().find("POST /v71/payments/*") != std::string::npos);
    QVERIFY(without.faultRules.dump().find("/v71/") == std::string::npos);
}

QTEST_GUILESS_MAIN(TestChaosPlan)
#include "tst_chaosplan.moc"
