#pragma once

// Display formatting that follows a QLocale (the console sets QLocale::setDefault to the chosen
// language). Amounts stay integer minor units: the digits are grouped and the decimal separator
// placed by string work, never through a double.

#include "domain/money.h"

#include <QDateTime>
#include <QLocale>

namespace ops {

// "1,234.56 USD" (en), "1 234,56 USD" (ru, uk). Credit types without minor units keep digits 0.
QString formatMoney(const Money &money, const QLocale &locale);
// The one date-and-time format of the console (tables, detail, audit filters): the locale's
// short date with a four-digit year and its time convention with seconds.
QString dateTimeFormat(const QLocale &locale);
// Local time in dateTimeFormat() followed by the zone ("01/12/2026 13:05:09 CET"); '' for
// invalid. Stored times are UTC; the zone says which clock the operator is reading.
QString formatDateTime(const QDateTime &utc, const QLocale &locale);
// The same instant in UTC, ISO-like, for tooltips: "2026-12-01 12:05:09 UTC"; '' for invalid.
QString formatUtc(const QDateTime &utc);
// The zone local times are shown in ("CET", "UTC").
QString localZoneName();

} // namespace ops
