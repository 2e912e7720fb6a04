#include "domain/batchstatus.h"

using namespace Qt::StringLiterals;

namespace ops {

BatchStatus batchStatusOf(const Operation &op)
{
    switch (op.state) {
    case OperationState::Succeeded:
        return {u"refunded"_s, {}, op.providerRef};
    case OperationState::Failed:
        return {u"failed"_s, op.failureCode, {}};
    case OperationState::Unknown:
        return {u"checking"_s, {}, {}};
    case OperationState::AwaitingApproval:
        return {u"needs_approval"_s, {}, {}};
    case OperationState::Open:
        break;
    }
    if (isReceivedAtProvider(op.state, op.providerStatus))
        return {u"accepted"_s, {}, op.providerRef};
    return {u"unconfirmed"_s, {}, {}};
}

} // namespace ops
