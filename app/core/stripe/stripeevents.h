#pragma once

// Stripe events (docs/design.md §10) as the receiver and the events import read them. Parsers
// never throw: a body that is not an event yields nullopt.

#include "stripe/stripeobjects.h"

#include <QByteArray>
#include <QString>
#include <optional>
#include <vector>

namespace ops {

struct StripeEvent
{
    QString id; // evt_…
    QString type;
    qint64 created = 0; // unix seconds, the provider's clock
    bool livemode = false;
    QString objectType; // data.object.object: refund, charge, …
    QString objectId;   // data.object.id ('' when absent)
    QString objectStatus;
    std::optional<StripeRefund> refund; // data.object, when it is a readable refund
    QString requestId;                  // request.id, '' when none
    QString idempotencyKey;             // request.idempotency_key, '' when none
    QByteArray raw;                     // the event's JSON: the delivered bytes, or as listed
};

struct StripeEventList
{
    std::vector<StripeEvent> data; // in the order listed (newest first)
    bool hasMore = false;
};

// An event needs object "event", a non-empty id and type, an integer created, a boolean
// livemode and an object data.object.
std::optional<StripeEvent> parseStripeEvent(const QByteArray &body);
std::optional<StripeEventList> parseStripeEventList(const QByteArray &body);

} // namespace ops
