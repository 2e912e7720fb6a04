#pragma once

// An Adyen notification batch posted to the real receiver component on a test's store and
// committed (one group commit), for the suites that need notifications stored without a running
// `opsctl webhook serve`. Header-only: the suites that use it link ops_webhook themselves.

#include "storage/operations/operationstore.h"
#include "webhook/webhookreceiver.h"

#include <QList>

namespace ops::test {

// The receiver's counters after every body was posted and the queue committed.
inline WebhookStats deliverAdyen(Session &session, const QList<QByteArray> &bodies,
                                 const AdyenExpectation &expected)
{
    WebhookOptions options;
    options.adyen = expected;
    WebhookReceiver receiver(session, options);
    for (const QByteArray &body : bodies) {
        HttpRequestData request;
        request.method = "POST";
        request.path = kAdyenWebhookPath;
        request.body = body;
        receiver.handle(request, std::make_shared<Responder>(nullptr));
    }
    receiver.flush();
    return receiver.stats();
}

// A successful REFUND of the demo seed's NorthwindECOM payment `payment` for operation `operation`,
// the refund Adyen received as `pspReference`.
inline AdyenItem demoRefundItem(const QString &pspReference, const QString &operation, qint64 value,
                                const QString &payment = QStringLiteral("DZ4DPSHB4WD2WN82"))
{
    AdyenItem item;
    item.eventCode = QStringLiteral("REFUND");
    item.pspReference = pspReference;
    item.originalReference = payment;
    item.merchantAccountCode = QStringLiteral("NorthwindECOM");
    item.merchantReference = operation;
    item.value = value;
    item.currency = QStringLiteral("EUR");
    item.success = true;
    return item;
}

} // namespace ops::test
