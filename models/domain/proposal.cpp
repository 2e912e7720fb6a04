#include "domain/proposal.h"

using namespace Qt::StringLiterals;

namespace ops {

QString toString(ProposalAction action)
{
    return action == ProposalAction::Resend ? u"resend"_s : u"close"_s;
}

QString toString(ProposalState state)
{
    switch (state) {
    case ProposalState::Open:
        return u"open"_s;
    case ProposalState::Superseded:
        return u"superseded"_s;
    case ProposalState::Applied:
        return u"applied"_s;
    case ProposalState::Approval:
        return u"approval"_s;
    case ProposalState::Withdrawn:
        return u"withdrawn"_s;
    }
    return {};
}

std::optional<ProposalState> proposalStateFromString(QStringView text)
{
    for (const ProposalState s :
         {ProposalState::Open, ProposalState::Superseded, ProposalState::Applied,
          ProposalState::Approval, ProposalState::Withdrawn}) {
        if (text == toString(s))
            return s;
    }
    return std::nullopt;
}

QString autoCloseOffUnknownReason()
{
    return u"provider settled it; automatic closes are off"_s;
}

} // namespace ops
