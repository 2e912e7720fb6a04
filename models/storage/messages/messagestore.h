#pragma once

// The customer-message outbox (docs/design.md rule 11, issue 6). A message is a row first: queued
// and committed before anything is sent, with its own idempotency key derived from (operation,
// operation state, template) — so queueing the same message twice returns the first row, and
// every send of that row, by anyone, carries the same key and the same body. The operation's
// state is read inside the write transaction, so the templates offered and the truth guard
// judge the row as it is at commit, not as it was when the dialog opened. Every queue, send,
// failure and copy to the clipboard is an audit entry.

#include "domain/clock.h"
#include "domain/messagetemplates.h"
#include "domain/messagetypes.h"
#include "domain/operation.h"
#include "storage/db/connection.h"

#include <optional>
#include <vector>

namespace ops {

class MessageStore
{
public:
    static constexpr int kMaxBodyLength = 4000;

    MessageStore(const Connection &db, const Clock &clock);

    // "msg_" + SHA-256 hex of operation, state and template (plus the text, for free text, so
    // two different free texts are two messages and the same text twice is one).
    static QString messageKey(const QString &operationId, OperationState state,
                              MessageTemplate tmpl, const QString &customBody = {});
    // A draft's conversation id is checked by conversationProblem() (domain/messagetypes.h).

    // An operator actor ("operator:…") needs the Message right to queue, count an attempt or
    // copy: without it these throw ActionRefused and write nothing. Other actors (agent:,
    // system:) are not in the operator directory and are not checked here.

    // Renders (templates) or checks (free text) the body against the operation as it is now,
    // and inserts the row — or returns the row already queued under the same key.
    EnqueueResult enqueue(const MessageDraft &draft);

    // Counts an attempt and commits it before anything is sent (docs/design.md rule 4 for
    // messages), clearing the last error until this attempt records its own. Refuses a message
    // already sent, one that has used `cap` attempts, one the operation's state has outdated (a
    // "checking" text after the row closed, say), and one whose last attempt began less than
    // `inFlight` ago and has recorded nothing yet (another sender's, perhaps still on its way).
    MessageAttemptTicket beginAttempt(qint64 messageId, int cap, const QString &actor,
                                      std::chrono::milliseconds inFlight = {});
    void markSent(qint64 messageId, const QString &providerMessageId, const QString &actor);
    // The call gave up: state failed, error kept, a later send may retry with the same key.
    void markFailed(qint64 messageId, const QString &error, const QString &actor);
    // An attempt that will be retried in the same call: the error is kept, state stays pending.
    void noteAttemptError(qint64 messageId, const QString &error);
    // The operator copies the message to paste it by hand; it counts as sent from now on, so
    // the helpdesk will not deliver it as well. Refused (with the reason) when already sent, or
    // when an attempt's answer was never recorded (it may have arrived).
    QString markCopied(qint64 messageId, const QString &actor);

    std::optional<CustomerMessage> message(qint64 messageId);
    std::optional<CustomerMessage> byKey(const QString &key);
    std::vector<CustomerMessage> forOperation(const QString &operationId);
    // The operation's internal notes not sent yet (a close queued them), oldest first.
    std::vector<qint64> pendingNotes(const QString &operationId);
    // settings decision_notes (decisionnote.h): read, and set with the settings right.
    bool decisionNotes();
    void setDecisionNotes(const QString &actor, bool on);

private:
    // The connection, for storage code and tests only (storage/db/sqlconnection.h).
    friend Connection &connectionOf(MessageStore &messages);
    QString validate(const MessageDraft &draft) const;
    // Why `m` may no longer be delivered as the operation stands now; empty when it may.
    QString outdatedReason(const CustomerMessage &m);

    ConnectionHold m_db;
    const Clock &m_clock;
};

} // namespace ops
