#include "writegate.h"

#include <QHash>
#include <QSet>
#include <memory>
#include <mutex>

namespace ops {

struct WriteGate::Slot
{
    std::timed_mutex mutex;
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

} // namespace

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
