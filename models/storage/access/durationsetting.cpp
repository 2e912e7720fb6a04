#include "storage/access/durationsetting.h"

#include "domain/duration.h"
#include "storage/access/approvals.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"

using namespace Qt::StringLiterals;

namespace ops {

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

void setDuration(Connection &db, qint64 nowMs, const QString &actor, const DurationSetting &s,
                 std::optional<std::chrono::milliseconds> value)
{
    if (value && (*value < s.min || *value > s.max))
        throw ActionRefused(
            u"%1 is between %2 and %3"_s.arg(s.what, formatDuration(s.min), formatDuration(s.max)));
    WriteTransaction tx(db);
    requireSettingsRight(db, actor, s.what);
    const qint64 before = effectiveDuration(db, s).count();
    if (value)
        putSettingLocked(db, nowMs, actor, s.row, QString::number(value->count()));
    else
        runQuery(db, u"DELETE FROM settings WHERE name = ?"_s, {s.row});
    AuditLog::append(
        db, nowMs, actor, s.auditAction, QString(),
        {{s.row.toStdString(), value ? nlohmann::json(value->count()) : nlohmann::json(nullptr)},
         {"effective_ms", value.value_or(s.fallback).count()},
         {"previous_ms", before}});
    tx.commit();
}

} // namespace ops
