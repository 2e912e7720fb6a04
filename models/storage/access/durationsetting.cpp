#include "storage/access/durationsetting.h"

#include "domain/duration.h"
#include "storage/access/approvals.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"

using namespace Qt::StringLiterals;

namespace ops {

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
