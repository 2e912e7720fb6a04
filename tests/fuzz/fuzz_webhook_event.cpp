// libFuzzer: the webhook receiver's pre-storage path. Input: a Stripe-Signature header line, a
// newline, then the body. Neither the header parser, the signature check nor the event parser
// crashes or throws; a header that parses has a t; a body signed with a known secret at its t
// verifies (and one changed byte does not); an event that parses keeps its raw bytes and has an
// id and a type.

#include "stripe/stripeevents.h"
#include "webhook/webhooksignature.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype nl = input.indexOf('\n');
    const QByteArray header = nl < 0 ? input : input.left(nl);
    const QByteArray body = nl < 0 ? QByteArray() : input.mid(nl + 1);
    const QList<QByteArray> secrets = {QByteArrayLiteral("whsec_fuzz")};

    (void)ops::verifySignature(header, body, secrets, 1'800'000'000, 300);
    if (const auto parsed = ops::parseSignatureHeader(header)) {
        if (parsed->t < 0)
            std::abort();
        const QByteArray good = "t=" + QByteArray::number(parsed->t) +
                                ",v1=" + ops::signatureFor(secrets[0], parsed->t, body);
        if (ops::verifySignature(good, body, secrets, parsed->t, 300) !=
            ops::SignatureVerdict::Valid)
            std::abort();
        QByteArray changed = body + 'x';
        if (ops::verifySignature(good, changed, secrets, parsed->t, 300) ==
            ops::SignatureVerdict::Valid)
            std::abort();
    }
    if (const auto event = ops::parseStripeEvent(body)) {
        if (event->id.isEmpty() || event->type.isEmpty() || event->raw != body)
            std::abort();
    }
    (void)ops::parseStripeEventList(body);
    return 0;
}
