#include "providersim/slen/slenkeystore.h"

namespace ops::sim {

qint64 SlenKeyStore::claim(const Id &id)
{
    const qint64 token = m_nextToken++;
    m_claims.insert(id, token);
    return token;
}

bool SlenKeyStore::release(const Id &id, qint64 token)
{
    const auto it = m_claims.constFind(id);
    if (it == m_claims.constEnd() || *it != token)
        return false;
    m_claims.erase(it);
    return true;
}

const SlenKeyRecord *SlenKeyStore::find(const Id &id) const
{
    const auto it = m_records.constFind(id);
    return it == m_records.constEnd() ? nullptr : &*it;
}

void SlenKeyStore::store(const Id &id, SlenKeyRecord record)
{
    m_records.insert(id, std::move(record));
}

bool SlenKeyStore::withinReplayWindow(const SlenKeyRecord &record, const QDateTime &now)
{
    return record.firstAt.secsTo(now) < kReplaySeconds;
}

void SlenKeyStore::prune(const QDateTime &now)
{
    for (auto it = m_records.begin(); it != m_records.end();) {
        const qint64 age = it->firstAt.secsTo(now);
        if (age >= kRetentionSeconds) {
            it = m_records.erase(it);
            continue;
        }
        if (it->kind == SlenKeyRecord::Kind::Movement && age >= kReplaySeconds) {
            // Bodies and responses are the large part; the fingerprint is enough from now on.
            // Execution keys keep their body: they are compared byte for byte for as long as
            // the execution is remembered.
            it->response.reset();
            it->body.clear();
        }
        ++it;
    }
}

} // namespace ops::sim
