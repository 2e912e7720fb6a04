#include "common/amountunits.h"

#include "domain/money.h"

#include <QCoreApplication>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

bool allDigits(const QString &s)
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

} // namespace

Result<qint64> parseAmountUnits(const QString &text, const QString &currency, const QLocale &locale)
{
    const int digits = minorDigits(currency);
    const auto unreadable = [&] {
        return Failure{
            QCoreApplication::translate("ops::ui::AmountUnits", "write an amount in %1 such as %2")
                .arg(currency.toUpper(), amountUnitsText(100000, currency, locale))};
    };
    // Spaces and the locale's group separator are marks between groups of three: "12,50" in
    // English is a typo for 12.50, never 1,250.00. A '.' is always read as a decimal point.
    const QString group = locale.groupSeparator();
    const bool groupIsMark = group != locale.decimalPoint() && group != u"."_s;
    QString t;
    for (const QChar c : text.trimmed()) {
        const bool space = c == u' ' || c == QChar(0x00A0) || c == QChar(0x202F);
        t += space || (groupIsMark && QString(c) == group) ? u'\'' : c;
    }
    t.replace(locale.decimalPoint(), u"."_s);
    const QStringList parts = t.split(u'.');
    const QStringList groups = parts.value(0).split(u'\'');
    const QString whole = groups.join(QString());
    const QString fraction = parts.value(1);
    if (t.isEmpty() || parts.size() > 2 || (whole.isEmpty() && fraction.isEmpty()) ||
        (groups.size() > 1 && !wellGrouped(groups)) || !allDigits(whole) || !allDigits(fraction))
        return unreadable();
    if (fraction.size() > digits)
        return Failure{
            digits == 0
                ? QCoreApplication::translate("ops::ui::AmountUnits", "%1 has no decimals")
                      .arg(currency.toUpper())
                : QCoreApplication::translate("ops::ui::AmountUnits", "%1 has %2 decimals at most")
                      .arg(currency.toUpper())
                      .arg(digits)};
    if (whole.size() > 15)
        return Failure{
            QCoreApplication::translate("ops::ui::AmountUnits", "the amount is too large")};
    QString minor = whole + fraction.leftJustified(digits, u'0');
    return minor.isEmpty() ? 0 : minor.toLongLong();
}

QString amountUnitsText(qint64 minor, const QString &currency, const QLocale &locale)
{
    const int digits = minorDigits(currency);
    QString text = QString::number(minor);
    if (digits > 0) {
        text = text.rightJustified(digits + 1, u'0');
        text.insert(text.size() - digits, locale.decimalPoint());
    }
    return text;
}

} // namespace ops::ui
