#pragma once

// After a person's close from the terminal (close, proposals apply, approvals approve): the
// decision notes its transaction queued for the row's ticket (storage/messages/decisionnote.h)
// are sent through the configured helpdesk, as the console does after its closes.

#include "cli/commandcontext.h"

#include <nlohmann/json.hpp>

namespace ops::cli {

// One entry per note of `operationId` not sent yet: {"message_id","status"[,"error"]}; status
// "queued" when no helpdesk is configured (the reason in error). Empty when there is none.
nlohmann::ordered_json sendDecisionNotes(CommandContext &ctx, Session &session,
                                         const QString &operationId);

} // namespace ops::cli
