// libFuzzer: the form codec.
// 1. formDecode never crashes on any bytes.
// 2. Whatever decodes re-encodes to bytes that decode to the same fields (a fixed point).
// 3. Fields built from the input (split on NUL into key/value strings) survive
//    formEncode -> formDecode unchanged: what we store is what Stripe reads. Keys must be
//    non-empty: formDecode refuses "=v" by contract (a pair needs a name), and the product
//    never builds an empty key.

#include "transport/formencoding.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

ops::FormFields fieldsFrom(const QByteArray &input)
{
    ops::FormFields fields;
    const QList<QByteArray> parts = input.split('\0');
    for (qsizetype i = 0; i + 1 < parts.size(); i += 2) {
        if (parts[i].isEmpty())
            continue;
        fields.append({QString::fromUtf8(parts[i]), QString::fromUtf8(parts[i + 1])});
    }
    return fields;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    if (const auto decoded = ops::formDecode(input)) {
        const auto again = ops::formDecode(ops::formEncode(*decoded));
        if (!again || *again != *decoded)
            std::abort();
    }
    const ops::FormFields fields = fieldsFrom(input);
    const auto back = ops::formDecode(ops::formEncode(fields));
    if (!back || *back != fields)
        std::abort();
    return 0;
}
