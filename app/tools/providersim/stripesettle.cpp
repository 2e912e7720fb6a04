// POST /_sim/refunds/{id}/settle: the simulator's stand-in for the card network finishing a
// pending refund later. The events it emits are caused by no API request (request.id and
// request.idempotency_key null), like the ones Stripe sends when a refund settles.

#include "providersim/simlog.h"
#include "providersim/stripehandler.h"

#include <QSet>
#include <variant>

namespace ops::sim {

namespace {

// Stripe's documented refund failure reasons.
const QSet<QString> failureReasons = {
    QStringLiteral("lost_or_stolen_card"),
    QStringLiteral("expired_or_canceled_card"),
    QStringLiteral("charge_for_pending_refund_disputed"),
    QStringLiteral("insufficient_funds"),
    QStringLiteral("declined"),
    QStringLiteral("merchant_request"),
    QStringLiteral("unknown"),
};

SimResponse settleError(int status, const char *code, const QString &message)
{
    return SimResponse::json(status,
                             {{"error", {{"code", code}, {"message", message.toStdString()}}}});
}

struct SettleRequest
{
    QString status;
    QString failureReason;
};

std::variant<SettleRequest, SimResponse> parseSettle(const nlohmann::json &body)
{
    if (!body.is_object() || !body.contains("status") || !body["status"].is_string())
        return settleError(400, "invalid_settle",
                           QStringLiteral("send {\"status\":\"succeeded\"|\"failed\","
                                          "\"failure_reason\":…}"));
    SettleRequest r;
    r.status = QString::fromStdString(body["status"].get<std::string>());
    if (r.status != QLatin1String("succeeded") && r.status != QLatin1String("failed"))
        return settleError(400, "invalid_settle",
                           QStringLiteral("status must be succeeded or failed"));
    if (!body.contains("failure_reason") || body["failure_reason"].is_null())
        return r;
    if (r.status != QLatin1String("failed"))
        return settleError(400, "invalid_settle",
                           QStringLiteral("failure_reason goes only with status failed"));
    if (!body["failure_reason"].is_string() ||
        !failureReasons.contains(QString::fromStdString(body["failure_reason"].get<std::string>())))
        return settleError(400, "invalid_settle",
                           QStringLiteral("failure_reason must be one of lost_or_stolen_card, "
                                          "expired_or_canceled_card, "
                                          "charge_for_pending_refund_disputed, insufficient_funds, "
                                          "declined, merchant_request, unknown"));
    r.failureReason = QString::fromStdString(body["failure_reason"].get<std::string>());
    return r;
}

} // namespace

SimResponse StripeHandler::settle(const QString &refundId, const nlohmann::json &body)
{
    StripeRefund *refund = m_state.refund(refundId);
    if (!refund)
        return settleError(404, "resource_missing",
                           QStringLiteral("No such refund: '%1'").arg(refundId));
    auto parsed = parseSettle(body);
    if (auto *error = std::get_if<SimResponse>(&parsed))
        return *error;
    if (refund->status != QLatin1String("pending"))
        return settleError(400, "refund_not_pending",
                           QStringLiteral("refund %1 is %2; only a pending refund can be settled")
                               .arg(refundId, refund->status));
    StripeCharge *charge = m_state.charge(refund->charge);
    if (!charge) // the charge was replaced by a reseed without it
        return settleError(409, "charge_missing",
                           QStringLiteral("the charge of refund %1 is gone").arg(refundId));

    const auto &request = std::get<SettleRequest>(parsed);
    const nlohmann::json before = refund->toJson();
    const bool failed = request.status == QLatin1String("failed");
    refund->status = request.status;
    if (failed) {
        refund->failureReason =
            request.failureReason.isEmpty() ? QStringLiteral("unknown") : request.failureReason;
        // The money did not reach the customer: the charge can be refunded again.
        charge->amountRefunded = std::max<qint64>(0, charge->amountRefunded - refund->amount);
        recordReversal(*refund);
    }
    const nlohmann::json after = refund->toJson();
    const qint64 now = m_world.clock.nowSecs();
    m_state.pruneEvents(now);
    const nlohmann::json previous = previousAttributes(before, after);
    m_state.addEvent(failed ? QStringLiteral("refund.failed") : QStringLiteral("refund.updated"),
                     after, now, EventCause{}, previous);
    m_state.addEvent(QStringLiteral("charge.refund.updated"), after, now, EventCause{}, previous);
    qCInfo(lcSim) << "settled" << refundId << refund->status;
    return SimResponse::json(200, after);
}

void StripeHandler::recordReversal(const StripeRefund &refund)
{
    // The pending refund went into the ledger when it was made; its failure is the opposite
    // movement, so the ledger's sum per charge stays the money that actually moved.
    Movement m;
    m.provider = QStringLiteral("stripe");
    m.kind = QStringLiteral("refund_reversal");
    m.id = refund.id;
    m.charge = refund.charge;
    m.amount = -refund.amount;
    m.currency = refund.currency;
    m.operationId = QString::fromStdString(refund.metadata.value("operation_id", std::string()));
    m.at = m_world.clock.now();
    m_world.ledger.record(m);
}

} // namespace ops::sim
