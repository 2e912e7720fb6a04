#pragma once

// An Adyen notification batch posted to the real receiver component on a test's store and
// committed (one group commit), for the suites that need notifications stored without a running
// `opsctl webhook serve`. Header-only: the suites that use it link ops_webhook themselves.

#include "storage/operationstore.h"
#include "webhook/webhookreceiver.h"

#include <QList>

namespace ops::test {

// The receiver's counters after every body was posted and the queue committed.
inline WebhookStats deliverAdyen(OperationStore &store, const QList<QByteArray> &bodies,
                                 const AdyenExpectation &expected)
{
    WebhookOptions options;
    options.adyen = expected;
    WebhookReceiver receiver(store, options);
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

} // namespace ops::test
