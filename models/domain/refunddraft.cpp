#include "domain/refunddraft.h"

#include <QRegularExpression>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// A form field of the stored request body (application/x-www-form-urlencoded), by its decoded
// name ("metadata[payment_intent]"); '' when absent.
QString formField(const QByteArray &body, const QString &name)
{
    const QUrlQuery form(QString::fromUtf8(body));
    for (const auto &[key, value] : form.queryItems(QUrl::FullyDecoded))
        if (key == name)
            return value;
    return {};
}

QString shellQuoted(const QString &value)
{
    static const QRegularExpression plain(u"^[A-Za-z0-9_.:/@%+=-]+$"_s);
    if (plain.match(value).hasMatch())
        return value;
    QString quoted = value;
    quoted.replace(u"'"_s, u"'\\''"_s);
    return u"'"_s + quoted + u"'"_s;
}

} // namespace

std::optional<RefundDraft> replacementDraft(const Operation &failed)
{
    if (failed.kind != OperationKind::Refund ||
        (failed.provider != Provider::Stripe && failed.provider != Provider::Adyen))
        return std::nullopt;
    RefundDraft d;
    d.replaces = failed.id;
    d.orderId = failed.orderId;
    d.amount = failed.amount;
    d.reference = failed.reference;
    if (failed.provider == Provider::Adyen) {
        d.adyenPaymentId = failed.chargeId;
        return d;
    }
    d.chargeId = failed.chargeId;
    if (d.chargeId.isEmpty()) { // the engine records the payment intent it resolved in metadata
        d.paymentIntentId = formField(failed.request.body, u"metadata[payment_intent]"_s);
        if (d.paymentIntentId.isEmpty())
            d.paymentIntentId = formField(failed.request.body, u"payment_intent"_s);
    }
    d.reason = formField(failed.request.body, u"reason"_s);
    return d;
}

QString refundCommand(const RefundDraft &draft)
{
    QStringList args = {u"opsctl"_s, u"refund"_s, u"--order"_s, shellQuoted(draft.orderId)};
    if (!draft.adyenPaymentId.isEmpty())
        args << u"--adyen-payment"_s << shellQuoted(draft.adyenPaymentId);
    else if (!draft.chargeId.isEmpty())
        args << u"--charge"_s << shellQuoted(draft.chargeId);
    else
        args << u"--payment-intent"_s << shellQuoted(draft.paymentIntentId);
    args << u"--amount"_s << QString::number(draft.amount.minor) << u"--currency"_s
         << shellQuoted(draft.amount.currency.toLower());
    if (!draft.reference.isEmpty())
        args << u"--reference"_s << shellQuoted(draft.reference);
    if (!draft.reason.isEmpty())
        args << u"--reason"_s << shellQuoted(draft.reason);
    if (!draft.replaces.isEmpty())
        args << u"--replaces"_s << shellQuoted(draft.replaces);
    return args.join(u' ');
}

} // namespace ops
