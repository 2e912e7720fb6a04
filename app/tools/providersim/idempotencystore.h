#pragma once

// Stripe-style idempotency memory (also used by the message sink). A key is claimed
// atomically before the endpoint runs; while claimed, another request with the key is "in
// use". Once the endpoint ran, its response (whatever the status, 500 included) is stored and
// replayed for the retention period of simulator time; after that the key is pruned and runs
// as new (Stripe: 24 hours; Adyen: 7 days). A claim released without a stored response leaves
// nothing behind. Keys are scoped (per project of the API key).

#include "providersim/simtypes.h"

#include <QHash>
#include <QString>

namespace ops::sim {

class IdempotencyStore
{
public:
    // Stripe keeps a key 24 hours; Adyen at least 7 days.
    explicit IdempotencyStore(qint64 retentionSecs = 24 * 3600)
        : m_retentionSecs(retentionSecs)
    {}

    enum class Outcome
    {
        Claimed,         // the caller now holds the key: store() or release() must follow
        Replay,          // a stored response exists for the same endpoint and parameters
        InUse,           // another request holds the key right now
        OtherParameters, // the key was used with other parameters
        OtherEndpoint,   // the key was used on another endpoint
    };

    struct ClaimResult
    {
        Outcome outcome = Outcome::Claimed;
        qint64 token = 0;          // Claimed: pass to store()/release()
        SimResponse stored;        // Replay: the first response
        QString originalRequestId; // Replay: Request-Id of the first request
        QString firstEndpoint;     // OtherEndpoint: where the key was first used
    };

    ClaimResult claim(const QString &scope, const QString &key, const QString &endpoint,
                      const QByteArray &fingerprint, qint64 nowSecs);
    void store(const QString &scope, const QString &key, qint64 token, const SimResponse &response,
               const QString &requestId);
    void release(const QString &scope, const QString &key, qint64 token);
    void forget(const QString &scope, const QString &key);
    // Drops stored keys older than the retention period (claims in progress stay).
    void prune(qint64 nowSecs);
    void clear() { m_entries.clear(); }
    qsizetype size() const { return m_entries.size(); }

private:
    struct Entry
    {
        QString endpoint;
        QByteArray fingerprint;
        bool inProgress = true;
        qint64 token = 0;
        SimResponse response;
        QString requestId;
        qint64 createdSecs = 0;
    };

    static QString slot(const QString &scope, const QString &key) { return scope + u'\n' + key; }

    qint64 m_retentionSecs = 24 * 3600;
    QHash<QString, Entry> m_entries;
    qint64 m_nextToken = 1;
    qint64 m_lastPruneSecs = -1;
};

} // namespace ops::sim
