#pragma once

// Amounts as people type them: in currency units ("1000.00", "1 000,50" in ru), never in minor
// units. The settings' four-eyes threshold and the new-refund form read them the same way.

#include "domain/result.h"

#include <QLocale>
#include <QString>

namespace ops::ui {

// "1000.00" (or "1000,00" with the locale's decimal point) in `currency`'s units → minor units.
// Up to minorDigits(currency) decimals, no sign; the locale's group separator and spaces are
// ignored. 0 is accepted: the caller decides whether it means anything.
Result<qint64> parseAmountUnits(const QString &text, const QString &currency,
                                const QLocale &locale);
// An edit's text for an amount: units with the locale's decimal point, no grouping.
QString amountUnitsText(qint64 minor, const QString &currency, const QLocale &locale);

} // namespace ops::ui
