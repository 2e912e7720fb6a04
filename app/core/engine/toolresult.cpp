#include "engine/toolresult.h"

namespace ops {

namespace {

std::string s(const QString &q)
{
    return q.toStdString();
}

const char *checkingNote(ToolResult::Subject subject)
{
    switch (subject) {
    case ToolResult::Subject::Credit:
        return kCreditCheckingNote;
    case ToolResult::Subject::Execution:
        return kExecutionCheckingNote;
    case ToolResult::Subject::Refund:
        break;
    }
    return kCheckingNote;
}

// Fields after the §9 ones; refund results have none, so their shapes stay as pinned.
void addSlenFields(const ToolResult &r, nlohmann::ordered_json &j)
{
    using Status = ToolResult::Status;
    if (!r.movementId.isEmpty())
        j["movement_id"] = s(r.movementId);
    if (r.balanceAfter)
        j["balance_after"] = *r.balanceAfter;
    if (!r.executionId.isEmpty())
        j["execution_id"] = s(r.executionId);
    if (!r.providerStatus.isEmpty())
        j["provider_status"] = s(r.providerStatus);
    if (!r.output.is_null())
        j["result"] = r.output;
    if (r.cost)
        j["cost"] = *r.cost;
    if (r.replayed)
        j["replayed"] = true;
    if (r.status == Status::Failed)
        j["note"] =
            r.subject == ToolResult::Subject::Credit ? kCreditFailedNote : kExecutionFailedNote;
    if (r.status == Status::Queued || r.status == Status::Running)
        j["note"] = kExecutionPendingNote;
}

} // namespace

ToolResult ToolResult::refunded(const QString &op, const QString &refundId)
{
    ToolResult r;
    r.status = Status::Refunded;
    r.operationId = op;
    r.refundId = refundId;
    return r;
}

ToolResult ToolResult::succeeded(const QString &op, Subject subject)
{
    ToolResult r;
    r.status = Status::Succeeded;
    r.subject = subject;
    r.operationId = op;
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

ToolResult ToolResult::needsApproval(const QString &op)
{
    ToolResult r;
    r.status = Status::NeedsApproval;
    r.operationId = op;
    return r;
}

ToolResult ToolResult::accepted(const QString &op, const QString &providerReference)
{
    ToolResult r;
    r.status = Status::Accepted;
    r.operationId = op;
    r.providerReference = providerReference;
    return r;
}

ToolResult ToolResult::pending(const QString &op, const QString &providerStatus)
{
    ToolResult r;
    r.status = providerStatus == QLatin1String("queued") ? Status::Queued : Status::Running;
    r.subject = Subject::Execution;
    r.operationId = op;
    r.providerStatus = providerStatus;
    return r;
}

nlohmann::ordered_json ToolResult::toJson() const
{
    using nlohmann::ordered_json;
    ordered_json j;
    switch (status) {
    case Status::Refunded:
        j = {{"status", "refunded"}, {"operation_id", s(operationId)}, {"refund_id", s(refundId)}};
        if (repeat)
            j["repeat"] = true;
        break;
    case Status::Succeeded:
        j = {{"status", "succeeded"}, {"operation_id", s(operationId)}};
        break;
    case Status::Queued:
        j = {{"status", "queued"}, {"operation_id", s(operationId)}};
        break;
    case Status::Running:
        j = {{"status", "running"}, {"operation_id", s(operationId)}};
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
        j = {{"status", "checking"},
             {"operation_id", s(operationId)},
             {"note", checkingNote(subject)}};
        break;
    case Status::Rejected:
        j = {{"status", "rejected"},
             {"error", {{"code", s(errorCode)}, {"message", s(errorMessage)}}}};
        if (retryAfterMs)
            j["error"]["retry_after_ms"] = *retryAfterMs;
        break;
    case Status::NeedsApproval:
        j = {{"status", "needs_approval"},
             {"operation_id", s(operationId)},
             {"note", kNeedsApprovalNote}};
        break;
    case Status::Accepted:
        j = {{"status", "accepted"},
             {"operation_id", s(operationId)},
             {"provider_reference", s(providerReference)},
             {"note", kAcceptedNote}};
        break;
    }
    if (subject != Subject::Refund && status != Status::Rejected)
        addSlenFields(*this, j);
    return j;
}

} // namespace ops
