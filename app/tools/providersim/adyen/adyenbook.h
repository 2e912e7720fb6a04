#pragma once

// What provider-sim's Adyen side holds: seeded payments and the refunds made against them. A
// refund is `received` when created and moves money only when it settles (docs/adyen.md):
// success books it against the payment's refundable balance; a refund larger than what is left
// fails with a reason instead. A settled refund can fail later (REFUND_FAILED) or be reversed
// (REFUNDED_REVERSED), which gives the money back to the payment. Plain state, no HTTP.

#include <QDateTime>
#include <QHash>
#include <QString>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace ops::sim {

struct AdyenPayment
{
    QString pspReference;
    QString merchantAccount;
    qint64 amount = 0; // captured, minor units
    QString currency;  // upper case, as Adyen writes it
    qint64 refunded = 0;
};

struct AdyenRefund
{
    enum class State
    {
        Received,
        Succeeded,
        Failed,        // the REFUND notification said success=false
        FailedLater,   // REFUND_FAILED after a success
        ReversedLater, // REFUNDED_REVERSED after a success
    };
    QString pspReference; // the refund's own
    QString paymentPspReference;
    QString merchantAccount;
    QString reference; // ours: the operation id
    qint64 value = 0;
    QString currency;
    QString idempotencyKey;
    QString project;
    State state = State::Received;
    QString reason;
    QDateTime createdAt;
};

QString toString(AdyenRefund::State state);

class AdyenBook
{
public:
    // {"adyen_payments":[{"pspReference","merchantAccount","amount","currency"}]}; entries of
    // another shape are skipped (SimRouter::applySeed validates first).
    void seed(const nlohmann::json &payments);
    static std::optional<QString> validateSeed(const nlohmann::json &payments);

    const AdyenPayment *payment(const QString &pspReference) const;
    // Whether some seeded payment belongs to `merchantAccount`: the simulator's merchant list.
    bool hasMerchant(const QString &merchantAccount) const;
    AdyenRefund *refund(const QString &pspReference);
    const AdyenRefund &add(AdyenRefund refund);

    // Received → Succeeded when `success` and the payment still has `value` left, else Failed
    // with a reason. Returns false (nothing changed) for a refund that is not Received.
    bool settle(AdyenRefund &refund, bool success, const QString &reason);
    // Succeeded → FailedLater / ReversedLater, the money back on the payment.
    bool unsettle(AdyenRefund &refund, AdyenRefund::State to, const QString &reason);

    nlohmann::json refundsJson() const;

private:
    QHash<QString, AdyenPayment> m_payments;
    std::vector<AdyenRefund> m_refunds;
};

} // namespace ops::sim
