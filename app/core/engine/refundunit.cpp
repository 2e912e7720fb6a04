#include "engine/refundunit.h"

#include "adyen/adyenclient.h"
#include "domain/agent.h"
#include "domain/money.h"
#include "domain/result.h"
#include "domain/storeerror.h"
#include "engine/attemptsupport.h"
#include "storage/access/accessstore.h"

#include <QUuid>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr int kMaxIdLength = 255;
constexpr int kMaxReferenceLength = 190; // the column's CHECK, like a work name

// What a caller's id must be: the same bytes every time it names the same thing.
Result<void> checkId(const QString &what, const QString &id, int maxLength)
{
    if (id.size() > maxLength)
        return Failure{u"%1 is limited to %2 characters"_s.arg(what).arg(maxLength)};
    // Bytes that were not UTF-8 arrive as U+FFFD: two different bad ids would become one unit.
    if (id.contains(QChar::ReplacementCharacter))
        return Failure{u"%1 must be valid UTF-8"_s.arg(what)};
    if (id != id.trimmed())
        return Failure{u"%1 must not start or end with spaces"_s.arg(what)};
    return {};
}

bool isKnownReason(const QString &reason)
{
    return reason.isEmpty() || reason == u"duplicate"_s || reason == u"fraudulent"_s ||
           reason == u"requested_by_customer"_s;
}

// Exactly one thing to refund: a Stripe charge, a Stripe payment intent or an Adyen payment.
Result<void> checkTarget(const RefundInput &in)
{
    const int given = int(!in.chargeId.trimmed().isEmpty()) +
                      int(!in.paymentIntentId.trimmed().isEmpty()) +
                      int(!in.adyenPaymentId.trimmed().isEmpty());
    if (given > 1)
        return Failure{u"give only one of a charge, a payment intent and an Adyen payment"_s};
    if (given == 0)
        return Failure{u"nothing to refund: give a charge, a payment intent or an Adyen payment"_s};
    if (!in.toAdyen())
        return {};
    if (!isAdyenPspReference(in.adyenPaymentId))
        return Failure{
            u"the Adyen payment must be its pspReference, 16 letters and digits, not '%1'"_s.arg(
                in.adyenPaymentId.left(40))};
    // Adyen's merchantRefundReason has other values; none is sent rather than a wrong one.
    if (!in.reason.isEmpty())
        return Failure{u"reason is Stripe's; leave it out for an Adyen payment"_s};
    return {};
}

ToolResult notReplaceable(const QString &why)
{
    return ToolResult::rejected(u"not_replaceable"_s, u"%1; nothing was stored or sent"_s.arg(why));
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

QString refundUnitOfWork(const RefundInput &in)
{
    return in.orderId + u'|' + QString::number(in.amountMinor) + u'|' + in.currency;
}

std::optional<ToolResult> validateRefund(const RefundInput &in)
{
    const auto bad = [](const QString &message) {
        return ToolResult::rejected(u"invalid_request"_s, message);
    };
    if (in.orderId.trimmed().isEmpty())
        return bad(u"order id is empty"_s);
    if (const auto checked = checkTarget(in); !checked)
        return bad(checked.error());
    const std::pair<QString, const QString &> ids[] = {
        {u"the order id"_s, in.orderId},
        {u"the charge id"_s, in.chargeId},
        {u"the payment intent id"_s, in.paymentIntentId}};
    for (const auto &[what, id] : ids) {
        if (const auto checked = checkId(what, id, kMaxIdLength); !checked)
            return bad(checked.error());
    }
    if (const auto checked = checkId(u"the reference"_s, in.reference, kMaxReferenceLength);
        !checked)
        return bad(checked.error());
    if (!in.reasonCode.isEmpty() && !refundReasonCodes().contains(in.reasonCode))
        return bad(u"reason code must be one of %1, not '%2'"_s.arg(
            refundReasonCodes().join(u", "_s), in.reasonCode.left(40)));
    if (const QString problem = ticketProblem(in.ticket); !problem.isEmpty())
        return bad(problem);
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

std::optional<ToolResult> refundRepeat(Session &session, const Operation &latest,
                                       const QString &actor)
{
    if (latest.state != OperationState::Succeeded || !latest.closedAt)
        return std::nullopt;
    const auto window = session.access().repeatWindow();
    const qint64 age = latest.closedAt->msecsTo(session.clock().now());
    if (age >= window.count())
        return std::nullopt; // past the window: a new operation, if rule 9 leaves money for it
    return answerRefundRepeat(session, latest, actor);
}

ToolResult answerRefundRepeat(Session &session, const Operation &done, const QString &actor)
{
    AccessStore &access = session.access();
    access.recordRepeatAnswer(actor, done.id, done.providerRef, access.repeatWindow());
    ToolResult r = ToolResult::refunded(done.id, done.providerRef);
    r.repeat = true;
    return r;
}

NewOperation newRefundRow(const RefundInput &in, Provider provider, const QString &project,
                          const QString &actor)
{
    NewOperation op;
    op.id = newOperationId();
    op.kind = OperationKind::Refund;
    op.provider = provider;
    op.project = project;
    op.unitOfWork = refundUnitOfWork(in);
    op.orderId = in.orderId;
    op.amount = {in.amountMinor, in.currency};
    op.idempotencyKey = newIdempotencyKey();
    op.reference = in.reference;
    op.createdBy = actor;
    op.agent = agentOfActor(actor);
    op.replaces = in.replaces;
    op.reasonCode = in.reasonCode;
    op.ticket = in.ticket;
    return op;
}

std::optional<ToolResult> refundBeforeOpening(Session &session, Settlement &rules,
                                              Provider provider, const QString &project,
                                              const RefundInput &in, const QString &actor)
{
    OperationStore &store = session.store();
    // A person without the rights to send refunds costs no provider call (the opening decides
    // the same under its lock). A replacement's refusals all say not_replaceable.
    if (const auto may = actorMaySendMoney(session, actor); !may)
        return in.replaces.isEmpty() ? notPermitted(may.error()) : notReplaceable(may.error());
    if (!in.replaces.isEmpty()) {
        if (const auto allowed = store.replacementAllowed(in.replaces, in.orderId, in.currency);
            !allowed)
            return notReplaceable(allowed.error());
    }
    // A live row is the newest one: rule 2 lets no row of the unit open while it is live, and
    // nothing makes a final row live again. A live row is the only thing a retry may touch; a
    // confirmed one answers its repeat. Should the clocks of two writers put a live row behind a
    // final one, openOrGet still finds the live row under the write lock and drives it.
    const auto latest = store.latestRefund(provider, project, refundUnitOfWork(in), in.reference);
    if (!latest)
        return std::nullopt;
    if (!isFinal(latest->state))
        return rules.drive(*latest, actor);
    return refundRepeat(session, *latest, actor);
}

std::variant<OpenResult, ToolResult> openRefundRow(Session &session, const NewOperation &op,
                                                   const std::optional<BalanceGuard> &guard,
                                                   const QString &actor)
{
    OperationStore &store = session.store();
    OpenResult opened;
    try {
        // Rules 1 and 4 in one commit: the row, its key and the first counted attempt.
        opened = store.openOrGet(op, guard, actor);
    } catch (const ActionRefused &e) {
        // A person's rights, or a replacement the rules refuse (replacement.cpp).
        return op.replaces.isEmpty() ? notPermitted(e.message()) : notReplaceable(e.message());
    }
    if (auto refused = openingRefusal(opened))
        return *refused;
    // Another caller's refund of this unit was confirmed after this call's first read: this call
    // is its repeat (rule 13), decided under the order's lock.
    if (!opened.created && opened.operation.state == OperationState::Succeeded)
        return answerRefundRepeat(session, opened.operation, actor);
    return opened;
}

} // namespace ops
