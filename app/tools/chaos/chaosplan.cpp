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

// Two refund units share one charge and each asks for more than half of it, so rule 9 lets at
// most one of them move money, and no unit can be refunded twice within the charge.
Unit refundUnit(const ChaosConfig &c, int index, std::mt19937 &rng, ChaosPlan &plan)
{
    const int pair = index / 2;
    const QString charge = u"ch_chaos_%1_%2"_s.arg(tag(c)).arg(pair);
    if (plan.charges.empty() || plan.charges.back().id != charge)
        plan.charges.push_back({charge, kChargeAmount});
    Unit u;
    u.kind = UnitKind::Refund;
    u.chargeId = charge;
    u.amount = kChargeAmount / 2 + 1 + qint64(rng() % (kChargeAmount / 2));
    const QString order = u"chaos-%1-%2"_s.arg(tag(c)).arg(index);
    u.label = u"refund %1 %2"_s.arg(order).arg(u.amount);
    u.args = {u"refund"_s,
              u"--order"_s,
              order,
              u"--charge"_s,
              charge,
              u"--amount"_s,
              QString::number(u.amount)};
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
    for (const ChargeSeed &ch : plan.charges)
        charges.push_back(
            {{"id", ch.id.toStdString()}, {"amount", ch.amount}, {"currency", "usd"}});
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
    return {{"api_keys", json::array({{{"key", "sk_test_demo"}, {"project", "demo"}}})},
            {"charges", charges},
            {"customers", customers},
            {"flows", flows}};
}

// The mix: hangs on both sides of the commit, stored 500s with and without the money moving,
// 503/429/dropped connections before any claim, and latency that holds the key so a
// concurrent "try again" meets 409 in progress. Reads fail sometimes too. Rules are tried in
// order; the first that fires decides, so together they fault about 45 % of the POSTs and 22 % of
// the reads.
json faultRulesFor(const ChaosConfig &c)
{
    json rules = json::array();
    rules.push_back({{"seed", c.seed}});
    const int hang = c.attemptTimeoutMs * 2;
    for (const char *route :
         {"POST /v1/refunds", "POST /v1/customers/*", "POST /v1/operations/execute"}) {
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
    ChaosPlan plan;
    for (int i = 0; i < config.units; ++i) {
        if (!withSlen || i % 3 != 2)
            plan.units.push_back(refundUnit(config, i, rng, plan));
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
