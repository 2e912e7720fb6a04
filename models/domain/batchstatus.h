#pragma once

// How a batch row stands, in the words a batch run reports (docs/batches.md, the result file's
// `status`): refunded, failed, checking (unknown), needs_approval, accepted (received by the
// provider, not final) or unconfirmed (open). One reading for the run, which answers an ended
// row from its operation, and for the console's view of a past batch. Never "refunded" for an
// outcome nobody knows (rule 16).

#include "domain/operation.h"

namespace ops {

struct BatchStatus
{
    QString status;
    QString reason;            // failed: the provider's code
    QString providerReference; // refunded or accepted: the provider's reference
};

BatchStatus batchStatusOf(const Operation &op);

} // namespace ops
