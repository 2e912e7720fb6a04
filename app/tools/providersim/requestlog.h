#pragma once

// A bounded log of the provider-route requests provider-sim received (GET /_sim/requests), so
// tests can check that a client's resends were byte-identical and which faults they met.
// Holds the last `capacity` requests; older ones fall off.

#include "providersim/simtypes.h"

#include <QDateTime>
#include <QString>
#include <deque>
#include <nlohmann/json.hpp>
#include <optional>

namespace ops::sim {

class RequestLog
{
public:
    static constexpr std::size_t defaultCapacity = 10000;

    explicit RequestLog(std::size_t capacity = defaultCapacity);

    // Returns a sequence number for the later calls.
    qint64 append(const SimRequest &request, const QDateTime &at);
    void setFault(qint64 seq, const QString &fault);
    void setReply(qint64 seq, int status, bool replayed);
    void clear();
    std::size_t size() const { return m_entries.size(); }

    // {"requests":[{seq,method,path,query,idempotency_key,body,status,fault,at,replayed,
    //               request_id}], "dropped": n}; path filters by prefix when not empty.
    nlohmann::json toJson(const QString &pathPrefix = {}) const;

private:
    struct Entry
    {
        qint64 seq = 0;
        QString method;
        QString path;
        QString query;
        QString key;
        bool hasKey = false;
        QString body;
        std::optional<int> status;
        QString fault;
        QDateTime at;
        bool replayed = false;
        QString requestId;
    };

    Entry *find(qint64 seq);

    std::deque<Entry> m_entries;
    std::size_t m_capacity = defaultCapacity;
    qint64 m_nextSeq = 1;
    qint64 m_dropped = 0;
};

} // namespace ops::sim
