#include "storage/bulkgenerator.h"

#include "storage/audit/auditlog.h"
#include "storage/audit/auditsequencer.h"
#include "storage/db/database.h"
#include "storage/db/sqldialect.h"
#include "storage/db/sqltransaction.h"

#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace ops {

QString generatedId(qint64 x)
{
    return u"op_%1"_s.arg(x, 32, 16, QChar(u'0'));
}

namespace {

// The generator's few SQLite-only expressions in PostgreSQL spelling (BIGINT row numbers: the
// time arithmetic overflows 32 bits).
QString toPostgres(QString sql)
{
    // generate_series instead of the recursive CTE: PostgreSQL materialises a recursive CTE
    // row by row, the set-returning function streams.
    static const QRegularExpression recursive(
        uR"(WITH RECURSIVE n\(x\) AS \(SELECT 1 UNION ALL SELECT x \+ 1 FROM n WHERE x < (\d+)\))"_s);
    return sql.replace(recursive, u"WITH n(x) AS (SELECT generate_series(1::bigint, \\1))"_s)
        .replace(u"printf('op_%032x', x)"_s, u"'op_' || lpad(to_hex(x), 32, '0')"_s)
        .replace(u"printf('key-%08d', x)"_s, u"'key-' || lpad(x::text, 8, '0')"_s)
        .replace(u"CAST('charge=ch_' || x || '&amount=' || ((x * 37) % 10000 + 100) AS BLOB)"_s,
                 u"convert_to('charge=ch_' || x || '&amount=' || ((x * 37) % 10000 + 100), "
                 "'UTF8')"_s);
}

// {rows} operations of every kind and state, one every 30 s up to {now}, in one statement:
// 70 % refunds, 5 % unknown, some open rows not yet attempted; {agent} names their agent.
QString generatedOperationsSql()
{
    return uR"(
INSERT INTO operations (id, kind, provider, project, unit_of_work, order_id, charge_id,
    customer_id, amount_minor, currency, idempotency_key, request_method, request_path,
    request_body, request_content_type, state, attempts, attempt_cap, first_attempt_at,
    last_attempt_at, window_seconds, margin_seconds, deadline_at, provider_ref, failure_code,
    created_by, created_at, updated_at, agent)
WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < {rows}),
g AS (SELECT x,
    CASE WHEN x % 10 < 7 THEN 'refund' WHEN x % 10 = 7 THEN 'credit_topup'
         WHEN x % 10 = 8 THEN 'credit_charge' ELSE 'execution' END AS kind,
    CASE WHEN x % 20 = 0 THEN 'unknown' WHEN x % 20 < 3 THEN 'open'
         WHEN x % 20 < 17 THEN 'succeeded' ELSE 'failed' END AS state,
    {now} - ({rows} - x) * 30000 AS created
    FROM n)
SELECT printf('op_%032x', x), kind, CASE WHEN kind = 'refund' THEN 'stripe' ELSE 'slen' END,
    'demo', 'unit-' || x,
    CASE WHEN kind = 'refund' THEN 'ord_' || x END,
    CASE WHEN kind = 'refund' THEN 'ch_' || x END,
    CASE WHEN kind = 'refund' THEN NULL ELSE 'u_' || (x % 5000) END,
    (x * 37) % 10000 + 100, 'usd', printf('key-%08d', x), 'POST', '/v1/refunds',
    CAST('charge=ch_' || x || '&amount=' || ((x * 37) % 10000 + 100) AS BLOB),
    'application/x-www-form-urlencoded', state,
    CASE WHEN state = 'open' AND x % 3 = 0 THEN 0 ELSE 1 END, 6,
    CASE WHEN state = 'open' AND x % 3 = 0 THEN NULL ELSE created + 1000 END,
    CASE WHEN state = 'open' AND x % 3 = 0 THEN NULL ELSE created + 1000 END,
    86400, 900,
    CASE WHEN state IN ('open', 'unknown') AND NOT (state = 'open' AND x % 3 = 0)
         THEN created + 1000 + 85500000 END,
    CASE WHEN state = 'succeeded' THEN 're_' || x END,
    CASE WHEN state = 'failed' THEN 'card_declined' END,
    'agent:bench', created, created, {agent}
FROM g)"_s;
}

} // namespace

void generateOperations(Connection &db, qint64 rows, qint64 nowMs, const QString &agent)
{
    QSqlQuery q(db);
    const SqlDialect dialect = dialectOf(db);
    for (const QString &begin : beginWriteStatements(dialect)) {
        if (!q.exec(begin))
            throw StoreError(q.lastError().text());
    }
    // Both values are integers, so formatting them into the statement is safe; the agent's
    // name is quoted as a literal.
    QString statement = generatedOperationsSql();
    QString quoted = agent;
    statement.replace(u"{rows}"_s, QString::number(rows))
        .replace(u"{now}"_s, QString::number(nowMs))
        .replace(u"{agent}"_s,
                 agent.isEmpty() ? u"NULL"_s : u"'"_s + quoted.replace(u"'"_s, u"''"_s) + u"'"_s);
    if (dialect == SqlDialect::Postgres)
        statement = toPostgres(statement);
    if (!q.exec(statement)) {
        const QString error = q.lastError().text();
        QSqlQuery(db).exec(u"ROLLBACK"_s);
        throw StoreError(u"generating operations failed: "_s + error);
    }
    if (!QSqlQuery(db).exec(u"COMMIT"_s))
        throw StoreError(u"commit of generated operations failed"_s);
    // A live PostgreSQL has statistics and a visibility map for its rows (autovacuum); a million
    // rows inserted a moment ago have neither, and the first queries on them would measure that
    // (a heap visit per index entry, plans without row counts), not the console's SQL.
    if (dialect == SqlDialect::Postgres)
        QSqlQuery(db).exec(u"VACUUM (ANALYZE) operations"_s);
}

namespace {

struct GeneratedEntry
{
    qint64 at = 0;
    QString actor;
    QString action;
    QString operationId;
    QString detail; // canonical JSON
};

QString stateOf(qint64 x)
{
    const qint64 r = x % 20;
    return r == 0 ? u"unknown"_s : r < 3 ? u"open"_s : r < 17 ? u"succeeded"_s : u"failed"_s;
}

QString kindOf(qint64 x)
{
    const qint64 r = x % 10;
    return r < 7    ? u"refund"_s
           : r == 7 ? u"credit_topup"_s
           : r == 8 ? u"credit_charge"_s
                    : u"execution"_s;
}

// Entry `slot` (0-3) of row x; see the header.
GeneratedEntry generatedEntry(qint64 x, int slot, qint64 rows, qint64 nowMs)
{
    const qint64 created = nowMs - (rows - x) * 30000;
    GeneratedEntry e{created + slot * 1000, u"system:engine"_s, {}, generatedId(x), {}};
    const QString state = stateOf(x);
    switch (slot) {
    case 0:
        e.actor = u"agent:bench"_s;
        e.action = u"operation.opened"_s;
        e.detail =
            u"{\"amount_minor\":%1,\"kind\":\"%2\"}"_s.arg((x * 37) % 10000 + 100).arg(kindOf(x));
        break;
    case 1:
        e.action = u"attempt.started"_s;
        e.detail = u"{\"seq\":1}"_s;
        break;
    case 2:
        e.action = u"attempt.finished"_s;
        e.detail = u"{\"http_status\":%1,\"seq\":1}"_s.arg(state == u"failed"_s    ? 402
                                                           : state == u"unknown"_s ? 500
                                                                                   : 200);
        break;
    default:
        e.detail = u"{\"state\":\"%1\"}"_s.arg(state);
        if (x % 1000 == 0) {
            e.actor = u"operator:alice"_s;
            e.action = u"state.closed_manually"_s;
        } else if (state == u"open"_s) {
            e.actor = u"operator:op%1"_s.arg(x % 7);
            e.action = u"evidence.added"_s;
        } else {
            e.action = u"state."_s + state;
        }
    }
    return e;
}

constexpr int kEntriesPerInsert = 250; // × 7 values: under every backend's parameter limit

QString insertFor(int entries)
{
    return multiRowInsert(
        u"INSERT INTO audit (at, actor, action, operation_id, detail, prev_hash, hash)"_s, 7,
        entries);
}

void execOrThrow(Connection &db, const QString &sql)
{
    QSqlQuery q(db); // not runQuery: PostgreSQL cannot prepare ALTER TABLE
    if (!q.exec(sql))
        throw StoreError(u"generating audit entries failed: "_s + q.lastError().text());
}

// On PostgreSQL the trigger audit_tip_advance updates audit_tip's single row: once per entry
// until migration 0021, once per INSERT statement (kEntriesPerInsert entries) since. Within one
// transaction every update walks all earlier versions of that row (none can be pruned before the
// commit), so N updates cost O(N²): 100,000 per-entry updates took about 150 s where the rows
// themselves take 8, and 4,000,000 entries still make 16,000 statements. When this connection
// owns audit and may update audit_tip, the generator switches that one trigger off inside its
// own transaction and advances the tip once at the end, to the value the trigger would have
// left. DISABLE TRIGGER is transactional (a rollback or a failure restores it; nobody else ever
// sees it off) and takes SHARE ROW EXCLUSIVE: readers go on, other audit writers wait for the
// commit, as they already do for the tip row and the write lock. The guard and notify triggers
// still fire. Another login (a person's) keeps the tip trigger: slower, same rows.
class DeferredAuditTip
{
public:
    explicit DeferredAuditTip(Connection &db)
        : m_db(db)
    {
        if (dialectOf(db) != SqlDialect::Postgres)
            return;
        Query q = runQuery(db, uR"(
SELECT pg_has_role(c.relowner, 'USAGE') AND has_table_privilege('audit_tip', 'UPDATE')
FROM pg_class c JOIN pg_trigger t ON t.tgrelid = c.oid
WHERE c.oid = 'audit'::regclass AND t.tgname = 'audit_tip_advance' AND t.tgenabled <> 'D')"_s);
        m_active = q.next() && q.value(0).toBool();
        q.finish();
        if (m_active)
            execOrThrow(db, u"ALTER TABLE audit DISABLE TRIGGER audit_tip_advance"_s);
    }

    // Before the commit, after the last entry.
    void finish()
    {
        if (!m_active)
            return;
        execOrThrow(m_db, u"UPDATE audit_tip SET last_id = GREATEST(last_id, "
                          "(SELECT COALESCE(MAX(id), 0) FROM audit))"_s);
        execOrThrow(m_db, u"ALTER TABLE audit ENABLE TRIGGER audit_tip_advance"_s);
    }

private:
    Connection &m_db;
    bool m_active = false;
};

} // namespace

void generateAuditHistory(Connection &db, qint64 rows, qint64 nowMs)
{
    WriteTransaction tx(db);
    // PostgreSQL: the sequencer appends to the chain too; its lock keeps the two from forking it.
    if (dialectOf(db) == SqlDialect::Postgres)
        runQuery(db, u"SELECT pg_advisory_xact_lock(?)"_s, {kAuditSequencerLockKey});
    DeferredAuditTip tip(db); // PostgreSQL: the tip row once, not per entry (see the class)
    Query last = runQuery(db, u"SELECT hash FROM audit ORDER BY id DESC LIMIT 1"_s);
    QString prev = last.next() ? last.value(0).toString() : kGenesisHash;
    last.finish();
    QSqlQuery full(db);
    if (!full.prepare(insertFor(kEntriesPerInsert)))
        throw StoreError(u"generating audit entries failed: "_s + full.lastError().text());
    const qint64 total = rows * 4;
    for (qint64 first = 0; first < total; first += kEntriesPerInsert) {
        const int n = int(qMin<qint64>(kEntriesPerInsert, total - first));
        QSqlQuery partial(db);
        QSqlQuery &q = n == kEntriesPerInsert ? full : partial;
        if (&q == &partial && !partial.prepare(insertFor(n)))
            throw StoreError(u"generating audit entries failed: "_s + partial.lastError().text());
        for (qint64 i = first; i < first + n; ++i) {
            const GeneratedEntry e = generatedEntry(i / 4 + 1, int(i % 4), rows, nowMs);
            const QString hash = AuditLog::canonicalEntryHash(prev, e.at, e.actor, e.action,
                                                              e.operationId, e.detail);
            for (const QVariant &v :
                 {QVariant(e.at), QVariant(e.actor), QVariant(e.action), QVariant(e.operationId),
                  QVariant(e.detail), QVariant(prev), QVariant(hash)})
                q.addBindValue(v);
            prev = hash;
        }
        if (!q.exec())
            throw StoreError(u"generating audit entries failed: "_s + q.lastError().text());
    }
    tip.finish();
    tx.commit();
}

} // namespace ops
