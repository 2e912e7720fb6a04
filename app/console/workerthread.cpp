#include "console/workerthread.h"

#include <QThread>

namespace ops::console {

WorkerThread::WorkerThread(QString name)
    : m_name(std::move(name))
{}

WorkerThread::~WorkerThread()
{
    cancel();
    wait();
    delete m_thread;
}

bool WorkerThread::isRunning() const
{
    return m_thread && m_thread->isRunning();
}

void WorkerThread::wait()
{
    if (m_thread)
        m_thread->wait();
}

void WorkerThread::launch(std::function<void()> body)
{
    wait(); // one body at a time: the one before may still be posting its last answer
    m_cancelled->store(false);
    delete m_thread;
    m_thread = QThread::create(std::move(body));
    m_thread->setObjectName(m_name);
    m_thread->start();
}

} // namespace ops::console
