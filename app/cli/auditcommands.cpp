// opsctl audit export --csv FILE [filters] — the supervisors' CSV export for scripts. It is a
// person's action: the operator (--operator, OPS_OPERATOR, else the OS user) needs the Export
// and Audit rights.

#include "cli/commandcontext.h"
#include "cli/opsctl.h"
#include "domain/rights.h"
#include "storage/access/auditaccess.h"
#include "storage/audit/auditquery.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace ops::cli {

const QString kPersonNeeded = u"the audit trail is read by a person: give --operator NAME or "
                              "OPS_OPERATOR (or run as your OS user)"_s;

namespace {

const QString kExportUsage =
    u"usage: opsctl audit export --csv FILE [--actor PREFIX] [--action PREFIX] "
    "[--operation PREFIX] [--kind K] [--from TIME] [--to TIME] [--progress]\n"
    "TIME is ISO 8601 UTC (2026-11-29 or 2026-11-29T12:00:00Z); --from is inclusive, --to "
    "exclusive"_s;

// ISO 8601 date or date-time; a date means its first millisecond (UTC).
std::optional<qint64> parseTime(const QString &text)
{
    QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!t.isValid()) {
        const QDate d = QDate::fromString(text, Qt::ISODate);
        if (!d.isValid())
            return std::nullopt;
        t = QDateTime(d, QTime(0, 0), Qt::UTC);
    }
    if (t.timeSpec() == Qt::LocalTime)
        t.setTimeSpec(Qt::UTC); // no zone written: the contract says UTC
    return t.toMSecsSinceEpoch();
}

Result<AuditFilter> filterFrom(const CliArgs &opts)
{
    AuditFilter f;
    f.actor = opts.value(u"actor"_s);
    f.action = opts.value(u"action"_s);
    f.operationPrefix = opts.value(u"operation"_s);
    if (opts.has(u"kind"_s)) {
        f.kind = kindFromString(opts.value(u"kind"_s));
        if (!f.kind)
            return Failure{u"--kind must be refund, credit_topup, credit_charge, credit_adjust or "
                           "execution"_s};
    }
    for (const QString &name : {u"from"_s, u"to"_s}) {
        if (!opts.has(name))
            continue;
        const auto ms = parseTime(opts.value(name));
        if (!ms)
            return Failure{
                u"--%1 '%2' is not an ISO 8601 date or time"_s.arg(name, opts.value(name))};
        (name == u"from"_s ? f.fromMs : f.toMs) = *ms;
    }
    return f;
}

} // namespace

int auditExportCommand(CommandContext &ctx, const QStringList &args)
{
    const auto opts = CliArgs::parse(
        args, {u"csv"_s, u"actor"_s, u"action"_s, u"operation"_s, u"kind"_s, u"from"_s, u"to"_s},
        {u"progress"_s});
    if (!opts)
        return ctx.usage(opts.error() + u"\n"_s + kExportUsage);
    if (!opts->positionals().isEmpty() || opts->value(u"csv"_s).trimmed().isEmpty())
        return ctx.usage(kExportUsage);
    const auto filter = filterFrom(*opts);
    if (!filter)
        return ctx.usage(filter.error());
    if (ctx.personName().isEmpty())
        return ctx.usage(kPersonNeeded);
    auto session = ctx.openSession();
    AuditQuery &query = session->auditQuery();
    const bool progress = opts->has(u"progress"_s);
    const QString path = opts->value(u"csv"_s);
    std::optional<qint64> written;
    try {
        written = exportAuditCsv(query, ctx.actor(), *filter, path, [&](qint64 done, qint64 total) {
            if (progress)
                ctx.err << "exported " << done << "/" << total << Qt::endl;
            return true;
        });
    } catch (const ActionRefused &) {
        throw; // exit 2 with the refusal; nothing was opened
    } catch (const StoreError &e) {
        // Nothing is left at `path`: the export writes a temporary file and renames it.
        throw InvalidInput(e.message().toStdString());
    }
    const nlohmann::ordered_json out = {{"exported", written.value_or(0)},
                                        {"file", path.toStdString()}};
    ctx.out << QString::fromStdString(out.dump()) << Qt::endl;
    return ExitCode::Ok;
}

} // namespace ops::cli
