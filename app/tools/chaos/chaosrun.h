#pragma once

// One chaos run end to end: start provider-sim with the seeded fault mix, let the agents loose,
// wait out the deadlines, sweep, then judge the invariants and print the report.

#include "chaos/chaosplan.h"
#include "chaos/invariants.h"
#include "chaos/latetruth.h"

#include <QTextStream>
#include <optional>

namespace ops::chaos {

struct ChaosReport
{
    int units = 0;
    int refundUnits = 0;
    int creditUnits = 0;
    int executionUnits = 0;
    int calls = 0;
    int kills = 0;
    int swept = 0;
    qint64 providerRequests = 0;
    nlohmann::json faultStats;          // GET /_sim/faults/stats
    QMap<QString, int> resultsByStatus; // tool results of calls that ended on their own
    QMap<QString, int> rowsByState;
    int movements = 0;
    Violations violations;
    std::optional<LateTruthReport> lateTruth; // --with-reconciler
    qint64 failoverAtMs = -1;                 // --failover: when its command finished
    int inFlightAtFailover = -1;              // calls running when it began
    int mcpCalls = 0;                         // --mcp-percent: calls sent to the MCP server
    int mcpAnsweredAfterFailover = 0;         // of them, answered with a result after it
    qint64 elapsedMs = 0;
};

// Exit codes of opschaos.
enum ChaosExit
{
    ChaosClean = 0,
    ChaosViolated = 1,
    ChaosSetupFailed = 2
};

// Runs the whole scenario. Throws std::runtime_error when the run itself could not be carried
// out (simulator would not start, admin call failed, database unreadable).
ChaosReport runChaos(const ChaosConfig &config, QTextStream &log);

void printReport(const ChaosReport &report, QTextStream &out);

// Default locations: next to the running tool (an installed copy), or in the build tree at
// <tool folder>/../<buildSubdir>/<name> (e.g. "providersim", "../cli" from app/tools/chaos).
QString locateTool(const QString &name, const QString &buildSubdir);

} // namespace ops::chaos
