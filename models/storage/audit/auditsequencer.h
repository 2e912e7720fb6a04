#pragma once

// Audit sequencing on PostgreSQL (docs/design.md §14, migration 0015). A writer queues its audit
// entries in its own transaction; the sequencer chains committed entries in one total order,
// giving each its id and hash, so writers never wait for one another to append (after its
// commit a writer's thread runs or waits for one pass, drainAfterCommit). The database
// does the chaining (ops_audit_sequence, as the owner) under a lock it only tries: whoever runs
// it while another session holds the lock leaves the entries to that session, or to the next
// run. Who runs it: every write transaction that queued an entry, right after its commit
// (AuditLog::append arranges that; a process's commits share their passes, drainAfterCommit);
// `opsctl serve` and `opsctl mcp --http` on a timer; and
// audit verify before it walks the chain. SQLite chains each entry as it is appended (one
// writer): nothing ever waits there, and every call here is a no-op.

#include "domain/audittypes.h"
#include "domain/result.h"
#include "storage/db/connection.h"

#include <QString>
#include <QtGlobal>
#include <chrono>
#include <limits>
#include <optional>

namespace ops {

struct DurationSetting;

// How long an entry may wait for its chain position before audit verify fails (the merge
// delay); a setting (settings set audit-merge-delay), between the bounds below. A committer
// chains its own entries right after its commit; what its try leaves to a busy sequencer waits
// for the next committer or a server's 250 ms timer, so a delay shorter than that timer would
// fail verify against a healthy sequencer. A day is longer than any stall worth hiding.
inline constexpr std::chrono::milliseconds kDefaultMergeDelay{2000};
inline constexpr std::chrono::milliseconds kMinMergeDelay{300};
inline constexpr std::chrono::milliseconds kMaxMergeDelay = std::chrono::hours(24);

// The sequencer's transaction-scoped advisory lock ("ops_aseq"; ops_audit_sequence tries it).
inline constexpr qint64 kAuditSequencerLockKey = 0x6f70735f61736571;

class AuditSequencer
{
public:
    // Entries one database call chains at most: one short transaction each.
    static constexpr int kBatch = 500;

    // Chains batches until a batch finds nothing waiting, another session is sequencing, or,
    // past `maxBatches`, a batch is short (full batches go on: a large transaction's entries);
    // returns how many entries this call chained. Runs outside any transaction (each batch
    // commits on its own). Throws StoreError when the database refuses.
    static qint64 drain(Connection &db, int maxBatches = std::numeric_limits<int>::max());
    // The batches after which a pass after a commit stops at the first short one: enough for
    // what other sessions' tries left to it meanwhile, and a bound on how long the process's
    // waiting commits wait while other processes keep writing.
    static constexpr int kBatchesPerPass = 3;
    // What a commit that queued entries runs: a drain() that began after this commit, shared by
    // the process's commits to the same database (group commit, issue 52). While another thread
    // drains, this one waits for that pass and, if the pass began before this commit, for the
    // next one, which the first of the waiting threads runs. So a thread runs at most one pass,
    // waits at most for two, and many commits share one database call.
    static void drainAfterCommit(Connection &db);
    // One batch: the entries chained, or -1 when another session holds the sequencer's lock.
    static int runOnce(Connection &db, int batch = kBatch);
    static AuditWaiting waiting(Connection &db);
    // The stored merge delay (settings audit_merge_delay_ms), or kDefaultMergeDelay.
    static std::chrono::milliseconds mergeDelay(Connection &db);
    // What a person typed ("2s"), within [kMinMergeDelay, kMaxMergeDelay].
    static Result<std::chrono::milliseconds> parseMergeDelay(const QString &text);
    // The setting itself (settings audit_merge_delay_ms), for the one writer of settings
    // (access/durationsetting.h, AccessStore::setAuditMergeDelay). Stored on SQLite too, where
    // nothing waits and verify never reads it.
    static const DurationSetting &mergeDelaySetting();
    // Whether this connection's audit entries wait for a sequencer (PostgreSQL).
    static bool sequences(Connection &db);
};

} // namespace ops
