#include "refundengine.h"

#include "attemptsupport.h"
#include "formencoding.h"

#include <QUuid>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr int kMaxIdLength = 255;

} // namespace

QString newOperationId()
{
    return u"op_"_s + QUuid::createUuid().toString(QUuid::Id128);
}

QString newIdempotencyKey()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

RefundEngine::RefundEngine(OperationStore &store, StripeClient &client, EngineConfig config,
                           Sleeper sleeper)
    : m_store(store)
    , m_client(client)
    , m_config(std::move(config))
    , m_policy(store, client)
    , m_rules(store, m_policy, m_config, std::move(sleeper))
{}

ToolResult RefundEngine::resend(const QString &operationId, const QString &actor)
{
    return m_rules.resend(operationId, actor);
}

QString RefundEngine::unitOfWork(const RefundInput &in)
{
    // (order, amount) is the unit; currency is fixed per order. Parsed from the right, so an
    // order id containing '|' cannot make two units collide.
    return in.orderId + u'|' + QString::number(in.amountMinor) + u'|' + in.currency;
}

std::optional<ToolResult> RefundEngine::validate(const RefundInput &in)
{
    const auto bad = [](const QString &message) {
        return ToolResult::rejected(u"invalid_request"_s, message);
    };
    if (in.orderId.trimmed().isEmpty())
        return bad(u"order id is empty"_s);
    if (in.chargeId.trimmed().isEmpty())
        return bad(u"charge id is empty"_s);
    if (in.orderId.size() > kMaxIdLength || in.chargeId.size() > kMaxIdLength)
        return bad(u"order and charge ids are limited to %1 characters"_s.arg(kMaxIdLength));
    // Bytes that were not UTF-8 arrive as U+FFFD: two different bad ids would become one unit.
    if (in.orderId.contains(QChar::ReplacementCharacter) ||
        in.chargeId.contains(QChar::ReplacementCharacter))
        return bad(u"order and charge ids must be valid UTF-8"_s);
    if (in.orderId != in.orderId.trimmed() || in.chargeId != in.chargeId.trimmed())
        return bad(u"order and charge ids must not start or end with spaces"_s);
    if (in.amountMinor <= 0)
        return bad(u"amount must be a positive number of minor units"_s);
    if (in.amountMinor > kMaxMinorUnits)
        return bad(u"amount exceeds the maximum of %1 minor units"_s.arg(kMaxMinorUnits));
    if (!isKnownCurrency(in.currency))
        return bad(u"unknown currency '%1'"_s.arg(in.currency));
    return std::nullopt;
}

ToolResult RefundEngine::refund(const RefundInput &input, const QString &actor)
{
    if (auto invalid = validate(input))
        return *invalid;
    // Rule 2 and 6: a live row for this unit is the only thing a retry may touch.
    if (auto live = m_store.findLiveRefund(Provider::Stripe, m_config.project, unitOfWork(input)))
        return m_rules.drive(*live, actor);
    return openNew(input, actor);
}

std::variant<StripeCharge, ToolResult> RefundEngine::readCharge(const RefundInput &in)
{
    const StripeReply reply = m_client.getCharge(in.chargeId);
    if (reply.http.status == 404)
        return ToolResult::rejected(u"unknown_charge"_s,
                                    u"the provider has no charge %1"_s.arg(in.chargeId));
    if (reply.http.status == 401 || reply.http.status == 403)
        return ToolResult::rejected(u"provider_credentials"_s,
                                    u"the provider refused our API key; check OPS_STRIPE_KEY"_s);
    const auto charge = parseStripeCharge(reply.http.body);
    if (!reply.ok() || !charge)
        return ToolResult::rejected(
            u"provider_unreachable"_s,
            u"could not read charge %1 from the provider (%2); nothing "
            "was stored or sent, try again later"_s.arg(in.chargeId, describe(replyView(reply))));
    if (charge->currency.compare(in.currency, Qt::CaseInsensitive) != 0)
        return ToolResult::rejected(
            u"currency_mismatch"_s,
            u"charge %1 is in %2, not %3"_s.arg(in.chargeId, charge->currency, in.currency));
    return *charge;
}

NewOperation RefundEngine::buildOperation(const RefundInput &in, const QString &actor) const
{
    NewOperation op;
    op.id = newOperationId();
    op.kind = OperationKind::Refund;
    op.provider = Provider::Stripe;
    op.project = m_config.project;
    op.unitOfWork = unitOfWork(in);
    op.orderId = in.orderId;
    op.chargeId = in.chargeId;
    op.amount = {in.amountMinor, in.currency};
    op.idempotencyKey = newIdempotencyKey(); // rule 1: ours, random, stored before sending
    // Rule 10: the operation id travels in metadata so provider objects map back to rows.
    op.request = {"POST", u"/v1/refunds"_s,
                  formEncode({{u"charge"_s, in.chargeId},
                              {u"amount"_s, QString::number(in.amountMinor)},
                              {u"metadata[operation_id]"_s, op.id},
                              {u"metadata[order_id]"_s, in.orderId}}),
                  "application/x-www-form-urlencoded"};
    op.attemptCap = m_config.attemptsPerOperation;
    op.windowSeconds = m_config.windowSeconds;
    op.marginSeconds = m_config.marginSeconds;
    op.createdBy = actor;
    return op;
}

ToolResult RefundEngine::openNew(const RefundInput &in, const QString &actor)
{
    const QDateTime readAt = m_store.clock().now();
    const auto read = readCharge(in);
    if (const auto *refused = std::get_if<ToolResult>(&read))
        return *refused;
    const StripeCharge &charge = std::get<StripeCharge>(read);
    // Rule 9 is decided inside the insert transaction, together with rule 2, so a concurrent
    // caller for the same unit or the same charge cannot slip between check and insert.
    // Rules 1 and 4 in one commit: the row, its key and the first counted attempt.
    const OpenResult opened =
        m_store.openOrGet(buildOperation(in, actor),
                          BalanceGuard{charge.amount, charge.amountRefunded, readAt}, actor);
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
        m_store.succeededRefundSince(Provider::Stripe, m_config.project, unitOfWork(in),
                                     QDateTime::fromMSecsSinceEpoch(0, Qt::UTC));
    if (earlier)
        message += u"; order %1 already has a confirmed refund of this amount: %2 (%3)"_s.arg(
            in.orderId, earlier->providerRef, earlier->id);
    return ToolResult::rejected(u"amount_exceeds_refundable"_s, message);
}

std::optional<ToolResult>
RefundEngine::concurrentResult(const RefundInput &in, const QDateTime &since, const QString &actor)
{
    const QString unit = unitOfWork(in);
    if (auto live = m_store.findLiveRefund(Provider::Stripe, m_config.project, unit))
        return m_rules.drive(*live, actor);
    if (auto done = m_store.succeededRefundSince(Provider::Stripe, m_config.project, unit, since))
        return ToolResult::refunded(done->id, done->providerRef);
    return std::nullopt;
}

} // namespace ops
