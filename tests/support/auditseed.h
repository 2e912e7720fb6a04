#pragma once

// A small, known audit history for the audit view's tests, written through the real store:
// four operations of three kinds, attempts by agents, an unknown closed by an operator two
// hours later (with a reason full of quotes, commas, line breaks and Cyrillic), an unknown that
// stays open, and an execution never attempted. Spread over two UTC days.

#include "storage/audit/auditlog.h"
#include "support/storefixture.h"

#include <QSqlError>
#include <QSqlQuery>

namespace ops::test {

// The close reason: every character CSV has to quote, and Cyrillic.
inline QString awkwardReason()
{
    return QStringLiteral("Клиент: \"деньги пришли\", проверено\nвручную;\r\nтретья строка, «ок»");
}

inline NewOperation seedOp(const QString &id, OperationKind kind, const QString &actor)
{
    NewOperation op;
    op.id = id;
    op.kind = kind;
    op.provider = kind == OperationKind::Refund ? Provider::Stripe : Provider::Slen;
    op.project = kind == OperationKind::Refund ? QString() : QStringLiteral("demo");
    op.unitOfWork = QStringLiteral("work-") + id;
    op.orderId = QStringLiteral("ord_") + id;
    op.amount = {1250, QStringLiteral("usd")};
    op.idempotencyKey = QStringLiteral("key-") + id;
    op.request = {"POST", QStringLiteral("/v1/x"), "body", "application/json"};
    op.createdBy = actor;
    return op;
}

inline void seedAttempt(OperationStore &store, const QString &id, const QString &actor, int status,
                        Outcome outcome)
{
    const AttemptTicket t = store.beginAttempt(id, actor);
    AttemptResult r;
    r.httpStatus = status;
    r.outcome = outcome;
    r.latencyMs = 40;
    store.finishAttempt(id, t.attemptId, r);
}

// Recomputes each stored audit hash of the rows matching `where` the canonical way, entryHash()
// through the JSON parser, and compares; the first mismatch as text, or empty. `checked` counts
// the rows compared.
inline QString parsedHashMismatch(Connection db, const QString &where, int &checked)
{
    QSqlQuery q(db);
    if (!q.exec(
            QStringLiteral("SELECT id, at, actor, action, operation_id, detail, prev_hash, hash "
                           "FROM audit WHERE ") +
            where + QStringLiteral(" ORDER BY id")))
        return q.lastError().text();
    checked = 0;
    while (q.next()) {
        const QString expected = AuditLog::entryHash(q.value(6).toString(), q.value(1).toLongLong(),
                                                     q.value(2).toString(), q.value(3).toString(),
                                                     q.value(4).toString(), q.value(5).toString());
        if (expected != q.value(7).toString())
            return QStringLiteral("entry %1: stored %2, parsed %3")
                .arg(q.value(0).toString(), q.value(7).toString(), expected);
        ++checked;
    }
    return {};
}

// Runs a tampering script (triggers dropped, rows rewritten); the first failure as text, or empty.
inline QString tamper(Connection db, const QStringList &statements)
{
    QSqlQuery q(db);
    for (const QString &sql : statements) {
        if (!q.exec(sql))
            return sql + QStringLiteral(": ") + q.lastError().text();
    }
    return {};
}

struct SeededHistory
{
    qint64 entries = 0;
    qint64 dayOneStartMs = 0; // 2026-11-29 00:00 UTC
};

inline SeededHistory seedAuditHistory(StoreFixture &f)
{
    OperationStore &s = f.store();
    // Day one (the fixture starts 2026-11-29 12:00 UTC).
    s.openOrGet(
        seedOp(QStringLiteral("op_r1"), OperationKind::Refund, QStringLiteral("agent:toolu_1")));
    seedAttempt(s, QStringLiteral("op_r1"), QStringLiteral("agent:toolu_1"), 500,
                Outcome::Undefined);
    s.markUnknown(QStringLiteral("op_r1"), QStringLiteral("provider answered HTTP 500"),
                  QStringLiteral("agent:toolu_1"));
    f.clock().advanceSecs(60);
    s.openOrGet(
        seedOp(QStringLiteral("op_r2"), OperationKind::Refund, QStringLiteral("agent:toolu_2")));
    seedAttempt(s, QStringLiteral("op_r2"), QStringLiteral("agent:toolu_2"), 200,
                Outcome::Succeeded);
    s.closeSucceeded(QStringLiteral("op_r2"), QStringLiteral("re_2"), QStringLiteral("succeeded"),
                     QStringLiteral("agent:toolu_2"), QStringLiteral("provider accepted"));
    // Two hours later an operator closes op_r1 with evidence.
    f.clock().advanceSecs(2 * 3600);
    Evidence e;
    e.operationId = QStringLiteral("op_r1");
    e.kind = QStringLiteral("note");
    e.title = QStringLiteral("Support answer");
    e.contentType = QStringLiteral("text/plain");
    e.body = "no refund at the provider";
    e.createdBy = QStringLiteral("operator:alice");
    const qint64 evidenceId = s.addEvidence(e);
    ManualClose close;
    close.operationId = QStringLiteral("op_r1");
    close.outcome = OperationState::Failed;
    close.evidenceIds = {evidenceId};
    close.actor = QStringLiteral("operator:alice");
    close.reason = awkwardReason();
    s.closeManually(close);
    // Day two: a credit top-up that gets three 503s and is marked unknown; an execution opened.
    f.clock().advanceSecs(24 * 3600);
    s.openOrGet(seedOp(QStringLiteral("op_c1"), OperationKind::CreditTopup,
                       QStringLiteral("agent:toolu_3")));
    for (int i = 0; i < 3; ++i)
        seedAttempt(s, QStringLiteral("op_c1"), QStringLiteral("agent:toolu_3"), 503,
                    Outcome::NoAnswer);
    s.markUnknown(QStringLiteral("op_c1"), QStringLiteral("attempt cap reached"),
                  QStringLiteral("agent:toolu_3"));
    s.openOrGet(
        seedOp(QStringLiteral("op_e1"), OperationKind::Execution, QStringLiteral("operator:bob")));

    QSqlQuery q(connectionOf(s));
    q.exec(QStringLiteral("SELECT COUNT(*) FROM audit"));
    q.next();
    return {q.value(0).toLongLong(),
            QDateTime(QDate(2026, 11, 29), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch()};
}

} // namespace ops::test
