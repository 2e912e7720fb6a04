#pragma once

// Slen's idempotency store for one simulator: which keys are claimed by a request in flight and
// what each used key remembers. Keys are scoped per project: (project, key) is the identity.
//
// Retention (simulator time):
//   * a credit movement's first successful response is replayed for 24 h (kReplaySeconds);
//   * after that only a compact fingerprint (customer, credit type, kind, amount) is kept, so
//     the key still refuses other work and still moves credits once; the fingerprint itself is
//     dropped after kRetentionSeconds to keep memory bounded over long runs;
//   * an execution key stays pinned to its execution for kRetentionSeconds as well.

#include "providersim/simtypes.h"

#include <utility>

namespace ops::sim {

struct SlenKeyRecord
{
    enum class Kind
    {
        Movement,
        Execution
    };

    Kind kind = Kind::Movement;
    QString path;      // route of the first use, e.g. "/v1/customers/u_1/topup"
    QByteArray body;   // request body as received, compared byte for byte
    QDateTime firstAt; // simulator time the key was first used successfully

    // Movement fingerprint, compared once the stored response has expired.
    QString customer;
    QString movementKind; // topup | charge | adjust
    QString creditType;
    qint64 amount = 0;
    std::optional<nlohmann::json> response; // first successful response; dropped after 24 h

    QString executionId; // execution keys only
};

class SlenKeyStore
{
public:
    using Id = std::pair<QString, QString>; // (project, idempotency key)

    static constexpr qint64 kReplaySeconds = 24 * 3600;
    static constexpr qint64 kRetentionSeconds = 30 * 24 * 3600;

    bool isClaimed(const Id &id) const { return m_claims.contains(id); }
    // Claims a free key for one request in flight; the token proves ownership on release.
    qint64 claim(const Id &id);
    // Releases the claim when the token matches; returns false for a stale or unknown token.
    bool release(const Id &id, qint64 token);

    const SlenKeyRecord *find(const Id &id) const;
    void store(const Id &id, SlenKeyRecord record);
    // Forgets what the key remembers (prune_key fault). A live claim is left alone: it belongs
    // to a request that is still being executed.
    void forget(const Id &id) { m_records.remove(id); }

    // True while the movement's first response is still replayed verbatim.
    static bool withinReplayWindow(const SlenKeyRecord &record, const QDateTime &now);
    // Drops expired responses and records; O(records), the handler decides how often.
    void prune(const QDateTime &now);

    qsizetype recordCount() const { return m_records.size(); }

private:
    QHash<Id, qint64> m_claims;
    QHash<Id, SlenKeyRecord> m_records;
    qint64 m_nextToken = 1;
};

} // namespace ops::sim
