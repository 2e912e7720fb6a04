#pragma once

// The seeded plan of one chaos run: which units of work exist, which provider objects back
// them, the fault rules, and the order of the calls the agents make. Everything here is a pure
// function of ChaosConfig, so the same seed plans the same run.

#include <QString>
#include <QStringList>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

namespace ops::chaos {

struct ChaosConfig
{
    quint32 seed = 20261129;
    int agents = 8;          // concurrent opsctl processes
    int units = 40;          // units of work (refunds and credit movements)
    int calls = 0;           // 0: three calls per unit on average
    int durationSeconds = 0; // 0: no limit; else stop starting calls after this
    int killPercent = 10;    // share of calls SIGKILLed mid-call
    int attemptTimeoutMs = 300;
    int windowSeconds = 6; // retention window the agents use (deadlines pass quickly)
    bool credits = true;   // include credit movements and executions when opsctl offers them
    QString simPath;
    QString opsctlPath;
    QString workDir;  // empty: a temporary directory
    QString database; // empty: chaos-<seed>.sqlite in the work directory
    bool verbose = false;
    // opsctl serve (webhook receiver + reconciler loop) runs beside the agents, provider-sim
    // delivers its events to it under webhook faults, and one reconciler pass ends the run.
    bool withReconciler = false;
    // With withReconciler: this many opsctl serve processes on the one database, each registered
    // as its own webhook endpoint, so every event reaches each receiver and the reconcilers
    // contend for one lease (issue 28: several servers hold every rule).
    int servers = 1;
    // The failover (issue 29): this shell command, e.g. scripts/pg.sh promote DIR, starts once
    // failoverAtPercent % of the planned calls have ended, while the agents reach the database
    // through a multi-host URL; the last half of the remaining calls waits for it to finish
    // (issue 49: no clock decides whether the failover falls inside the run). Empty: none.
    QString failoverCommand;
    int failoverAtPercent = 30;
    // This share of the refund calls goes through one `opsctl mcp --http` server (an MCP host
    // with its own agent and token) instead of an opsctl process; 0: none.
    int mcpPercent = 0;
    // This share of the refund pairs refunds Adyen payments instead of Stripe charges (issue
    // 30): answered `received`, settled by the simulator, closed by its signed notifications
    // when opsctl serve runs (withReconciler). 0: Stripe only, the plan of old.
    int adyenPercent = 0;
};

// The simulator's Adyen account in a chaos run: the agents' API key and merchant account, and the
// HMAC key (hex) the simulator signs notifications with and opsctl serve checks them against.
inline const QString kChaosAdyenKey = QStringLiteral("adyen_test_chaos");
inline const QString kChaosAdyenMerchant = QStringLiteral("ChaosECOM");
inline const QString kChaosAdyenHmacKey =
    QStringLiteral("6368616f73206164796e20686d6163206b65792c2074657374206f6e6c792121");

enum class UnitKind
{
    Refund,
    Credit,
    Execution
};

struct Unit
{
    UnitKind kind = UnitKind::Refund;
    QString label;     // printed in reports
    QStringList args;  // opsctl arguments of one call for this unit
    QString chargeId;  // refunds: the Stripe charge or the Adyen payment's pspReference
    qint64 amount = 0; // refunds: cents; credits: credits; executions: 0
    bool adyen = false;
};

struct ChargeSeed
{
    QString id;
    qint64 amount = 0;
    bool adyen = false; // an Adyen payment (USD) rather than a Stripe charge
    int pair = -1;      // the pair of refund units that share it
};

struct ChaosPlan
{
    std::vector<Unit> units;
    std::vector<ChargeSeed> charges;
    std::vector<int> calls;       // unit index per call, in start order
    std::vector<int> killAfterMs; // per call: -1 keep, else SIGKILL after this many ms
    std::vector<bool> viaMcp;     // per call: through the MCP server (empty without mcpPercent)
    nlohmann::json seed;          // POST /_sim/seed body
    nlohmann::json faultRules;    // array of POST /_sim/faults bodies, in order
};

// withSlen: every third unit goes to Slen, alternating credit movements and executions.
ChaosPlan makePlan(const ChaosConfig &config, bool withSlen);

} // namespace ops::chaos
