#include "toolresult.h"

namespace ops {

ToolResult ToolResult::refunded(const QString &op, const QString &refundId)
{
    ToolResult r;
    r.status = Status::Refunded;
    r.operationId = op;
    r.refundId = refundId;
    return r;
}

ToolResult ToolResult::failed(const QString &op, const QString &reason)
{
    ToolResult r;
    r.status = Status::Failed;
    r.operationId = op;
    r.reason = reason;
    return r;
}

ToolResult ToolResult::unconfirmed(const QString &op)
{
    ToolResult r;
    r.status = Status::Unconfirmed;
    r.operationId = op;
    return r;
}

ToolResult ToolResult::checking(const QString &op)
{
    ToolResult r;
    r.status = Status::Checking;
    r.operationId = op;
    return r;
}

ToolResult ToolResult::rejected(const QString &code, const QString &message)
{
    ToolResult r;
    r.status = Status::Rejected;
    r.errorCode = code;
    r.errorMessage = message;
    return r;
}

nlohmann::ordered_json ToolResult::toJson() const
{
    using nlohmann::ordered_json;
    const auto s = [](const QString &q) { return q.toStdString(); };
    ordered_json j;
    switch (status) {
    case Status::Refunded:
        j = {{"status", "refunded"}, {"operation_id", s(operationId)}, {"refund_id", s(refundId)}};
        break;
    case Status::Succeeded:
        j = {{"status", "succeeded"}, {"operation_id", s(operationId)}};
        break;
    case Status::Failed:
        j = {{"status", "failed"}, {"operation_id", s(operationId)}, {"reason", s(reason)}};
        break;
    case Status::Unconfirmed:
        j = {{"status", "unconfirmed"}, {"operation_id", s(operationId)}};
        if (!errorCode.isEmpty())
            j["error"] = {{"code", s(errorCode)}, {"message", s(errorMessage)}};
        break;
    case Status::Checking:
        j = {{"status", "checking"}, {"operation_id", s(operationId)}, {"note", kCheckingNote}};
        break;
    case Status::Rejected:
        j = {{"status", "rejected"}, {"error", {{"code", s(errorCode)}, {"message", s(errorMessage)}}}};
        break;
    }
    return j;
}

} // namespace ops
