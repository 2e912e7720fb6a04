#pragma once

// The console's new refund (DESIGN §16, issue 31 item 2), run on a worker thread like the resend:
// its own database connection and HTTP transport, the refund engine's call as `opsctl refund …
// --replaces` makes it, as the person at the console. The engine checks rule 9 at the provider
// and the store checks the replacement and four-eyes inside the opening transaction; a refusal
// stores and sends nothing.

#include "domain/clock.h"
#include "domain/operation.h"
#include "domain/refunddraft.h"
#include "engine/toolresult.h"

#include <optional>

namespace ops::console {

struct JobConfig;

struct NewRefundOutcome
{
    ToolResult result;                  // the engine's answer (rejected when refused before it)
    std::optional<Operation> operation; // the new row as it stands after the call; empty: none
    QString message;                    // what happened, for the status bar
    QString error;                      // not empty: shown as an error …
    QString next;                       // … with what to do next
};

NewRefundOutcome runNewRefund(const JobConfig &config, const Clock &clock, const RefundDraft &draft,
                              const QString &actor);

} // namespace ops::console
