#include "webhook/webhooksignature.h"

#include "transport/constanttime.h"

#include <QMessageAuthenticationCode>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// Up to 18 digits: any plausible unix time, and no overflow on the way.
std::optional<qint64> unixSeconds(const QByteArray &text)
{
    if (text.isEmpty() || text.size() > 18)
        return std::nullopt;
    qint64 value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

} // namespace

QString toString(SignatureVerdict verdict)
{
    switch (verdict) {
    case SignatureVerdict::Valid:
        return u"valid"_s;
    case SignatureVerdict::MissingHeader:
        return u"missing_signature"_s;
    case SignatureVerdict::MalformedHeader:
        return u"malformed_signature"_s;
    case SignatureVerdict::NoV1:
        return u"no_v1_signature"_s;
    case SignatureVerdict::Mismatch:
        return u"bad_signature"_s;
    case SignatureVerdict::TooOld:
        return u"stale_timestamp"_s;
    case SignatureVerdict::TooNew:
        return u"future_timestamp"_s;
    case SignatureVerdict::NoSecret:
        return u"no_secret"_s;
    }
    return u"bad_signature"_s;
}

std::optional<SignatureHeader> parseSignatureHeader(const QByteArray &header)
{
    SignatureHeader parsed;
    bool haveT = false;
    for (const QByteArray &raw : header.split(',')) {
        const QByteArray item = raw.trimmed();
        const qsizetype eq = item.indexOf('=');
        if (eq <= 0)
            return std::nullopt;
        const QByteArray name = item.left(eq);
        const QByteArray value = item.mid(eq + 1);
        if (name == "t") {
            const auto t = unixSeconds(value);
            if (haveT || !t)
                return std::nullopt;
            parsed.t = *t;
            haveT = true;
        } else if (name == "v1" && !value.isEmpty()) {
            parsed.v1 << value.toLower();
        }
    }
    if (!haveT)
        return std::nullopt;
    return parsed;
}

QByteArray signatureFor(const QByteArray &secret, qint64 t, const QByteArray &body)
{
    return QMessageAuthenticationCode::hash(QByteArray::number(t) + '.' + body, secret,
                                            QCryptographicHash::Sha256)
        .toHex();
}

SignatureVerdict verifySignature(const QByteArray &header, const QByteArray &body,
                                 const QList<QByteArray> &secrets, qint64 nowSecs,
                                 qint64 toleranceSecs)
{
    if (secrets.isEmpty())
        return SignatureVerdict::NoSecret;
    if (header.trimmed().isEmpty())
        return SignatureVerdict::MissingHeader;
    const auto parsed = parseSignatureHeader(header);
    if (!parsed)
        return SignatureVerdict::MalformedHeader;
    if (parsed->v1.isEmpty())
        return SignatureVerdict::NoV1;
    bool matched = false;
    for (const QByteArray &secret : secrets) {
        const QByteArray expected = signatureFor(secret, parsed->t, body);
        for (const QByteArray &given : parsed->v1)
            matched |= sameBytes(given, expected);
    }
    if (!matched)
        return SignatureVerdict::Mismatch;
    if (nowSecs - parsed->t > toleranceSecs)
        return SignatureVerdict::TooOld;
    if (parsed->t - nowSecs > toleranceSecs)
        return SignatureVerdict::TooNew;
    return SignatureVerdict::Valid;
}

} // namespace ops
