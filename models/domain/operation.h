#pragma once

// Plain value types the store returns. No SQL, no Qt models: views and the engine both read these.
// An operation here; its attempts (attempt.h), evidence (evidence.h) and audit entries
// (auditentry.h) beside it, included for every reader of an operation.

#include "domain/attempt.h"
#include "domain/auditentry.h"
#include "domain/evidence.h"
#include "domain/money.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>
#include <optional>

namespace ops {

enum class OperationKind
{
    Refund,
    CreditTopup,
    CreditCharge,
    CreditAdjust,
    Execution
};
enum class OperationState
{
    Open,
    Unknown,
    Succeeded,
    Failed,
    // An agent's refund over one of its limits (DESIGN §13): stored with its key and bytes,
    // never sent, until a person approves it (to open) or rejects it (to failed).
    AwaitingApproval
};
enum class Provider
{
    Stripe,
    Slen,
    Adyen
};

QString toString(OperationKind kind);
QString toString(OperationState state);
QString toString(Provider provider);
std::optional<OperationKind> kindFromString(QStringView text);
std::optional<OperationState> stateFromString(QStringView text);
std::optional<Provider> providerFromString(QStringView text);

inline bool isFinal(OperationState s)
{
    return s == OperationState::Succeeded || s == OperationState::Failed;
}

// A refund the provider accepted but still reports `pending` (docs/design.md rule 11): the row is
// succeeded, yet the money has not arrived. It is issued and on its way, not completed.
inline bool isPendingAtProvider(OperationState s, const QString &providerStatus)
{
    return s == OperationState::Succeeded && providerStatus == QLatin1StringView("pending");
}

// Received by a provider that confirms later (Adyen's 201 `received`, DESIGN §15): the row is
// open until the provider's notification says how the refund ended.
inline bool isReceivedAtProvider(OperationState s, const QString &providerStatus)
{
    return s == OperationState::Open && providerStatus == QLatin1StringView("received");
}

// The request as first built and stored. Every attempt sends exactly these bytes (rule 3).
struct StoredRequest
{
    QByteArray method; // "POST"
    QString path;      // "/v1/refunds"
    QByteArray body;
    QByteArray contentType;
};

struct Operation
{
    QString id;
    OperationKind kind = OperationKind::Refund;
    Provider provider = Provider::Stripe;
    QString project;
    QString unitOfWork;
    QString orderId;
    QString chargeId;
    QString customerId;
    Money amount;
    QString idempotencyKey;
    StoredRequest request;
    OperationState state = OperationState::Open;
    QString providerStatus;
    // Rule 4: the cap limits automation. `attempts` is automation's count (<= attemptCap);
    // operator resends are counted apart and may go past the cap (issue 18 item 7).
    int attempts = 0;
    int attemptCap = 0;
    int operatorAttempts = 0;
    std::optional<QDateTime> firstAttemptAt;
    std::optional<QDateTime> lastAttemptAt;
    qint64 windowSeconds = 0;
    qint64 marginSeconds = 0;
    std::optional<QDateTime> deadline;
    QString providerRef;
    QString failureCode;
    QString unknownReason;
    QString createdBy;
    QDateTime createdAt;
    QDateTime updatedAt;
    QString closedBy;
    std::optional<QDateTime> closedAt;
    QString closeReason;
    QString reference; // refunds: the caller's reference, part of the unit of work (rule 13)
    QString agent;     // the agent whose call opened it (agent:NAME:…); empty for people
    QString hold;      // awaiting_approval: what held it, "max_refund", "daily" or "four_eyes"
    // A refund a person started to replace a failed one (DESIGN §16): that operation's id.
    QString replaces;
    QString reasonCode; // refunds: one of refundReasonCodes(), or '' for none (DESIGN §19)
    QString ticket;     // the helpdesk ticket it answers, or '' (DESIGN §17): messages go there
    // Who owns the row (DESIGN §18): a person's actor, '' for nobody; a name, not a lock.
    QString ownedBy;
    std::optional<QDateTime> ownedSince;
};

// Rule 7: the last moment to send a row whose first attempt (or, before one, whose opening) was
// at `startMs`: the provider's retention window less our safety margin.
constexpr qint64 sendDeadlineMs(qint64 startMs, qint64 windowSeconds, qint64 marginSeconds)
{
    return startMs + (windowSeconds - marginSeconds) * 1000;
}

// Why a refund was made, from a fixed list so refunds can be counted by it (DESIGN §19): Stripe's
// three reasons (sent to Stripe as the refund's reason), then product_not_received and
// price_adjustment (kept here only).
const QStringList &refundReasonCodes();
bool isStripeRefundReason(QStringView code);

// An Adyen refund Adyen answered `received` for (DESIGN §15): open, with the refund's reference,
// waiting for its REFUND notification. Automation sends nothing more for it
// (OperationStore::beginAttempt); a person's resend still may.
inline bool awaitsProviderNotification(const Operation &op)
{
    return op.provider == Provider::Adyen && isReceivedAtProvider(op.state, op.providerStatus) &&
           !op.providerRef.isEmpty();
}

} // namespace ops
