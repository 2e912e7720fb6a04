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
//
// The same per-file slot shares the WAL's sync between the connections of a process that open
// the file with CommitDurability::SharedSync (database.h): a commit on such a connection does
// not sync inside COMMIT (synchronous=NORMAL), so the write lock is free for the next writer at
// once, and then waits in waitDurable() for a sync of the WAL that began after its COMMIT had
// returned. The commits that finish while one sync runs share the next: one fdatasync makes
// several callers' rows durable, and each caller is released only after its own row is. The WAL
// is one append-only log, so a sync covers every frame written before it began, whichever
// connection wrote it.

#include <QString>
#include <chrono>
#include <functional>

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

    // Returns once a run of `sync` (the caller's own way to sync the file's WAL, true on
    // success) that began after this call has succeeded: the caller's run or another
    // thread's. False when the caller's own run failed (the caller's commit is not known to be
    // durable). Several threads waiting at once share one run.
    static bool waitDurable(const QString &path, const std::function<bool()> &sync);
    // Runs of `sync` made for `path` so far (what the tests count).
    static qint64 syncCount(const QString &path);
    // Threads inside waitDurable() for `path` now, the syncing one included (for the tests).
    static int waitingForSync(const QString &path);
    // Test hook: runs in the syncing thread just before each sync.
    static void setBeforeSyncHook(std::function<void(const QString &path)> hook);

    struct Slot; // one per file (writegate.cpp)

private:
    Slot *m_slot = nullptr;
    bool m_owner = false; // false when this thread held the gate already
};

} // namespace ops
