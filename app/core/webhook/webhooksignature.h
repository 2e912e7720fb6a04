#pragma once

// The Stripe-Signature check of docs/design.md §10, as pure functions (Qt Core only, so
// tests/fuzz compiles it standalone). Header: "t=<unix seconds>,v1=<hex>[,v1=<hex>…]" (other
// schemes such as v0 are ignored); signed text: "<t>.<raw body bytes>"; HMAC-SHA256 with each
// configured endpoint secret; any v1 may match any secret (rotation); compared in constant time;
// |now − t| ≤ tolerance in both directions.

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>

namespace ops {

struct SignatureHeader
{
    qint64 t = 0;
    QList<QByteArray> v1;
};

enum class SignatureVerdict
{
    Valid,
    MissingHeader,
    MalformedHeader, // not k=v pairs, no t, t not a number, two t
    NoV1,
    Mismatch, // no v1 matches any secret (a changed byte, another secret)
    TooOld,   // t more than the tolerance before now
    TooNew,   // t more than the tolerance after now
    NoSecret, // the receiver has no secret configured
};

// The counter / log name of a verdict: "missing_signature", "bad_signature", "stale_timestamp", …
QString toString(SignatureVerdict verdict);

// nullopt when the header is malformed. An empty v1 list is a well-formed header without v1.
std::optional<SignatureHeader> parseSignatureHeader(const QByteArray &header);

// Lower-case hex HMAC-SHA256(secret, "<t>.<body>").
QByteArray signatureFor(const QByteArray &secret, qint64 t, const QByteArray &body);

// The whole check. The signature is checked before the timestamp, so a forged header learns
// nothing about the clock.
SignatureVerdict verifySignature(const QByteArray &header, const QByteArray &body,
                                 const QList<QByteArray> &secrets, qint64 nowSecs,
                                 qint64 toleranceSecs = 300);

} // namespace ops
