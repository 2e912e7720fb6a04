#include "domain/applypreview.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops {

namespace {

QString text(const json &object, const char *key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                                 : QString();
}

std::optional<ProviderReading> refundReading(const json &refund)
{
    if (!refund.is_object() || text(refund, "id").isEmpty())
        return std::nullopt;
    ProviderReading r;
    r.refundId = text(refund, "id");
    const QString status = text(refund, "status");
    if (status == u"succeeded"_s || status == u"pending"_s)
        r.outcome = OperationState::Succeeded;
    else if (status == u"failed"_s || status == u"canceled"_s)
        r.outcome = OperationState::Failed;
    const auto amount = refund.find("amount");
    r.amount = {amount != refund.end() && amount->is_number_integer() ? amount->get<qint64>() : -1,
                text(refund, "currency")};
    return r;
}

// A Stripe event whose object is a refund of this operation.
std::optional<ProviderReading> eventReading(const json &event, const QString &operationId)
{
    if (!event.is_object() || !event.contains("data") || !event["data"].is_object())
        return std::nullopt;
    const json &object = event["data"].value("object", json());
    if (!object.is_object() || text(object, "object") != u"refund"_s)
        return std::nullopt;
    const json &metadata = object.value("metadata", json());
    if (!metadata.is_object() || text(metadata, "operation_id") != operationId)
        return std::nullopt;
    return refundReading(object);
}

} // namespace

std::optional<ProviderReading> providerReading(const Evidence &evidence)
{
    const json body = json::parse(evidence.body.toStdString(), nullptr, false);
    if (!body.is_object())
        return std::nullopt;
    if (evidence.kind == u"provider_event"_s)
        return eventReading(body, evidence.operationId);
    if (evidence.kind != u"provider_object"_s || text(body, "operation_id") != evidence.operationId)
        return std::nullopt;
    if (text(body, "source") == u"stored_provider_event"_s)
        return eventReading(body.value("event", json()), evidence.operationId);
    const bool complete = body.value("list_complete", json()) == json(true);
    if (const auto claims = body.find("claiming_refunds"); claims != body.end()) {
        if (!claims->is_array() || claims->size() > 1)
            return std::nullopt;
        if (claims->empty())
            return complete ? std::optional<ProviderReading>(ProviderReading{}) : std::nullopt;
        return refundReading(claims->front());
    }
    if (const auto match = body.find("matching_refund"); match != body.end()) {
        if (match->is_null())
            return complete ? std::optional<ProviderReading>(ProviderReading{}) : std::nullopt;
        return refundReading(*match);
    }
    return std::nullopt;
}

QString toString(ApplyExclusion exclusion)
{
    switch (exclusion) {
    case ApplyExclusion::None:
        return {};
    case ApplyExclusion::UnknownProposal:
        return u"unknown_proposal"_s;
    case ApplyExclusion::NoProposal:
        return u"no_proposal"_s;
    case ApplyExclusion::ProposalNotOpen:
        return u"proposal_not_open"_s;
    case ApplyExclusion::RowClosed:
        return u"row_closed"_s;
    case ApplyExclusion::NewerEvidence:
        return u"newer_evidence"_s;
    case ApplyExclusion::ConflictingEvidence:
        return u"conflicting_evidence"_s;
    case ApplyExclusion::ChangedSincePreview:
        return u"changed_since_preview"_s;
    case ApplyExclusion::PastWindow:
        return u"past_window"_s;
    case ApplyExclusion::LeasedByColleague:
        return u"leased_by_colleague"_s;
    case ApplyExclusion::PendingApproval:
        return u"pending_approval"_s;
    case ApplyExclusion::NotPermitted:
        return u"not_permitted"_s;
    case ApplyExclusion::ResendNotHere:
        return u"resend_not_here"_s;
    }
    return {};
}

QString toString(ApplyKind kind)
{
    switch (kind) {
    case ApplyKind::Applied:
        return u"applied"_s;
    case ApplyKind::SentForApproval:
        return u"sent_for_approval"_s;
    case ApplyKind::Excluded:
        return u"excluded"_s;
    }
    return {};
}

} // namespace ops
