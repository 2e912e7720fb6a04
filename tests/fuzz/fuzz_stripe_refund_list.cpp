// libFuzzer: parseStripeRefundList never crashes or throws on any body.

#include "stripe/stripeobjects.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));
    if (const auto list = ops::parseStripeRefundList(body)) {
        for (const auto &refund : list->data)
            (void)refund.metadata.size();
    }
    return 0;
}
