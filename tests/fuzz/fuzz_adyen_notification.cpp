// libFuzzer: the Adyen receiver's pre-storage path (app/core/adyen/adyennotification.h). Input:
// a notification body. Neither the parser nor the whole check crashes or throws; a check never
// accepts what the parser refuses; a batch that parses, signed again under a known key, passes
// the whole check with the same items (the HMAC input is a function of the parsed fields) unless
// an event code is unknown, and fails it once one signed field changes.

#include "adyen/adyennotification.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

const QByteArray kKey = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));
    const auto parsed = ops::parseAdyenBatch(body);
    ops::AdyenExpectation expected{{kKey}, {}, false};
    const auto *batch = std::get_if<ops::AdyenBatch>(&parsed);
    if (!batch) {
        if (std::holds_alternative<ops::AdyenBatch>(ops::checkAdyenBatch(body, expected)))
            std::abort();
        return 0;
    }
    expected.live = batch->live;
    for (const ops::AdyenItem &item : batch->items)
        expected.merchantAccounts << item.merchantAccountCode;
    const QByteArray resigned = ops::signedAdyenBatch(batch->items, kKey, batch->live);
    const auto checked = ops::checkAdyenBatch(resigned, expected);
    const auto *again = std::get_if<ops::AdyenBatch>(&checked);
    if (!again) {
        const auto *refused = std::get_if<ops::AdyenRefusal>(&checked);
        if (refused->code != QStringLiteral("unknown_event"))
            std::abort();
        return 0;
    }
    if (again->items.size() != batch->items.size())
        std::abort();
    for (std::size_t i = 0; i < batch->items.size(); ++i) {
        if (ops::adyenSigningText(again->items[i]) != ops::adyenSigningText(batch->items[i]))
            std::abort();
    }
    ops::AdyenItem changed = again->items.front();
    changed.value ^= 1; // not += 1: the value may be the largest qint64
    if (ops::adyenSignatureValid(changed, {kKey}))
        std::abort();
    return 0;
}
