#include "providersim/requestlog.h"

namespace ops::sim {

RequestLog::RequestLog(std::size_t capacity)
    : m_capacity(capacity)
{}

qint64 RequestLog::append(const SimRequest &request, const QDateTime &at)
{
    Entry e;
    e.seq = m_nextSeq++;
    e.method = QString::fromLatin1(request.method);
    e.path = request.path;
    e.query = QString::fromUtf8(request.rawQuery);
    e.hasKey = request.headers.contains("idempotency-key");
    e.key = QString::fromUtf8(request.header("idempotency-key"));
    e.body = QString::fromUtf8(request.body);
    e.at = at;
    e.requestId = request.requestId;
    m_entries.push_back(std::move(e));
    while (m_entries.size() > m_capacity) {
        m_entries.pop_front();
        ++m_dropped;
    }
    return m_entries.back().seq;
}

RequestLog::Entry *RequestLog::find(qint64 seq)
{
    if (m_entries.empty() || seq < m_entries.front().seq)
        return nullptr;
    const auto index = std::size_t(seq - m_entries.front().seq);
    return index < m_entries.size() ? &m_entries[index] : nullptr;
}

void RequestLog::setFault(qint64 seq, const QString &fault)
{
    if (Entry *e = find(seq))
        e->fault = fault;
}

void RequestLog::setReply(qint64 seq, int status, bool replayed)
{
    if (Entry *e = find(seq)) {
        e->status = status;
        e->replayed = replayed;
    }
}

void RequestLog::clear()
{
    m_entries.clear();
    m_dropped = 0;
}

nlohmann::json RequestLog::toJson(const QString &pathPrefix) const
{
    nlohmann::json list = nlohmann::json::array();
    for (const Entry &e : m_entries) {
        if (!pathPrefix.isEmpty() && !e.path.startsWith(pathPrefix))
            continue;
        list.push_back({
            {"seq", e.seq},
            {"method", e.method.toStdString()},
            {"path", e.path.toStdString()},
            {"query", e.query.toStdString()},
            {"idempotency_key", e.hasKey ? nlohmann::json(e.key.toStdString()) : nullptr},
            {"body", e.body.toStdString()},
            {"status", e.status ? nlohmann::json(*e.status) : nullptr},
            {"fault", e.fault.isEmpty() ? nullptr : nlohmann::json(e.fault.toStdString())},
            {"at", e.at.toString(Qt::ISODateWithMs).toStdString()},
            {"replayed", e.replayed},
            {"request_id", e.requestId.toStdString()},
        });
    }
    return {{"requests", list}, {"dropped", m_dropped}};
}

} // namespace ops::sim
