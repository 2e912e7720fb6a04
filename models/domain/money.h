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

// "38.00 USD"
QString formatMoney(const Money &money);

} // namespace ops
