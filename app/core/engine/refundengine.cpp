#include "engine/refundengine.h"

#include "domain/storeerror.h"
#include "engine/attemptsupport.h"
#include "transport/formencoding.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// The rejections every read before the row is written shares: our key refused, or no usable
// answer. nullopt when the reply parsed (`parsed`) and was a success.
std::optional<ToolResult> readRefusal(const StripeReply &reply, bool parsed, const QString &what)
{
    if (reply.http.status == 401 || reply.http.status == 403)
        return ToolResult::rejected(u"provider_credentials"_s,
                                    u"the provider refused our API key; check OPS_STRIPE_KEY"_s);
    if (reply.ok() && parsed)
        return std::nullopt;
    return ToolResult::rejected(u"provider_unreachable"_s,
                                u"could not read %1 from the provider (%2); nothing was stored or "
                                "sent, try again later"_s.arg(what, describe(replyView(reply))));
}

} // namespace

ToolResult RefundEngine::refund(const RefundInput &input, const QString &actor)
{
    if (auto invalid = validate(input))
        return *invalid;
    if (input.toAdyen())
        return ToolResult::rejected(u"invalid_request"_s,
                                    u"an Adyen payment is refunded through Adyen, not Stripe"_s);
    if (auto existing = refundBeforeOpening(m_session, m_rules, Provider::Stripe, m_config.project,
                                            input, actor))
        return *existing;
    return openNew(input, actor);
}

std::variant<QString, ToolResult> resolvePaymentIntent(StripeClient &client, const RefundInput &in)
{
    const StripeReply reply = client.getPaymentIntent(in.paymentIntentId);
    if (reply.http.status == 404) {
        const QString code =
            reply.error && !reply.error->code.isEmpty() ? reply.error->code : u"resource_missing"_s;
        return ToolResult::rejected(
            code, u"the provider has no payment intent %1; nothing was stored or sent"_s.arg(
                      in.paymentIntentId));
    }
    const auto intent = parseStripePaymentIntent(reply.http.body);
    if (auto refused =
            readRefusal(reply, intent.has_value(), u"payment intent %1"_s.arg(in.paymentIntentId)))
        return *refused;
    if (intent->latestCharge.isEmpty())
        return ToolResult::rejected(
            u"payment_intent_not_charged"_s,
            u"payment intent %1 has no charge to refund"_s.arg(in.paymentIntentId));
    return intent->latestCharge;
}

std::variant<StripeCharge, ToolResult> readCharge(StripeClient &client, const RefundInput &in)
{
    const StripeReply reply = client.getCharge(in.chargeId);
    if (reply.http.status == 404)
        return ToolResult::rejected(u"unknown_charge"_s,
                                    u"the provider has no charge %1"_s.arg(in.chargeId));
    const auto charge = parseStripeCharge(reply.http.body);
    if (auto refused = readRefusal(reply, charge.has_value(), u"charge %1"_s.arg(in.chargeId)))
        return *refused;
    if (charge->currency.compare(in.currency, Qt::CaseInsensitive) != 0)
        return ToolResult::rejected(
            u"currency_mismatch"_s,
            u"charge %1 is in %2, not %3"_s.arg(in.chargeId, charge->currency, in.currency));
    return *charge;
}

NewOperation RefundEngine::buildOperation(const RefundInput &in, const QString &actor) const
{
    NewOperation op = newRefundRow(in, Provider::Stripe, m_config.project, actor);
    op.chargeId = in.chargeId;
    // Rule 10: the operation id travels in metadata so provider objects map back to rows.
    // The charge is the resolved one for a payment intent, so rule 9 counts both the same way.
    // The intent and the reference travel in metadata, so the provider's object names them.
    FormFields form = {{u"charge"_s, in.chargeId}, {u"amount"_s, QString::number(in.amountMinor)}};
    if (!in.reason.isEmpty())
        form.append({u"reason"_s, in.reason});
    else if (isStripeRefundReason(in.reasonCode))
        form.append({u"reason"_s, in.reasonCode});
    form.append({u"metadata[operation_id]"_s, op.id});
    form.append({u"metadata[order_id]"_s, in.orderId});
    if (!in.paymentIntentId.isEmpty())
        form.append({u"metadata[payment_intent]"_s, in.paymentIntentId});
    if (!in.reference.isEmpty())
        form.append({u"metadata[reference]"_s, in.reference});
    op.request = {"POST", u"/v1/refunds"_s, formEncode(form), "application/x-www-form-urlencoded"};
    op.attemptCap = m_config.attemptsPerOperation;
    op.windowSeconds = m_config.windowSeconds;
    op.marginSeconds = m_config.marginSeconds;
    return op;
}

ToolResult RefundEngine::openNew(const RefundInput &given, const QString &actor)
{
    RefundInput in = given;
    if (!in.paymentIntentId.isEmpty()) {
        const auto resolved = resolvePaymentIntent(m_client, in);
        if (const auto *refused = std::get_if<ToolResult>(&resolved))
            return *refused;
        in.chargeId = std::get<QString>(resolved);
    }
    const QDateTime readAt = m_store.clock().now();
    const auto read = readCharge(m_client, in);
    if (const auto *refused = std::get_if<ToolResult>(&read))
        return *refused;
    const StripeCharge &charge = std::get<StripeCharge>(read);
    // Rule 9 is decided inside the insert transaction, together with rule 2, so a concurrent
    // caller for the same unit or the same charge cannot slip between check and insert.
    const auto opening =
        openRefundRow(m_session, buildOperation(in, actor),
                      BalanceGuard{charge.amount, charge.amountRefunded, readAt}, actor);
    if (const auto *done = std::get_if<ToolResult>(&opening))
        return *done;
    const OpenResult &opened = std::get<OpenResult>(opening);
    if (!opened.overBalance)
        return m_rules.drive(opened, actor);
    // Refused: either a concurrent caller for this unit was confirmed meanwhile, or the
    // balance is really spent.
    if (auto raced = concurrentResult(in, readAt, actor))
        return *raced;
    const qint64 live = m_store.liveRefundTotal(Provider::Stripe, in.chargeId);
    QString message = u"charge %1: %2 charged, %3 refunded, %4 in progress; %5 cannot be refunded"_s
                          .arg(in.chargeId)
                          .arg(charge.amount)
                          .arg(charge.amountRefunded)
                          .arg(live)
                          .arg(in.amountMinor);
    // The usual cause is a "try again" after a confirmed refund: say which one.
    const auto earlier =
        m_store.succeededRefundSince(Provider::Stripe, m_config.project, refundUnitOfWork(in),
                                     QDateTime::fromMSecsSinceEpoch(0, Qt::UTC), in.reference);
    if (earlier)
        message += u"; order %1 already has a confirmed refund of this amount: %2 (%3)"_s.arg(
            in.orderId, earlier->providerRef, earlier->id);
    return ToolResult::rejected(u"amount_exceeds_refundable"_s, message);
}

std::optional<ToolResult>
RefundEngine::concurrentResult(const RefundInput &in, const QDateTime &since, const QString &actor)
{
    const QString unit = refundUnitOfWork(in);
    if (auto live = m_store.findLiveRefund(Provider::Stripe, m_config.project, unit, in.reference))
        return m_rules.drive(*live, actor);
    // Confirmed since this call read the charge: this call is its repeat (rule 13).
    if (auto done = m_store.succeededRefundSince(Provider::Stripe, m_config.project, unit, since,
                                                 in.reference))
        return answerRefundRepeat(m_session, *done, actor);
    return std::nullopt;
}

} // namespace ops
