#include "storage/access/repeatwindow.h"

#include "storage/access/durationsetting.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/db/writelocks.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

const DurationSetting kRepeatWindow{u"repeat_window_ms"_s,        u"settings.repeat_window"_s,
                                    u"the repeat window"_s,       kDefaultRepeatWindow,
                                    std::chrono::milliseconds(0), kMaxRepeatWindow};

} // namespace

std::chrono::milliseconds repeatWindow(Connection &db)
{
    return effectiveDuration(db, kRepeatWindow);
}

void setRepeatWindow(Connection &db, qint64 nowMs, const QString &actor,
                     std::optional<std::chrono::milliseconds> window)
{
    setDuration(db, nowMs, actor, kRepeatWindow, window);
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
    return parseDurationSetting(text, kRepeatWindow);
}

} // namespace ops
