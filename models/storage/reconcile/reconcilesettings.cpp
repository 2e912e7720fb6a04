#include "storage/reconcile/reconcilesettings.h"

#include "domain/duration.h"
#include "storage/access/approvals.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/records/settings.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

const QString kAutoClose = u"reconcile.auto_close"_s;
const QString kSchedule = u"reconcile.schedule"_s;

// A supervisor's change, checked and written in one transaction with its audit entry.
void writeSetting(Connection &db, qint64 nowMs, const QString &actor, const QString &name,
                  const QString &value, const char *what)
{
    WriteTransaction tx(db);
    requireSettingsRight(db, actor, QString::fromLatin1(what));
    putSettingLocked(db, nowMs, actor, name, value);
    AuditLog::append(db, nowMs, actor, u"settings."_s + name, QString(),
                     {{"name", name.toStdString()}, {"value", value.toStdString()}});
    tx.commit();
}

} // namespace

ReconcileSettings reconcileSettings(Connection &db)
{
    ReconcileSettings s;
    if (const auto on = readSetting(db, kAutoClose))
        s.autoClose = *on != u"off"_s;
    if (const auto text = readSetting(db, kSchedule)) {
        if (const auto checkTimes = parseReconcileSchedule(*text))
            s.checkTimes = *checkTimes;
    }
    return s;
}

void setReconcileAutoClose(Connection &db, qint64 nowMs, const QString &actor, bool on)
{
    writeSetting(db, nowMs, actor, kAutoClose, on ? u"on"_s : u"off"_s,
                 "the reconciler's automatic closes");
}

void setReconcileSchedule(Connection &db, qint64 nowMs, const QString &actor,
                          const QList<qint64> &checkTimes)
{
    if (checkTimes.isEmpty())
        throw ActionRefused(u"the reconciler's schedule needs at least one slot"_s);
    writeSetting(db, nowMs, actor, kSchedule, formatReconcileSchedule(checkTimes),
                 "the reconciler's schedule");
}

Result<QList<qint64>> parseReconcileSchedule(QStringView text)
{
    QList<qint64> checkTimes;
    for (const QStringView part : text.split(u',')) {
        const QStringView t = part.trimmed();
        qint64 unit = 1;
        QStringView digits = t;
        if (!t.isEmpty() && QStringView(u"smhd").contains(t.back())) {
            const char16_t suffix = t.back().unicode();
            unit = suffix == u'm' ? 60 : suffix == u'h' ? 3600 : suffix == u'd' ? 86400 : 1;
            digits = t.chopped(1);
        }
        bool ok = false;
        const qint64 n = digits.toLongLong(&ok);
        if (!ok || n < 1 || n > 365LL * 86400 / unit || digits.startsWith(u'+'))
            return Failure{u"'%1' is not a time such as 90s, 5m, 1h or 1d"_s.arg(t.toString())};
        if (!checkTimes.isEmpty() && n * unit <= checkTimes.back())
            return Failure{u"the schedule's times must increase (%1)"_s.arg(text.toString())};
        checkTimes << n * unit;
    }
    return checkTimes;
}

QString formatReconcileSchedule(const QList<qint64> &checkTimes)
{
    QStringList parts;
    for (const qint64 s : checkTimes)
        parts << formatDuration(std::chrono::seconds(s));
    return parts.join(u',');
}

} // namespace ops
