#pragma once

// What the agent reads back from a tool call (DESIGN §9). The JSON shapes and the `checking` note
// are a contract: agents and prompts depend on them.

#include <QString>

#include <nlohmann/json.hpp>

namespace ops {

inline constexpr const char *kCheckingNote =
    "Outcome unknown. A person is checking. Do not say the refund succeeded or failed.";

struct ToolResult
{
    enum class Status { Refunded, Succeeded, Failed, Unconfirmed, Checking, Rejected };

    Status status = Status::Rejected;
    QString operationId;
    QString refundId;     // refunded
    QString reason;       // failed: provider code
    QString errorCode;    // rejected; unconfirmed with a configuration error
    QString errorMessage; // rejected; unconfirmed with a configuration error

    static ToolResult refunded(const QString &op, const QString &refundId);
    static ToolResult failed(const QString &op, const QString &reason);
    static ToolResult unconfirmed(const QString &op);
    static ToolResult checking(const QString &op);
    static ToolResult rejected(const QString &code, const QString &message);

    nlohmann::ordered_json toJson() const; // keys in DESIGN §9 order
};

} // namespace ops
