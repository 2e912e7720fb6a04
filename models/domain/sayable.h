#pragma once

// What a customer may be told about a row now (rule 11), filled in: the templates its state
// allows, rendered in a language, that the truth guard lets through for every row it is said
// about. check_reply's may_say (app/mcp/replycheck.h) and the ticket view (app/core/ticketview)
// both answer from here. Pure: no storage, no network.

#include "domain/messagetemplates.h"
#include "domain/operation.h"

#include <vector>

namespace ops {

struct SayableText
{
    MessageTemplate tmpl = MessageTemplate::Checking;
    QString text;
};

// The templates allowed for `op` in `language`, but Custom (one's own words) and any whose facts
// are missing (left out rather than shown with a gap), that every row of `rows` lets through (an
// order's refunds may stand differently). Empty `rows`: `op` alone.
std::vector<SayableText> sayableNow(const Operation &op, const std::vector<Operation> &rows,
                                    const QString &language);

} // namespace ops
