#include "common/amountunits.h"

#include "domain/money.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace ops::ui {

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
    const QString point = locale.decimalPoint();
    const UnitsReading read = readUnits(text, currency, point.size() == 1 ? point.at(0) : u'.',
                                        groupIsMark ? QStringView(group) : QStringView());
    switch (read.problem) {
    case UnitsProblem::None:
        return read.minor;
    case UnitsProblem::Unreadable:
        return unreadable();
    case UnitsProblem::TooManyDecimals:
        return Failure{
            digits == 0
                ? QCoreApplication::translate("ops::ui::AmountUnits", "%1 has no decimals")
                      .arg(currency.toUpper())
                : QCoreApplication::translate("ops::ui::AmountUnits", "%1 has %2 decimals at most")
                      .arg(currency.toUpper())
                      .arg(digits)};
    case UnitsProblem::TooLarge:
        break;
    }
    return Failure{QCoreApplication::translate("ops::ui::AmountUnits", "the amount is too large")};
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
