#pragma once

// What a look-up at the provider found for one operation, in the terms a person decides with:
// a summary, the close it supports (if any), and the provider's answer ready to be attached as
// evidence. Produced by the console's look-up job (app), shown by the ui.

#include "domain/operation.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace ops {

struct LookupAnswer
{
    QString operationId;
    QString summary;                               // several lines, plain text
    std::optional<OperationState> proposedOutcome; // Succeeded or Failed; none: wait or ask
    QString providerRef;                           // the provider object that supports it
    QString proposedReason;                        // a reason the close dialog pre-fills
    // The provider's answer as evidence (kind provider_object, JSON).
    QString evidenceTitle;
    QByteArray evidenceBody;
    QString error; // the look-up itself failed: what happened and what to do next
    // The provider shows nothing for this operation, so resending the stored request with the
    // same key may still move the money the customer waits for (the provider replays it if it
    // did happen). The window decides whether a resend is still allowed.
    bool resendHelps = false;
};

} // namespace ops
