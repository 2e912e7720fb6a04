#pragma once

// The append-only, hash-chained audit trail (docs/design.md rule 12). Each entry's hash is
// SHA-256(prev_hash + "\n" + canonical JSON of {action, actor, at, detail, operation_id}), where
// canonical JSON has sorted keys and no spaces. The database refuses UPDATE and DELETE.

#include "domain/audittypes.h"
#include "domain/operation.h"
#include "storage/db/connection.h"

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace ops {

inline const QString kGenesisHash = QString(64, QLatin1Char('0'));

// How a walk over every entry reads them. Fastest: on SQLite through the sqlite3 handle (UTF-8
// bytes straight into the hash or the file, sqliteread.h), elsewhere through Qt Sql's own
// statements. QtSql: always through those, the reference the tests compare the fast path with.
enum class AuditReadPath
{
    Fastest,
    QtSql
};

// Called every few thousand entries with (checked, expected total); returning false cancels.
using ChainProgress = std::function<bool(qint64, qint64)>;

// How a chain walk shares its work. hashThreads 0: the calling thread reads and hashes each
// entry in turn (the reference walk). n > 0: the calling thread reads the entries and checks
// their links in id order while n threads hash chunks of chunkEntries entries. Both give the
// same verdict (count, first broken id, reason) and the same progress calls.
struct ChainWalkOptions
{
    // One hashing thread per core; none on a single core.
    static int defaultHashThreads();

    AuditReadPath path = AuditReadPath::Fastest;
    int hashThreads = defaultHashThreads();
    int chunkEntries = 2048;
};

class AuditLog
{
public:
    // How many entries a chain walk checks between two progress calls.
    static constexpr qint64 kProgressEvery = 4096;

    // Appends inside the caller's write transaction.
    static void append(Connection &db, qint64 atMs, const QString &actor, const QString &action,
                       const QString &operationId, const nlohmann::json &detail);
    static QString entryHash(const QString &prevHash, qint64 atMs, const QString &actor,
                             const QString &action, const QString &operationId,
                             const QString &canonicalDetail);
    // entryHash() for a detail that is already canonical JSON (as append() stores it), without
    // parsing it: what the chain walk and the bulk generator use. Equal to entryHash() for
    // every entry append() writes.
    static QString canonicalEntryHash(const QString &prevHash, qint64 atMs, const QString &actor,
                                      const QString &action, const QString &operationId,
                                      const QString &canonicalDetail);
    static std::vector<AuditEntry> forOperation(Connection &db, const QString &operationId);
    // Walks the whole chain; returns the id of the first entry that does not verify.
    static std::optional<qint64> firstBroken(Connection &db);
    // Same walk, with the count and the reason. On SQLite it also notices entries cut off the
    // end of the chain (AUTOINCREMENT remembers the highest id ever handed out).
    static ChainCheck verify(Connection &db);
    // The same walk with progress; nullopt when `progress` cancelled it.
    static std::optional<ChainCheck> verify(Connection &db, const ChainProgress &progress,
                                            AuditReadPath path = AuditReadPath::Fastest);
    static std::optional<ChainCheck> verify(Connection &db, const ChainProgress &progress,
                                            const ChainWalkOptions &options);
};

} // namespace ops
