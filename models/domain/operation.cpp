#include "domain/operation.h"

#include <array>
#include <utility>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

template<typename E, std::size_t N>
QString nameOf(const std::array<std::pair<E, QStringView>, N> &table, E value)
{
    for (const auto &[v, name] : table) {
        if (v == value)
            return name.toString();
    }
    return {};
}

template<typename E, std::size_t N>
std::optional<E> valueOf(const std::array<std::pair<E, QStringView>, N> &table, QStringView text)
{
    for (const auto &[v, name] : table) {
        if (name == text)
            return v;
    }
    return std::nullopt;
}

constexpr std::array kKinds = {
    std::pair{OperationKind::Refund, QStringView(u"refund")},
    std::pair{OperationKind::CreditTopup, QStringView(u"credit_topup")},
    std::pair{OperationKind::CreditCharge, QStringView(u"credit_charge")},
    std::pair{OperationKind::CreditAdjust, QStringView(u"credit_adjust")},
    std::pair{OperationKind::Execution, QStringView(u"execution")},
};
constexpr std::array kStates = {
    std::pair{OperationState::Open, QStringView(u"open")},
    std::pair{OperationState::Unknown, QStringView(u"unknown")},
    std::pair{OperationState::Succeeded, QStringView(u"succeeded")},
    std::pair{OperationState::Failed, QStringView(u"failed")},
    std::pair{OperationState::AwaitingApproval, QStringView(u"awaiting_approval")},
};
constexpr std::array kProviders = {
    std::pair{Provider::Stripe, QStringView(u"stripe")},
    std::pair{Provider::Slen, QStringView(u"slen")},
    std::pair{Provider::Adyen, QStringView(u"adyen")},
};
constexpr std::array kOutcomes = {
    std::pair{Outcome::InFlight, QStringView(u"in_flight")},
    std::pair{Outcome::Succeeded, QStringView(u"succeeded")},
    std::pair{Outcome::Refused, QStringView(u"refused")},
    std::pair{Outcome::InProgress, QStringView(u"in_progress")},
    std::pair{Outcome::NoAnswer, QStringView(u"no_answer")},
    std::pair{Outcome::Undefined, QStringView(u"undefined")},
    std::pair{Outcome::KeyMismatch, QStringView(u"key_mismatch")},
    std::pair{Outcome::Credentials, QStringView(u"credentials")},
};

} // namespace

QString toString(OperationKind kind)
{
    return nameOf(kKinds, kind);
}
QString toString(OperationState state)
{
    return nameOf(kStates, state);
}
const QStringList &refundReasonCodes()
{
    static const QStringList codes = {u"duplicate"_s, u"fraudulent"_s, u"requested_by_customer"_s,
                                      u"product_not_received"_s, u"price_adjustment"_s};
    return codes;
}

bool isStripeRefundReason(QStringView code)
{
    return refundReasonCodes().indexOf(code) >= 0 && refundReasonCodes().indexOf(code) < 3;
}

QString toString(Provider provider)
{
    return nameOf(kProviders, provider);
}
QString toString(Outcome outcome)
{
    return nameOf(kOutcomes, outcome);
}
std::optional<OperationKind> kindFromString(QStringView t)
{
    return valueOf(kKinds, t);
}
std::optional<OperationState> stateFromString(QStringView t)
{
    return valueOf(kStates, t);
}
std::optional<Provider> providerFromString(QStringView t)
{
    return valueOf(kProviders, t);
}
std::optional<Outcome> outcomeFromString(QStringView t)
{
    return valueOf(kOutcomes, t);
}

} // namespace ops
