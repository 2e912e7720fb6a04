#include "itemmodels/localeformat.h"

using namespace Qt::StringLiterals;

namespace ops {

QString formatMoney(const Money &money, const QLocale &locale)
{
    const int digits = minorDigits(money.currency);
    const qint64 magnitude = money.minor < 0 ? -money.minor : money.minor;
    qint64 divisor = 1;
    for (int i = 0; i < digits; ++i)
        divisor *= 10;
    // toString(qlonglong) groups the whole part by the locale's rules.
    QString text = locale.toString(qlonglong(magnitude / divisor));
    if (digits > 0)
        text += locale.decimalPoint() +
                QString::number(magnitude % divisor).rightJustified(digits, u'0');
    if (money.minor < 0)
        text.prepend(locale.negativeSign());
    if (money.currency.isEmpty())
        return text;
    const bool iso = isKnownCurrency(money.currency.toLower());
    return text + u' ' + (iso ? money.currency.toUpper() : money.currency);
}

QString dateTimeFormat(const QLocale &locale)
{
    QString format = locale.dateFormat(QLocale::ShortFormat);
    // Four-digit years: short formats use two, which is ambiguous in an audit trail.
    if (!format.contains(u"yyyy"_s))
        format.replace(u"yy"_s, u"yyyy"_s);
    QString time = locale.timeFormat(QLocale::ShortFormat);
    if (!time.contains(u's'))
        time.replace(u"mm"_s, u"mm:ss"_s);
    return format + u' ' + time;
}

QString formatDateTime(const QDateTime &utc, const QLocale &locale)
{
    if (!utc.isValid())
        return {};
    const QDateTime local = utc.toLocalTime();
    return locale.toString(local, dateTimeFormat(locale)) + u' ' + local.timeZoneAbbreviation();
}

QString formatUtc(const QDateTime &utc)
{
    if (!utc.isValid())
        return {};
    return utc.toUTC().toString(u"yyyy-MM-dd HH:mm:ss"_s) + u" UTC"_s;
}

QString localZoneName()
{
    return QDateTime::currentDateTime().timeZoneAbbreviation();
}

} // namespace ops
