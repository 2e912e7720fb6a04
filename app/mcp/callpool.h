#pragma once

// Runs tool calls side by side on worker threads and hands each outcome back on the thread
// that owns the pool (the event loop's), where the transports write their answers.

#include "mcp/toolrunner.h"

#include <QObject>
#include <QThreadPool>
#include <functional>

namespace ops::mcp {

class CallPool final : public QObject
{
    Q_OBJECT

public:
    using Done = std::function<void(const RunOutcome &)>;

    CallPool(ToolRunner runner, int maxThreads, QObject *parent = nullptr);
    ~CallPool() override; // waits for the calls still running

    void start(ToolCall call, Done done);
    int running() const { return m_running; }

signals:
    void idle(); // the last running call has been handed back

private:
    ToolRunner m_runner;
    QThreadPool m_pool;
    int m_running = 0;
};

} // namespace ops::mcp
