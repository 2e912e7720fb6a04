#include "bulkgenerator.h"

#include "database.h"
#include "sqldialect.h"

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
    return sql.replace(u"SELECT 1 UNION ALL"_s, u"SELECT 1::bigint UNION ALL"_s)
        .replace(u"printf('op_%032x', x)"_s, u"'op_' || lpad(to_hex(x), 32, '0')"_s)
        .replace(u"printf('key-%08d', x)"_s, u"'key-' || lpad(x::text, 8, '0')"_s)
        .replace(u"CAST('charge=ch_' || x || '&amount=' || ((x * 37) % 10000 + 100) AS BLOB)"_s,
                 u"convert_to('charge=ch_' || x || '&amount=' || ((x * 37) % 10000 + 100), "
                 "'UTF8')"_s);
}

} // namespace

void generateOperations(QSqlDatabase &db, qint64 rows, qint64 nowMs)
{
    const QString sql = uR"(
INSERT INTO operations (id, kind, provider, project, unit_of_work, order_id, charge_id,
    customer_id, amount_minor, currency, idempotency_key, request_method, request_path,
    request_body, request_content_type, state, attempts, attempt_cap, first_attempt_at,
    last_attempt_at, window_seconds, margin_seconds, deadline_at, provider_ref, failure_code,
    created_by, created_at, updated_at)
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
    'agent:bench', created, created
FROM g)"_s;
    QSqlQuery q(db);
    const SqlDialect dialect = dialectOf(db);
    for (const QString &begin : beginWriteStatements(dialect)) {
        if (!q.exec(begin))
            throw StoreError(q.lastError().text());
    }
    // Both values are integers, so formatting them into the statement is safe.
    QString statement = sql;
    statement.replace(u"{rows}"_s, QString::number(rows))
        .replace(u"{now}"_s, QString::number(nowMs));
    if (dialect == SqlDialect::Postgres)
        statement = toPostgres(statement);
    if (!q.exec(statement)) {
        const QString error = q.lastError().text();
        QSqlQuery(db).exec(u"ROLLBACK"_s);
        throw StoreError(u"generating operations failed: "_s + error);
    }
    if (!QSqlQuery(db).exec(u"COMMIT"_s))
        throw StoreError(u"commit of generated operations failed"_s);
}

} // namespace ops
