#include "chaos/agentpool.h"

#include "chaos/mcpagent.h"

#include <QEventLoop>
#include <QNetworkReply>
#include <QProcess>
#include <QTimer>
#include <algorithm>
#include <csignal>
#include <utility>

namespace ops::chaos {

AgentPool::AgentPool(PoolSettings settings, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
{}

std::vector<CallRecord> AgentPool::run(const std::vector<int> &calls,
                                       const std::vector<QStringList> &args,
                                       const std::vector<int> &killAfterMs,
                                       const std::vector<bool> &viaMcp)
{
    m_calls = &calls;
    m_args = &args;
    m_kills = &killAfterMs;
    m_viaMcp = &viaMcp;
    m_records.assign(calls.size(), {});
    m_next = 0;
    m_running = 0;
    m_ended = 0;
    m_clock.start();
    QEventLoop loop;
    m_loop = &loop;
    startNext();
    if (m_running > 0)
        loop.exec();
    m_loop = nullptr;
    m_records.resize(m_next); // calls never started (duration reached) are not reported
    return m_records;
}

void AgentPool::pauseAt(size_t triggerAfterEnded, size_t holdFrom, std::function<void()> trigger)
{
    m_holdFrom = holdFrom;
    m_triggerAfter = std::clamp<size_t>(triggerAfterEnded, 1, std::max<size_t>(holdFrom, 1));
    m_trigger = std::move(trigger);
    m_held = true;
    m_inFlightAtTrigger = -1;
}

void AgentPool::release()
{
    m_held = false;
    startNext();
}

void AgentPool::startNext()
{
    const bool timeUp = m_settings.durationSeconds > 0 &&
                        m_clock.elapsed() > qint64(m_settings.durationSeconds) * 1000;
    const auto holding = [this] {
        return m_held && m_next >= m_holdFrom;
    };
    while (!timeUp && !holding() && m_running < m_settings.agents && m_next < m_calls->size()) {
        const int index = int(m_next++);
        const int unit = (*m_calls)[size_t(index)];
        m_records[size_t(index)].unit = unit;
        ++m_running;
        const QStringList &args = (*m_args)[size_t(unit)];
        const int killAfter = (*m_kills)[size_t(index)];
        const bool mcp =
            m_settings.mcp && size_t(index) < m_viaMcp->size() && (*m_viaMcp)[size_t(index)];
        if (mcp)
            startMcp(index, args, killAfter);
        else
            startProcess(index, args, killAfter);
    }
    // Every started call has ended and none waits for release(): run() returns.
    const bool waiting = !timeUp && holding() && m_next < m_calls->size();
    if (m_running == 0 && !waiting && m_loop)
        m_loop->quit();
}

void AgentPool::startProcess(int index, const QStringList &args, int killAfter)
{
    auto *process = new QProcess(this);
    process->setProcessEnvironment(m_settings.environment);
    connect(process, &QProcess::finished, this,
            [this, process, index](int, QProcess::ExitStatus) { finished(process, index); });
    // A process that never started emits no finished(): it ends here, or run() would wait on.
    connect(process, &QProcess::errorOccurred, this,
            [this, process, index](QProcess::ProcessError error) {
                if (error != QProcess::FailedToStart)
                    return;
                m_records[size_t(index)].stderrText = process->errorString().toUtf8();
                process->deleteLater();
                ended(index); // exitCode stays -1: no result
            });
    process->start(m_settings.opsctlPath, args);
    if (killAfter < 0)
        return;
    QTimer::singleShot(killAfter, process, [this, process, index] {
        if (process->state() != QProcess::Running)
            return;
        m_records[size_t(index)].killed = true;
        ::kill(pid_t(process->processId()), SIGKILL);
    });
}

void AgentPool::startMcp(int index, const QStringList &args, int killAfter)
{
    m_records[size_t(index)].viaMcp = true;
    QNetworkReply *reply = m_settings.mcp->call(
        args, [this, index](const nlohmann::json &result, const QString &failure) {
            CallRecord &record = m_records[size_t(index)];
            record.result = result.is_object() ? result : nlohmann::json();
            record.exitCode = result.is_object() ? 0 : -1;
            record.stderrText = failure.toUtf8();
            ended(index);
        });
    if (killAfter < 0)
        return;
    QTimer::singleShot(killAfter, reply, [this, reply, index] {
        if (!reply->isRunning())
            return;
        m_records[size_t(index)].killed = true;
        reply->abort();
    });
}

void AgentPool::finished(QProcess *process, int index)
{
    CallRecord &record = m_records[size_t(index)];
    record.exitCode = process->exitStatus() == QProcess::NormalExit ? process->exitCode() : -1;
    const QByteArray out = process->readAllStandardOutput().trimmed();
    record.stderrText = process->readAllStandardError();
    record.result = nlohmann::json::parse(out.constData(), nullptr, false);
    if (record.result.is_discarded())
        record.result = nullptr;
    process->deleteLater();
    ended(index);
}

void AgentPool::ended(int index)
{
    m_records[size_t(index)].endedAtMs = m_clock.elapsed();
    --m_running;
    if (++m_ended == m_triggerAfter && m_trigger) {
        m_inFlightAtTrigger = m_running;
        std::exchange(m_trigger, {})();
    }
    startNext();
}

} // namespace ops::chaos
