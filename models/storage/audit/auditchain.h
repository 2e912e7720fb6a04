#pragma once

// The chain walk behind AuditLog::verify (internal to the audit folder). Each entry stores its
// own hash and its predecessor's, so whether an entry's contents match its hash does not depend
// on any other entry: that part (SHA-256, the costly one) can run on other threads, chunk by
// chunk, while the calling thread reads the rows and checks the links in id order. The verdict
// is taken in id order by one function in both walks, so it is the same whichever walk ran.

#include "storage/audit/auditlog.h"

#include <QByteArrayView>
#include <QCryptographicHash>
#include <string>

namespace ops {

// One stored entry as the chain walk sees it: UTF-8 bytes, valid until the next row.
struct ChainRow
{
    qint64 id = 0;
    qint64 at = 0;
    QByteArrayView actor;
    QByteArrayView action;
    QByteArrayView operationId;
    QByteArrayView detail;
    QByteArrayView prev;
    QByteArrayView hash;
};

// entryHash() without parsing the detail: the stored detail is already canonical when
// append() wrote it. Any difference (a detail that is not canonical, a string this writer
// spells differently) only makes the hash differ, and the walk then asks entryHash().
class FastEntryHash
{
public:
    // The lower-case hex digest, valid until the next call.
    QByteArrayView hex(const ChainRow &row);
    // Whether hex(row) is the stored hash, byte for byte.
    bool matches(const ChainRow &row) { return hex(row) == row.hash; }

private:
    std::string m_entry;
    char m_hex[64] = {};
    QCryptographicHash m_hash{QCryptographicHash::Sha256};
};

// Reads the next entry in id order into the row; false at the end.
using ChainSource = std::function<bool(ChainRow &)>;

// Walks every entry `next` yields. `highWater` is the highest id ever handed out (SQLite), so a
// cut-off end is noticed. With options.hashThreads > 0 the rows are copied in chunks of
// options.chunkEntries and hashed on that many threads. nullopt when `progress` cancelled.
std::optional<ChainCheck> walkAuditChain(const ChainSource &next, std::optional<qint64> highWater,
                                         const ChainProgress &progress,
                                         const ChainWalkOptions &options);

} // namespace ops
