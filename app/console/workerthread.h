#pragma once

// The one way a console worker runs long work off the UI thread (bulkworker.h, batchworker.h): a
// thread of its own, one body at a time, a cancel flag the body reads between rows, and results
// handed to the owner's thread in batches at most every 50 ms, so a long run costs the UI thread
// a few updates a second, not one per row.

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

class QThread;

namespace ops::console {

class WorkerThread
{
public:
    explicit WorkerThread(QString name);
    ~WorkerThread(); // cancels and waits
    WorkerThread(const WorkerThread &) = delete;
    WorkerThread &operator=(const WorkerThread &) = delete;

    // Starts `body` on the thread with the cancel flag cleared, once the body before it (if any)
    // has ended: a body's answer reaches its owner just before the body returns, so an owner that
    // reacts at once would otherwise find the thread still running.
    void launch(std::function<void()> body);
    void cancel() { m_cancelled->store(true); }
    bool cancelled() const { return m_cancelled->load(); }
    bool isRunning() const;
    void wait();

private:
    QString m_name;
    std::shared_ptr<std::atomic_bool> m_cancelled = std::make_shared<std::atomic_bool>(false);
    QThread *m_thread = nullptr;
};

// Runs `emitter` on `receiver`'s thread, after what was posted before it.
template<typename Emitter> void postTo(QObject *receiver, Emitter emitter)
{
    QMetaObject::invokeMethod(receiver, std::move(emitter), Qt::QueuedConnection);
}

// Results gathered on a worker thread, handed over (`deliver`, on the worker thread: it posts)
// at most every kIntervalMs, and whatever is left at flush().
template<typename Result> class ResultBatches
{
public:
    static constexpr qint64 kIntervalMs = 50;

    explicit ResultBatches(std::function<void(std::vector<Result>)> deliver)
        : m_deliver(std::move(deliver))
    {
        m_since.start();
    }
    void add(Result result)
    {
        m_batch.push_back(std::move(result));
        if (m_since.elapsed() >= kIntervalMs)
            flush();
    }
    void flush()
    {
        if (!m_batch.empty())
            m_deliver(std::exchange(m_batch, {}));
        m_since.restart();
    }
    void clear() { m_batch.clear(); }

private:
    std::function<void(std::vector<Result>)> m_deliver;
    std::vector<Result> m_batch;
    QElapsedTimer m_since;
};

} // namespace ops::console
