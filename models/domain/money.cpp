#include "domain/money.h"

#include <QStringList>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// Currencies the product settles in; Stripe's lower-case spelling.
const QStringList &knownCurrencies()
{
    static const QStringList list = {
        u"usd"_s, u"eur"_s, u"gbp"_s, u"chf"_s, u"cad"_s, u"aud"_s, u"nzd"_s, u"jpy"_s,
        u"krw"_s, u"sek"_s, u"nok"_s, u"dkk"_s, u"pln"_s, u"czk"_s, u"huf"_s, u"uah"_s,
        u"try"_s, u"ils"_s, u"inr"_s, u"sgd"_s, u"hkd"_s, u"mxn"_s, u"brl"_s, u"zar"_s,
        u"bhd"_s, u"kwd"_s, u"jod"_s, u"omr"_s, u"vnd"_s, u"clp"_s, u"isk"_s,
    };
    return list;
}

Result<qint64> parseDigits(QStringView digits)
{
    if (digits.isEmpty())
        return Failure{QStringLiteral("amount is empty")};
    qint64 value = 0;
    for (const QChar c : digits) {
        if (c < u'0' || c > u'9')
            return Failure{
                QStringLiteral("amount must be a whole number of minor units (e.g. 3800)")};
        value = value * 10 + (c.unicode() - u'0');
        if (value > kMaxMinorUnits)
            return Failure{
                QStringLiteral("amount exceeds the maximum of %1 minor units").arg(kMaxMinorUnits)};
    }
    if (value == 0)
        return Failure{QStringLiteral("amount must not be zero")};
    return value;
}

bool allDigits(QStringView s)
{
    return std::all_of(s.begin(), s.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

// "1,000" or "1 000 000": a first group of one to three digits, then groups of exactly three.
bool wellGrouped(const QStringList &groups)
{
    if (groups.first().isEmpty() || groups.first().size() > 3)
        return false;
    return std::all_of(groups.begin() + 1, groups.end(),
                       [](const QString &g) { return g.size() == 3; });
}

constexpr int kMaxWholeDigits = 15;

} // namespace

bool isKnownCurrency(QStringView code)
{
    return knownCurrencies().contains(code.toString());
}

int minorDigits(QStringView currency)
{
    if (!isKnownCurrency(currency.toString().toLower()))
        return 0; // credits, minutes, …: whole units
    static const QStringList zero = {u"jpy"_s, u"krw"_s, u"vnd"_s, u"clp"_s, u"isk"_s};
    static const QStringList three = {u"bhd"_s, u"kwd"_s, u"jod"_s, u"omr"_s};
    const QString c = currency.toString().toLower();
    if (zero.contains(c))
        return 0;
    if (three.contains(c))
        return 3;
    return 2;
}

Result<qint64> parsePositiveMinor(QStringView text)
{
    if (text.startsWith(u'-'))
        return Failure{QStringLiteral("amount must be positive")};
    return parseDigits(text);
}

Result<qint64> parseSignedMinor(QStringView text)
{
    if (!text.startsWith(u'-'))
        return parseDigits(text);
    const auto magnitude = parseDigits(text.mid(1));
    if (!magnitude)
        return magnitude;
    return -*magnitude;
}

UnitsReading readUnits(QStringView text, QStringView currency, QChar decimalPoint,
                       QStringView groupMark)
{
    // Group marks become '\'', decimal points '.': then one split each reads the shape.
    QString t;
    for (const QChar c : text.trimmed()) {
        const bool space = c == u' ' || c == QChar(0x00A0) || c == QChar(0x202F);
        if (space || (!groupMark.isEmpty() && QStringView(&c, 1) == groupMark))
            t += u'\'';
        else
            t += c == decimalPoint ? QChar(u'.') : c;
    }
    const QStringList parts = t.split(u'.');
    const QStringList groups = parts.value(0).split(u'\'');
    const QString whole = groups.join(QString());
    const QString fraction = parts.value(1);
    if (t.isEmpty() || parts.size() > 2 || (whole.isEmpty() && fraction.isEmpty()) ||
        (groups.size() > 1 && !wellGrouped(groups)) || !allDigits(whole) || !allDigits(fraction))
        return {0, UnitsProblem::Unreadable};
    const int digits = minorDigits(currency);
    if (fraction.size() > digits)
        return {0, UnitsProblem::TooManyDecimals};
    if (whole.size() > kMaxWholeDigits)
        return {0, UnitsProblem::TooLarge};
    const QString minor = whole + fraction.leftJustified(digits, u'0');
    return {minor.isEmpty() ? 0 : minor.toLongLong(), UnitsProblem::None};
}

QString formatMoney(const Money &money)
{
    const int digits = minorDigits(money.currency);
    const qint64 magnitude = money.minor < 0 ? -money.minor : money.minor;
    QString text = QString::number(magnitude);
    if (digits > 0) {
        text = text.rightJustified(digits + 1, u'0');
        text.insert(text.size() - digits, u'.');
    }
    if (money.minor < 0)
        text.prepend(u'-');
    if (money.currency.isEmpty())
        return text;
    // ISO codes read best in capitals; credit types are shown as the provider names them.
    const bool iso = isKnownCurrency(money.currency.toLower());
    return text + u' ' + (iso ? money.currency.toUpper() : money.currency);
}

} // namespace ops
