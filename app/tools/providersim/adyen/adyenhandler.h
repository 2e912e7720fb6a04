#pragma once

// Adyen Checkout's refund call as provider-sim serves it (docs/adyen.md; facts from Adyen's
// public documentation, checked with the official @adyen/api-library in tests/node):
//
//   POST /v71|v72/payments/{paymentPspReference}/refunds    X-API-Key; Idempotency-Key optional
//   POST /v71|v72/paymentMethods {"merchantAccount"}        X-API-Key; moves nothing
//
// paymentMethods is what Tools → Connections' Check connection calls: 200 with a fixed card list
// for a merchant account some seeded payment belongs to, 403 `901` for any other.
//
// A refund is answered 201 `received` and settles later: after auto_settle_ms (POST
// /_sim/adyen/config; -1 = only by hand) or by POST /_sim/adyen/refunds/{psp}/settle. Each
// settle or later failure is handed to the notification sink as a REFUND, REFUND_FAILED or
// REFUNDED_REVERSED item, which the webhook dispatcher signs per endpoint.
//
// Keys are scoped to the API key's project and kept 7 days of simulator time. A request is
// validated first: a refusal is answered before the key is looked at, and kept under no key.
// While a valid request holds its key a repeat gets 422 errorCode 704 with `transient-error:
// true`; afterwards every valid repeat inside the 7 days replays the first answer, whatever its
// amount or reference.

#include "providersim/adyen/adyenbook.h"
#include "providersim/idempotencystore.h"
#include "providersim/providerhandler.h"

#include <functional>

namespace ops::sim {

class AdyenHandler final : public ProviderHandler
{
public:
    static constexpr qint64 keyRetentionSecs = 7 * 24 * 3600;
    static constexpr qsizetype maxKeyChars = 64;
    // Receives each NotificationRequestItem (unsigned) to deliver.
    using NotificationSink = std::function<void(const nlohmann::json &)>;
    using Later = std::function<void(int ms, std::function<void()>)>;

    AdyenHandler(SimWorld &world, Later later);

    void setNotificationSink(NotificationSink sink) { m_sink = std::move(sink); }

    bool matches(const SimRequest &request) const override;
    std::optional<SimResponse> admit(const SimRequest &request, Admission &admission) override;
    // Stored500: a 500 is kept under the key and nothing is made. Stored500Applied: the refund
    // is made (and will settle), then a 500 is kept under the key.
    SimResponse execute(const SimRequest &request, const Admission &admission,
                        const Fault &fault) override;
    void abandon(const SimRequest &request, const Admission &admission) override;
    void seed(const nlohmann::json &seed) override;
    void forgetKey(const QString &project, const QString &key) override;
    // 503 / 429 faults answer in Adyen's error shape.
    std::optional<SimResponse> faultAnswer(const SimRequest &request, int status) const override;

    // Admin: /_sim/adyen/… (see the README).
    SimResponse settle(const QString &pspReference, const nlohmann::json &body);
    SimResponse failLater(const QString &pspReference, const nlohmann::json &body);
    SimResponse configure(const nlohmann::json &body);
    nlohmann::json refundsJson() const { return m_book.refundsJson(); }

private:
    static bool isPaymentMethods(const SimRequest &request);
    SimResponse paymentMethods(const SimRequest &request) const;
    std::optional<SimResponse> validate(const QString &payment, const nlohmann::json &body) const;
    void settleLater(const QString &pspReference);
    void settled(const AdyenRefund &refund);
    void notify(const AdyenRefund &refund, const QString &eventCode, bool success);

    SimWorld &m_world;
    Later m_later;
    NotificationSink m_sink;
    AdyenBook m_book;
    IdempotencyStore m_keys{keyRetentionSecs};
    int m_autoSettleMs = 50;
};

} // namespace ops::sim
