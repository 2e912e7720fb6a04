#include "storage/messages/messagestore.h"

#include "domain/truthguard.h"
#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/messages/decisionnote.h"
#include "storage/records/operationrow.h"

#include <QCryptographicHash>
#include <QSqlQuery>
#include <QSqlRecord>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

const QString kColumns =
    u"id, operation_id, conversation, template, language, body, idempotency_key, state, channel, "
    "operation_state, attempts, last_error, provider_message_id, created_by, created_at, "
    "last_attempt_at, sent_at, sent_by, internal"_s;

std::optional<QDateTime> optionalTime(const QVariant &v)
{
    if (v.isNull())
        return std::nullopt;
    return QDateTime::fromMSecsSinceEpoch(v.toLongLong(), Qt::UTC);
}

CustomerMessage readMessage(const QSqlQuery &q)
{
    CustomerMessage m;
    m.id = q.value(0).toLongLong();
    m.operationId = q.value(1).toString();
    m.conversation = q.value(2).toString();
    m.tmpl = messageTemplateFromString(q.value(3).toString()).value_or(MessageTemplate::Custom);
    m.language = q.value(4).toString();
    m.body = q.value(5).toString();
    m.idempotencyKey = q.value(6).toString();
    const QString state = q.value(7).toString();
    m.state = state == u"sent"_s     ? MessageState::Sent
              : state == u"failed"_s ? MessageState::Failed
                                     : MessageState::Pending;
    m.channel = q.value(8).toString() == u"clipboard"_s ? MessageChannel::Clipboard
                                                        : MessageChannel::Helpdesk;
    m.operationState = stateFromString(q.value(9).toString()).value_or(OperationState::Open);
    m.attempts = q.value(10).toInt();
    m.lastError = q.value(11).toString();
    m.providerMessageId = q.value(12).toString();
    m.createdBy = q.value(13).toString();
    m.createdAt = QDateTime::fromMSecsSinceEpoch(q.value(14).toLongLong(), Qt::UTC);
    m.lastAttemptAt = optionalTime(q.value(15));
    m.sentAt = optionalTime(q.value(16));
    m.sentBy = q.value(17).toString();
    m.internal = q.value(18).toBool();
    return m;
}

nlohmann::json auditDetail(const CustomerMessage &m)
{
    return {{"message_id", m.id},
            {"internal", m.internal},
            {"idempotency_key", m.idempotencyKey.toStdString()},
            {"template", toString(m.tmpl).toStdString()},
            {"language", m.language.toStdString()},
            {"conversation", m.conversation.toStdString()},
            {"attempts", m.attempts}};
}

// A person needs the Message right; engines and scripts (agent:, system:) act under their own
// rules. Called inside the write transaction, so a right revoked a moment ago already counts.
void requireMessageRight(Connection &db, const QString &actor)
{
    if (!operatorName(actor).isEmpty())
        requireRight(db, actor, Right::Message);
}

} // namespace

MessageStore::MessageStore(const Connection &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{}

QString MessageStore::messageKey(const QString &operationId, OperationState state,
                                 MessageTemplate tmpl, const QString &customBody)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(operationId.toUtf8());
    h.addData("\n");
    h.addData(toString(state).toUtf8());
    h.addData("\n");
    h.addData(toString(tmpl).toUtf8());
    if (tmpl == MessageTemplate::Custom) {
        h.addData("\n");
        h.addData(customBody.trimmed().toUtf8());
    }
    return u"msg_"_s + QString::fromLatin1(h.result().toHex());
}

QString MessageStore::validate(const MessageDraft &d) const
{
    if (d.operationId.trimmed().isEmpty())
        return u"no operation given"_s;
    if (!messageLanguages().contains(d.language))
        return u"unknown language '%1' (shipped: %2)"_s.arg(d.language,
                                                            messageLanguages().join(u", "_s));
    if (const QString problem = conversationProblem(d.conversation); !problem.isEmpty())
        return problem;
    if (d.actor.trimmed().isEmpty())
        return u"no actor given"_s;
    if (d.tmpl == MessageTemplate::Custom) {
        if (d.customBody.trimmed().isEmpty())
            return u"the message text is empty"_s;
        if (d.customBody.size() > kMaxBodyLength)
            return u"the message is longer than %1 characters"_s.arg(kMaxBodyLength);
    }
    return {};
}

EnqueueResult MessageStore::enqueue(const MessageDraft &d)
{
    if (const QString problem = validate(d); !problem.isEmpty())
        return {std::nullopt, false, problem};
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db);
    requireMessageRight(m_db, d.actor.trimmed());
    const auto op = rows::readOperation(m_db, d.operationId);
    if (!op)
        return {std::nullopt, false, u"no operation %1"_s.arg(d.operationId)};
    if (!allowedTemplates(op->state, op->kind, op->providerStatus).contains(d.tmpl))
        return {std::nullopt, false,
                isPendingAtProvider(op->state, op->providerStatus)
                    ? u"the '%1' message cannot be sent while the provider still reports the "
                      "refund pending; send 'issued' (on its way) instead"_s.arg(toString(d.tmpl))
                    : u"the '%1' message cannot be sent while the operation is %2"_s.arg(
                          toString(d.tmpl), toString(op->state))};
    const QString key = messageKey(op->id, op->state, d.tmpl, d.customBody);
    if (auto existing = byKey(key))
        return {existing, false, {}};
    QString body = d.customBody.trimmed();
    if (d.tmpl != MessageTemplate::Custom) {
        const RenderedMessage rendered =
            MessageTemplates::render(d.tmpl, d.language, factsFor(*op));
        if (!rendered.error.isEmpty())
            return {std::nullopt, false, rendered.error};
        body = rendered.body;
    }
    // Shipped templates are checked too: a template edited into a lie is refused the same way.
    // The reason is in the message's language, for the person who wrote it in that language.
    if (const GuardVerdict v = TruthGuard::check(op->state, op->providerStatus, body, d.language);
        !v.allowed)
        return {std::nullopt, false, v.reason};
    runQuery(m_db,
             u"INSERT INTO messages (operation_id, conversation, template, language, body, "
             "idempotency_key, state, attempts, created_by, created_at, operation_state) "
             "VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)"_s,
             {op->id, d.conversation.trimmed(), toString(d.tmpl), d.language, body, key,
              d.actor.trimmed(), now, toString(op->state)});
    const auto created = byKey(key);
    AuditLog::append(m_db, now, d.actor.trimmed(), u"message.queued"_s, op->id,
                     auditDetail(*created));
    tx.commit();
    return {created, true, {}};
}

QString MessageStore::outdatedReason(const CustomerMessage &m)
{
    const auto op = rows::readOperation(m_db, m.operationId);
    if (!op)
        return u"operation %1 is gone"_s.arg(m.operationId);
    if (op->state == m.operationState)
        return {};
    // An "issued" text stays true once the provider reports the refund succeeded.
    const bool allowed =
        (allowedTemplates(op->state, op->kind, op->providerStatus).contains(m.tmpl) ||
         m.tmpl == MessageTemplate::Issued) &&
        TruthGuard::check(op->state, op->providerStatus, m.body).allowed;
    if (allowed)
        return {};
    return u"the operation is %1 now (it was %2 when this message was written), so the '%3' "
           "message no longer tells the truth; compose a new one"_s.arg(
               toString(op->state), toString(m.operationState), toString(m.tmpl));
}

MessageAttemptTicket MessageStore::beginAttempt(qint64 messageId, int cap, const QString &actor,
                                                std::chrono::milliseconds inFlight)
{
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db);
    requireMessageRight(m_db, actor);
    const auto m = message(messageId);
    if (!m)
        return {MessageAttemptRefusal::NotFound, {}, {}};
    if (m->state == MessageState::Sent)
        return {MessageAttemptRefusal::AlreadySent, *m, {}};
    if (m->attempts >= cap)
        return {MessageAttemptRefusal::CapReached, *m, {}};
    // An attempt whose sender has recorded nothing yet (no answer, no error) may still be on its
    // way: a second sender now could read the ticket before that one is stored, and post again.
    if (m->state == MessageState::Pending && m->attempts > 0 && m->lastError.isEmpty() &&
        m->lastAttemptAt && now - m->lastAttemptAt->toMSecsSinceEpoch() < inFlight.count())
        return {MessageAttemptRefusal::InProgress, *m,
                u"another send of this message began at %1 UTC and has not answered yet; "
                "nothing was sent, try again in a few seconds"_s.arg(
                    m->lastAttemptAt->toString(u"HH:mm:ss"_s))};
    if (const QString outdated = outdatedReason(*m); !outdated.isEmpty())
        return {MessageAttemptRefusal::Outdated, *m, outdated};
    runQuery(
        m_db,
        u"UPDATE messages SET attempts = attempts + 1, state = 'pending', last_attempt_at = ?, "
        "last_error = NULL WHERE id = ?"_s,
        {now, messageId});
    const auto counted = message(messageId);
    tx.commit();
    return {MessageAttemptRefusal::None, *counted, {}};
}

void MessageStore::markSent(qint64 messageId, const QString &providerMessageId,
                            const QString &actor)
{
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db);
    runQuery(m_db,
             u"UPDATE messages SET state = 'sent', channel = 'helpdesk', sent_at = ?, sent_by = ?, "
             "provider_message_id = ?, last_error = NULL WHERE id = ?"_s,
             {now, actor, providerMessageId, messageId});
    const auto m = message(messageId);
    if (!m)
        throw StoreError(u"message %1 is gone"_s.arg(messageId));
    nlohmann::json detail = auditDetail(*m);
    detail["provider_message_id"] = providerMessageId.toStdString();
    AuditLog::append(m_db, now, actor, u"message.sent"_s, m->operationId, detail);
    tx.commit();
}

void MessageStore::markFailed(qint64 messageId, const QString &error, const QString &actor)
{
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db);
    runQuery(m_db,
             u"UPDATE messages SET state = 'failed', last_error = ? WHERE id = ? AND "
             "state <> 'sent'"_s,
             {error, messageId});
    const auto m = message(messageId);
    if (!m)
        throw StoreError(u"message %1 is gone"_s.arg(messageId));
    nlohmann::json detail = auditDetail(*m);
    detail["error"] = error.toStdString();
    AuditLog::append(m_db, now, actor, u"message.failed"_s, m->operationId, detail);
    tx.commit();
}

void MessageStore::noteAttemptError(qint64 messageId, const QString &error)
{
    WriteTransaction tx(m_db);
    runQuery(m_db, u"UPDATE messages SET last_error = ? WHERE id = ?"_s, {error, messageId});
    tx.commit();
}

QString MessageStore::markCopied(qint64 messageId, const QString &actor)
{
    const qint64 now = m_clock.nowMs();
    WriteTransaction tx(m_db);
    requireMessageRight(m_db, actor);
    const auto m = message(messageId);
    if (!m)
        return u"no message %1"_s.arg(messageId);
    if (m->state == MessageState::Sent)
        return u"this message was already sent (%1); it is not copied again"_s.arg(
            toString(m->channel));
    if (isUnknownMessage(*m))
        return u"a send of this message has no recorded answer, so it may have arrived; send it "
               "again instead (same key: the helpdesk delivers it at most once)"_s;
    if (const QString outdated = outdatedReason(*m); !outdated.isEmpty())
        return outdated;
    runQuery(m_db,
             u"UPDATE messages SET state = 'sent', channel = 'clipboard', sent_at = ?, sent_by = ? "
             "WHERE id = ?"_s,
             {now, actor, messageId});
    nlohmann::json detail = auditDetail(*m);
    detail["channel"] = "clipboard";
    AuditLog::append(m_db, now, actor, u"message.copied"_s, m->operationId, detail);
    tx.commit();
    return {};
}

std::optional<CustomerMessage> MessageStore::message(qint64 messageId)
{
    Query q = runQuery(m_db, u"SELECT %1 FROM messages WHERE id = ?"_s.arg(kColumns), {messageId});
    if (!q.next())
        return std::nullopt;
    return readMessage(q);
}

std::optional<CustomerMessage> MessageStore::byKey(const QString &key)
{
    Query q =
        runQuery(m_db, u"SELECT %1 FROM messages WHERE idempotency_key = ?"_s.arg(kColumns), {key});
    if (!q.next())
        return std::nullopt;
    return readMessage(q);
}

std::vector<CustomerMessage> MessageStore::forOperation(const QString &operationId)
{
    Query q = runQuery(
        m_db, u"SELECT %1 FROM messages WHERE operation_id = ? ORDER BY id"_s.arg(kColumns),
        {operationId});
    std::vector<CustomerMessage> out;
    while (q.next())
        out.push_back(readMessage(q));
    return out;
}

Connection &connectionOf(MessageStore &messages)
{
    return messages.m_db;
}

std::vector<qint64> MessageStore::pendingNotes(const QString &operationId)
{
    std::vector<qint64> ids;
    for (const CustomerMessage &m : forOperation(operationId))
        if (m.internal && m.state != MessageState::Sent)
            ids.push_back(m.id);
    return ids;
}

bool MessageStore::decisionNotes()
{
    return decisionNotesOn(m_db);
}

void MessageStore::setDecisionNotes(const QString &actor, bool on)
{
    ops::setDecisionNotes(m_db, m_clock.nowMs(), actor, on);
}

} // namespace ops
