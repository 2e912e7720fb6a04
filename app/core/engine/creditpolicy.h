#pragma once

// What a Slen credit movement decides for itself under Settlement's rules: a success is a
// movement with this operation's id, amount and credit type — or, after Slen's 24 h, the account
// alone, when the key is the reference — and a row reads as the credit tool's result.
// Defined in creditpolicy.cpp.

#include "engine/settlement.h"

namespace ops {

using CreditPolicy = ProviderPolicy<SlenClient, ToolResult::Subject::Credit>;

} // namespace ops
