#include "domain/agent.h"

#include <QCryptographicHash>
#include <QRandomGenerator>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr qsizetype kMaxAgentName = 64;
constexpr int kTokenRandomBytes = 32;
const QString kTokenPrefix = u"opsa_"_s;
constexpr int kMaxRate = 1000;

bool isNameChar(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9') || c == u'_' || c == u'-';
}

bool isBase64UrlChar(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') ||
           c == u'_' || c == u'-';
}

} // namespace

QString agentOfActor(QStringView actor)
{
    constexpr QStringView prefix = u"agent:";
    if (!actor.startsWith(prefix))
        return {};
    const QStringView rest = actor.mid(prefix.size());
    // Not checked against isValidAgentName: a team login a DBA named outside `agent add` is an
    // agent too, and its rows must name it (migration 0013's trigger). The column holds 64.
    const QStringView name = rest.left(rest.indexOf(u':'));
    return name.size() <= 64 ? name.toString() : QString();
}

QString agentNameProblem(QStringView name)
{
    if (name.isEmpty())
        return u"the agent name is empty"_s;
    if (name.size() > kMaxAgentName)
        return u"the agent name is over 64 characters"_s;
    for (QChar c : name) {
        if (!isNameChar(c))
            return u"agent names are 1-64 of a-z, 0-9, _ and - (got '%1')"_s.arg(name);
    }
    // Calls over stdio outside team mode act as agent:mcp:…; an agent of that name would be
    // credited with them.
    if (name == u"mcp"_s)
        return u"the agent name 'mcp' is reserved for stdio calls"_s;
    return {};
}

bool isValidAgentName(QStringView name)
{
    return agentNameProblem(name).isEmpty();
}

QString newAgentToken()
{
    QByteArray bytes(kTokenRandomBytes, Qt::Uninitialized);
    // QRandomGenerator::system() reads the operating system's cryptographic source.
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()),
                                          kTokenRandomBytes / sizeof(quint32));
    const QByteArray encoded =
        bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    return kTokenPrefix + QString::fromLatin1(encoded);
}

QString agentTokenHash(QStringView token)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(token.toUtf8(), QCryptographicHash::Sha256).toHex());
}

bool looksLikeAgentToken(QStringView token)
{
    if (!token.startsWith(kTokenPrefix) || token.size() != kTokenPrefix.size() + 43)
        return false;
    for (QChar c : token.mid(kTokenPrefix.size())) {
        if (!isBase64UrlChar(c))
            return false;
    }
    return true;
}

Result<Money> parseLimitMoney(const QString &what, const QString &amount, const QString &currency)
{
    const auto minor = parsePositiveMinor(amount);
    if (!minor)
        return Failure{u"%1: %2"_s.arg(what, minor.error())};
    const QString code = currency.toLower();
    if (!isKnownCurrency(code))
        return Failure{u"%1: '%2' is not a known ISO 4217 currency"_s.arg(what, currency)};
    return Money{*minor, code};
}

Result<int> parseRateLimit(const QString &text)
{
    bool ok = false;
    const int rate = text.toInt(&ok);
    if (!ok || rate < 1 || rate > kMaxRate)
        return Failure{
            u"--rate must be a whole number of calls per second, 1-1000 (got '%1')"_s.arg(text)};
    return rate;
}

QString describeLimits(const AgentLimits &limits)
{
    QStringList parts;
    if (limits.maxRefund)
        parts << u"max %1"_s.arg(formatMoney(*limits.maxRefund));
    if (limits.daily)
        parts << u"%1 a day"_s.arg(formatMoney(*limits.daily));
    if (limits.ratePerSecond)
        parts << u"%1/s"_s.arg(*limits.ratePerSecond);
    return parts.isEmpty() ? u"no limits"_s : parts.join(u" · "_s);
}

} // namespace ops
