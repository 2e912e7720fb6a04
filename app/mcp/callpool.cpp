#include "mcp/callpool.h"

namespace ops::mcp {

CallPool::CallPool(ToolRunner runner, int maxThreads, QObject *parent)
    : QObject(parent)
    , m_runner(std::move(runner))
{
    m_pool.setMaxThreadCount(maxThreads);
    // Threads stay a while between bursts; a call must not pay for a thread start.
    m_pool.setExpiryTimeout(60'000);
}

CallPool::~CallPool()
{
    m_pool.waitForDone();
}

void CallPool::start(ToolCall call, Done done)
{
    ++m_running;
    m_pool.start([this, call = std::move(call), done = std::move(done)] {
        RunOutcome outcome = m_runner.run(call);
        QMetaObject::invokeMethod(
            this,
            [this, done, outcome = std::move(outcome)] {
                --m_running;
                done(outcome);
                if (m_running == 0)
                    emit idle();
            },
            Qt::QueuedConnection);
    });
}

} // namespace ops::mcp
