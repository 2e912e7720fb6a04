#pragma once

// Chaos with the truth arriving late (opschaos --with-reconciler, issue 14 item 6): while the
// agents are faulted and killed, `opsctl serve` runs the webhook receiver and the reconciler
// loop on the same database, and provider-sim delivers its signed events to it under the
// WEBHOOK faults (duplicate, reorder, delay, fail_endpoint). After the agents, the sweep and the
// last deliveries, the service is drained and one `opsctl reconcile --once` pass runs. Then the
// rows are judged again: every close by system:reconciler or system:webhook carries evidence
// naming its provider reference, and no final row was ever reopened. With Adyen units each
// service is also an Adyen endpoint, and every refund the simulator settled must have closed its
// row the same way through the signed notification (Adyen cannot be read back).

#include "chaos/invariants.h"

#include <QProcessEnvironment>
#include <QTextStream>
#include <memory>
#include <vector>

namespace ops::chaos {

class ServeChild;

// Invariants this mode adds to kInvariants, in report order.
inline const QStringList kLateTruthInvariants = {
    QStringLiteral("auto_close_has_evidence"), // a system close names evidence with its ref
    QStringLiteral("nothing_reopened"),        // no state change after a row's first close
    QStringLiteral("adyen_settle_closes_row"), // a settled Adyen refund's row closed as it did
};

struct LateTruthReport
{
    int unknownRows = 0;          // rows that were ever unknown
    int closedByReconciler = 0;   // of those, closed by system:reconciler
    int closedByEvent = 0;        // of those, closed by system:webhook
    int closedOtherwise = 0;      // of those, closed by anyone else
    int withProposal = 0;         // still unknown, with an open proposal
    int left = 0;                 // still unknown, no proposal
    int openClosedByEvent = 0;    // rows closed by an event before they became unknown
    QMap<QString, int> finalPass; // results of the last reconciler pass
    int deliveries = 0;           // webhook deliveries (a duplicate is one of its own)
    int deliveryAttempts = 0;
    int deliveriesGivenUp = 0;
    nlohmann::json receiverCounters; // /healthz counters before the drain, summed over servers
    int servers = 1;                 // opsctl serve processes
    bool drainedCleanly = false;     // every server exited 0 on SIGTERM
    int adyenSettled = 0;            // Adyen refunds the simulator settled (success or not)
    int adyenRowsClosedAsSettled = 0;
};

// Pure: the added invariants over `opsctl show --json --bodies` of each row.
Violations checkLateTruth(const nlohmann::json &details);
// Pure: each Adyen refund the simulator settled (GET /_sim/adyen/refunds "refunds") against the
// row its `reference` names in `details`: succeeded ↔ succeeded, a refused settle ↔ failed.
Violations checkAdyenSettles(const nlohmann::json &refunds, const nlohmann::json &details,
                             LateTruthReport &report);
// Pure: the counts of LateTruthReport that come from the rows and the open proposals.
void countLateTruth(const nlohmann::json &details, const QStringList &proposalRows,
                    LateTruthReport &report);

class LateTruth
{
public:
    // servers: opsctl serve processes on the agents' database, each a webhook endpoint of its own.
    // adyen: each service is an Adyen notification endpoint too, and Adyen's settles are judged.
    LateTruth(QString opsctlPath, QProcessEnvironment agentEnv, quint16 simPort, QString dir,
              int servers = 1, bool adyen = false);
    ~LateTruth();

    // The fault rules this mode adds (webhook faults, failing refund-list reads).
    static nlohmann::json faultRules();
    // Before the agents: a supervisor, a schedule of seconds, the services, their endpoints.
    void start();
    // After the sweep: waits for the deliveries to settle and drains the service. Fault stats
    // are read (and returned) before the faults are cleared for the final pass.
    nlohmann::json settle();
    // One reconciler pass over every eligible row, then the judgement.
    LateTruthReport finish(Violations &violations);

private:
    nlohmann::json rowDetails();
    QProcessEnvironment serviceEnv() const;

    QString m_opsctl;
    QProcessEnvironment m_env;
    quint16 m_simPort = 0;
    QString m_dir;
    int m_servers = 1;
    bool m_adyen = false;
    std::vector<std::unique_ptr<ServeChild>> m_serve;
    LateTruthReport m_report;
};

void printLateTruth(const LateTruthReport &r, QTextStream &out);

} // namespace ops::chaos
