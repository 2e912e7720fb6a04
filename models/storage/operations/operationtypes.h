#pragma once

// The values the operation store takes and answers (operationstore.h): a new row, the answer to
// opening one, an attempt's ticket and result (a list's filter is domain/operationsummary.h), and
// where an automatic close may start from. Plain types: nothing here reaches the database.

#include "domain/operation.h"
#include "domain/operationsummary.h"
#include "domain/result.h"
#include "storage/access/agentquota.h"

#include <optional>

namespace ops {

struct NewOperation
{
    QString id; // chosen by the caller: it is inside the stored request body
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
    int attemptCap = 6;
    qint64 windowSeconds = 24 * 3600;
    qint64 marginSeconds = 15 * 60;
    QString createdBy;
    QString reference; // refunds: part of the unit of work with unitOfWork (rule 13)
    QString agent;     // the agent calling (agentOfActor): its limits apply (agentquota.h)
    // A failed refund this one replaces (DESIGN §16): checked in the opening transaction.
    QString replaces;
    QString reasonCode; // refunds: one of refundReasonCodes(), or ''
    QString ticket;     // the helpdesk ticket it answers (DESIGN §17), or ''
};

// Rule 9 re-checked inside the insert transaction. The provider's figures were read before the
// transaction; refunds our rows confirmed since then are not in them yet, so they count here.
struct BalanceGuard
{
    qint64 chargeAmount = 0;
    qint64 providerRefunded = 0;
    QDateTime readAt; // when the provider's figures were read
};

struct OpenResult
{
    Operation operation;
    bool created = false;     // false: another caller's live row for the same unit was returned
    bool overBalance = false; // the guard refused: nothing was stored, operation is empty
    // Created with openOrGet(…, firstAttemptBy): attempt 1, counted in the insert's transaction.
    // operation is then the row after counting. Empty when the row was not created here.
    std::optional<qint64> firstAttemptId;
    // The agent's rate, or its revocation, refused the call: nothing was stored.
    std::optional<AgentVerdict> agentRefusal;
    // Fails when the database replicates asynchronously and nobody accepted that
    // (replication.h): the row would have been new, and nothing was stored. An existing row is
    // still returned.
    Result<void> replication;
};

enum class AttemptMode
{
    Automation,
    OperatorResend
};
// AwaitingApproval: an operator resend above the four-eyes threshold stored (or found) a pending
// approval instead of sending (approvals.h).
enum class AttemptRefusal
{
    None,
    NotFound,
    NotOpen,
    CapReached,
    WindowClosed,
    AwaitingApproval,
    AwaitingProvider // automation: the provider received it and settles it itself
};

struct AttemptTicket
{
    AttemptRefusal refusal = AttemptRefusal::None;
    qint64 attemptId = 0;
    int seq = 0;
    Operation operation; // the row after counting (or as found when refused)
};

struct AttemptResult
{
    int httpStatus = 0;
    Outcome outcome = Outcome::NoAnswer;
    QString providerCode;
    QString providerRequestId;
    bool replayed = false;
    qint64 latencyMs = 0;
    QString transportError;
    QString responseExcerpt;
};

// The states an automatic close may start from. Automation's own answers close `open` rows only;
// positive, machine-checked provider evidence (a verified event, the reconciler's reading) may also
// close an `unknown` row (docs/design.md rule 6, §10). Nothing reopens a final row.
enum class CloseFrom
{
    Open,
    OpenOrUnknown
};

} // namespace ops
