#include "storage/alerts/alertstore.h"

#include "storage/db/sqltransaction.h"
#include "storage/db/writelocks.h"
#include "storage/records/operationrow.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// The alert loop's own scope: its writes never wait for a row's writers, nor they for it.
WriteLocks alertLocks()
{
    return WriteLocks::scoped({u"alerts"_s});
}

QString kindText(DeliveryKind kind)
{
    return kind == DeliveryKind::Fire ? u"fire"_s : u"resolve"_s;
}

void addDeliveries(Connection &db, qint64 alertId, DeliveryKind kind, const QStringList &channels,
                   qint64 nowMs)
{
    for (const QString &channel : channels)
        runQuery(db,
                 u"INSERT INTO alert_deliveries (alert_id, channel, kind, created_at) "
                 "VALUES (?, ?, ?, ?)"_s,
                 {alertId, channel, kindText(kind), nowMs});
}

const QString kDeliveryColumns =
    u"d.id, d.alert_id, a.alert_key, d.channel, d.kind, d.state, d.attempts, d.ambiguous, "
    "a.subject, a.body, d.last_error FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id"_s;

AlertDelivery deliveryFromRow(const Query &q)
{
    AlertDelivery d;
    d.id = q.value(0).toLongLong();
    d.alertId = q.value(1).toLongLong();
    d.alertKey = q.value(2).toString();
    d.channel = q.value(3).toString();
    d.kind = q.value(4).toString() == u"resolve"_s ? DeliveryKind::Resolve : DeliveryKind::Fire;
    d.state = q.value(5).toString();
    d.attempts = q.value(6).toInt();
    d.ambiguous = q.value(7).toInt();
    d.subject = q.value(8).toString();
    d.body = q.value(9).toString();
    d.lastError = q.value(10).toString();
    return d;
}

} // namespace

AlertStore::AlertStore(const Connection &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{}

AlertSync AlertStore::sync(const std::vector<AlertCondition> &holding, const QStringList &channels)
{
    const qint64 now = m_clock.nowMs();
    AlertSync counts;
    WriteTransaction tx(m_db, alertLocks());
    QSet<QString> open;
    std::vector<std::pair<qint64, QString>> openRows;
    Query q = runQuery(m_db, u"SELECT id, alert_key FROM alerts WHERE resolved_at IS NULL"_s);
    while (q.next()) {
        open.insert(q.value(1).toString());
        openRows.emplace_back(q.value(0).toLongLong(), q.value(1).toString());
    }
    q.finish();
    QSet<QString> holds;
    for (const AlertCondition &c : holding) {
        holds.insert(c.key);
        if (open.contains(c.key))
            continue;
        // ON CONFLICT: a key that fired and resolved before does not fire again.
        Query in =
            runQuery(m_db,
                     u"INSERT INTO alerts (alert_key, condition, operation_id, subject, "
                     "body, fired_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (alert_key) "
                     "DO NOTHING RETURNING id"_s,
                     {c.key, c.condition, rows::nullable(c.operationId), c.subject, c.body, now});
        if (!in.next())
            continue;
        const qint64 id = in.value(0).toLongLong();
        in.finish();
        addDeliveries(m_db, id, DeliveryKind::Fire, channels, now);
        ++counts.fired;
    }
    for (const auto &[id, key] : openRows) {
        if (holds.contains(key))
            continue;
        runQuery(m_db, u"UPDATE alerts SET resolved_at = ? WHERE id = ?"_s, {now, id});
        addDeliveries(m_db, id, DeliveryKind::Resolve, channels, now);
        ++counts.resolved;
    }
    tx.commit();
    return counts;
}

std::vector<AlertDelivery> AlertStore::due(const QString &channel, int limit, qint64 staleBeforeMs)
{
    {
        WriteTransaction tx(m_db, alertLocks());
        Query stale = runQuery(m_db,
                               u"SELECT id FROM alert_deliveries WHERE state = 'pending' AND "
                               "channel = ? AND in_flight_since < ?"_s,
                               {channel, staleBeforeMs});
        QList<qint64> ids;
        while (stale.next())
            ids << stale.value(0).toLongLong();
        stale.finish();
        for (const qint64 id : ids)
            finishLocked(id, DeliveryResult::Unknown, u"the sender stopped during the call"_s, 0,
                         m_clock.nowMs());
        tx.commit();
    }
    Query q = runQuery(m_db,
                       u"SELECT "_s + kDeliveryColumns +
                           u" WHERE d.state = 'pending' AND d.channel = ? AND d.in_flight_since "
                           "IS NULL ORDER BY d.id LIMIT ?"_s,
                       {channel, limit});
    std::vector<AlertDelivery> out;
    while (q.next())
        out.push_back(deliveryFromRow(q));
    return out;
}

bool AlertStore::beginAttempt(qint64 deliveryId, const QString &digest)
{
    WriteTransaction tx(m_db, alertLocks());
    Query q = runQuery(m_db,
                       u"UPDATE alert_deliveries SET attempts = attempts + 1, in_flight_since = ?, "
                       "digest = ? WHERE id = ? AND state = 'pending' AND in_flight_since IS NULL "
                       "RETURNING id"_s,
                       {m_clock.nowMs(), rows::nullable(digest), deliveryId});
    const bool begun = q.next();
    q.finish(); // SQLite commits no transaction with a statement still stepping
    tx.commit();
    return begun;
}

void AlertStore::finish(qint64 deliveryId, DeliveryResult result, const QString &error,
                        int maxAttempts)
{
    WriteTransaction tx(m_db, alertLocks());
    finishLocked(deliveryId, result, error, maxAttempts, m_clock.nowMs());
    tx.commit();
}

void AlertStore::finishLocked(qint64 deliveryId, DeliveryResult result, const QString &error,
                              int maxAttempts, qint64 nowMs)
{
    QString sql;
    switch (result) {
    case DeliveryResult::Delivered:
        sql = u"state = 'sent', sent_at = ?"_s;
        break;
    case DeliveryResult::Refused:
        sql = u"state = 'failed', sent_at = ?"_s;
        break;
    case DeliveryResult::Retry:
        // maxAttempts 0: the caller keeps no cap here (a stale attempt is never a Retry).
        sql =
            u"state = CASE WHEN attempts >= %1 THEN 'failed' ELSE 'pending' END, sent_at = ?"_s.arg(
                qMax(1, maxAttempts));
        break;
    case DeliveryResult::Unknown:
        sql = u"ambiguous = ambiguous + 1, state = CASE WHEN ambiguous >= 1 THEN 'unknown' ELSE "
              "'pending' END, sent_at = ?"_s;
        break;
    }
    const QVariant sentAt = result == DeliveryResult::Delivered ? QVariant(nowMs) : QVariant();
    runQuery(m_db,
             u"UPDATE alert_deliveries SET "_s + sql +
                 u", in_flight_since = NULL, last_error = ? WHERE id = ?"_s,
             {sentAt, rows::nullable(error), deliveryId});
}

std::vector<AlertRecord> AlertStore::alerts(bool openOnly, int limit)
{
    Query q = runQuery(m_db,
                       u"SELECT id, alert_key, condition, operation_id, subject, fired_at, "
                       "resolved_at FROM alerts "_s +
                           (openOnly ? u"WHERE resolved_at IS NULL "_s : QString()) +
                           u"ORDER BY id DESC LIMIT ?"_s,
                       {limit});
    std::vector<AlertRecord> out;
    while (q.next())
        out.push_back({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                       q.value(3).toString(), q.value(4).toString(),
                       rows::utc(q.value(5).toLongLong()), rows::utcOrNull(q.value(6))});
    return out;
}

std::vector<AlertDelivery> AlertStore::deliveries(qint64 alertId)
{
    Query q =
        runQuery(m_db, u"SELECT "_s + kDeliveryColumns + u" WHERE d.alert_id = ? ORDER BY d.id"_s,
                 {alertId});
    std::vector<AlertDelivery> out;
    while (q.next())
        out.push_back(deliveryFromRow(q));
    return out;
}

} // namespace ops
