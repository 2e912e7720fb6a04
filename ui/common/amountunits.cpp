#include "common/amountunits.h"

#include "domain/money.h"

#include <QCoreApplication>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ops::ui {

Result<qint64> parseAmountUnits(const QString &text, const QString &currency, const QLocale &locale)
{
    const int digits = minorDigits(currency);
    QString t = text.trimmed();
    t.remove(u' ').remove(QChar(0x00A0)).remove(QChar(0x202F));
    if (locale.groupSeparator() != locale.decimalPoint() && locale.groupSeparator() != u"."_s)
        t.remove(locale.groupSeparator());
    t.replace(locale.decimalPoint(), u"."_s);
    const QStringList parts = t.split(u'.');
    const QString whole = parts.value(0);
    const QString fraction = parts.value(1);
    const auto allDigits = [](const QString &s) {
        return std::all_of(s.begin(), s.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
    };
    if (t.isEmpty() || parts.size() > 2 || (whole.isEmpty() && fraction.isEmpty()) ||
        !allDigits(whole) || !allDigits(fraction))
        return Failure{
            QCoreApplication::translate("ops::ui::AmountUnits", "write an amount in %1 such as %2")
                .arg(currency.toUpper(), amountUnitsText(100000, currency, locale))};
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
