#include "domain/approval.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace ops {

QString toString(ApprovalAction action)
{
    return action == ApprovalAction::Resend ? u"resend"_s : u"close"_s;
}

QString toString(ApprovalState state)
{
    switch (state) {
    case ApprovalState::Pending:
        return u"pending"_s;
    case ApprovalState::Approved:
        return u"approved"_s;
    case ApprovalState::Rejected:
        return u"rejected"_s;
    case ApprovalState::Used:
        return u"used"_s;
    }
    return {};
}

std::optional<ApprovalState> approvalStateFromString(QStringView text)
{
    for (const auto s : {ApprovalState::Pending, ApprovalState::Approved, ApprovalState::Rejected,
                         ApprovalState::Used}) {
        if (toString(s) == text)
            return s;
    }
    return std::nullopt;
}

std::optional<ManualClose> Approval::requestedClose() const
{
    if (action != ApprovalAction::Close)
        return std::nullopt;
    const auto json = nlohmann::json::parse(payload.toStdString(), nullptr, false);
    if (!json.is_object())
        return std::nullopt;
    ManualClose c;
    c.operationId = operationId;
    c.actor = requestedBy;
    c.outcome = stateFromString(QString::fromStdString(json.value("outcome", "")))
                    .value_or(OperationState::Open);
    c.providerRef = QString::fromStdString(json.value("provider_ref", ""));
    c.reason = QString::fromStdString(json.value("reason", ""));
    for (const auto &id : json.value("evidence_ids", nlohmann::json::array()))
        c.evidenceIds << id.get<qint64>();
    return c;
}

} // namespace ops
