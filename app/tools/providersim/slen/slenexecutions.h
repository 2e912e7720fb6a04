#pragma once

// Flows and their executions in the Slen simulator. An execution's state is never stored: it is
// derived from its creation time and the simulator clock, so advancing the clock moves it
// through queued → waiting → running → succeeded | failed.

#include "providersim/simtypes.h"

#include <QStringList>

namespace ops::sim {

// A seeded flow: {"id","run_seconds","queued_seconds","waiting_seconds","fails_with",
// "required_input":[…],"result":{…},"cost":N}. Every field but id is optional.
struct SlenFlow
{
    QString id;
    qint64 runSeconds = 0;      // creation → finished; 0 finishes at once
    qint64 queuedSeconds = 0;   // first phase of the run (status queued)
    qint64 waitingSeconds = 0;  // second phase (status waiting), then running
    QString failsWith;          // "invalid_flow_input": refused input at creation; other codes:
                                // the run ends as failed with that error_code
    QStringList requiredInput;  // input fields that must be present, else invalid_flow_input
    nlohmann::json result;      // result of a successful run
    std::optional<qint64> cost; // cost.actual, reported once billed
};

struct SlenExecution
{
    QString id; // ex_…
    QString project;
    SlenFlow flow; // snapshot: reseeding a flow does not change executions already created
    QString mode;  // execution_mode: sync | async
    QString customer;
    nlohmann::json context; // null when absent
    QDateTime createdAt;
    QString inputError; // set when the execution failed at creation (invalid_flow_input)
};

class SlenExecutions
{
public:
    void seedFlows(const nlohmann::json &flows);
    const SlenFlow *flow(const QString &id) const;

    const SlenExecution &create(const QString &project, const SlenFlow &flow,
                                const nlohmann::json &body, const QDateTime &now);
    const SlenExecution *find(const QString &project, const QString &id) const;

    static QString status(const SlenExecution &execution, const QDateTime &now);
    static bool isFinished(const SlenExecution &execution, const QDateTime &now);
    // The execution as the API shows it. `billed` adds cost.actual when the run has finished:
    // billing lags the end of the run, so the response that creates a finished execution
    // reports no cost yet, later reads do.
    static nlohmann::json toJson(const SlenExecution &execution, const QDateTime &now, bool billed);

    // Forgets executions that finished more than `retentionSeconds` ago.
    void prune(const QDateTime &now, qint64 retentionSeconds);

private:
    QHash<QString, SlenFlow> m_flows;
    QHash<QString, SlenExecution> m_executions;
};

} // namespace ops::sim
