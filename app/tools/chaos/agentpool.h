#pragma once

// Runs the planned calls as real opsctl processes, at most `agents` at a time, and SIGKILLs
// the calls the plan marks, after their delay, if they are still running. Blocks until every
// started call has ended (a call is never left running after run() returns).

#include <QElapsedTimer>
#include <QObject>
#include <QProcessEnvironment>
#include <QString>
#include <nlohmann/json.hpp>
#include <vector>

class QEventLoop;
class QProcess;

namespace ops::chaos {

struct CallRecord
{
    int unit = -1;
    bool killed = false; // SIGKILLed while running
    int exitCode = -1;
    nlohmann::json result; // the tool result, or null when none was printed
    QByteArray stderrText;
};

struct PoolSettings
{
    QString opsctlPath;
    QProcessEnvironment environment;
    int agents = 8;
    int durationSeconds = 0; // 0: run every planned call
};

class AgentPool : public QObject
{
    Q_OBJECT

public:
    explicit AgentPool(PoolSettings settings, QObject *parent = nullptr);

    // calls[i]: unit index; args[unit]: opsctl arguments; killAfterMs[i]: -1 or a delay.
    std::vector<CallRecord> run(const std::vector<int> &calls, const std::vector<QStringList> &args,
                                const std::vector<int> &killAfterMs);

private:
    void startNext();
    void finished(QProcess *process, int index);

    PoolSettings m_settings;
    const std::vector<int> *m_calls = nullptr;
    const std::vector<QStringList> *m_args = nullptr;
    const std::vector<int> *m_kills = nullptr;
    std::vector<CallRecord> m_records;
    size_t m_next = 0;
    int m_running = 0;
    QElapsedTimer m_clock;
    QEventLoop *m_loop = nullptr;
};

} // namespace ops::chaos
