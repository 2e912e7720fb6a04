// The MCP share of opschaos's plan (--mcp-percent, issue 29), pure: only refund calls go to the
// MCP server, about the share asked for, and a seed's plan is otherwise the one it always was;
// an opsctl refund's arguments become the refund tool's.

#include "chaos/chaosplan.h"
#include "chaos/mcpagent.h"

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

QTEST_GUILESS_MAIN(TestChaosPlan)
#include "tst_chaosplan.moc"
