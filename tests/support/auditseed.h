#pragma once

// A small, known audit history for the audit view's tests, written through the real store:
// four operations of three kinds, attempts by agents, an unknown closed by an operator two
// hours later (with a reason full of quotes, commas, line breaks and Cyrillic), an unknown that
// stays open, and an execution never attempted. Spread over two UTC days. On a RolesFixture
// each actor writes as its role (issue 50): on PostgreSQL the agents' calls are named
// agent:agent_<pid>:toolu_1 and the people operator:alice_<pid> (rolesfixture.h).

#include "storage/audit/auditlog.h"
#include "support/rolesfixture.h"
#include "support/storefixture.h"

#include <QSqlError>
#include <QSqlQuery>
#include <functional>

namespace ops::test {

// The close reason: every character CSV has to quote, and Cyrillic.
inline QString awkwardReason()
{
    return QStringLiteral("Клиент: \"деньги пришли\", проверено\nвручную;\r\nтретья строка, «ок»");
}

inline NewOperation seedOp(const QString &id, OperationKind kind, const QString &actor,
                           const QString &agent = {})
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
    op.agent = agent;
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

// Who writes the seeded history: the store each actor writes through, and the backend's names
// for the agents' tool calls and the people (SQLite: agent:toolu_1 and operator:alice, all on the
// one store; on a RolesFixture on PostgreSQL each on its own login, rolesfixture.h).
struct SeedActors
{
    std::function<OperationStore &(const QString &actor)> by;
    std::function<QString(const QString &call)> agentActor;
    std::function<QString(const QString &who)> person;
    QString agent; // operations.agent of a row an agent opens (migration 0013)
    OperationStore &reader;
    ManualClock &clock;
};

inline SeededHistory seedAuditHistory(const SeedActors &a)
{
    const QString t1 = a.agentActor(QStringLiteral("toolu_1"));
    const QString t2 = a.agentActor(QStringLiteral("toolu_2"));
    const QString t3 = a.agentActor(QStringLiteral("toolu_3"));
    const QString alice = a.person(QStringLiteral("alice"));
    // Day one (the fixture starts 2026-11-29 12:00 UTC).
    a.by(t1).openOrGet(seedOp(QStringLiteral("op_r1"), OperationKind::Refund, t1, a.agent));
    seedAttempt(a.by(t1), QStringLiteral("op_r1"), t1, 500, Outcome::Undefined);
    a.by(t1).markUnknown(QStringLiteral("op_r1"), QStringLiteral("provider answered HTTP 500"), t1);
    a.clock.advanceSecs(60);
    a.by(t2).openOrGet(seedOp(QStringLiteral("op_r2"), OperationKind::Refund, t2, a.agent));
    seedAttempt(a.by(t2), QStringLiteral("op_r2"), t2, 200, Outcome::Succeeded);
    a.by(t2).closeSucceeded(QStringLiteral("op_r2"), QStringLiteral("re_2"),
                            QStringLiteral("succeeded"), t2, QStringLiteral("provider accepted"));
    // Two hours later an operator closes op_r1 with evidence.
    a.clock.advanceSecs(2 * 3600);
    Evidence e;
    e.operationId = QStringLiteral("op_r1");
    e.kind = QStringLiteral("note");
    e.title = QStringLiteral("Support answer");
    e.contentType = QStringLiteral("text/plain");
    e.body = "no refund at the provider";
    e.createdBy = alice;
    const qint64 evidenceId = a.by(alice).addEvidence(e);
    ManualClose close;
    close.operationId = QStringLiteral("op_r1");
    close.outcome = OperationState::Failed;
    close.evidenceIds = {evidenceId};
    close.actor = alice;
    close.reason = awkwardReason();
    a.by(alice).closeManually(close);
    // Day two: a credit top-up that gets three 503s and is marked unknown; an execution opened.
    a.clock.advanceSecs(24 * 3600);
    a.by(t3).openOrGet(seedOp(QStringLiteral("op_c1"), OperationKind::CreditTopup, t3, a.agent));
    for (int i = 0; i < 3; ++i)
        seedAttempt(a.by(t3), QStringLiteral("op_c1"), t3, 503, Outcome::NoAnswer);
    a.by(t3).markUnknown(QStringLiteral("op_c1"), QStringLiteral("attempt cap reached"), t3);
    const QString bob = a.person(QStringLiteral("bob"));
    a.by(bob).openOrGet(seedOp(QStringLiteral("op_e1"), OperationKind::Execution, bob));

    QSqlQuery q(connectionOf(a.reader));
    q.exec(QStringLiteral("SELECT COUNT(*) FROM audit"));
    q.next();
    return {q.value(0).toLongLong(),
            QDateTime(QDate(2026, 11, 29), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch()};
}

// All on the fixture's one store, as the CLI suites seed it.
inline SeededHistory seedAuditHistory(StoreFixture &f)
{
    return seedAuditHistory(
        SeedActors{[&f](const QString &) -> OperationStore & { return f.store(); },
                   [](const QString &call) { return QStringLiteral("agent:") + call; },
                   [](const QString &who) { return QStringLiteral("operator:") + who; }, QString(),
                   f.store(), f.clock()});
}

// Each actor as its role (issue 50): the agents' calls on the agent's login, alice's close and
// bob's execution on theirs; on SQLite exactly the history above.
inline SeededHistory seedAuditHistory(RolesFixture &f)
{
    return seedAuditHistory(SeedActors{
        [&f](const QString &actor) -> OperationStore & { return f.by(actor); },
        [&f](const QString &call) { return f.agentActor(call); },
        [&f](const QString &who) { return f.person(who); }, f.agentOf(), f.store(), f.clock()});
}

} // namespace ops::test
