#include "storage/messages/decisionnote.h"

#include "domain/money.h"
#include "storage/access/approvals.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/messages/messagestore.h"
#include "storage/records/operationrow.h"
#include "storage/records/settings.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

const QString kRow = u"decision_notes"_s;

int evidenceCount(Connection &db, const QString &operationId)
{
    Query q =
        runQuery(db, u"SELECT COUNT(*) FROM evidence WHERE operation_id = ?"_s, {operationId});
    return q.next() ? q.value(0).toInt() : 0;
}

} // namespace

bool decisionNotesOn(Connection &db)
{
    return readSetting(db, kRow).value_or(QString()) == u"on"_s;
}

void setDecisionNotes(Connection &db, qint64 nowMs, const QString &actor, bool on)
{
    WriteTransaction tx(db);
    requireSettingsRight(db, actor, u"decision notes"_s);
    const bool before = decisionNotesOn(db);
    putSettingLocked(db, nowMs, actor, kRow, on ? u"on"_s : u"off"_s);
    AuditLog::append(db, nowMs, actor, u"settings.decision_notes"_s, QString(),
                     {{"decision_notes", on}, {"previous", before}});
    tx.commit();
}

QString decisionNoteText(const Operation &op, int evidence)
{
    QString text = u"Decision on %1 (%2 %3%4): closed as %5 by %6 at %7 UTC."_s.arg(
        op.id, toString(op.kind), formatMoney(op.amount),
        op.orderId.isEmpty() ? QString() : u", order "_s + op.orderId, toString(op.state),
        op.closedBy, op.closedAt ? op.closedAt->toUTC().toString(u"yyyy-MM-dd HH:mm"_s) : u"?"_s);
    if (!op.closeReason.isEmpty())
        text += u"\nReason: "_s + op.closeReason;
    if (!op.providerRef.isEmpty())
        text += u"\nProvider reference: "_s + op.providerRef;
    text += u"\nEvidence: %1 item(s) on the row in the operations console."_s.arg(evidence);
    return text;
}

qint64 queueDecisionNoteLocked(Connection &db, qint64 nowMs, const QString &actor,
                               const QString &operationId)
{
    if (!decisionNotesOn(db))
        return 0;
    const auto op = rows::readOperation(db, operationId);
    if (!op || op->ticket.isEmpty() || !isFinal(op->state))
        return 0;
    const QString body = decisionNoteText(*op, evidenceCount(db, op->id));
    const QString key =
        MessageStore::messageKey(op->id, op->state, MessageTemplate::Custom, u"note:"_s + body);
    Query q = runQuery(db, u"SELECT id FROM messages WHERE idempotency_key = ?"_s, {key});
    if (q.next())
        return q.value(0).toLongLong(); // the same decision queues one note
    q.finish();
    runQuery(db,
             u"INSERT INTO messages (operation_id, conversation, template, language, body, "
             "idempotency_key, state, attempts, created_by, created_at, operation_state, "
             "internal) VALUES (?, ?, 'custom', 'en', ?, ?, 'pending', 0, ?, ?, ?, ?)"_s,
             {op->id, op->ticket, body, key, actor, nowMs, toString(op->state), true});
    Query id = runQuery(db, u"SELECT id FROM messages WHERE idempotency_key = ?"_s, {key});
    id.next();
    const qint64 messageId = id.value(0).toLongLong();
    AuditLog::append(db, nowMs, actor, u"message.queued"_s, op->id,
                     {{"message_id", messageId},
                      {"idempotency_key", key.toStdString()},
                      {"template", "custom"},
                      {"internal", true},
                      {"conversation", op->ticket.toStdString()}});
    return messageId;
}

} // namespace ops
