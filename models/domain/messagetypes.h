#pragma once

// The customer-message outbox's values (storage/messages/messagestore.h, docs/design.md rule 11):
// a queued message, a draft to queue, the answers to queueing and to an attempt, and the check
// of a helpdesk conversation id. Plain types: nothing here reaches the database.

#include "domain/messagetemplates.h"
#include "domain/operation.h"

#include <QDateTime>
#include <QString>
#include <optional>

namespace ops {

enum class MessageState
{
    Pending, // queued; not delivered yet (or an attempt's answer is not recorded)
    Sent,    // the helpdesk accepted it, or an operator copied it to paste by hand
    Failed   // the last call gave up; a later send retries with the same key
};
QString toString(MessageState state);

struct CustomerMessage;
// Pending with an attempt counted: whether the helpdesk holds it is unknown until a read of the
// ticket says (the sender reads before it posts again; a copy by hand is refused meanwhile).
bool isUnknownMessage(const CustomerMessage &m);

enum class MessageChannel
{
    Helpdesk, // POSTed to the configured helpdesk endpoint
    Clipboard // copied by an operator, who pastes it into the customer's chat
};
QString toString(MessageChannel channel);

struct CustomerMessage
{
    qint64 id = 0;
    QString operationId;
    QString conversation;
    MessageTemplate tmpl = MessageTemplate::Checking;
    QString language;
    QString body;
    QString idempotencyKey;
    MessageState state = MessageState::Pending;
    MessageChannel channel = MessageChannel::Helpdesk;
    OperationState operationState = OperationState::Open; // when it was queued
    int attempts = 0;
    QString lastError;
    QString providerMessageId;
    QString createdBy;
    QDateTime createdAt;
    std::optional<QDateTime> lastAttemptAt;
    std::optional<QDateTime> sentAt;
    QString sentBy;
    bool internal = false; // an internal note on the ticket (a decision), never the customer's
};

struct MessageDraft
{
    QString operationId;
    MessageTemplate tmpl = MessageTemplate::Checking;
    QString language = QStringLiteral("en");
    QString conversation; // the customer's conversation at the helpdesk
    QString customBody;   // the text for MessageTemplate::Custom; ignored otherwise
    QString actor;        // "operator:alice"
};

struct EnqueueResult
{
    std::optional<CustomerMessage> message; // set unless refused
    bool created = false; // false with a message: the same message was queued before
    QString error;        // why it was refused; nothing was stored
};

enum class MessageAttemptRefusal
{
    None,
    NotFound,
    AlreadySent,
    CapReached,
    Outdated,  // the operation's state moved on: the text no longer tells the truth
    InProgress // another sender's attempt began moments ago and has recorded nothing yet
};

struct MessageAttemptTicket
{
    MessageAttemptRefusal refusal = MessageAttemptRefusal::None;
    CustomerMessage message; // after counting (as found when refused)
    QString reason;          // why, for Outdated and InProgress
};

// The longest helpdesk conversation id a message may name.
inline constexpr int kMaxConversationLength = 190;

// Why `conversation` cannot name a helpdesk conversation; empty when it can.
QString conversationProblem(const QString &conversation);

} // namespace ops
