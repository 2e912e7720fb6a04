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
    "a.subject, a.body, d.last_error, a.episode FROM alert_deliveries d JOIN alerts a ON a.id = "
    "d.alert_id"_s;

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
    d.episode = q.value(11).toInt();
    return d;
}

} // namespace

AlertStore::AlertStore(const Connection &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{}

AlertSync AlertStore::sync(const std::vector<AlertCondition> &holding, const QStringList &channels,
                           const QStringList &unseen)
{
    const qint64 now = m_clock.nowMs();
    AlertSync counts;
    WriteTransaction tx(m_db, alertLocks());
    struct Open
    {
        qint64 id = 0;
        QString key;
        QString condition;
    };
    std::vector<Open> open;
    QSet<QString> openKeys;
    Query q =
        runQuery(m_db, u"SELECT id, alert_key, condition FROM alerts WHERE resolved_at IS NULL"_s);
    while (q.next()) {
        open.push_back({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString()});
        openKeys.insert(open.back().key);
    }
    q.finish();
    QSet<QString> holds;
    for (const AlertCondition &c : holding) {
        holds.insert(c.key);
        if (openKeys.contains(c.key))
            continue;
        // The key's next episode; the one open episode per key is the database's rule too.
        Query in = runQuery(
            m_db,
            u"INSERT INTO alerts (alert_key, episode, condition, operation_id, "
            "subject, body, fired_at) SELECT ?, COALESCE(MAX(episode), 0) + 1, ?, "
            "?, ?, ?, ? FROM alerts WHERE alert_key = ? ON CONFLICT DO NOTHING "
            "RETURNING id"_s,
            {c.key, c.condition, rows::nullable(c.operationId), c.subject, c.body, now, c.key});
        if (!in.next())
            continue;
        const qint64 id = in.value(0).toLongLong();
        in.finish();
        addDeliveries(m_db, id, DeliveryKind::Fire, channels, now);
        openKeys.insert(c.key);
        ++counts.fired;
    }
    for (const Open &a : open) {
        if (holds.contains(a.key) || unseen.contains(a.condition))
            continue;
        runQuery(m_db, u"UPDATE alerts SET resolved_at = ? WHERE id = ?"_s, {now, a.id});
        addDeliveries(m_db, a.id, DeliveryKind::Resolve, channels, now);
        ++counts.resolved;
    }
    tx.commit();
    return counts;
}

WaitingRows AlertStore::waitingRows(OperationState state, qint64 deadlineBeforeMs,
                                    qint64 createdBeforeMs, int limit)
{
    WaitingRows out;
    out.rows =
        rows::readOperations(m_db,
                             u"WHERE state = ? AND (deadline_at < ? OR created_at < ?) ORDER BY "
                             "COALESCE(deadline_at, 9223372036854775807), created_at, id LIMIT ?"_s,
                             {toString(state), deadlineBeforeMs, createdBeforeMs, limit + 1});
    out.complete = int(out.rows.size()) <= limit;
    if (!out.complete)
        out.rows.pop_back();
    return out;
}

std::vector<AlertDelivery> AlertStore::due(const QString &channel, int limit, qint64 staleBeforeMs)
{
    {
        WriteTransaction tx(m_db, alertLocks());
        Query stale = runQuery(m_db,
                               u"SELECT id, in_flight_since FROM alert_deliveries WHERE state = "
                               "'pending' AND channel = ? AND in_flight_since < ?"_s,
                               {channel, staleBeforeMs});
        std::vector<std::pair<qint64, qint64>> attempts;
        while (stale.next())
            attempts.emplace_back(stale.value(0).toLongLong(), stale.value(1).toLongLong());
        stale.finish();
        for (const auto &[id, token] : attempts)
            finishLocked(id, token, DeliveryResult::Unknown,
                         u"the sender stopped during the call"_s, 0, m_clock.nowMs());
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

std::optional<qint64> AlertStore::beginAttempt(qint64 deliveryId, const QString &digest)
{
    const qint64 token = m_clock.nowMs();
    WriteTransaction tx(m_db, alertLocks());
    Query q = runQuery(m_db,
                       u"UPDATE alert_deliveries SET attempts = attempts + 1, in_flight_since = ?, "
                       "digest = ? WHERE id = ? AND state = 'pending' AND in_flight_since IS NULL "
                       "RETURNING id"_s,
                       {token, rows::nullable(digest), deliveryId});
    const bool begun = q.next();
    q.finish(); // SQLite commits no transaction with a statement still stepping
    tx.commit();
    return begun ? std::optional<qint64>(token) : std::nullopt;
}

void AlertStore::finish(qint64 deliveryId, qint64 token, DeliveryResult result,
                        const QString &error, qint64 retryForMs)
{
    WriteTransaction tx(m_db, alertLocks());
    finishLocked(deliveryId, token, result, error, retryForMs, m_clock.nowMs());
    tx.commit();
}

void AlertStore::finishLocked(qint64 deliveryId, qint64 token, DeliveryResult result,
                              const QString &error, qint64 retryForMs, qint64 nowMs)
{
    // Each SET reads the row as it was: `ambiguous` is the count before this answer.
    const QString final = u"CASE WHEN ambiguous > 0 THEN 'unknown' ELSE 'failed' END"_s;
    QString state;
    switch (result) {
    case DeliveryResult::Delivered:
        state = u"'sent'"_s;
        break;
    case DeliveryResult::Refused:
        state = final;
        break;
    case DeliveryResult::Retry:
        state = u"CASE WHEN created_at <= %1 THEN %2 ELSE 'pending' END"_s.arg(nowMs - retryForMs)
                    .arg(final);
        break;
    case DeliveryResult::Unknown:
        state = u"CASE WHEN ambiguous >= 1 THEN 'unknown' ELSE 'pending' END"_s;
        break;
    }
    const bool ambiguous = result == DeliveryResult::Unknown;
    runQuery(m_db,
             u"UPDATE alert_deliveries SET state = "_s + state +
                 u", ambiguous = ambiguous + ?, sent_at = ?, in_flight_since = NULL, "
                 "last_error = ? WHERE id = ? AND state = 'pending' AND in_flight_since = ?"_s,
             {ambiguous ? 1 : 0, result == DeliveryResult::Delivered ? QVariant(nowMs) : QVariant(),
              rows::nullable(error), deliveryId, token});
}

std::vector<AlertRecord> AlertStore::alerts(bool openOnly, int limit)
{
    Query q = runQuery(m_db,
                       u"SELECT id, alert_key, episode, condition, operation_id, subject, "
                       "fired_at, resolved_at FROM alerts "_s +
                           (openOnly ? u"WHERE resolved_at IS NULL "_s : QString()) +
                           u"ORDER BY id DESC LIMIT ?"_s,
                       {limit});
    std::vector<AlertRecord> out;
    while (q.next())
        out.push_back({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toInt(),
                       q.value(3).toString(), q.value(4).toString(), q.value(5).toString(),
                       rows::utc(q.value(6).toLongLong()), rows::utcOrNull(q.value(7))});
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
