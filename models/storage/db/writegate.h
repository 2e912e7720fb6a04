#pragma once

// The in-process queue in front of SQLite's single write lock (issue 15). Without it, every
// thread of one process that wants to write polls the file lock through the busy handler
// (sqlitetuning.cpp): 64 waiting writers wake up thousands of times per second each, burn the
// CPU the one writer holding the lock needs, and whoever polls at the right moment wins, so a
// call can wait many commits long. With it, the writers of one process block on a mutex (no
// polling) and only the one at its head asks SQLite for the lock; writers of other processes
// still meet it in SQLite's lock and the busy handler, as before.
//
// The gate is per database file, taken by the outermost WriteTransaction before BEGIN IMMEDIATE
// and released once that transaction has committed or rolled back. A thread that already holds
// the gate of a file (a second connection to the same file on the same thread) does not queue
// for it again: it meets SQLite's lock as it did before the gate existed. PostgreSQL takes its
// advisory lock instead and never uses the gate.

#include <QString>
#include <chrono>

namespace ops {

class WriteGate
{
public:
    WriteGate() = default;
    WriteGate(const WriteGate &) = delete;
    WriteGate &operator=(const WriteGate &) = delete;
    ~WriteGate();

    // Waits up to `timeout` for the gate of the file `path`. False when it timed out (the
    // caller reports the database as locked). A thread holding it already gets it at once.
    bool enter(const QString &path, std::chrono::milliseconds timeout);
    void leave(); // no-op when not entered
    bool entered() const { return m_slot != nullptr; }

    struct Slot; // one per file (writegate.cpp)

private:
    Slot *m_slot = nullptr;
    bool m_owner = false; // false when this thread held the gate already
};

} // namespace ops
