#pragma once

// Display formatting that follows a QLocale (the console sets QLocale::setDefault to the chosen
// language). Amounts stay integer minor units: the digits are grouped and the decimal separator
// placed by string work, never through a double.

#include "money.h"

#include <QDateTime>
#include <QLocale>

namespace ops {

// "1,234.56 USD" (en), "1 234,56 USD" (ru, uk). Credit types without minor units keep digits 0.
QString formatMoney(const Money &money, const QLocale &locale);
// Local time, the locale's short date and 24 h/12 h convention with seconds; '' for invalid.
QString formatDateTime(const QDateTime &utc, const QLocale &locale);

} // namespace ops
