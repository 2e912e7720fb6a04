#pragma once

// What the agent reads back from a tool call (docs/design.md §9). The JSON shapes and the
// `checking` note are a contract: agents and prompts depend on them. Refund results keep exactly
// the shapes of §9; credit and execution results add their own fields (docs/credits.md).

#include "domain/operation.h"

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace ops {

inline constexpr const char *kCheckingNote =
    "Outcome unknown. A person is checking. Do not say the refund succeeded or failed.";
inline constexpr const char *kCreditCheckingNote =
    "Outcome unknown. A person is checking. Do not say the credits moved or did not move.";
inline constexpr const char *kExecutionCheckingNote =
    "Outcome unknown. A person is checking. Do not say the flow ran or did not run.";
// A rejected movement moved nothing and the provider keeps no rejection.
inline constexpr const char *kCreditFailedNote =
    "Nothing moved. The same work name may be tried again later; it opens a new operation.";
// Rule 2 for executions: the row keeps its key forever, whatever the provider remembers.
inline constexpr const char *kExecutionFailedNote =
    "The execution failed and keeps its work name. To run the flow again, call with a new work "
    "name.";
// An agent's refund over its limits waits for a person (DESIGN §13): a contract, word for word.
inline constexpr const char *kNeedsApprovalNote =
    "A person must approve this refund. Tell the customer it is being reviewed; do not say it is "
    "done.";
// An Adyen refund answered 201 `received`: not an outcome (DESIGN §15). A contract, word for word.
inline constexpr const char *kAcceptedNote =
    "The provider received this refund and will confirm it. Tell the customer it is being "
    "processed, not that it is done.";
inline constexpr const char *kExecutionPendingNote =
    "The flow has not finished. Call again with the same work name to get its result.";

struct ToolResult
{
    enum class Status
    {
        Refunded,
        Succeeded,
        Failed,
        Unconfirmed,
        Checking,
        Rejected,
        Queued,
        Running,
        NeedsApproval,
        Accepted
    };
    // Which tool answered: decides the extra fields and the notes.
    enum class Subject
    {
        Refund,
        Credit,
        Execution
    };

    Status status = Status::Rejected;
    Subject subject = Subject::Refund;
    QString operationId;
    QString refundId;          // refunded
    QString providerReference; // accepted: the provider's reference of the received refund
    bool repeat = false;  // refunded: rule 13, an earlier confirmed refund answered; nothing sent
    QString reason;       // failed: provider code
    QString errorCode;    // rejected; unconfirmed with a configuration error
    QString errorMessage; // rejected; unconfirmed with a configuration error

    QString movementId;                 // credit succeeded, when the provider named it
    std::optional<qint64> balanceAfter; // credit succeeded with a fresh movement
    bool replayed = false;              // credit/execution: the provider replayed a stored answer
    QString executionId;                // execution, once it exists
    QString providerStatus;             // execution: queued, waiting, running, succeeded, failed
    nlohmann::json output;              // execution result (null: none)
    std::optional<qint64> cost;         // execution cost.actual, once billed
    std::optional<qint64> retryAfterMs; // rejected rate_limited: when a call may open again
    // The row this answer was read from (Settlement::resultForRow), for a caller in the same
    // process that shows it (the console's resend job): not part of toJson(). Empty when the
    // answer was built without reading the row.
    std::optional<Operation> row;

    static ToolResult refunded(const QString &op, const QString &refundId);
    static ToolResult succeeded(const QString &op, Subject subject);
    static ToolResult failed(const QString &op, const QString &reason);
    static ToolResult unconfirmed(const QString &op);
    static ToolResult checking(const QString &op);
    static ToolResult rejected(const QString &code, const QString &message);
    // Held over an agent's limit (awaiting_approval): nothing was sent.
    static ToolResult needsApproval(const QString &op);
    // A refund the provider received and will confirm later (Adyen): nothing more is sent.
    static ToolResult accepted(const QString &op, const QString &providerReference);
    // An execution that exists but has not finished: queued for "queued", running for "waiting"
    // and "running" (the raw sub-status travels in provider_status).
    static ToolResult pending(const QString &op, const QString &providerStatus);

    ToolResult &about(Subject s)
    {
        subject = s;
        return *this;
    }

    nlohmann::ordered_json toJson() const; // keys in docs/design.md §9 order, extras after them
};

} // namespace ops
