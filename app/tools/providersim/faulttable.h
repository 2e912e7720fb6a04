#pragma once

// Fault rules of provider-sim (/_sim/faults). A rule names a route pattern ("POST /v1/refunds",
// "POST /v1/customers/*/topup", "*"), a mode, and when it fires: "count": the next N matching
// requests; "probability": each matching request with that chance; both: by chance until N
// have fired; neither: every matching request. The first rule (in insertion order) that fires
// decides. The random source is seeded (--fault-seed, {"seed":N}), so a run can be repeated.
// Webhook modes (duplicate, reorder, delay, fail_endpoint, bad_signature) live on the route
// "WEBHOOK" only, and only webhook modes may: API requests never meet a webhook fault and
// webhook deliveries never meet an API one.

#include "providersim/simtypes.h"

#include <QHash>
#include <QString>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <vector>

namespace ops::sim {

struct FaultDecision
{
    Fault fault;
    QString name; // mode name as configured ("stored_500"); empty when no fault
    qint64 ruleId = 0;
};

class FaultTable
{
public:
    static constexpr quint64 defaultSeed = 20261129;
    static constexpr const char *webhookRoute = "WEBHOOK";

    FaultTable();

    // Adds a rule from admin JSON; returns an error message when the rule is invalid.
    // A {"seed":N} field reseeds the random source (and may come without a rule).
    std::optional<QString> add(const nlohmann::json &rule, nlohmann::json &added);
    void reseed(quint64 seed);
    // Decides the fault for one provider request and counts it in the stats.
    FaultDecision decide(const QString &routeLabel);
    // Decides the fault of one webhook delivery attempt among the rules whose mode `eligible`
    // accepts (a retry is not duplicated or reordered again); counts it in the stats.
    FaultDecision decideWebhook(const std::function<bool(FaultMode)> &eligible);
    void clear();
    void clearStats() { m_stats.clear(); }

    nlohmann::json rulesJson() const;
    nlohmann::json statsJson() const;

    static bool routeMatches(const QString &pattern, const QString &routeLabel);

private:
    struct Rule
    {
        qint64 id = 0;
        QString route;
        QString modeName;
        FaultMode mode = FaultMode::None;
        std::optional<double> probability;
        std::optional<int> remaining; // count left; nullopt = unlimited
        int delayMs = 0;
        bool apply = false;
        qint64 fired = 0;
        nlohmann::json toJson() const;
    };

    bool fires(Rule &rule);
    FaultDecision decideAmong(const QString &routeLabel,
                              const std::function<bool(FaultMode)> &eligible);
    double nextUnit();

    std::vector<Rule> m_rules;
    std::mt19937_64 m_random;
    quint64 m_seed = defaultSeed;
    qint64 m_nextId = 1;
    QHash<QString, qint64> m_stats;
};

} // namespace ops::sim
