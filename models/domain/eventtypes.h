#pragma once

// The values the event store takes and answers (storage/events/eventstore.h): a stored provider
// event, where it came from, what matched it and what it did; Attention on a row; the receivers'
// heartbeat; a page position. Plain types: nothing here reaches the database.

#include "domain/operation.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <optional>

namespace ops {

enum class EventSource
{
    Webhook, // verified delivery to the receiver
    Import   // read back from GET /v1/events (opsctl events import)
};

// What an event did, decided once, when it was stored.
enum class EventOutcome
{
    Applied,   // it changed the matched row (closed it, moved its sub-status)
    Ignored,   // kept as evidence, changed nothing (older, unhandled type, final row, unmatched)
    Attention, // it raised Attention on the matched row
};

enum class MatchedBy
{
    None,
    Metadata,       // data.object.metadata.operation_id (rule 10)
    IdempotencyKey, // request.idempotency_key = the row's key
    ProviderRef,    // data.object.id = the row's provider reference
    // Adyen (docs/adyen.md): merchantReference = the operation id (rule 10), then the payment's
    // pspReference (originalReference) with the row's amount and currency when one live row has
    // them.
    MerchantReference,
    OriginalReference,
};

QString toString(EventSource source);
QString toString(EventOutcome outcome);
QString toString(MatchedBy by);

struct StoredEvent
{
    QString id; // evt_…
    Provider provider = Provider::Stripe;
    QString type;
    qint64 created = 0; // the provider's clock, unix seconds
    bool livemode = false;
    QString objectType; // refund, charge, …
    QString objectId;
    QString objectStatus;
    QString operationId; // empty: unmatched
    MatchedBy matchedBy = MatchedBy::None;
    EventSource source = EventSource::Webhook;
    QDateTime receivedAt;
    EventOutcome outcome = EventOutcome::Ignored;
    QString outcomeReason;
    QByteArray raw; // the event JSON exactly as received
};

struct Attention
{
    QString reason;
    QDateTime at;
    QString raisedBy;
};

struct AttentionItem
{
    Operation operation;
    Attention attention;
};

struct ReceiverStatus
{
    bool running = false; // some receiver's heartbeat is fresher than the staleness limit
    std::optional<QDateTime> lastSeenAt;
    std::optional<QDateTime> lastEventAt; // newest event received by a webhook
    QString listenUrl;                    // of the freshest receiver
};

// Keyset position in a list ordered newest first by (received_at, id).
struct EventPosition
{
    qint64 receivedAtMs = 0;
    QString id;
};

} // namespace ops
