#include "storage/events/eventstore.h"

#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/records/operationrow.h"

#include <QCryptographicHash>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

QString eventColumns()
{
    return u"id, provider, type, created, livemode, object_type, object_id, object_status, "
           "operation_id, matched_by, source, received_at, outcome, outcome_reason, raw"_s;
}

MatchedBy matchedByFrom(const QString &text)
{
    if (text == u"metadata"_s)
        return MatchedBy::Metadata;
    if (text == u"idempotency_key"_s)
        return MatchedBy::IdempotencyKey;
    if (text == u"provider_ref"_s)
        return MatchedBy::ProviderRef;
    if (text == u"merchant_reference"_s)
        return MatchedBy::MerchantReference;
    if (text == u"original_reference"_s)
        return MatchedBy::OriginalReference;
    return MatchedBy::None;
}

EventOutcome outcomeFrom(const QString &text)
{
    if (text == u"applied"_s)
        return EventOutcome::Applied;
    if (text == u"attention"_s)
        return EventOutcome::Attention;
    return EventOutcome::Ignored;
}

StoredEvent eventFromRow(const QSqlQuery &q)
{
    StoredEvent e;
    e.id = q.value(0).toString();
    e.provider = providerFromString(q.value(1).toString()).value_or(Provider::Stripe);
    e.type = q.value(2).toString();
    e.created = q.value(3).toLongLong();
    e.livemode = q.value(4).toLongLong() != 0;
    e.objectType = q.value(5).toString();
    e.objectId = q.value(6).toString();
    e.objectStatus = q.value(7).toString();
    e.operationId = q.value(8).toString();
    e.matchedBy = matchedByFrom(q.value(9).toString());
    e.source = q.value(10).toString() == u"import"_s ? EventSource::Import : EventSource::Webhook;
    e.receivedAt = rows::utc(q.value(11).toLongLong());
    e.outcome = outcomeFrom(q.value(12).toString());
    e.outcomeReason = q.value(13).toString();
    e.raw = q.value(14).toByteArray();
    return e;
}

std::vector<StoredEvent> eventsFrom(QSqlQuery &q)
{
    std::vector<StoredEvent> out;
    while (q.next())
        out.push_back(eventFromRow(q));
    return out;
}

// The attention columns follow operationColumns() in attention queries.
QString attentionSelect()
{
    return u"SELECT "_s + rows::operationColumns() +
           u", attention_reason, attention_at, attention_by FROM operations "_s;
}

Attention attentionFromRow(const QSqlQuery &q, int first)
{
    return {q.value(first).toString(), rows::utc(q.value(first + 1).toLongLong()),
            q.value(first + 2).toString()};
}

int operationColumnCount()
{
    return int(rows::operationColumns().count(u',')) + 1;
}

} // namespace

EventStore::EventStore(const Connection &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{}

std::optional<StoredEvent> EventStore::event(const QString &id)
{
    Query q = runQuery(
        m_db, u"SELECT "_s + eventColumns() + u" FROM provider_events WHERE id = ?"_s, {id});
    if (!q.next())
        return std::nullopt;
    return eventFromRow(q);
}

bool EventStore::hasEvent(const QString &id)
{
    return hasEventLocked(id);
}

bool EventStore::hasEventLocked(const QString &id)
{
    Connection &db = *m_db;
    Query q = runQuery(db, u"SELECT 1 FROM provider_events WHERE id = ?"_s, {id});
    return q.next();
}

std::vector<StoredEvent> EventStore::eventsOf(const QString &operationId)
{
    Query q = runQuery(m_db,
                       u"SELECT "_s + eventColumns() +
                           u" FROM provider_events WHERE operation_id = ? "
                           "ORDER BY created, received_at, id"_s,
                       {operationId});
    return eventsFrom(q);
}

std::vector<StoredEvent> EventStore::eventsOfObject(Provider provider, const QString &objectId)
{
    Query q = runQuery(m_db,
                       u"SELECT "_s + eventColumns() +
                           u" FROM provider_events WHERE provider = ? AND object_id = ? "
                           "ORDER BY created, received_at, id"_s,
                       {toString(provider), objectId});
    return eventsFrom(q);
}

std::vector<StoredEvent> EventStore::unmatched(int limit, const std::optional<EventPosition> &after)
{
    QString sql = u"SELECT "_s + eventColumns() +
                  u" FROM provider_events WHERE operation_id IS NULL AND object_type = 'refund'"_s;
    QVariantList bindings;
    if (after) {
        sql += u" AND (received_at < ? OR (received_at = ? AND id < ?))"_s;
        bindings = {after->receivedAtMs, after->receivedAtMs, after->id};
    }
    sql += u" ORDER BY received_at DESC, id DESC LIMIT ?"_s;
    bindings << qMax(1, limit);
    Query q = runQuery(m_db, sql, bindings);
    return eventsFrom(q);
}

qint64 EventStore::unmatchedCount()
{
    Query q = runQuery(m_db, u"SELECT COUNT(*) FROM provider_events WHERE operation_id IS "
                             "NULL AND object_type = 'refund'"_s);
    return q.next() ? q.value(0).toLongLong() : 0;
}

std::vector<AttentionItem> EventStore::attentionQueue(int limit)
{
    Query q = runQuery(m_db,
                       attentionSelect() +
                           u"WHERE attention_at IS NOT NULL ORDER BY attention_at, id LIMIT ?"_s,
                       {qMax(1, limit)});
    std::vector<AttentionItem> out;
    const int first = operationColumnCount();
    while (q.next())
        out.push_back({rows::operationFromRow(q), attentionFromRow(q, first)});
    return out;
}

qint64 EventStore::attentionCount()
{
    Query q = runQuery(m_db, u"SELECT COUNT(*) FROM operations WHERE attention_at IS NOT NULL"_s);
    return q.next() ? q.value(0).toLongLong() : 0;
}

std::optional<Attention> EventStore::attentionOf(const QString &operationId)
{
    Query q = runQuery(m_db,
                       u"SELECT attention_reason, attention_at, attention_by FROM operations "
                       "WHERE id = ? AND attention_at IS NOT NULL"_s,
                       {operationId});
    if (!q.next())
        return std::nullopt;
    return attentionFromRow(q, 0);
}

ReceiverStatus EventStore::receiverStatus(qint64 staleAfterMs)
{
    ReceiverStatus status;
    Query q = runQuery(m_db, u"SELECT last_seen_at, listen_url, stopped_at FROM "
                             "receiver_heartbeats ORDER BY last_seen_at DESC LIMIT 1"_s);
    if (q.next()) {
        status.lastSeenAt = rows::utc(q.value(0).toLongLong());
        status.listenUrl = q.value(1).toString();
        status.running =
            q.value(2).isNull() && m_clock.nowMs() - q.value(0).toLongLong() <= staleAfterMs;
    }
    Query last =
        runQuery(m_db, u"SELECT MAX(received_at) FROM provider_events WHERE source = 'webhook'"_s);
    if (last.next())
        status.lastEventAt = rows::utcOrNull(last.value(0));
    return status;
}

bool EventStore::raiseAttention(const QString &operationId, const QString &reason,
                                const QString &actor)
{
    WriteTransaction tx(m_db);
    const bool raised = raiseAttentionLocked(m_clock.nowMs(), operationId, reason, actor);
    if (raised)
        tx.commit();
    return raised;
}

bool EventStore::raiseAttentionLocked(qint64 nowMs, const QString &operationId,
                                      const QString &reason, const QString &actor)
{
    Connection &db = *m_db;
    Query q = runQuery(db,
                       u"UPDATE operations SET attention_reason = ?, attention_at = ?, "
                       "attention_by = ?, updated_at = ? WHERE id = ? AND "
                       "(attention_at IS NULL OR COALESCE(attention_reason, '') <> ?)"_s,
                       {reason, nowMs, actor, nowMs, operationId, reason});
    if (q.numRowsAffected() != 1)
        return false;
    AuditLog::append(db, nowMs, actor, u"attention.raised"_s, operationId,
                     {{"reason", reason.toStdString()}});
    return true;
}

bool EventStore::clearAttention(const QString &operationId, const QString &actor,
                                const QString &note)
{
    const qint64 now = m_clock.nowMs();
    if (operatorName(actor).isEmpty())
        throw ActionRefused(u"only a person clears Attention (operator:NAME)"_s);
    if (note.trimmed().isEmpty())
        throw ActionRefused(u"clearing Attention needs a note saying what was done"_s);
    WriteTransaction tx(m_db);
    requireRight(m_db, actor, Right::Close);
    const auto current = attentionOf(operationId);
    if (!current)
        return false;
    runQuery(m_db,
             u"UPDATE operations SET attention_reason = NULL, attention_at = NULL, "
             "attention_by = NULL, updated_at = ? WHERE id = ?"_s,
             {now, operationId});
    AuditLog::append(m_db, now, actor, u"attention.cleared"_s, operationId,
                     {{"reason", current->reason.toStdString()}, {"note", note.toStdString()}});
    tx.commit();
    return true;
}

bool EventStore::insertEventLocked(const StoredEvent &e)
{
    Connection &db = *m_db;
    // ON CONFLICT DO NOTHING: a duplicate never fails the transaction (PostgreSQL aborts a
    // transaction on a failed statement), it just inserts nothing.
    Query q = runQuery(
        db,
        u"INSERT INTO provider_events (id, provider, type, created, livemode, object_type, "
        "object_id, object_status, operation_id, matched_by, source, received_at, outcome, "
        "outcome_reason, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (id) DO NOTHING"_s,
        {e.id, toString(e.provider), e.type, e.created, e.livemode ? 1 : 0, e.objectType,
         e.objectId, rows::nullable(e.objectStatus), rows::nullable(e.operationId),
         rows::nullable(toString(e.matchedBy)), toString(e.source),
         e.receivedAt.toMSecsSinceEpoch(), toString(e.outcome), e.outcomeReason, e.raw});
    return q.numRowsAffected() == 1;
}

std::optional<qint64> EventStore::lastAppliedCreatedLocked(const QString &objectId)
{
    Connection &db = *m_db;
    Query q = runQuery(db,
                       u"SELECT MAX(created) FROM provider_events WHERE object_id = ? AND "
                       "outcome = 'applied'"_s,
                       {objectId});
    if (!q.next() || q.value(0).isNull())
        return std::nullopt;
    return q.value(0).toLongLong();
}

EventStore::Match EventStore::matchRefundLocked(const QString &metadataOperationId,
                                                const QString &idempotencyKey,
                                                const QString &providerRef)
{
    Connection &db = *m_db;
    const QString select = u"SELECT "_s + rows::operationColumns() +
                           u" FROM operations WHERE kind = 'refund' AND provider = 'stripe' AND "_s;
    const std::pair<MatchedBy, std::pair<QString, QString>> rules[] = {
        {MatchedBy::Metadata, {u"id = ?"_s, metadataOperationId}},
        {MatchedBy::IdempotencyKey, {u"idempotency_key = ?"_s, idempotencyKey}},
        {MatchedBy::ProviderRef, {u"provider_ref = ?"_s, providerRef}},
    };
    for (const auto &[by, rule] : rules) {
        if (rule.second.isEmpty())
            continue;
        Query q = runQuery(db, select + rule.first + u" ORDER BY created_at, id LIMIT 1"_s,
                           {rule.second});
        if (q.next())
            return {rows::operationFromRow(q), by};
    }
    return {};
}

EventStore::Match EventStore::matchAdyenRefundLocked(const QString &merchantReference,
                                                     const QString &pspReference,
                                                     const QString &originalReference,
                                                     const Money &amount)
{
    Connection &db = *m_db;
    const QString select = u"SELECT "_s + rows::operationColumns() +
                           u" FROM operations WHERE kind = 'refund' AND provider = 'adyen' AND "_s;
    const std::pair<MatchedBy, QString> exact[] = {{MatchedBy::MerchantReference, u"id = ?"_s},
                                                   {MatchedBy::ProviderRef, u"provider_ref = ?"_s}};
    const QString values[] = {merchantReference, pspReference};
    for (int i = 0; i < 2; ++i) {
        if (values[i].isEmpty())
            continue;
        Query q = runQuery(db, select + exact[i].second + u" LIMIT 1"_s, {values[i]});
        if (q.next())
            return {rows::operationFromRow(q), exact[i].first};
    }
    if (originalReference.isEmpty())
        return {};
    // Two live rows of one payment with the same amount are two refunds: naming either would be
    // a guess, so neither is matched.
    Query q = runQuery(db,
                       select + u"charge_id = ? AND amount_minor = ? AND upper(currency) = ? AND "
                                "state IN ('open', 'unknown') ORDER BY id LIMIT 2"_s,
                       {originalReference, amount.minor, amount.currency.toUpper()});
    std::vector<Operation> found;
    while (q.next())
        found.push_back(rows::operationFromRow(q));
    if (found.size() != 1)
        return {};
    return {found.front(), MatchedBy::OriginalReference};
}

QStringList EventStore::otherClaimsLocked(const QString &operationId, const QString &objectId)
{
    Connection &db = *m_db;
    Query q = runQuery(db,
                       u"SELECT DISTINCT object_id FROM provider_events WHERE operation_id = ? "
                       "AND object_type = 'refund' AND object_id <> ? ORDER BY object_id"_s,
                       {operationId, objectId});
    QStringList out;
    while (q.next())
        out << q.value(0).toString();
    return out;
}

void EventStore::auditEventLocked(qint64 nowMs, const QString &actor, const QString &action,
                                  const QString &operationId, const nlohmann::json &detail)
{
    AuditLog::append(*m_db, nowMs, actor, action, operationId, detail);
}

qint64 EventStore::addEventEvidenceLocked(qint64 nowMs, const StoredEvent &e, const QString &actor)
{
    Connection &db = *m_db;
    const QString sha =
        QString::fromLatin1(QCryptographicHash::hash(e.raw, QCryptographicHash::Sha256).toHex());
    const QString title = u"%1 %2 (%3)"_s.arg(e.type, e.id, toString(e.source));
    Query q = runQuery(db,
                       u"INSERT INTO evidence (operation_id, kind, title, content_type, body, "
                       "sha256, size_bytes, created_by, created_at) "
                       "VALUES (?, 'provider_event', ?, 'application/json', ?, ?, ?, ?, ?) "
                       "RETURNING id"_s,
                       {e.operationId, title, e.raw, sha, qint64(e.raw.size()), actor, nowMs});
    if (!q.next())
        throw StoreError(u"evidence for event %1 was not stored"_s.arg(e.id));
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    AuditLog::append(db, nowMs, actor, u"evidence.added"_s, e.operationId,
                     {{"evidence_id", id},
                      {"kind", "provider_event"},
                      {"title", title.toStdString()},
                      {"sha256", sha.toStdString()}});
    return id;
}

std::optional<QString> EventStore::cursor(const QString &name)
{
    Query q = runQuery(m_db, u"SELECT value FROM provider_cursors WHERE name = ?"_s, {name});
    if (!q.next())
        return std::nullopt;
    return q.value(0).toString();
}

void EventStore::setCursor(const QString &name, const QString &value)
{
    WriteTransaction tx(m_db);
    setCursorLocked(m_clock.nowMs(), name, value);
    tx.commit();
}

void EventStore::setCursorLocked(qint64 nowMs, const QString &name, const QString &value)
{
    Connection &db = *m_db;
    runQuery(db,
             u"INSERT INTO provider_cursors (name, value, updated_at) VALUES (?, ?, ?) "
             "ON CONFLICT (name) DO UPDATE SET value = excluded.value, "
             "updated_at = excluded.updated_at"_s,
             {name, value, nowMs});
}

void EventStore::beat(const QString &receiverId, const QString &listenUrl, qint64 startedAtMs,
                      std::optional<qint64> lastEventAtMs)
{
    WriteTransaction tx(m_db);
    runQuery(m_db,
             u"INSERT INTO receiver_heartbeats (id, listen_url, started_at, last_seen_at, "
             "last_event_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET "
             "last_seen_at = excluded.last_seen_at, last_event_at = COALESCE("
             "excluded.last_event_at, receiver_heartbeats.last_event_at)"_s,
             {receiverId, listenUrl, startedAtMs, m_clock.nowMs(),
              lastEventAtMs ? QVariant(*lastEventAtMs) : QVariant()});
    tx.commit();
}

void EventStore::stopped(const QString &receiverId)
{
    WriteTransaction tx(m_db);
    const qint64 now = m_clock.nowMs();
    runQuery(m_db,
             u"UPDATE receiver_heartbeats SET stopped_at = ?, last_seen_at = ? WHERE id = ?"_s,
             {now, now, receiverId});
    tx.commit();
}

Connection &connectionOf(EventStore &events)
{
    return events.m_db;
}

} // namespace ops
