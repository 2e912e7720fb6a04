#include "storage/access/repeatwindow.h"

#include "domain/duration.h"
#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/db/writelocks.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

const QString kName = u"repeat_window_ms"_s;

std::optional<qint64> storedMs(Connection &db)
{
    Query q = runQuery(db, u"SELECT value FROM settings WHERE name = ?"_s, {kName});
    if (!q.next())
        return std::nullopt;
    bool ok = false;
    const qint64 ms = q.value(0).toString().toLongLong(&ok);
    // A value this build cannot read counts as unset: the default is the safe reading.
    if (!ok || ms < 0 || ms > kMaxRepeatWindow.count())
        return std::nullopt;
    return ms;
}

} // namespace

std::chrono::milliseconds repeatWindow(Connection &db)
{
    return std::chrono::milliseconds(storedMs(db).value_or(kDefaultRepeatWindow.count()));
}

bool repeatWindowIsSet(Connection &db)
{
    return storedMs(db).has_value();
}

void setRepeatWindow(Connection &db, qint64 nowMs, const QString &actor,
                     std::optional<std::chrono::milliseconds> window)
{
    if (window && (window->count() < 0 || *window > kMaxRepeatWindow))
        throw ActionRefused(u"the repeat window is between 0 and %1 days"_s.arg(
            std::chrono::duration_cast<std::chrono::hours>(kMaxRepeatWindow).count() / 24));
    WriteTransaction tx(db);
    if (const OperatorAccess who = accessOf(db, actor); !who.rights.testFlag(Right::Approve))
        throw ActionRefused(u"operator %1 may not change the repeat window (it takes the approve "
                            "right)"_s.arg(who.describe()));
    const qint64 before = repeatWindow(db).count();
    if (window)
        runQuery(db,
                 u"INSERT INTO settings (name, value, updated_by, updated_at) VALUES (?, ?, ?, ?) "
                 "ON CONFLICT (name) DO UPDATE SET value = excluded.value, "
                 "updated_by = excluded.updated_by, updated_at = excluded.updated_at"_s,
                 {kName, QString::number(window->count()), actor, nowMs});
    else
        runQuery(db, u"DELETE FROM settings WHERE name = ?"_s, {kName});
    AuditLog::append(
        db, nowMs, actor, u"settings.repeat_window"_s, QString(),
        {{"repeat_window_ms", window ? nlohmann::json(window->count()) : nlohmann::json(nullptr)},
         {"effective_ms", window ? window->count() : kDefaultRepeatWindow.count()},
         {"previous_ms", before}});
    tx.commit();
}

void recordRepeatAnswer(Connection &db, qint64 nowMs, const QString &actor,
                        const QString &operationId, const QString &refundId,
                        std::chrono::milliseconds window)
{
    // Only an audit entry, which on PostgreSQL waits for the sequencer and no rule counts (an
    // agent's limits count operations): no writer but another of this operation is kept out.
    WriteTransaction tx(db, WriteLocks::scoped({operationScope(operationId)}));
    AuditLog::append(db, nowMs, actor, u"refund.repeat"_s, operationId,
                     {{"refund_id", refundId.toStdString()},
                      {"repeat_window_ms", window.count()},
                      {"sent", false}});
    tx.commit();
}

Result<std::chrono::milliseconds> parseRepeatWindow(const QString &text)
{
    return parseDuration(text, u"a repeat window"_s, kMaxRepeatWindow);
}

} // namespace ops
