#include "chaos/chaosplan.h"

#include <algorithm>
#include <random>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops::chaos {

namespace {

constexpr qint64 kChargeAmount = 10000;
constexpr int kCustomers = 4;
const char *const kCreditKinds[] = {"topup", "charge", "adjust"};
// A flow that finishes at once and always succeeds: an execution row can then only end
// succeeded (one ledger entry) or unknown, never legitimately open or failed-with-a-run.
constexpr const char *kFlow = "chaos_flow";

QString tag(const ChaosConfig &c)
{
    return u"c%1"_s.arg(c.seed);
}

// An Adyen pspReference (16 upper-case letters and digits) of its own per seed and pair.
QString adyenPayment(const ChaosConfig &c, int pair)
{
    return u"CH%1P%2"_s.arg(c.seed % 100000000, 8, 10, QChar(u'0')).arg(pair, 5, 10, QChar(u'0'));
}

// The charge or payment of `pair`, added to the plan by its first unit; Adyen or Stripe is drawn
// then, from a generator of its own, so a seed's plan without Adyen stays what it always was.
const ChargeSeed &chargeOf(const ChaosConfig &c, int pair, std::mt19937 &adyenRng, ChaosPlan &plan)
{
    if (!plan.charges.empty() && plan.charges.back().pair == pair)
        return plan.charges.back();
    const bool adyen = c.adyenPercent > 0 && int(adyenRng() % 100) < c.adyenPercent;
    const QString id = adyen ? adyenPayment(c, pair) : u"ch_chaos_%1_%2"_s.arg(tag(c)).arg(pair);
    plan.charges.push_back({id, kChargeAmount, adyen, pair});
    return plan.charges.back();
}

// Two refund units share one charge and each asks for more than half of it, so rule 9 lets at
// most one of them move money, and no unit can be refunded twice within the charge. On Adyen,
// where nothing tells our rule 9 the payment's amount, the simulator's settle refuses the second.
Unit refundUnit(const ChaosConfig &c, int index, std::mt19937 &rng, std::mt19937 &adyenRng,
                ChaosPlan &plan)
{
    const ChargeSeed &charge = chargeOf(c, index / 2, adyenRng, plan);
    Unit u;
    u.kind = UnitKind::Refund;
    u.chargeId = charge.id;
    u.adyen = charge.adyen;
    u.amount = kChargeAmount / 2 + 1 + qint64(rng() % (kChargeAmount / 2));
    const QString order = u"chaos-%1-%2"_s.arg(tag(c)).arg(index);
    u.label = u"%1refund %2 %3"_s.arg(u.adyen ? u"adyen "_s : QString(), order).arg(u.amount);
    u.args = {u"refund"_s, u"--order"_s, order};
    if (u.adyen)
        u.args << u"--adyen-payment"_s << charge.id << u"--currency"_s << u"usd"_s;
    else
        u.args << u"--charge"_s << charge.id;
    u.args << u"--amount"_s << QString::number(u.amount);
    return u;
}

Unit creditUnit(const ChaosConfig &c, int index, std::mt19937 &rng)
{
    const QString kind = QString::fromLatin1(kCreditKinds[index % 3]);
    Unit u;
    u.kind = UnitKind::Credit;
    u.amount = 1 + qint64(rng() % 500);
    const QString work = u"chaos-%1-%2:%3"_s.arg(tag(c)).arg(index).arg(kind);
    const QString customer = u"cu_chaos_%1_%2"_s.arg(tag(c)).arg(index % kCustomers);
    u.label = u"credit %1 %2"_s.arg(work).arg(u.amount);
    u.args = {u"credit"_s,        kind,         u"--customer"_s, customer,
              u"--credit-type"_s, u"credits"_s, u"--amount"_s,   QString::number(u.amount),
              u"--work"_s,        work};
    return u;
}

Unit executionUnit(const ChaosConfig &c, int index)
{
    Unit u;
    u.kind = UnitKind::Execution;
    const QString work = u"chaos-%1-%2:execute"_s.arg(tag(c)).arg(index);
    u.label = u"execution %1"_s.arg(work);
    const QString input = u"{\"topic\":\"unit %1\"}"_s.arg(index);
    u.args = {u"execute"_s, u"--flow"_s, QString::fromLatin1(kFlow), u"--input"_s, input,
              u"--work"_s,  work};
    return u;
}

json seedFor(const ChaosConfig &c, const ChaosPlan &plan)
{
    json charges = json::array();
    json payments = json::array();
    for (const ChargeSeed &ch : plan.charges) {
        if (ch.adyen)
            payments.push_back({{"pspReference", ch.id.toStdString()},
                                {"merchantAccount", kChaosAdyenMerchant.toStdString()},
                                {"amount", ch.amount},
                                {"currency", "USD"}});
        else
            charges.push_back(
                {{"id", ch.id.toStdString()}, {"amount", ch.amount}, {"currency", "usd"}});
    }
    json customers = json::array();
    for (int i = 0; i < kCustomers; ++i)
        customers.push_back({{"id", u"cu_chaos_%1_%2"_s.arg(tag(c)).arg(i).toStdString()},
                             {"project", "demo"},
                             {"balances", {{"credits", 10000000}}}});
    json flows = json::array({{{"id", kFlow},
                               {"run_seconds", 0},
                               {"required_input", json::array({"topic"})},
                               {"result", {{"ok", true}}},
                               {"cost", 1}}});
    json seed = {{"api_keys", json::array({{{"key", "sk_test_demo"}, {"project", "demo"}}})},
                 {"charges", charges},
                 {"customers", customers},
                 {"flows", flows}};
    if (!payments.empty()) {
        seed["api_keys"].push_back({{"key", kChaosAdyenKey.toStdString()}, {"project", "adyen"}});
        seed["adyen_payments"] = payments;
    }
    return seed;
}

// The mix: hangs on both sides of the commit, stored 500s with and without the money moving,
// 503/429/dropped connections before any claim, and latency that holds the key so a
// concurrent "try again" meets 409 in progress. Reads fail sometimes too. Rules are tried in
// order; the first that fires decides, so together they fault about 45 % of the POSTs and 22 % of
// the reads. With Adyen units, Adyen's refund route gets the POST mix too (its "in progress" is
// 422 / 704).
json faultRulesFor(const ChaosConfig &c)
{
    json rules = json::array();
    rules.push_back({{"seed", c.seed}});
    const int hang = c.attemptTimeoutMs * 2;
    std::vector<const char *> posts = {"POST /v1/refunds", "POST /v1/customers/*",
                                       "POST /v1/operations/execute"};
    if (c.adyenPercent > 0)
        posts.push_back("POST /v71/payments/*");
    for (const char *route : posts) {
        rules.push_back({{"route", route}, {"mode", "commit_then_hang"}, {"probability", 0.08}});
        rules.push_back({{"route", route},
                         {"mode", "hang_before_commit"},
                         {"probability", 0.07},
                         {"delay_ms", hang}});
        rules.push_back({{"route", route}, {"mode", "stored_500"}, {"probability", 0.03}});
        rules.push_back(
            {{"route", route}, {"mode", "stored_500"}, {"probability", 0.03}, {"apply", true}});
        rules.push_back({{"route", route}, {"mode", "503"}, {"probability", 0.08}});
        rules.push_back({{"route", route}, {"mode", "429"}, {"probability", 0.07}});
        rules.push_back({{"route", route}, {"mode", "drop_connection"}, {"probability", 0.07}});
        rules.push_back(
            {{"route", route}, {"mode", "latency"}, {"probability", 0.08}, {"delay_ms", hang}});
    }
    for (const char *route : {"GET /v1/charges/*", "GET /v1/customers/*", "GET /v1/executions/*"}) {
        rules.push_back({{"route", route}, {"mode", "503"}, {"probability", 0.15}});
        rules.push_back({{"route", route}, {"mode", "drop_connection"}, {"probability", 0.08}});
    }
    return rules;
}

// Every unit is called two to four times; the calls of one unit are kept close together (a
// shuffle within a window the size of the agent pool), so repeats of the same unit run
// concurrently in different agents as a "try again" while the first call is still going.
std::vector<int> callOrder(const ChaosConfig &c, int unitCount, std::mt19937 &rng)
{
    std::vector<int> order;
    const int wanted = c.calls > 0 ? c.calls : unitCount * 3;
    while (int(order.size()) < wanted) {
        for (int u = 0; u < unitCount && int(order.size()) < wanted; ++u) {
            const int repeats = 2 + int(rng() % 3);
            for (int r = 0; r < repeats && int(order.size()) < wanted; ++r)
                order.push_back(u);
        }
    }
    const size_t window = size_t(std::max(2, c.agents * 2));
    for (size_t i = 0; i + 1 < order.size(); ++i) {
        const size_t j = i + rng() % std::min(window, order.size() - i);
        std::swap(order[i], order[j]);
    }
    return order;
}

} // namespace

ChaosPlan makePlan(const ChaosConfig &config, bool withSlen)
{
    std::mt19937 rng(config.seed);
    std::mt19937 adyenRng(config.seed + 30);
    ChaosPlan plan;
    for (int i = 0; i < config.units; ++i) {
        if (!withSlen || i % 3 != 2)
            plan.units.push_back(refundUnit(config, i, rng, adyenRng, plan));
        else if ((i / 3) % 2 == 0)
            plan.units.push_back(creditUnit(config, i, rng));
        else
            plan.units.push_back(executionUnit(config, i));
    }
    plan.calls = callOrder(config, config.units, rng);
    for (size_t i = 0; i < plan.calls.size(); ++i) {
        const bool kill = int(rng() % 100) < config.killPercent;
        plan.killAfterMs.push_back(kill ? 5 + int(rng() % 60) : -1);
    }
    // A generator of its own, so a seed's plan without MCP stays what it always was.
    std::mt19937 mcpRng(config.seed + 29);
    for (size_t i = 0; config.mcpPercent > 0 && i < plan.calls.size(); ++i) {
        const bool refund = plan.units[size_t(plan.calls[i])].kind == UnitKind::Refund;
        plan.viaMcp.push_back(refund && int(mcpRng() % 100) < config.mcpPercent);
    }
    plan.seed = seedFor(config, plan);
    plan.faultRules = faultRulesFor(config);
    return plan;
}

} // namespace ops::chaos
