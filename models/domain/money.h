#pragma once

// Money is an integer count of the currency's minor units plus an ISO 4217 code (lower case,
// as Stripe writes it). No floating point anywhere.

#include "domain/result.h"

#include <QString>
#include <QStringView>

namespace ops {

struct Money
{
    qint64 minor = 0;
    QString currency; // lower-case ISO 4217, e.g. "usd"

    friend bool operator==(const Money &, const Money &) = default;
};

// The largest amount we accept in one request: Stripe caps amounts at eight digits.
inline constexpr qint64 kMaxMinorUnits = 99'999'999;

bool isKnownCurrency(QStringView code);
// Digits after the decimal point for display (0 for jpy, krw, …; 3 for bhd, kwd, …).
int minorDigits(QStringView currency);

// Parses a positive whole number of minor units ("3800"). Refuses signs, decimals, spaces,
// zero, and anything above kMaxMinorUnits; the failure says why.
Result<qint64> parsePositiveMinor(QStringView text);
// Same, but a leading '-' is allowed and zero is refused (credit adjustments).
Result<qint64> parseSignedMinor(QStringView text);

// Why an amount written in currency units could not be read.
enum class UnitsProblem
{
    None,
    Unreadable,      // not digits with at most one decimal point ("1e3", "-5", "12.5.0", "")
    TooManyDecimals, // more decimals than minorDigits(currency)
    TooLarge,        // more than 15 whole digits
};
struct UnitsReading
{
    qint64 minor = 0;
    UnitsProblem problem = UnitsProblem::None;
};
// An amount in `currency`'s units as people write it ("1000.00", "1 000,50") → minor units.
// '.' is always a decimal point, and so is `decimalPoint`; spaces and `groupMark` (empty: none)
// separate groups of three whole digits. No sign. 0 reads as 0: the caller decides what it means.
// The console's amount fields (in the user's locale) and the batch files read amounts here.
UnitsReading readUnits(QStringView text, QStringView currency, QChar decimalPoint,
                       QStringView groupMark);

// "38.00 USD"
QString formatMoney(const Money &money);

} // namespace ops
