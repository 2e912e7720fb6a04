#pragma once

// Provider events, Attention, the import cursor and receiver heartbeats (docs/design.md §10,
// migration 0005). Plain values out; the receiver's writes run inside the caller's
// WriteTransaction (the *Locked functions) so that an event row, its evidence, a state change
// and their audit entries commit together, before the provider hears 2xx.

#include "domain/clock.h"
#include "domain/eventtypes.h"
#include "domain/operation.h"
#include "storage/db/connection.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace ops {

class EventStore
{
public:
    EventStore(const Connection &db, const Clock &clock);

    // --- reads (the console and opsctl) ---
    std::optional<StoredEvent> event(const QString &id);
    bool hasEvent(const QString &id);
    // An operation's events, oldest first by the provider's clock.
    std::vector<StoredEvent> eventsOf(const QString &operationId);
    // The events about one provider object (an Adyen payment's AUTHORISATION and CAPTURE), oldest
    // first by the provider's clock.
    std::vector<StoredEvent> eventsOfObject(Provider provider, const QString &objectId);
    // Refund events that matched no operation (refunds made outside the product), newest first.
    std::vector<StoredEvent> unmatched(int limit = 100,
                                       const std::optional<EventPosition> &after = {});
    qint64 unmatchedCount();
    // Rows waiting for a person, oldest Attention first.
    std::vector<AttentionItem> attentionQueue(int limit = 100);
    qint64 attentionCount();
    std::optional<Attention> attentionOf(const QString &operationId);
    // running: a heartbeat within `staleAfterMs` of now.
    ReceiverStatus receiverStatus(qint64 staleAfterMs = 90'000);

    // --- Attention ---
    // THE way to raise Attention (the receiver, the reconciler): sets reason/at/by on the row and
    // appends an "attention.raised" audit entry; never changes the row's state. False (nothing
    // written) when the row does not exist or already carries the same reason.
    bool raiseAttention(const QString &operationId, const QString &reason, const QString &actor);
    bool raiseAttentionLocked(qint64 nowMs, const QString &operationId, const QString &reason,
                              const QString &actor);
    // A person (operator:NAME with the Close right) clears it with a note: "attention.cleared".
    // False when there was none. Throws ActionRefused when the actor may not.
    bool clearAttention(const QString &operationId, const QString &actor, const QString &note);

    // --- the receiver's writes, inside the caller's WriteTransaction ---
    bool hasEventLocked(const QString &id);
    // Inserts the event; false when an event with this id is already stored (nothing written).
    bool insertEventLocked(const StoredEvent &event);
    // The newest `created` among events applied to this provider object (forward only).
    std::optional<qint64> lastAppliedCreatedLocked(const QString &objectId);
    // Rule 10 matching of a provider refund to one of our refund rows, in order: the operation id
    // in its metadata, then the request's idempotency key, then the provider reference.
    struct Match
    {
        std::optional<Operation> operation;
        MatchedBy by = MatchedBy::None;
    };
    Match matchRefundLocked(const QString &metadataOperationId, const QString &idempotencyKey,
                            const QString &providerRef);
    // The same for an Adyen refund notification: merchantReference, then the refund's own
    // pspReference as the row's provider reference, then the payment's pspReference with the
    // amount when exactly one open or unknown Adyen row of that payment has it.
    Match matchAdyenRefundLocked(const QString &merchantReference, const QString &pspReference,
                                 const QString &originalReference, const Money &amount);
    // Other provider refunds already seen claiming this operation (besides `objectId`).
    QStringList otherClaimsLocked(const QString &operationId, const QString &objectId);
    // Evidence kind provider_event on the operation, with its audit entry; returns its id.
    qint64 addEventEvidenceLocked(qint64 nowMs, const StoredEvent &event, const QString &actor);
    // The audit entry of what an event did to the operation (`action`: event.applied, …).
    void auditEventLocked(qint64 nowMs, const QString &actor, const QString &action,
                          const QString &operationId, const nlohmann::json &detail);

    // --- import cursor and heartbeats (own short transactions) ---
    std::optional<QString> cursor(const QString &name);
    void setCursor(const QString &name, const QString &value);
    void setCursorLocked(qint64 nowMs, const QString &name, const QString &value);
    void beat(const QString &receiverId, const QString &listenUrl, qint64 startedAtMs,
              std::optional<qint64> lastEventAtMs = {});
    void stopped(const QString &receiverId);

private:
    // The connection, for storage code and tests only (storage/db/sqlconnection.h).
    friend Connection &connectionOf(EventStore &events);
    ConnectionHold m_db;
    const Clock &m_clock;
};

} // namespace ops
