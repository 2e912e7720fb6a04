// libFuzzer: parseStripeCharge never crashes, never throws, and accepts only what it documents.

#include "stripe/stripeobjects.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));
    const auto parsed = ops::parseStripeCharge(body);
    if (parsed)
        (void)parsed->id.size();
    return 0;
}
