// libFuzzer: evidence JSON import as `opsctl evidence add` performs it for provider objects
// and events (app/cli/manualcommands.cpp): parse without exceptions, accept objects only, store
// the pretty-printed text. The stored text must parse back to the same value, and a provider
// object stored as evidence must be readable by the refund parser without crashing.

#include "stripe/stripeobjects.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const auto parsed = nlohmann::json::parse(data, data + size, nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object())
        return 0; // refused with "must be a JSON object"
    std::string stored;
    try {
        stored = parsed.dump(2); // throws type_error 316 on invalid UTF-8 in strings
    } catch (const nlohmann::json::type_error &) {
        return 0;
    }
    const auto reread = nlohmann::json::parse(stored, nullptr, false);
    if (reread.is_discarded() || reread != parsed)
        std::abort();
    (void)ops::parseStripeRefund(QByteArray::fromStdString(stored));
    return 0;
}
