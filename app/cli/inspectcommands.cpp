// opsctl list / show / sweep / db migrate / audit verify.

#include "auditexport.h"
#include "auditlog.h"
#include "commandcontext.h"
#include "database.h"
#include "operationjson.h"
#include "operationstore.h"
#include "opsctl.h"

using namespace Qt::StringLiterals;
using nlohmann::ordered_json;

namespace ops::cli {

namespace {

void printJson(QTextStream &out, const ordered_json &j)
{
    out << QString::fromStdString(j.dump()) << Qt::endl;
}

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
            << cell(u"%1/%2"_s.arg(op.attempts).arg(op.attemptCap), 5) << ' ' << op.providerRef
            << '\n';
    }
    out.flush();
}

} // namespace

int listCommand(CommandContext &ctx, const QStringList &args)
{
    QString error;
    const auto opts =
        CliArgs::parse(args, {u"state"_s, u"kind"_s, u"limit"_s}, {u"json"_s}, &error);
    if (!opts)
        return ctx.usage(error);
    OperationFilter filter;
    if (opts->has(u"state"_s)) {
        filter.state = stateFromString(opts->value(u"state"_s));
        if (!filter.state)
            return ctx.usage(u"--state must be open, unknown, succeeded or failed"_s);
    }
    if (opts->has(u"kind"_s)) {
        filter.kind = kindFromString(opts->value(u"kind"_s));
        if (!filter.kind)
            return ctx.usage(u"--kind must be refund, credit_topup, credit_charge, credit_adjust "
                             "or execution"_s);
    }
    if (opts->has(u"limit"_s)) {
        bool ok = false;
        filter.limit = opts->value(u"limit"_s).toInt(&ok);
        if (!ok || filter.limit < 1 || filter.limit > 100000)
            return ctx.usage(u"--limit must be between 1 and 100000"_s);
    }
    auto store = ctx.openStore();
    const auto ops = store->list(filter);
    if (!opts->has(u"json"_s)) {
        printTable(ctx.out, ops);
        return ExitCode::Ok;
    }
    ordered_json rows = ordered_json::array();
    for (const Operation &op : ops)
        rows.push_back(toJson(op));
    printJson(ctx.out, {{"operations", rows}});
    return ExitCode::Ok;
}

int showCommand(CommandContext &ctx, const QStringList &args)
{
    QString error;
    const auto opts = CliArgs::parse(args, {}, {u"json"_s}, &error);
    if (!opts)
        return ctx.usage(error);
    if (opts->positionals().size() != 1)
        return ctx.usage(u"show takes one operation id"_s);
    auto store = ctx.openStore();
    const QString id = opts->positionals().first();
    const auto op = store->operation(id);
    if (!op)
        return ctx.usage(u"no operation %1"_s.arg(id));
    ordered_json j = toJson(*op);
    j["attempts_detail"] = ordered_json::array();
    for (const Attempt &a : store->attempts(id))
        j["attempts_detail"].push_back(toJson(a));
    j["evidence"] = ordered_json::array();
    for (const Evidence &e : store->evidence(id))
        j["evidence"].push_back(toJson(e));
    j["audit"] = ordered_json::array();
    for (const AuditEntry &e : store->audit(id))
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
    auto store = ctx.openStore();
    const int swept = store->sweep(u"system:sweeper"_s);
    printJson(ctx.out, {{"swept", swept}});
    return ExitCode::Ok;
}

int dbCommand(CommandContext &ctx, const QStringList &args)
{
    if (args != QStringList{u"migrate"_s})
        return ctx.usage(u"usage: opsctl db migrate"_s);
    auto store = ctx.openStore();
    printJson(ctx.out, {{"schema_version", Database::schemaVersion(store->database())}});
    return ExitCode::Ok;
}

int auditCommand(CommandContext &ctx, const QStringList &args)
{
    if (!args.isEmpty() && args.first() == u"export"_s)
        return auditExportCommand(ctx, args.mid(1));
    if (args != QStringList{u"verify"_s})
        return ctx.usage(u"usage: opsctl audit verify | audit export --csv FILE [filters]"_s);
    if (ctx.personName().isEmpty())
        return ctx.usage(kPersonNeeded);
    auto store = ctx.openStore();
    const ChainCheck check = verifyAuditChain(store->database(), ctx.actor());
    if (!check.holds()) {
        printJson(ctx.out, {{"verified", false},
                            {"first_broken_entry", *check.brokenId},
                            {"reason", check.reason.toStdString()},
                            {"entries_verified", check.entries}});
        return ExitCode::Ok;
    }
    printJson(ctx.out, {{"verified", true}, {"entries", check.entries}});
    return ExitCode::Ok;
}

} // namespace ops::cli
