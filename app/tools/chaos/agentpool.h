#pragma once

// Runs the planned calls as real opsctl processes, at most `agents` at a time, and SIGKILLs
// the calls the plan marks, after their delay, if they are still running. Calls the plan sends
// through the MCP server (mcpagent.h) count as agents too; "killing" one aborts its request,
// as an agent host that gives up does. Blocks until every started call has ended (a call is
// never left running after run() returns).

#include <QElapsedTimer>
#include <QObject>
#include <QProcessEnvironment>
#include <QString>
#include <functional>
#include <nlohmann/json.hpp>
#include <vector>

class QEventLoop;
class QProcess;

namespace ops::chaos {

class McpAgent;

struct CallRecord
{
    int unit = -1;
    bool killed = false; // SIGKILLed while running
    int exitCode = -1;
    nlohmann::json result; // the tool result, or null when none was printed
    QByteArray stderrText;
    bool viaMcp = false;
    qint64 endedAtMs = -1; // since run() began
};

struct PoolSettings
{
    QString opsctlPath;
    QProcessEnvironment environment;
    int agents = 8;
    int durationSeconds = 0; // 0: run every planned call
    McpAgent *mcp = nullptr; // with viaMcp in run(): the MCP host
};

class AgentPool : public QObject
{
    Q_OBJECT

public:
    explicit AgentPool(PoolSettings settings, QObject *parent = nullptr);

    // calls[i]: unit index; args[unit]: opsctl arguments; killAfterMs[i]: -1 or a delay;
    // viaMcp[i] (when given): call i goes through the settings' MCP host.
    std::vector<CallRecord> run(const std::vector<int> &calls, const std::vector<QStringList> &args,
                                const std::vector<int> &killAfterMs,
                                const std::vector<bool> &viaMcp = {});

    // A pause in the middle of the next run(), set before it (the failover, issue 49): once
    // `triggerAfterEnded` calls have ended, `trigger` is called while the calls after them run
    // on; calls from index `holdFrom` on start only after release(). So some calls are in flight
    // when the trigger fires and the held ones start after what it set off has finished,
    // however fast the machine. triggerAfterEnded is at least 1 and at most holdFrom.
    void pauseAt(size_t triggerAfterEnded, size_t holdFrom, std::function<void()> trigger);
    void release();
    // Calls running when the trigger fired (-1 before it).
    int inFlightAtTrigger() const { return m_inFlightAtTrigger; }

private:
    void startNext();
    void startProcess(int index, const QStringList &args, int killAfter);
    void startMcp(int index, const QStringList &args, int killAfter);
    void finished(QProcess *process, int index);
    void ended(int index);

    PoolSettings m_settings;
    const std::vector<int> *m_calls = nullptr;
    const std::vector<QStringList> *m_args = nullptr;
    const std::vector<int> *m_kills = nullptr;
    const std::vector<bool> *m_viaMcp = nullptr;
    std::vector<CallRecord> m_records;
    size_t m_next = 0;
    int m_running = 0;
    size_t m_ended = 0;
    size_t m_triggerAfter = 0;
    size_t m_holdFrom = 0;
    bool m_held = false;
    std::function<void()> m_trigger;
    int m_inFlightAtTrigger = -1;
    QElapsedTimer m_clock;
    QEventLoop *m_loop = nullptr;
};

} // namespace ops::chaos
