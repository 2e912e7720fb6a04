#include "providersim/idempotencystore.h"

namespace ops::sim {

IdempotencyStore::ClaimResult IdempotencyStore::claim(const QString &scope, const QString &key,
                                                      const QString &endpoint,
                                                      const QByteArray &fingerprint, qint64 nowSecs)
{
    prune(nowSecs);
    ClaimResult result;
    const QString id = slot(scope, key);
    const auto it = m_entries.constFind(id);
    if (it == m_entries.constEnd()) {
        Entry e;
        e.endpoint = endpoint;
        e.fingerprint = fingerprint;
        e.token = m_nextToken++;
        e.createdSecs = nowSecs;
        result.token = e.token;
        m_entries.insert(id, e);
        return result;
    }
    if (it->inProgress) {
        result.outcome = Outcome::InUse;
        return result;
    }
    if (it->endpoint != endpoint) {
        result.outcome = Outcome::OtherEndpoint;
        result.firstEndpoint = it->endpoint;
        return result;
    }
    if (it->fingerprint != fingerprint) {
        result.outcome = Outcome::OtherParameters;
        return result;
    }
    result.outcome = Outcome::Replay;
    result.stored = it->response;
    result.originalRequestId = it->requestId;
    return result;
}

void IdempotencyStore::store(const QString &scope, const QString &key, qint64 token,
                             const SimResponse &response, const QString &requestId)
{
    const auto it = m_entries.find(slot(scope, key));
    if (it == m_entries.end() || it->token != token)
        return; // the claim was pruned or replaced meanwhile (prune_key fault)
    it->inProgress = false;
    it->response = response;
    it->requestId = requestId;
}

void IdempotencyStore::release(const QString &scope, const QString &key, qint64 token)
{
    const auto it = m_entries.find(slot(scope, key));
    if (it != m_entries.end() && it->inProgress && it->token == token)
        m_entries.erase(it);
}

void IdempotencyStore::forget(const QString &scope, const QString &key)
{
    const auto it = m_entries.find(slot(scope, key));
    if (it != m_entries.end() && !it->inProgress)
        m_entries.erase(it);
}

void IdempotencyStore::prune(qint64 nowSecs)
{
    if (nowSecs == m_lastPruneSecs)
        return; // at most one sweep per simulated second
    m_lastPruneSecs = nowSecs;
    m_entries.removeIf([this, nowSecs](const QHash<QString, Entry>::iterator &it) {
        return !it->inProgress && nowSecs - it->createdSecs >= m_retentionSecs;
    });
}

} // namespace ops::sim
