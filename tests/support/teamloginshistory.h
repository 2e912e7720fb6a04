#pragma once

// A team database as it looked before issue 26, for tests/pg/tst_identity.cpp: migrations 1-10
// applied by psql as the owner, every desk logged in as one application role with the grants the
// old docs/team.md gave, and some history that role wrote (a directory, an operation with an
// attempt, a person's close with its audit entry, an approval and a threshold).

#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationstore.h"
#include "support/teamlogins.h"

#include <QDir>
#include <QTest>

namespace ops::test {

// An unknown-to-be refund of usd 38.00 opened by an agent.
inline NewOperation teamRefundRow(const QString &id)
{
    NewOperation op;
    op.id = id;
    op.unitOfWork = QStringLiteral("unit-") + id;
    op.orderId = QStringLiteral("ord-") + id;
    op.chargeId = QStringLiteral("ch_") + id;
    op.amount = {3800, QStringLiteral("usd")};
    op.idempotencyKey = QStringLiteral("key-") + id;
    op.request = {"POST", QStringLiteral("/v1/refunds"), "id=" + id.toUtf8(),
                  "application/x-www-form-urlencoded"};
    op.createdBy = QStringLiteral("agent:seed");
    return op;
}

inline QString operatorActor(const QString &who)
{
    return QStringLiteral("operator:") + pidName(who);
}

// Schema 10 on the empty database `location`, and `appLogin` with the old grants. Fails the
// running test (QVERIFY) when a step fails.
inline void buildSchemaTen(const QString &sourceDir, const QString &location,
                           const QString &appLogin)
{
    const QDir dir(sourceDir + QStringLiteral("/resources/migrations/postgresql"));
    const QStringList files = dir.entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 11);
    ProcessRun r = psqlAs(ownerLogin(), location,
                          QStringLiteral("CREATE TABLE schema_version (version INTEGER NOT NULL "
                                         "PRIMARY KEY, applied_at BIGINT NOT NULL)"));
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    for (int v = 1; v <= 10; ++v) {
        const QString file = files.at(v - 1);
        QVERIFY2(file.startsWith(QStringLiteral("%1_").arg(v, 4, 10, QChar(u'0'))),
                 qPrintable(file));
        r = psqlFileAs(ownerLogin(), location, dir.filePath(file));
        QVERIFY2(r.exitCode == 0, qPrintable(file + QStringLiteral(": ") + r.errText()));
        r = psqlAs(ownerLogin(), location,
                   QStringLiteral("INSERT INTO schema_version VALUES (%1, 0)").arg(v));
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    }
    const QString error =
        adminSql(QStringLiteral("DROP ROLE IF EXISTS %1; CREATE ROLE %1 LOGIN PASSWORD '%2'")
                     .arg(appLogin, passwordOf(appLogin)));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    // The grants of the old docs/team.md, verbatim.
    r = psqlAs(
        ownerLogin(), location,
        QStringLiteral("GRANT CONNECT ON DATABASE %2 TO %1; GRANT USAGE ON SCHEMA public TO %1; "
                       "GRANT SELECT, INSERT, UPDATE ON operations, attempts, messages, operators, "
                       "approvals TO %1; GRANT SELECT, INSERT, UPDATE, DELETE ON settings TO %1; "
                       "GRANT SELECT, INSERT ON audit, evidence TO %1; GRANT SELECT ON "
                       "schema_version, audit_tip TO %1; GRANT USAGE, SELECT ON ALL SEQUENCES IN "
                       "SCHEMA public TO %1;")
            .arg(appLogin, QUrl(location).path().mid(1)));
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
}

// What the team did as `appLogin`: directory rows for old_alice, old_bob (supervisors), old_sam
// (support) and alice (whose login exists), op_hist with an attempt, old_alice's close and its
// audit entry, an approval old_bob gave and his threshold. Throws StoreError when refused.
inline void writeOldHistory(const QString &location, const QString &appLogin, const Clock &clock)
{
    QUrl url(location);
    url.setUserName(appLogin);
    url.setPassword(passwordOf(appLogin));
    const QString name = QStringLiteral("identity-old-app");
    {
        Connection db = Database::open(url.toString(), name);
        const std::pair<const char *, const char *> directory[] = {{"old_alice", "supervisor"},
                                                                   {"old_bob", "supervisor"},
                                                                   {"old_sam", "support"},
                                                                   {"alice", "supervisor"}};
        for (const auto &[who, role] : directory)
            runQuery(db,
                     QStringLiteral("INSERT INTO operators (name, role, created_by, created_at) "
                                    "VALUES (?, ?, 'operator:old_alice', 1)"),
                     {pidName(QString::fromLatin1(who)), QString::fromLatin1(role)});
        // The row and its attempt in schema 10's columns: today's store writes columns (0013's
        // agent and hold) this database does not have yet.
        const QString id = QStringLiteral("op_hist");
        const NewOperation op = teamRefundRow(id);
        const qint64 now = clock.nowMs();
        {
            WriteTransaction opened(db);
            runQuery(db,
                     QStringLiteral(
                         "INSERT INTO operations (id, kind, provider, unit_of_work, order_id, "
                         "charge_id, amount_minor, currency, idempotency_key, request_method, "
                         "request_path, request_body, request_content_type, state, attempts, "
                         "attempt_cap, window_seconds, margin_seconds, created_by, created_at, "
                         "updated_at) VALUES (?, 'refund', 'stripe', ?, ?, ?, ?, ?, ?, 'POST', ?, "
                         "?, ?, 'open', 1, 6, 86400, 900, ?, ?, ?)"),
                     {id, op.unitOfWork, op.orderId, op.chargeId, op.amount.minor,
                      op.amount.currency, op.idempotencyKey, op.request.path, op.request.body,
                      QString::fromLatin1(op.request.contentType), op.createdBy, now, now});
            AuditLog::append(db, now, op.createdBy, QStringLiteral("operation.opened"), id,
                             {{"idempotency_key", op.idempotencyKey.toStdString()}});
            runQuery(db,
                     QStringLiteral("INSERT INTO attempts (operation_id, seq, actor, started_at, "
                                    "finished_at, classification) VALUES (?, 1, 'agent:old', ?, "
                                    "?, 'no_answer')"),
                     {id, now, now});
            AuditLog::append(db, now, QStringLiteral("agent:old"),
                             QStringLiteral("attempt.started"), id, {{"seq", 1}});
            opened.commit();
        }
        const QString alice = operatorActor(QStringLiteral("old_alice"));
        const QString bob = operatorActor(QStringLiteral("old_bob"));
        WriteTransaction tx(db);
        runQuery(db,
                 QStringLiteral("UPDATE operations SET state = 'failed', closed_by = ?, "
                                "closed_at = ?, close_reason = 'old close' WHERE id = ?"),
                 {alice, now, id});
        AuditLog::append(db, now, alice, QStringLiteral("state.closed_manually"), id,
                         {{"reason", "old close"}});
        runQuery(db,
                 QStringLiteral("INSERT INTO approvals (operation_id, action, requested_by, "
                                "requested_at, payload, state, decided_by, decided_at) VALUES "
                                "(?, 'resend', ?, 1, '{}', 'approved', ?, 2)"),
                 {id, alice, bob});
        runQuery(db,
                 QStringLiteral("INSERT INTO settings (name, value, updated_by, updated_at) "
                                "VALUES ('approval_threshold.usd', '5000', ?, 1)"),
                 {bob});
        tx.commit();
    }
    QSqlDatabase::removeDatabase(name);
}

} // namespace ops::test
