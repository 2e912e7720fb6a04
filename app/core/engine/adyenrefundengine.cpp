#include "engine/adyenrefundengine.h"

#include "adyen/adyennotification.h"
#include "domain/evidencemaking.h"
#include "domain/money.h"
#include "storage/events/eventstore.h"

#include <QSet>
#include <map>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// Rule 9's base for an Adyen payment, from what Adyen's own notifications said of it (Adyen has
// no read of a payment's refundable amount, so there may be none): the successful CAPTUREs
// summed (captures may be partial; one whose CAPTURE_FAILED came is not money), else the
// successful AUTHORISATION; nothing once a CANCELLATION succeeded. In the refund's currency.
std::optional<qint64> storedPaymentAmount(const std::vector<StoredEvent> &events,
                                          const QString &currency)
{
    std::map<QString, qint64> captures; // by the capture's own pspReference
    QSet<QString> failedCaptures;
    std::optional<qint64> authorised;
    bool cancelled = false;
    for (const StoredEvent &e : events) {
        const auto item =
            adyenItemFromJson(nlohmann::json::parse(e.raw.toStdString(), nullptr, false));
        if (!item || item->currency.compare(currency, Qt::CaseInsensitive) != 0)
            continue;
        if (item->eventCode == u"CAPTURE_FAILED"_s)
            failedCaptures.insert(item->pspReference);
        if (!item->success)
            continue;
        if (item->eventCode == u"CAPTURE"_s)
            captures[item->pspReference] = item->value;
        else if (item->eventCode == u"AUTHORISATION"_s)
            authorised = item->value;
        else if (item->eventCode == u"CANCELLATION"_s)
            cancelled = true;
    }
    if (cancelled)
        return 0;
    std::optional<qint64> captured;
    for (const auto &[psp, value] : captures) {
        if (!failedCaptures.contains(psp))
            captured = captured.value_or(0) + value;
    }
    if (captured && authorised)
        return std::min(*captured, *authorised);
    return captured ? captured : authorised;
}

} // namespace

std::optional<qint64> adyenPaymentAmount(Session &session, const QString &pspReference,
                                         const QString &currency)
{
    return storedPaymentAmount(session.events().eventsOfObject(Provider::Adyen, pspReference),
                               currency);
}

ToolResult AdyenRefundEngine::refund(const RefundInput &input, const QString &actor)
{
    if (auto invalid = validateRefund(input))
        return *invalid;
    if (!input.toAdyen())
        return ToolResult::rejected(u"invalid_request"_s,
                                    u"a Stripe charge or payment intent is refunded through "
                                    "Stripe, not Adyen"_s);
    if (project().isEmpty())
        return ToolResult::rejected(u"provider_configuration"_s,
                                    u"no Adyen merchant account: set OPS_ADYEN_MERCHANT; nothing "
                                    "was stored or sent"_s);
    if (auto existing =
            refundBeforeOpening(m_session, m_rules, Provider::Adyen, project(), input, actor))
        return *existing;
    // Rule 9 against the stored payment amount: every refund of the payment this product made
    // counts (live ones, and succeeded ones whenever they closed), decided in the insert's
    // transaction as for Stripe.
    const auto paid = adyenPaymentAmount(m_session, input.adyenPaymentId, input.currency);
    std::optional<BalanceGuard> guard;
    if (paid)
        guard = BalanceGuard{*paid, 0, QDateTime::fromMSecsSinceEpoch(0, Qt::UTC)};
    const auto opening = openRefundRow(m_session, buildOperation(input, actor), guard, actor);
    if (const auto *done = std::get_if<ToolResult>(&opening))
        return *done;
    const OpenResult &opened = std::get<OpenResult>(opening);
    if (opened.overBalance)
        return overBalance(input, *paid, actor);
    if (!paid && opened.created)
        noteUncheckedBalance(opened.operation, actor);
    return m_rules.drive(opened, actor);
}

ToolResult AdyenRefundEngine::overBalance(const RefundInput &in, qint64 paid, const QString &actor)
{
    // A concurrent caller for the same unit opened its row meanwhile: this call is its repeat.
    if (auto live =
            m_store.findLiveRefund(Provider::Adyen, project(), refundUnitOfWork(in), in.reference))
        return m_rules.drive(*live, actor);
    const qint64 refunded = m_store.liveRefundTotal(Provider::Adyen, in.adyenPaymentId);
    return ToolResult::rejected(
        u"amount_exceeds_refundable"_s,
        u"payment %1: %2 captured per Adyen's notifications; refunds through this product and in "
        "progress leave less than %3"_s
            .arg(in.adyenPaymentId, formatMoney({paid, in.currency}),
                 formatMoney({in.amountMinor, in.currency}))
            .append(refunded > 0 ? u" (%1 in progress)"_s.arg(formatMoney({refunded, in.currency}))
                                 : QString()));
}

void AdyenRefundEngine::noteUncheckedBalance(const Operation &op, const QString &actor)
{
    // Under the caller's name: in team mode the database takes only the login's own actor
    // (DESIGN §13), and every login that may refund may write a note (issue 50 item 1).
    const Evidence e = noteEvidence(
        op.id, u"Balance not checked at the provider"_s,
        u"No AUTHORISATION or CAPTURE notification of Adyen payment %1 is stored, and "
        "Adyen cannot be asked for a payment's refundable amount: rule 9 was not checked "
        "before this refund. Adyen refuses an over-refund itself, with a REFUND "
        "notification whose success is false."_s.arg(op.chargeId)
            .toUtf8(),
        actor);
    m_store.addEvidence(e);
}

NewOperation AdyenRefundEngine::buildOperation(const RefundInput &in, const QString &actor) const
{
    NewOperation op = newRefundRow(in, Provider::Adyen, project(), actor);
    op.chargeId = in.adyenPaymentId; // the payment refunded, where a Stripe row keeps its charge
    // Rule 10: the operation id is the request's `reference`, echoed as merchantReference.
    op.request = adyenRefundRequest(in.adyenPaymentId, project(), op.amount, op.id);
    op.attemptCap = m_config.attemptsPerOperation;
    op.windowSeconds = m_config.windowSeconds;
    op.marginSeconds = m_config.marginSeconds;
    return op;
}

} // namespace ops
