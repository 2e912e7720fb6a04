#pragma once

// Look-up at Slen for one operation (docs/design.md §5, §6 Actions). Slen's API subset has no
// search by idempotency key, so the look-up reads what it can name:
// * an execution by its id (ex_…, stored as provider_ref once the provider told it): succeeded
//   or failed supports that close; queued/waiting/running supports none yet;
// * a credit movement's customer account (balances). A balance cannot prove whether one
//   movement happened, so only a movement id the row already holds (mv_…) supports a close.
// Every answer read from the provider carries its JSON as evidence.

#include "domain/lookupanswer.h"

namespace ops {

class SlenClient;

namespace console {

LookupAnswer lookUpSlen(SlenClient &client, const Operation &op);

} // namespace console
} // namespace ops
