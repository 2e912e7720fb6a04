#include "engine/refundengine.h"

#include "domain/agent.h"
#include "domain/storeerror.h"
#include "engine/attemptsupport.h"
#include "storage/access/accessstore.h"
#include "transport/formencoding.h"

#include <QUuid>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr int kMaxIdLength = 255;
constexpr int kMaxReferenceLength = 190; // the column's CHECK, like a work name

// What a caller's id must be: the same bytes every time it names the same thing.
std::optional<QString> idProblem(const QString &what, const QString &id, int maxLength)
{
    if (id.size() > maxLength)
        return u"%1 is limited to %2 characters"_s.arg(what).arg(maxLength);
    // Bytes that were not UTF-8 arrive as U+FFFD: two different bad ids would become one unit.
    if (id.contains(QChar::ReplacementCharacter))
        return u"%1 must be valid UTF-8"_s.arg(what);
    if (id != id.trimmed())
        return u"%1 must not start or end with spaces"_s.arg(what);
    return std::nullopt;
}

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

ToolResult notReplaceable(const QString &why)
{
    return ToolResult::rejected(u"not_replaceable"_s, u"%1; nothing was stored or sent"_s.arg(why));
}

bool isKnownReason(const QString &reason)
{
    return reason.isEmpty() || reason == u"duplicate"_s || reason == u"fraudulent"_s ||
           reason == u"requested_by_customer"_s;
}

} // namespace

QString newOperationId()
{
    return u"op_"_s + QUuid::createUuid().toString(QUuid::Id128);
}

QString newIdempotencyKey()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
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
    const bool byCharge = !in.chargeId.trimmed().isEmpty();
    const bool byIntent = !in.paymentIntentId.trimmed().isEmpty();
    if (byCharge == byIntent)
        return bad(byCharge ? u"give a charge or a payment intent, not both"_s
                            : u"charge id is empty: give a charge or a payment intent"_s);
    const std::pair<QString, const QString &> ids[] = {
        {u"the order id"_s, in.orderId},
        {u"the charge id"_s, in.chargeId},
        {u"the payment intent id"_s, in.paymentIntentId}};
    for (const auto &[what, id] : ids) {
        if (auto problem = idProblem(what, id, kMaxIdLength))
            return bad(*problem);
    }
    if (auto problem = idProblem(u"the reference"_s, in.reference, kMaxReferenceLength))
        return bad(*problem);
    if (!isKnownReason(in.reason))
        return bad(u"reason must be duplicate, fraudulent or requested_by_customer, not '%1'"_s.arg(
            in.reason.left(40)));
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
    if (!input.replaces.isEmpty()) {
        if (auto problem =
                m_store.replacementProblem(input.replaces, input.orderId, input.currency))
            return notReplaceable(*problem);
    }
    // Rules 2, 6 and 13 from one read, the unit's newest row. A live row is the newest one: rule
    // 2 lets no row of the unit open while it is live, and nothing makes a final row live again.
    // A live row is the only thing a retry may touch; a confirmed one answers its repeat. Should
    // the clocks of two writers put a live row behind a final one, openOrGet still finds the live
    // row under the write lock and drives it.
    const auto latest = m_store.latestRefund(Provider::Stripe, m_config.project, unitOfWork(input),
                                             input.reference);
    if (latest && !isFinal(latest->state))
        return m_rules.drive(*latest, actor);
    if (latest) {
        if (auto repeat = repeatAnswer(*latest, actor))
            return *repeat;
    }
    return openNew(input, actor);
}

std::optional<ToolResult> RefundEngine::repeatAnswer(const Operation &latest, const QString &actor)
{
    if (latest.state != OperationState::Succeeded || !latest.closedAt)
        return std::nullopt;
    const auto window = m_store.access().repeatWindow();
    const qint64 age = latest.closedAt->msecsTo(m_store.clock().now());
    if (age >= window.count())
        return std::nullopt; // past the window: a new operation, if rule 9 leaves money for it
    return answerRepeat(latest, actor);
}

ToolResult RefundEngine::answerRepeat(const Operation &done, const QString &actor)
{
    AccessStore access = m_store.access();
    access.recordRepeatAnswer(actor, done.id, done.providerRef, access.repeatWindow());
    ToolResult r = ToolResult::refunded(done.id, done.providerRef);
    r.repeat = true;
    return r;
}

std::variant<QString, ToolResult> RefundEngine::resolvePaymentIntent(const RefundInput &in)
{
    const StripeReply reply = m_client.getPaymentIntent(in.paymentIntentId);
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

std::variant<StripeCharge, ToolResult> RefundEngine::readCharge(const RefundInput &in)
{
    const StripeReply reply = m_client.getCharge(in.chargeId);
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
    op.reference = in.reference;
    // The charge is the resolved one for a payment intent, so rule 9 counts both the same way.
    // The intent and the reference travel in metadata, so the provider's object names them.
    FormFields form = {{u"charge"_s, in.chargeId}, {u"amount"_s, QString::number(in.amountMinor)}};
    if (!in.reason.isEmpty())
        form.append({u"reason"_s, in.reason});
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
    op.createdBy = actor;
    op.agent = agentOfActor(actor); // its limits apply in the opening transaction
    op.replaces = in.replaces;
    return op;
}

ToolResult RefundEngine::openNew(const RefundInput &given, const QString &actor)
{
    RefundInput in = given;
    if (!in.paymentIntentId.isEmpty()) {
        const auto resolved = resolvePaymentIntent(in);
        if (const auto *refused = std::get_if<ToolResult>(&resolved))
            return *refused;
        in.chargeId = std::get<QString>(resolved);
    }
    const QDateTime readAt = m_store.clock().now();
    const auto read = readCharge(in);
    if (const auto *refused = std::get_if<ToolResult>(&read))
        return *refused;
    const StripeCharge &charge = std::get<StripeCharge>(read);
    // Rule 9 is decided inside the insert transaction, together with rule 2, so a concurrent
    // caller for the same unit or the same charge cannot slip between check and insert.
    // Rules 1 and 4 in one commit: the row, its key and the first counted attempt.
    OpenResult opened;
    try {
        opened =
            m_store.openOrGet(buildOperation(in, actor),
                              BalanceGuard{charge.amount, charge.amountRefunded, readAt}, actor);
    } catch (const ActionRefused &e) {
        // Only a replacement is refused here (another one won, or the person may not resend);
        // any other refusal is the caller's to report as before.
        if (in.replaces.isEmpty())
            throw;
        return notReplaceable(e.message());
    }
    if (auto refused = openingRefusal(opened))
        return *refused;
    // Another caller's refund of this unit was confirmed after this call's first read: this
    // call is its repeat (rule 13), decided under the order's lock.
    if (!opened.created && opened.operation.state == OperationState::Succeeded)
        return answerRepeat(opened.operation, actor);
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
                                     QDateTime::fromMSecsSinceEpoch(0, Qt::UTC), in.reference);
    if (earlier)
        message += u"; order %1 already has a confirmed refund of this amount: %2 (%3)"_s.arg(
            in.orderId, earlier->providerRef, earlier->id);
    return ToolResult::rejected(u"amount_exceeds_refundable"_s, message);
}

std::optional<ToolResult>
RefundEngine::concurrentResult(const RefundInput &in, const QDateTime &since, const QString &actor)
{
    const QString unit = unitOfWork(in);
    if (auto live = m_store.findLiveRefund(Provider::Stripe, m_config.project, unit, in.reference))
        return m_rules.drive(*live, actor);
    // Confirmed since this call read the charge: this call is its repeat (rule 13).
    if (auto done = m_store.succeededRefundSince(Provider::Stripe, m_config.project, unit, since,
                                                 in.reference))
        return answerRepeat(*done, actor);
    return std::nullopt;
}

} // namespace ops
