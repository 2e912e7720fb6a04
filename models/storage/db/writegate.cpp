#include "storage/db/writegate.h"

#include <QHash>
#include <QSet>
#include <condition_variable>
#include <memory>
#include <mutex>

namespace ops {

struct WriteGate::Slot
{
    std::timed_mutex mutex; // the write gate

    // Shared WAL sync. A waiter takes ticket ++requested; it is durable once a sync that
    // started after it took the ticket has finished, i.e. once synced >= its ticket.
    std::mutex syncMutex;
    std::condition_variable synced_cv;
    quint64 requested = 0;
    quint64 synced = 0;
    bool syncing = false;
    int waiting = 0;
    qint64 syncs = 0;
};

namespace {

// One slot per file for the life of the process: a handful of files at most.
WriteGate::Slot *slotFor(const QString &path)
{
    static std::mutex registryMutex;
    static QHash<QString, std::shared_ptr<WriteGate::Slot>> registry;
    std::lock_guard lock(registryMutex);
    auto &slot = registry[path];
    if (!slot)
        slot = std::make_shared<WriteGate::Slot>();
    return slot.get();
}

// The gates this thread holds, to let a second connection on the same thread through.
QSet<const void *> &heldHere()
{
    thread_local QSet<const void *> held;
    return held;
}

std::mutex hookMutex;
std::function<void(const QString &)> beforeSyncHook;

void runBeforeSyncHook(const QString &path)
{
    std::function<void(const QString &)> hook;
    {
        std::lock_guard lock(hookMutex);
        hook = beforeSyncHook;
    }
    if (hook)
        hook(path);
}

} // namespace

bool WriteGate::waitDurable(const QString &path, const std::function<bool()> &sync)
{
    Slot &slot = *slotFor(path);
    std::unique_lock lock(slot.syncMutex);
    const quint64 ticket = ++slot.requested;
    ++slot.waiting;
    while (slot.synced < ticket) {
        if (slot.syncing) {
            slot.synced_cv.wait(lock);
            continue;
        }
        // This thread syncs for every ticket taken so far.
        slot.syncing = true;
        const quint64 covers = slot.requested;
        lock.unlock();
        runBeforeSyncHook(path);
        const bool ok = sync();
        lock.lock();
        slot.syncing = false;
        ++slot.syncs;
        if (ok)
            slot.synced = qMax(slot.synced, covers);
        slot.synced_cv.notify_all();
        if (!ok) {
            --slot.waiting;
            return false; // the others try their own sync
        }
    }
    --slot.waiting;
    return true;
}

qint64 WriteGate::syncCount(const QString &path)
{
    Slot &slot = *slotFor(path);
    std::lock_guard lock(slot.syncMutex);
    return slot.syncs;
}

int WriteGate::waitingForSync(const QString &path)
{
    Slot &slot = *slotFor(path);
    std::lock_guard lock(slot.syncMutex);
    return slot.waiting;
}

void WriteGate::setBeforeSyncHook(std::function<void(const QString &)> hook)
{
    std::lock_guard lock(hookMutex);
    beforeSyncHook = std::move(hook);
}

WriteGate::~WriteGate()
{
    leave();
}

bool WriteGate::enter(const QString &path, std::chrono::milliseconds timeout)
{
    if (m_slot)
        return true;
    Slot *slot = slotFor(path);
    if (heldHere().contains(slot)) {
        m_slot = slot;
        m_owner = false;
        return true;
    }
    if (!slot->mutex.try_lock_for(timeout))
        return false;
    heldHere().insert(slot);
    m_slot = slot;
    m_owner = true;
    return true;
}

void WriteGate::leave()
{
    if (!m_slot)
        return;
    if (m_owner) {
        heldHere().remove(m_slot);
        m_slot->mutex.unlock();
    }
    m_slot = nullptr;
    m_owner = false;
}

} // namespace ops
