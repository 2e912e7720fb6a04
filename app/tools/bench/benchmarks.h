#pragma once

// opsbench measurements. Figures, not pass/fail: each returns what it measured and the caller
// prints it. Every measurement uses a fresh temporary SQLite file (synchronous=FULL, as the
// product opens it) and, where a provider is needed, a provider-sim child on 127.0.0.1.

#include <QProcessEnvironment>
#include <QString>
#include <QTextStream>

namespace ops::bench {

struct StoreFigures
{
    int operations = 0;
    double openOrGetPerSecond = 0;
    double countAttemptPerSecond = 0;
    double closePerSecond = 0;
};

struct EngineFigures
{
    int refunds = 0;
    int succeeded = 0;
    double refundsPerSecond = 0;
    double commitsPerRefund = 0; // durable commits (WriteScope::durableCommits)
};

// The floors, measured in the same run as the figures they bound.
struct FloorFigures
{
    double commitsPerSecond = 0; // one-row durable commits on a synchronous=FULL file
    int requests = 0;
    int simOk = 0;
    double simRequestsPerSecond = 0; // provider-sim, one keep-alive connection
    int calls = 0;
    double listMs = 0;   // one `opsctl list` process
    double refundMs = 0; // one `opsctl refund` process (a new charge each)
    // 2 durable commits + 2 loopback round trips per refund.
    double engineFloorPerSecond() const
    {
        return 1.0 / (2.0 / commitsPerSecond + 2.0 / simRequestsPerSecond);
    }
};

struct AgentFigures
{
    int agents = 0;
    int refunds = 0; // in total, every agent process does refunds/agents in turn
    int succeeded = 0;
    int latencyMs = 0;
    double seconds = 0;
    double refundsPerSecond = 0;
    double boundPerSecond = 0; // agents / (2 × latency): each refund needs a charge read and a POST
};

// The environment of an opsctl agent on the SQLite file `dbPath` against provider-sim on
// 127.0.0.1:`simPort` with the demo key; the file is migrated before this returns.
QProcessEnvironment migratedOpsctlEnvironment(const QString &opsctlPath, const QString &dbPath,
                                              quint16 simPort);

struct WebhookFigures
{
    int events = 0;
    int connections = 0;
    int accepted = 0; // answered 200, i.e. committed
    double seconds = 0;
    double eventsPerSecond = 0;
    double p50Ms = 0;
    double p99Ms = 0;
    double commitFloorPerSecond = 0; // sequential one-row durable commits on the same disk
};

struct ReconcileFigures
{
    int rows = 0;
    int charges = 0;
    double seconds = 0;
    double rowsPerSecond = 0;
    int closed = 0;
    int proposals = 0;
    int simRequests = 0;  // provider-sim's request log during the pass
    int passRequests = 0; // PassReport::providerRequests
    int chargesRead = 0;
    double commitsPerRow = 0;
    double commitFloorPerSecond = 0;
    double listReadMs = 0; // one GET /v1/refunds?charge=… on this machine
    double floorRowsPerSecond() const;
};

// `location`: an empty database (file path or postgresql:// URL); empty: a temporary SQLite file.
StoreFigures benchStore(int operations, const QString &location = {});
double benchCommitFloor(int commits);
FloorFigures benchFloors(const QString &simPath, const QString &opsctlPath, int requests,
                         int calls);
EngineFigures benchEngine(const QString &simPath, int refunds);
AgentFigures benchAgents(const QString &simPath, const QString &opsctlPath, int agents, int refunds,
                         int latencyMs);
WebhookFigures benchWebhook(const QString &opsctlPath, int events, int connections);
ReconcileFigures benchReconcile(const QString &simPath, int rows, int rowsPerCharge);
void printReconcile(const ReconcileFigures &figures, QTextStream &out);

} // namespace ops::bench
