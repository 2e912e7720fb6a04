#include "domain/duration.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ops {

QString formatDuration(std::chrono::milliseconds value)
{
    const qint64 v = value.count();
    if (v == 0)
        return u"0"_s;
    const std::pair<qint64, const char16_t *> units[] = {
        {86'400'000, u"d"}, {3'600'000, u"h"}, {60'000, u"m"}, {1000, u"s"}};
    for (const auto &[size, unit] : units) {
        if (v % size == 0)
            return QString::number(v / size) + QString::fromUtf16(unit);
    }
    return QString::number(v) + u"ms"_s;
}

namespace {

// The value `text` states, or why it states none; no bounds but `max`.
Result<std::chrono::milliseconds> parseUpTo(const QString &text, const QString &what,
                                            std::chrono::milliseconds max)
{
    if (text.trimmed() == u"0"_s)
        return std::chrono::milliseconds(0); // nothing needs a unit
    static const QRegularExpression form(u"^([0-9]{1,12})(ms|s|m|h|d)$"_s);
    const auto match = form.match(text.trimmed());
    if (!match.hasMatch())
        return Failure{u"%1 is a whole number and a unit: 500ms, 90s, 15m, 24h or 7d"_s.arg(what)};
    const qint64 n = match.captured(1).toLongLong();
    const QString unit = match.captured(2);
    const qint64 perUnit = unit == u"ms"_s  ? 1
                           : unit == u"s"_s ? 1000
                           : unit == u"m"_s ? 60'000
                           : unit == u"h"_s ? 3'600'000
                                            : 86'400'000;
    if (n > max.count() / perUnit)
        return Failure{u"%1 is at most %2"_s.arg(what, formatDuration(max))};
    return std::chrono::milliseconds(n * perUnit);
}

} // namespace

Result<std::chrono::milliseconds> parseDuration(const QString &text, const QString &what,
                                                std::chrono::milliseconds max,
                                                std::chrono::milliseconds min)
{
    Result<std::chrono::milliseconds> parsed = parseUpTo(text, what, max);
    if (parsed && *parsed < min)
        return Failure{u"%1 is at least %2"_s.arg(what, formatDuration(min))};
    return parsed;
}

} // namespace ops
