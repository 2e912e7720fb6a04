#include "storage/records/operationrow.h"

#include "storage/db/sqltransaction.h"

#include <QVariant>

using namespace Qt::StringLiterals;

namespace ops::rows {

QDateTime utc(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC);
}

std::optional<QDateTime> utcOrNull(const QVariant &v)
{
    if (v.isNull())
        return std::nullopt;
    return utc(v.toLongLong());
}

QString operationColumns()
{
    return u"id, kind, provider, project, unit_of_work, order_id, charge_id, customer_id, "
           "amount_minor, currency, idempotency_key, request_method, request_path, request_body, "
           "request_content_type, state, provider_status, attempts, attempt_cap, "
           "first_attempt_at, last_attempt_at, window_seconds, margin_seconds, deadline_at, "
           "provider_ref, failure_code, unknown_reason, created_by, created_at, updated_at, "
           "closed_by, closed_at, close_reason, reference, operator_attempts, agent, hold, "
           "replaces, reason_code, ticket, owned_by, owned_since"_s;
}

Operation operationFromRow(const QSqlQuery &q)
{
    Operation op;
    int i = 0;
    auto next = [&q, &i] {
        return q.value(i++);
    };
    op.id = next().toString();
    op.kind = kindFromString(next().toString()).value_or(OperationKind::Refund);
    op.provider = providerFromString(next().toString()).value_or(Provider::Stripe);
    op.project = next().toString();
    op.unitOfWork = next().toString();
    op.orderId = next().toString();
    op.chargeId = next().toString();
    op.customerId = next().toString();
    op.amount.minor = next().toLongLong();
    op.amount.currency = next().toString();
    op.idempotencyKey = next().toString();
    op.request.method = next().toString().toLatin1();
    op.request.path = next().toString();
    op.request.body = next().toByteArray();
    op.request.contentType = next().toString().toLatin1();
    op.state = stateFromString(next().toString()).value_or(OperationState::Unknown);
    op.providerStatus = next().toString();
    op.attempts = next().toInt();
    op.attemptCap = next().toInt();
    op.firstAttemptAt = utcOrNull(next());
    op.lastAttemptAt = utcOrNull(next());
    op.windowSeconds = next().toLongLong();
    op.marginSeconds = next().toLongLong();
    op.deadline = utcOrNull(next());
    op.providerRef = next().toString();
    op.failureCode = next().toString();
    op.unknownReason = next().toString();
    op.createdBy = next().toString();
    op.createdAt = utc(next().toLongLong());
    op.updatedAt = utc(next().toLongLong());
    op.closedBy = next().toString();
    op.closedAt = utcOrNull(next());
    op.closeReason = next().toString();
    op.reference = next().toString();
    op.operatorAttempts = next().toInt();
    op.agent = next().toString();
    op.hold = next().toString();
    op.replaces = next().toString();
    op.reasonCode = next().toString();
    op.ticket = next().toString();
    op.ownedBy = next().toString();
    op.ownedSince = utcOrNull(next());
    return op;
}

QString attemptColumns()
{
    return u"id, operation_id, seq, actor, started_at, finished_at, http_status, classification, "
           "provider_code, provider_request_id, replayed, latency_ms, transport_error, "
           "response_excerpt, mode"_s;
}

Attempt attemptFromRow(const QSqlQuery &q)
{
    Attempt a;
    int i = 0;
    auto next = [&q, &i] {
        return q.value(i++);
    };
    a.id = next().toLongLong();
    a.operationId = next().toString();
    a.seq = next().toInt();
    a.actor = next().toString();
    a.startedAt = utc(next().toLongLong());
    a.finishedAt = utcOrNull(next());
    a.httpStatus = next().toInt();
    a.outcome = outcomeFromString(next().toString()).value_or(Outcome::InFlight);
    a.providerCode = next().toString();
    a.providerRequestId = next().toString();
    a.replayed = next().toInt() != 0;
    a.latencyMs = next().toLongLong();
    a.transportError = next().toString();
    a.responseExcerpt = next().toString();
    a.byOperator = next().toString() == u"operator"_s;
    return a;
}

QVariant nullable(const QString &s)
{
    return s.isEmpty() ? QVariant() : QVariant(s);
}

std::optional<Operation> readOperation(Connection &db, const QString &id)
{
    Query q =
        runQuery(db, u"SELECT "_s + operationColumns() + u" FROM operations WHERE id = ?"_s, {id});
    if (!q.next())
        return std::nullopt;
    return operationFromRow(q);
}

std::vector<Operation> readOperations(Connection &db, const QString &rest,
                                      const QVariantList &bindings)
{
    Query q =
        runQuery(db, u"SELECT "_s + operationColumns() + u" FROM operations "_s + rest, bindings);
    std::vector<Operation> out;
    while (q.next())
        out.push_back(operationFromRow(q));
    return out;
}

} // namespace ops::rows
