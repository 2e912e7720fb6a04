#include "providersim/adyen/adyenbook.h"

#include <algorithm>

namespace ops::sim {

QString toString(AdyenRefund::State state)
{
    switch (state) {
    case AdyenRefund::State::Succeeded:
        return QStringLiteral("succeeded");
    case AdyenRefund::State::Failed:
        return QStringLiteral("failed");
    case AdyenRefund::State::FailedLater:
        return QStringLiteral("refund_failed");
    case AdyenRefund::State::ReversedLater:
        return QStringLiteral("refunded_reversed");
    case AdyenRefund::State::Received:
        break;
    }
    return QStringLiteral("received");
}

std::optional<QString> AdyenBook::validateSeed(const nlohmann::json &payments)
{
    if (!payments.is_array())
        return QStringLiteral("adyen_payments must be an array");
    for (const auto &p : payments) {
        const bool ok = p.is_object() && p.value("pspReference", nlohmann::json()).is_string() &&
                        p.value("merchantAccount", nlohmann::json()).is_string() &&
                        p.value("amount", nlohmann::json()).is_number_integer() &&
                        p["amount"].get<qint64>() >= 0 &&
                        p.value("currency", nlohmann::json()).is_string() &&
                        p["currency"].get<std::string>().size() == 3;
        if (!ok)
            return QStringLiteral("each adyen_payments entry needs string pspReference and "
                                  "merchantAccount, an integer amount >= 0 and a currency");
    }
    return std::nullopt;
}

void AdyenBook::seed(const nlohmann::json &payments)
{
    if (validateSeed(payments))
        return;
    for (const auto &p : payments) {
        AdyenPayment payment;
        payment.pspReference = QString::fromStdString(p["pspReference"].get<std::string>());
        payment.merchantAccount = QString::fromStdString(p["merchantAccount"].get<std::string>());
        payment.amount = p["amount"].get<qint64>();
        payment.currency = QString::fromStdString(p["currency"].get<std::string>()).toUpper();
        m_payments.insert(payment.pspReference, payment);
    }
}

const AdyenPayment *AdyenBook::payment(const QString &pspReference) const
{
    const auto it = m_payments.constFind(pspReference);
    return it == m_payments.constEnd() ? nullptr : &*it;
}

bool AdyenBook::hasMerchant(const QString &merchantAccount) const
{
    return std::any_of(m_payments.cbegin(), m_payments.cend(),
                       [&](const AdyenPayment &p) { return p.merchantAccount == merchantAccount; });
}

AdyenRefund *AdyenBook::refund(const QString &pspReference)
{
    for (AdyenRefund &r : m_refunds) {
        if (r.pspReference == pspReference)
            return &r;
    }
    return nullptr;
}

const AdyenRefund &AdyenBook::add(AdyenRefund refund)
{
    m_refunds.push_back(std::move(refund));
    return m_refunds.back();
}

bool AdyenBook::settle(AdyenRefund &refund, bool success, const QString &reason)
{
    if (refund.state != AdyenRefund::State::Received)
        return false;
    const auto payment = m_payments.find(refund.paymentPspReference);
    const qint64 left = payment == m_payments.end() ? 0 : payment->amount - payment->refunded;
    if (success && refund.value > left) {
        success = false;
        // A fact of Adyen's accounting rules: refunds together never exceed the capture.
        refund.reason = QStringLiteral("Refund amount exceeds the refundable amount");
    } else if (!success) {
        refund.reason = reason.isEmpty() ? QStringLiteral("Refund declined") : reason;
    }
    refund.state = success ? AdyenRefund::State::Succeeded : AdyenRefund::State::Failed;
    if (success)
        payment->refunded += refund.value;
    return true;
}

bool AdyenBook::unsettle(AdyenRefund &refund, AdyenRefund::State to, const QString &reason)
{
    if (refund.state != AdyenRefund::State::Succeeded)
        return false;
    refund.state = to;
    refund.reason = reason;
    const auto payment = m_payments.find(refund.paymentPspReference);
    if (payment != m_payments.end())
        payment->refunded -= refund.value;
    return true;
}

nlohmann::json AdyenBook::refundsJson() const
{
    nlohmann::json list = nlohmann::json::array();
    for (const AdyenRefund &r : m_refunds) {
        list.push_back({{"pspReference", r.pspReference.toStdString()},
                        {"paymentPspReference", r.paymentPspReference.toStdString()},
                        {"merchantAccount", r.merchantAccount.toStdString()},
                        {"reference", r.reference.toStdString()},
                        {"value", r.value},
                        {"currency", r.currency.toStdString()},
                        {"idempotency_key", r.idempotencyKey.toStdString()},
                        {"state", toString(r.state).toStdString()},
                        {"reason", r.reason.toStdString()},
                        {"created", r.createdAt.toString(Qt::ISODate).toStdString()}});
    }
    return {{"refunds", list}};
}

} // namespace ops::sim
