// opsctl list / show / sweep / db migrate|check / audit verify.

#include "cli/commandcontext.h"
#include "cli/operationjson.h"
#include "cli/opsctl.h"
#include "domain/dblocation.h"
#include "storage/access/accessstore.h"
#include "storage/access/auditaccess.h"
#include "storage/audit/auditlog.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"
#include "storage/team/teamstore.h"

using namespace Qt::StringLiterals;
using nlohmann::ordered_json;

namespace ops::cli {

namespace {

QString cell(const QString &text, int width)
{
    return text.leftJustified(width, u' ', true);
}

void printTable(QTextStream &out, const std::vector<Operation> &ops)
{
    out << cell(u"OPERATION"_s, 36) << ' ' << cell(u"KIND"_s, 13) << ' ' << cell(u"SUBJECT"_s, 16)
        << ' ' << cell(u"AMOUNT"_s, 14) << ' ' << cell(u"STATE"_s, 9) << ' ' << cell(u"TRIES"_s, 5)
        << ' ' << u"PROVIDER REF"_s << '\n';
    for (const Operation &op : ops) {
        // What a person recognises the row by: the order, the customer, or the work name.
        const QString subject = !op.orderId.isEmpty()      ? op.orderId
                                : !op.customerId.isEmpty() ? op.customerId
                                                           : op.unitOfWork;
        out << cell(op.id, 36) << ' ' << cell(toString(op.kind), 13) << ' ' << cell(subject, 16)
            << ' ' << cell(formatMoney(op.amount), 14) << ' ' << cell(toString(op.state), 9) << ' '
            << cell(op.operatorAttempts > 0 ? u"%1/%2+%3op"_s.arg(op.attempts)
                                                  .arg(op.attemptCap)
                                                  .arg(op.operatorAttempts)
                                            : u"%1/%2"_s.arg(op.attempts).arg(op.attemptCap),
                    5)
            << ' ' << op.providerRef << '\n';
    }
    out.flush();
}

// The cursor a page ends with: the last row's place in the list's order, base64url so the
// caller treats it as one opaque word. The same row always gives the same cursor.
QString encodeCursor(const Operation &op)
{
    const QByteArray raw =
        QByteArray::number(op.createdAt.toMSecsSinceEpoch()) + '.' + op.id.toUtf8();
    return QString::fromLatin1(
        raw.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

std::optional<ListPosition> decodeCursor(const QString &cursor)
{
    const auto result = QByteArray::fromBase64Encoding(
        cursor.toLatin1(), QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!result || cursor.isEmpty())
        return std::nullopt;
    const QByteArray &raw = result.decoded;
    const qsizetype dot = raw.indexOf('.');
    bool ok = false;
    const qint64 ms = dot > 0 ? raw.left(dot).toLongLong(&ok) : 0;
    const QString id = QString::fromUtf8(raw.mid(dot + 1));
    if (!ok || id.isEmpty())
        return std::nullopt;
    return ListPosition{ms, id};
}

// list's options as a filter; the limit is the page size.
Result<OperationFilter> listFilter(const CliArgs &opts)
{
    OperationFilter filter;
    if (opts.has(u"state"_s)) {
        filter.state = stateFromString(opts.value(u"state"_s));
        if (!filter.state)
            return Failure{u"--state must be open, unknown, succeeded or failed"_s};
    }
    if (opts.has(u"kind"_s)) {
        filter.kind = kindFromString(opts.value(u"kind"_s));
        if (!filter.kind)
            return Failure{u"--kind must be refund, credit_topup, credit_charge, credit_adjust or "
                           "execution"_s};
    }
    if (opts.has(u"limit"_s)) {
        bool ok = false;
        filter.limit = opts.value(u"limit"_s).toInt(&ok);
        if (!ok || filter.limit < 1 || filter.limit > 100000)
            return Failure{u"--limit must be between 1 and 100000"_s};
    }
    if (opts.has(u"after"_s)) {
        filter.after = decodeCursor(opts.value(u"after"_s));
        if (!filter.after)
            return Failure{
                u"--after '%1' is not a cursor from an earlier list"_s.arg(opts.value(u"after"_s))};
    }
    return filter;
}

} // namespace

// One page, newest first. A page never ends silently: when rows remain, the JSON carries the
// cursor of the next page in "next" (null on the last page) and the table ends with how many
// rows remain and the --after to give.
int listCommand(CommandContext &ctx, const QStringList &args)
{
    const auto opts =
        CliArgs::parse(args, {u"state"_s, u"kind"_s, u"limit"_s, u"after"_s}, {u"json"_s});
    if (!opts)
        return ctx.usage(opts.error());
    if (!opts->positionals().isEmpty())
        return ctx.usage(u"list takes no arguments, only options"_s);
    const auto read = listFilter(*opts);
    if (!read)
        return ctx.usage(read.error());
    OperationFilter filter = *read;
    auto session = ctx.openSession();
    const int pageSize = filter.limit;
    filter.limit = pageSize + 1; // one more tells whether another page exists
    auto ops = session->store().list(filter);
    std::optional<QString> next;
    if (ops.size() > size_t(pageSize)) {
        ops.resize(size_t(pageSize));
        next = encodeCursor(ops.back());
    }
    if (!opts->has(u"json"_s)) {
        printTable(ctx.out, ops);
        if (next) {
            filter.after = decodeCursor(*next);
            ctx.out << session->store().count(filter) << " more — use --after " << *next
                    << Qt::endl;
        }
        return ExitCode::Ok;
    }
    ordered_json rows = ordered_json::array();
    for (const Operation &op : ops)
        rows.push_back(toJson(op));
    printJson(ctx.out, {{"operations", rows},
                        {"next", next ? ordered_json(next->toStdString()) : ordered_json()}});
    return ExitCode::Ok;
}

namespace {

// --bodies: each evidence item with its content, for tools that judge what a close rests on
// (opschaos --with-reconciler): "body" holds parsed JSON, anything else is "body_base64".
ordered_json withBody(const Evidence &e)
{
    ordered_json j = toJson(e);
    const ordered_json parsed = ordered_json::parse(e.body.toStdString(), nullptr, false);
    if (e.contentType.startsWith(u"application/json"_s) && !parsed.is_discarded())
        j["body"] = parsed;
    else
        j["body_base64"] = e.body.toBase64().toStdString();
    return j;
}

} // namespace

int showCommand(CommandContext &ctx, const QStringList &args)
{
    const auto opts = CliArgs::parse(args, {}, {u"json"_s, u"bodies"_s});
    if (!opts)
        return ctx.usage(opts.error());
    if (opts->positionals().size() != 1)
        return ctx.usage(u"show takes one operation id"_s);
    auto session = ctx.openSession();
    const QString id = opts->positionals().first();
    const auto op = session->store().operation(id);
    if (!op)
        return ctx.usage(u"no operation %1"_s.arg(id));
    ordered_json j = toJson(*op);
    j["replaced_by"] = ordered_json::array(); // the refunds started after this one failed
    for (const Operation &r : session->store().replacementsOf(id))
        j["replaced_by"].push_back(
            {{"id", r.id.toStdString()}, {"state", toString(r.state).toStdString()}});
    j["attempts_detail"] = ordered_json::array();
    for (const Attempt &a : session->store().attempts(id))
        j["attempts_detail"].push_back(toJson(a));
    j["evidence"] = ordered_json::array();
    for (const Evidence &e : session->store().evidence(id))
        j["evidence"].push_back(opts->has(u"bodies"_s) ? withBody(e) : toJson(e));
    j["notes"] = ordered_json::array(); // internal comments, never proof (DESIGN §18)
    for (const RowNote &n : session->team().notes(id))
        j["notes"].push_back({{"id", n.id},
                              {"created_by", n.createdBy.toStdString()},
                              {"created_at", isoUtc(n.createdAt)},
                              {"text", n.body.toStdString()}});
    j["audit"] = ordered_json::array();
    for (const AuditEntry &e : session->store().audit(id))
        j["audit"].push_back(toJson(e));
    if (opts->has(u"json"_s))
        printJson(ctx.out, j);
    else
        ctx.out << QString::fromStdString(j.dump(2)) << Qt::endl;
    return ExitCode::Ok;
}

int sweepCommand(CommandContext &ctx, const QStringList &args)
{
    if (!args.isEmpty())
        return ctx.usage(u"sweep takes no arguments"_s);
    auto session = ctx.openSession();
    const int swept = session->store().sweep(u"system:sweeper"_s);
    printJson(ctx.out, {{"swept", swept}});
    return ExitCode::Ok;
}

namespace {

// A count this login may not see (-1) is null, not 0.
ordered_json countOrNull(int count)
{
    return count < 0 ? ordered_json() : ordered_json(count);
}

// A JSON value on one text line: a string as it is, a list of strings joined by ", ".
QString textValue(const nlohmann::ordered_json &value)
{
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    if (!value.is_array())
        return QString::fromStdString(value.dump());
    QStringList items;
    for (const auto &item : value)
        items << (item.is_string() ? QString::fromStdString(item.get<std::string>())
                                   : QString::fromStdString(item.dump()));
    return items.join(u", "_s);
}

nlohmann::ordered_json stringList(const QStringList &list)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const QString &s : list)
        out.push_back(s.toStdString());
    return out;
}

// db check: what the database does with a commit, for a DBA (replication.h), and whether
// four-eyes can work (foureyescover.h). Always exit 0 when the server answered: the verdict and
// the warnings are findings, and the engines act on replication themselves (docs/team.md).
int dbCheck(CommandContext &ctx, bool json)
{
    auto session = ctx.openSession();
    AccessStore &access = session->access();
    const ReplicationState r = access.replication();
    const bool accepted = access.acceptsAsyncReplication();
    const bool refuses = r.refusesOpenings(accepted);
    const FourEyesCover cover = access.fourEyesCover();
    QStringList warnings;
    if (!cover.enough())
        warnings << cover.warning();
    nlohmann::ordered_json j = {
        {"database", DbLocation::parse(ctx.dbLocation).display().toStdString()},
        {"server", r.server.toStdString()},
        {"role", r.role.toStdString()},
        {"synchronous_commit", r.synchronousCommit.toStdString()},
        {"synchronous_standby_names", r.synchronousStandbyNames.toStdString()},
        {"standbys_connected", r.walSenders},
        {"standbys_streaming", countOrNull(r.streaming)},
        {"standbys_sync", countOrNull(r.syncStandbys)},
        {"physical_slots", r.physicalSlots},
        {"verdict", toString(r.verdict).toStdString()},
        {"accept_async_replication", accepted},
        {"openings", refuses ? "refused" : "allowed"},
        {"approval_thresholds", stringList(cover.thresholds)},
        {"approvers", stringList(cover.approvers)},
        {"advice", stringList(r.advice)},
        {"warnings", stringList(warnings)}};
    if (json) {
        printJson(ctx.out, j);
        return ExitCode::Ok;
    }
    for (const auto &[key, value] : j.items()) {
        if (key != "advice" && key != "warnings")
            ctx.out << QString::fromStdString(key) << ": " << textValue(value) << Qt::endl;
    }
    for (const QString &line : r.advice)
        ctx.out << "advice: " << line << Qt::endl;
    for (const QString &line : warnings)
        ctx.out << "warning: " << line << Qt::endl;
    return ExitCode::Ok;
}

} // namespace

int dbCommand(CommandContext &ctx, const QStringList &args)
{
    if (args.value(0) == u"check"_s &&
        (args.size() == 1 || args == QStringList{u"check"_s, u"--json"_s}))
        return dbCheck(ctx, args.size() == 2);
    if (args != QStringList{u"migrate"_s})
        return ctx.usage(u"usage: opsctl db migrate | db check [--json]"_s);
    auto session = ctx.openSession();
    auto j = nlohmann::ordered_json{{"schema_version", session->schemaVersion()}};
    // Team mode since migration 11: each directory row becomes a login; nothing is dropped, the
    // SQL is printed for the DBA (docs/team.md, "Upgrading from one shared login").
    const std::vector<QString> logins = session->access().pendingLogins();
    if (!logins.empty()) {
        j["logins_to_create"] = nlohmann::ordered_json::array();
        for (const QString &sql : logins)
            j["logins_to_create"].push_back(sql.toStdString());
    }
    printJson(ctx.out, j);
    return ExitCode::Ok;
}

int auditCommand(CommandContext &ctx, const QStringList &args)
{
    if (!args.isEmpty() && args.first() == u"export"_s)
        return auditExportCommand(ctx, args.mid(1));
    // verify always answers in JSON; --json is accepted so scripts can pass it everywhere.
    if (args != QStringList{u"verify"_s} && args != QStringList{u"verify"_s, u"--json"_s})
        return ctx.usage(u"usage: opsctl audit verify | audit export --csv FILE [filters]"_s);
    if (ctx.personName().isEmpty())
        return ctx.usage(kPersonNeeded);
    auto session = ctx.openSession();
    const ChainCheck check = verifyAuditChain(session->auditQuery(), ctx.actor());
    if (!check.holds()) {
        printJson(ctx.out, {{"verified", false},
                            {"first_broken_entry", *check.brokenId},
                            {"reason", check.reason.toStdString()},
                            {"entries_verified", check.entries}});
        return ExitCode::NotVerified; // `opsctl audit verify && …` stops here
    }
    printJson(ctx.out, {{"verified", true}, {"entries", check.entries}});
    return ExitCode::Ok;
}

} // namespace ops::cli
