#include "storage/records/settings.h"

#include "domain/duration.h"
#include "storage/db/sqltransaction.h"

using namespace Qt::StringLiterals;

namespace ops {

std::optional<QString> readSetting(Connection &db, const QString &name)
{
    Query q = runQuery(db, u"SELECT value FROM settings WHERE name = ?"_s, {name});
    if (!q.next())
        return std::nullopt;
    return q.value(0).toString();
}

void putSettingLocked(Connection &db, qint64 nowMs, const QString &actor, const QString &name,
                      const QString &value)
{
    runQuery(db,
             u"INSERT INTO settings (name, value, updated_by, updated_at) VALUES (?, ?, ?, ?) "
             "ON CONFLICT (name) DO UPDATE SET value = excluded.value, "
             "updated_by = excluded.updated_by, updated_at = excluded.updated_at"_s,
             {name, value, actor, nowMs});
}

std::optional<std::chrono::milliseconds> storedDuration(Connection &db, const DurationSetting &s)
{
    const std::optional<QString> text = readSetting(db, s.row);
    if (!text)
        return std::nullopt;
    bool ok = false;
    const qint64 ms = text->toLongLong(&ok);
    if (!ok || ms < s.min.count() || ms > s.max.count())
        return std::nullopt;
    return std::chrono::milliseconds(ms);
}

std::chrono::milliseconds effectiveDuration(Connection &db, const DurationSetting &s)
{
    return storedDuration(db, s).value_or(s.fallback);
}

Result<std::chrono::milliseconds> parseDurationSetting(const QString &text,
                                                       const DurationSetting &s)
{
    return parseDuration(text, s.what, s.max, s.min);
}

} // namespace ops
