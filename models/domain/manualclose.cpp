#include "domain/manualclose.h"

using namespace Qt::StringLiterals;

namespace ops {

QString describe(ManualCloseRefusal refusal)
{
    switch (refusal) {
    case ManualCloseRefusal::None:
        return {};
    case ManualCloseRefusal::NotFound:
        return u"no such operation"_s;
    case ManualCloseRefusal::AlreadyFinal:
        return u"the operation is already closed"_s;
    case ManualCloseRefusal::NotAnOutcome:
        return u"the outcome must be succeeded or failed"_s;
    case ManualCloseRefusal::NeedsReason:
        return u"a close needs a reason"_s;
    case ManualCloseRefusal::NeedsEvidence:
        return u"a close needs at least one evidence item"_s;
    case ManualCloseRefusal::EvidenceOfAnotherOperation:
        return u"the evidence does not belong to this operation"_s;
    case ManualCloseRefusal::NeedsProviderRef:
        return u"closing as succeeded needs the provider's reference"_s;
    case ManualCloseRefusal::AwaitingApproval:
        return u"the amount is above the four-eyes threshold: a second person must approve "
               "this close"_s;
    case ManualCloseRefusal::AlreadyAwaitingApproval:
        return u"a close of this operation is already waiting for approval"_s;
    case ManualCloseRefusal::NotPermitted:
        return u"the operator may not close this operation"_s;
    }
    return {};
}

} // namespace ops
