#include "storage/access/durationsetting.h"

#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// "250ms", "90s", "15m", "24h" or "7d": the largest unit that states the value exactly.
QString spoken(std::chrono::milliseconds ms)
{
    const qint64 v = ms.count();
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

} // namespace

std::optional<std::chrono::milliseconds> storedDuration(Connection &db, const DurationSetting &s)
{
    Query q = runQuery(db, u"SELECT value FROM settings WHERE name = ?"_s, {s.row});
    if (!q.next())
        return std::nullopt;
    bool ok = false;
    const qint64 ms = q.value(0).toString().toLongLong(&ok);
    if (!ok || ms < s.min.count() || ms > s.max.count())
        return std::nullopt;
    return std::chrono::milliseconds(ms);
}

std::chrono::milliseconds effectiveDuration(Connection &db, const DurationSetting &s)
{
    return storedDuration(db, s).value_or(s.fallback);
}

void setDuration(Connection &db, qint64 nowMs, const QString &actor, const DurationSetting &s,
                 std::optional<std::chrono::milliseconds> value)
{
    if (value && (*value < s.min || *value > s.max))
        throw ActionRefused(u"%1 is between %2 and %3"_s.arg(s.what, spoken(s.min), spoken(s.max)));
    WriteTransaction tx(db);
    if (const OperatorAccess who = accessOf(db, actor); !who.rights.testFlag(Right::Approve))
        throw ActionRefused(u"operator %1 may not change %2 (it takes the approve right)"_s.arg(
            who.describe(), s.what));
    const qint64 before = effectiveDuration(db, s).count();
    if (value)
        runQuery(db,
                 u"INSERT INTO settings (name, value, updated_by, updated_at) VALUES (?, ?, ?, ?) "
                 "ON CONFLICT (name) DO UPDATE SET value = excluded.value, "
                 "updated_by = excluded.updated_by, updated_at = excluded.updated_at"_s,
                 {s.row, QString::number(value->count()), actor, nowMs});
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
