#include "providersim/faulttable.h"

#include "providersim/formdecode.h"

namespace ops::sim {

namespace {

struct ModeInfo
{
    const char *name;
    FaultMode mode;
    int defaultDelayMs; // -1: never answer / hold until the client leaves
};

constexpr ModeInfo modes[] = {
    {"latency", FaultMode::Latency, 1000},
    {"commit_then_hang", FaultMode::CommitThenHang, -1},
    {"hang_before_commit", FaultMode::HangBeforeCommit, -1},
    {"stored_500", FaultMode::Stored500, 0},
    {"stored_500_applied", FaultMode::Stored500Applied, 0}, // "stored_500" with "apply":true
    {"503", FaultMode::Unavailable503, 0},
    {"429", FaultMode::TooMany429, 0},
    {"drop_connection", FaultMode::DropConnection, 0},
    {"prune_key", FaultMode::PruneKey, 0},
    {"duplicate", FaultMode::WebhookDuplicate, 0},
    {"reorder", FaultMode::WebhookReorder, 2000}, // longest hold when no next event comes
    {"delay", FaultMode::WebhookDelay, 1000},
    {"fail_endpoint", FaultMode::WebhookFailEndpoint, 0},
    {"bad_signature", FaultMode::WebhookBadSignature, 0},
};

const ModeInfo *findMode(const std::string &name)
{
    for (const ModeInfo &m : modes) {
        if (name == m.name)
            return &m;
    }
    return nullptr;
}

} // namespace

FaultTable::FaultTable()
    : m_random(defaultSeed)
{}

bool FaultTable::routeMatches(const QString &pattern, const QString &routeLabel)
{
    return globMatches(pattern, routeLabel);
}

std::optional<QString> FaultTable::add(const nlohmann::json &rule, nlohmann::json &added)
{
    if (!rule.is_object())
        return QStringLiteral("a fault rule is a JSON object");
    if (rule.contains("seed")) {
        if (!rule["seed"].is_number_integer())
            return QStringLiteral("seed must be an integer");
        reseed(rule["seed"].get<quint64>());
        added["seed"] = m_seed;
        if (!rule.contains("mode"))
            return std::nullopt;
    }
    if (!rule.contains("mode") || !rule["mode"].is_string())
        return QStringLiteral("mode is required: one of latency, commit_then_hang, "
                              "hang_before_commit, stored_500, stored_500_applied, 503, 429, "
                              "drop_connection, prune_key; on route WEBHOOK: duplicate, reorder, "
                              "delay, fail_endpoint, bad_signature");
    const ModeInfo *info = findMode(rule["mode"].get<std::string>());
    if (!info)
        return QStringLiteral("unknown mode");
    Rule r;
    r.id = m_nextId++;
    if (rule.contains("route") && !rule["route"].is_string())
        return QStringLiteral("route must be a string such as \"POST /v1/refunds\" or \"*\"");
    const bool webhook = isWebhookFault(info->mode);
    r.route =
        QString::fromStdString(rule.value("route", std::string(webhook ? webhookRoute : "*")));
    if (webhook != (r.route == QLatin1String(webhookRoute)))
        return webhook ? QStringLiteral("webhook modes need route \"WEBHOOK\"")
                       : QStringLiteral("route WEBHOOK takes only duplicate, reorder, delay, "
                                        "fail_endpoint or bad_signature");
    r.modeName = QString::fromLatin1(info->name);
    r.mode = info->mode;
    r.delayMs = info->defaultDelayMs;
    if (rule.contains("delay_ms")) {
        if (!rule["delay_ms"].is_number_integer())
            return QStringLiteral("delay_ms must be an integer (-1: never)");
        r.delayMs = rule["delay_ms"].get<int>();
    }
    if (rule.contains("probability")) {
        if (!rule["probability"].is_number() || rule["probability"].get<double>() < 0 ||
            rule["probability"].get<double>() > 1)
            return QStringLiteral("probability must be a number in [0, 1]");
        r.probability = rule["probability"].get<double>();
    }
    if (rule.contains("count")) {
        if (!rule["count"].is_number_integer() || rule["count"].get<int>() < 1)
            return QStringLiteral("count must be a positive integer");
        r.remaining = rule["count"].get<int>();
    }
    r.apply = rule.value("apply", false);
    if (r.mode == FaultMode::Stored500 && r.apply)
        r.mode = FaultMode::Stored500Applied;
    m_rules.push_back(r);
    added["rule"] = r.toJson();
    return std::nullopt;
}

void FaultTable::reseed(quint64 seed)
{
    m_seed = seed;
    m_random.seed(seed);
}

double FaultTable::nextUnit()
{
    // 53 random bits → [0, 1); independent of the standard library's distributions so the
    // same seed gives the same sequence everywhere.
    return double(m_random() >> 11) * (1.0 / 9007199254740992.0);
}

bool FaultTable::fires(Rule &rule)
{
    if (rule.probability && nextUnit() >= *rule.probability)
        return false;
    if (rule.remaining)
        --*rule.remaining;
    ++rule.fired;
    return true;
}

FaultDecision FaultTable::decide(const QString &routeLabel)
{
    return decideAmong(routeLabel, [](FaultMode mode) { return !isWebhookFault(mode); });
}

FaultDecision FaultTable::decideWebhook(const std::function<bool(FaultMode)> &eligible)
{
    return decideAmong(QLatin1String(webhookRoute),
                       [&](FaultMode mode) { return isWebhookFault(mode) && eligible(mode); });
}

FaultDecision FaultTable::decideAmong(const QString &routeLabel,
                                      const std::function<bool(FaultMode)> &eligible)
{
    FaultDecision decision;
    for (auto it = m_rules.begin(); it != m_rules.end(); ++it) {
        if (!eligible(it->mode) || !routeMatches(it->route, routeLabel) || !fires(*it))
            continue;
        decision.fault.mode = it->mode;
        decision.fault.delayMs = it->delayMs;
        decision.name = it->modeName;
        decision.ruleId = it->id;
        if (it->remaining && *it->remaining <= 0)
            m_rules.erase(it);
        ++m_stats[decision.name];
        return decision;
    }
    return decision;
}

void FaultTable::clear()
{
    m_rules.clear();
}

nlohmann::json FaultTable::Rule::toJson() const
{
    nlohmann::json j = {{"id", id},
                        {"route", route.toStdString()},
                        {"mode", modeName.toStdString()},
                        {"delay_ms", delayMs},
                        {"fired", fired}};
    if (probability)
        j["probability"] = *probability;
    if (remaining)
        j["count_left"] = *remaining;
    if (modeName == QLatin1String("stored_500"))
        j["apply"] = apply;
    return j;
}

nlohmann::json FaultTable::rulesJson() const
{
    nlohmann::json list = nlohmann::json::array();
    for (const Rule &r : m_rules)
        list.push_back(r.toJson());
    return {{"rules", list}, {"seed", m_seed}};
}

nlohmann::json FaultTable::statsJson() const
{
    nlohmann::json injected = nlohmann::json::object();
    qint64 total = 0;
    for (auto it = m_stats.constBegin(); it != m_stats.constEnd(); ++it) {
        injected[it.key().toStdString()] = it.value();
        total += it.value();
    }
    return {{"injected", injected}, {"total", total}};
}

} // namespace ops::sim
