#include "cli/operationjson.h"

using nlohmann::ordered_json;

namespace ops::cli {

namespace {

std::string s(const QString &q)
{
    return q.toStdString();
}

} // namespace

std::string isoUtc(const QDateTime &t)
{
    return t.toUTC().toString(Qt::ISODateWithMs).toStdString();
}

ordered_json toJson(const Operation &op)
{
    return {
        {"operation_id", s(op.id)},
        {"kind", s(toString(op.kind))},
        {"provider", s(toString(op.provider))},
        {"project", s(op.project)},
        {"unit_of_work", s(op.unitOfWork)},
        {"order_id", optionalText(op.orderId)},
        {"charge_id", optionalText(op.chargeId)},
        {"customer_id", optionalText(op.customerId)},
        {"amount", op.amount.minor},
        {"currency", s(op.amount.currency)},
        {"idempotency_key", s(op.idempotencyKey)},
        {"request",
         {{"method", op.request.method.toStdString()},
          {"path", s(op.request.path)},
          {"content_type", op.request.contentType.toStdString()},
          {"body", op.request.body.toStdString()}}},
        {"state", s(toString(op.state))},
        {"provider_status", optionalText(op.providerStatus)},
        {"attempts", op.attempts},
        {"attempt_cap", op.attemptCap},
        {"operator_attempts", op.operatorAttempts}, // resends by people: not bounded by the cap
        {"first_attempt_at", optionalTime(op.firstAttemptAt)},
        {"last_attempt_at", optionalTime(op.lastAttemptAt)},
        {"deadline", optionalTime(op.deadline)},
        {"provider_ref", optionalText(op.providerRef)},
        {"failure_code", optionalText(op.failureCode)},
        {"unknown_reason", optionalText(op.unknownReason)},
        {"created_by", s(op.createdBy)},
        {"created_at", isoUtc(op.createdAt)},
        {"closed_by", optionalText(op.closedBy)},
        {"closed_at", optionalTime(op.closedAt)},
        {"close_reason", optionalText(op.closeReason)},
        {"agent", optionalText(op.agent)},       // the agent whose call opened it
        {"hold", optionalText(op.hold)},         // the limit that held it for approval
        {"replaces", optionalText(op.replaces)}, // the failed refund this one replaces
        {"reference", optionalText(op.reference)},
        {"reason_code", optionalText(op.reasonCode)},
        {"ticket", optionalText(op.ticket)},
        {"owned_by", optionalText(op.ownedBy)}, // a name, not a lock (DESIGN §18)
        {"owned_since", optionalTime(op.ownedSince)},
    };
}

ordered_json toJson(const Attempt &a)
{
    return {
        {"seq", a.seq},
        {"actor", s(a.actor)},
        {"mode", a.byOperator ? "operator resend" : "automation"},
        {"started_at", isoUtc(a.startedAt)},
        {"finished_at", optionalTime(a.finishedAt)},
        {"http_status", a.httpStatus == 0 ? ordered_json(nullptr) : ordered_json(a.httpStatus)},
        {"classification", s(toString(a.outcome))},
        {"provider_code", optionalText(a.providerCode)},
        {"provider_request_id", optionalText(a.providerRequestId)},
        {"replayed", a.replayed},
        {"latency_ms", a.latencyMs},
        {"transport_error", optionalText(a.transportError)},
        {"response_excerpt", optionalText(a.responseExcerpt)},
    };
}

ordered_json toJson(const AuditEntry &e)
{
    return {
        {"id", e.id},
        {"at", isoUtc(e.at)},
        {"actor", s(e.actor)},
        {"action", s(e.action)},
        {"detail", ordered_json::parse(e.detail.toStdString(), nullptr, false)},
        {"hash", s(e.hash)},
    };
}

ordered_json toJson(const Evidence &e)
{
    return {
        {"id", e.id},
        {"kind", s(e.kind)},
        {"title", s(e.title)},
        {"content_type", s(e.contentType)},
        {"sha256", s(e.sha256)},
        {"size_bytes", e.body.size()},
        {"created_by", s(e.createdBy)},
        {"created_at", isoUtc(e.createdAt)},
    };
}

std::string str(const QString &s)
{
    return s.toStdString();
}

void printJson(QTextStream &out, const nlohmann::ordered_json &j)
{
    out << QString::fromStdString(j.dump()) << Qt::endl;
}

ordered_json optionalTime(const std::optional<QDateTime> &t)
{
    return t ? ordered_json(isoUtc(*t)) : ordered_json(nullptr);
}

ordered_json optionalText(const QString &q)
{
    return q.isEmpty() ? ordered_json(nullptr) : ordered_json(s(q));
}

} // namespace ops::cli
