// libFuzzer: the Slen response parsers never crash or throw, and whatever they accept keeps the
// promises the engines rely on: a movement answer carries a movement or is an expired-answer
// replay; an execution has an id and a status the product knows; a finished execution is
// succeeded or failed.

#include "slen/slenobjects.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));
    if (const auto reply = ops::parseSlenMovementReply(body)) {
        if (!reply->movement && !reply->replayed)
            std::abort();
    }
    if (const auto execution = ops::parseSlenExecution(body)) {
        if (execution->id.isEmpty() || !ops::isKnownExecutionStatus(execution->status))
            std::abort();
    }
    if (const auto account = ops::parseSlenAccount(body))
        (void)account->balances.size();
    if (const auto error = ops::parseSlenError(body))
        (void)error->code.size();
    return 0;
}
