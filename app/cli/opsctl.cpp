#include "cli/opsctl.h"

#include "cli/commandcontext.h"
#include "cli/streamtap.h"
#include "config/engineenv.h"
#include "domain/dblocation.h"
#include "engine/toolresult.h"
#include "opsversion.h"
#include "storage/access/accessstore.h"
#include "storage/access/operatordirectory.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace ops::cli {

namespace {

const QString kUsage =
    u"usage: opsctl [--db PATH|postgresql://…] [--operator NAME] COMMAND …\n"
    "       opsctl --version | --help\n"
    "commands:\n"
    "  refund --order ID (--charge CH | --payment-intent PI | --adyen-payment PSP) "
    "--amount CENTS [--currency usd] [--reference REF] [--reason duplicate|fraudulent|"
    "requested_by_customer] [--reason-code CODE] [--replaces OP] [--ticket T] [--tool-call ID]\n"
    "  batch check FILE --name NAME [--json] | run FILE --name NAME [--rate PER_SECOND] "
    "[--result PATH] [--json] | approve NAME [--id N] [--reason T] | reject NAME [--id N] --reason "
    "T | "
    "approvals [--state S] [--json]   (refunds from a CSV file, docs/batches.md)\n"
    "  credit topup|charge|adjust --customer ID --credit-type T --amount N "
    "--work NAME [--note TEXT] [--tool-call ID]\n"
    "  execute --flow F --input JSON --work NAME [--context JSON] "
    "[--mode sync|async] [--tool-call ID]\n"
    "  list [--state S] [--kind K] [--limit N] [--after CURSOR] [--json]\n"
    "  show OP [--json] [--bodies]\n"
    "  sweep\n"
    "  evidence add OP --kind K --title T (--file PATH | --text TEXT)\n"
    "  close OP --outcome succeeded|failed --reason TEXT --evidence ID[,ID] "
    "[--provider-ref REF]\n"
    "  take OP [--from NAME]   (owners: a name, not a lock; --from: who owns it now)\n"
    "  assign OP --to NAME [--from NAME]\n"
    "  release OP [--from NAME]\n"
    "  note add OP --text TEXT | note list OP [--json]   (internal notes, never proof)\n"
    "  alerts [--open] [--limit N] [--json]   (what opsctl serve's alert loop sent)\n"
    "  operator add|grant NAME --role support|supervisor [--rights R,…] | "
    "disable|enable NAME | list [--json] | whoami\n"
    "  agent add NAME [--max-refund AMOUNT CUR] [--daily AMOUNT CUR] [--rate N] | "
    "list [--json] | revoke NAME | rotate NAME [--grace 1h] | set-limits NAME …\n"
    "  approval list [--state S] | approve ID [--reason T] | reject ID "
    "--reason T (ID: an approval, or an agent's held op_…)\n"
    "  settings set approval-threshold CURRENCY MINOR_UNITS | clear "
    "approval-threshold CURRENCY | set|clear batch-threshold … | set repeat-window DURATION (24h, "
    "90m, "
    "500ms) | clear repeat-window | show\n"
    "  settings set reconcile-auto-close on|off | set reconcile-schedule "
    "1m,5m,1h,6h | set audit-merge-delay DURATION (2s) | clear audit-merge-delay | set "
    "decision-notes on|off | "
    "set accept-async-replication on|off\n"
    "  settings set|clear target-unowned|target-undecided|target-approval|alert-window DURATION "
    "(1h; 0 off)\n"
    "  reconcile [--once] [--json]   (the reconciler, docs/reconciliation.md)\n"
    "  proposals list [--state S|all] [--json] | apply (ID…|--all) "
    "[--dry-run]\n"
    "  serve [--listen HOST:PORT] [--json] [--db-connections N]   (the team's "
    "service: the reconciler and alert loops)\n"
    "  demo generate --rows N     (synthetic rows, empty database only)\n"
    "  demo story --sim URL       (the console demo's rows, made against "
    "provider-sim)\n"
    "  db migrate | db check [--json]   (replication: standalone, sync or async; four-eyes cover)\n"
    "  audit verify     (exit 3 when the chain does not hold)\n"
    "  audit export --csv FILE [--actor P] [--action P] [--operation P] "
    "[--kind K] [--from TIME] [--to TIME] [--progress]\n"
    "  message send OP (--template T | --text TEXT) [--language en|ru|uk] "
    "[--conversation C]\n"
    "  message list OP [--json]\n"
    "  message check (OP | --order ORDER) --draft TEXT [--language en|ru|uk]   (check_reply: "
    "exit 0 allowed, 2 refused; stores nothing)\n"
    "  message connection   (the helpdesk's check: who the credentials belong to; moves "
    "nothing)\n"
    "  mcp [--http HOST:PORT] [--db-connections N]   (the agent tool server, "
    "docs/agents.md)\n"
    "  webhook serve [--listen HOST:PORT] [--tolerance SECONDS] "
    "[--db-connections N]  (Stripe webhook receiver, docs/reconciliation.md)\n"
    "  events import [--days N] [--json]   (backfill from GET /v1/events)\n"
    "with --json (and always for refund, credit, execute) stdout carries one "
    "JSON object, also on an error: {\"error\":{\"code\",\"message\"}}; the "
    "reason goes to stderr\n"_s;

using Command = int (*)(CommandContext &, const QStringList &);

Command commandFor(const QString &name)
{
    if (name == u"refund"_s)
        return refundCommand;
    if (name == u"batch"_s)
        return batchCommand;
    if (name == u"credit"_s)
        return creditCommand;
    if (name == u"execute"_s)
        return executeCommand;
    if (name == u"list"_s)
        return listCommand;
    if (name == u"show"_s)
        return showCommand;
    if (name == u"sweep"_s)
        return sweepCommand;
    if (name == u"db"_s)
        return dbCommand;
    if (name == u"audit"_s)
        return auditCommand;
    if (name == u"evidence"_s)
        return evidenceCommand;
    if (name == u"close"_s)
        return closeCommand;
    if (name == u"demo"_s)
        return demoCommand;
    if (name == u"message"_s)
        return messageCommand;
    if (name == u"mcp"_s)
        return mcpCommand;
    if (name == u"webhook"_s)
        return webhookCommand;
    if (name == u"events"_s)
        return eventsCommand;
    if (name == u"operator"_s)
        return operatorCommand;
    if (name == u"agent"_s)
        return agentCommand;
    if (name == u"approval"_s)
        return approvalCommand;
    if (name == u"settings"_s)
        return settingsCommand;
    if (name == u"reconcile"_s)
        return reconcileCommand;
    if (name == u"proposals"_s)
        return proposalsCommand;
    if (name == u"serve"_s)
        return serveCommand;
    if (name == u"note"_s)
        return noteCommand;
    if (name == u"alerts"_s)
        return alertsCommand;
    if (name == u"take"_s)
        return [](CommandContext &ctx, const QStringList &args) {
            return ownerCommand(ctx, u"take"_s, args);
        };
    if (name == u"assign"_s)
        return [](CommandContext &ctx, const QStringList &args) {
            return ownerCommand(ctx, u"assign"_s, args);
        };
    if (name == u"release"_s)
        return [](CommandContext &ctx, const QStringList &args) {
            return ownerCommand(ctx, u"release"_s, args);
        };
    return nullptr;
}

// The agent's tools answer every call with a tool result, --json or not (docs/design.md §9).
bool isToolCommand(const QString &name)
{
    return name == u"refund"_s || name == u"credit"_s || name == u"execute"_s;
}

// What a --json caller reads when a command failed before printing its result: the reason
// (already on stderr) as a JSON object. Bad input on a tool command is a rejected tool result
// (nothing stored, nothing sent); anything else is {"error":{"code","message"}}.
nlohmann::ordered_json errorJson(const QString &command, int exitCode, const QString &reason)
{
    const QString message = reason.isEmpty() ? u"opsctl failed"_s : reason;
    if (exitCode == ExitCode::Usage && isToolCommand(command))
        return ToolResult::rejected(u"invalid_request"_s, message).toJson();
    const char *code = exitCode == ExitCode::Usage ? "invalid_request" : "internal";
    return {{"error", {{"code", code}, {"message", message.toStdString()}}}};
}

// Global options stop at the command name.
qsizetype commandIndex(const QStringList &args)
{
    static const QSet<QString> flags{u"--help"_s, u"--version"_s};
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (!args.at(i).startsWith(u"--"_s))
            return i;
        if (!args.at(i).contains(u'=') && !flags.contains(args.at(i)))
            ++i; // skip the option's value
    }
    return args.size();
}

int dispatch(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace

std::unique_ptr<Session> CommandContext::openSession()
{
    try {
        return std::make_unique<Session>(dbLocation, clock);
    } catch (const LocationError &e) {
        throw InvalidInput(e.what());
    }
}

QString CommandContext::personName() const
{
    if (!operatorName.isEmpty())
        return operatorName;
    return qEnvironmentVariable("USER", qEnvironmentVariable("USERNAME")).trimmed();
}

namespace {

// Team mode: the login is the person (DESIGN §13). Runs before any command, so a command that
// names someone else writes nothing; a SQLite file keeps the typed name, unauthenticated.
int bindIdentity(CommandContext &ctx)
{
    try {
        if (DbLocation::parse(ctx.dbLocation).backend != DbLocation::Backend::Postgres)
            return ExitCode::Ok;
    } catch (const StoreError &) {
        return ExitCode::Ok; // a malformed location: the command reports it as it always has
    }
    ctx.identity = ctx.openSession()->access().identity();
    if (const auto allowed = ctx.identity.mayActAs(ctx.operatorName); !allowed)
        return ctx.usage(allowed.error());
    ctx.operatorName = ctx.identity.operatorFor(ctx.operatorName);
    return ExitCode::Ok;
}

} // namespace

int CommandContext::usage(const QString &message)
{
    err << "opsctl: " << message << Qt::endl;
    return ExitCode::Usage;
}

int runOpsctl(const QStringList &args, QTextStream &out, QTextStream &err)
{
    StreamTap outTap(out);
    StreamTap errTap(err);
    QTextStream tappedOut(&outTap);
    QTextStream tappedErr(&errTap);
    const int code = dispatch(args, tappedOut, tappedErr);
    tappedOut.flush();
    tappedErr.flush();
    const qsizetype at = commandIndex(args);
    const QString command = at < args.size() ? args.at(at) : QString();
    const bool wantsJson = args.contains(u"--json"_s) || isToolCommand(command);
    if (code != ExitCode::Ok && code != ExitCode::NotVerified && wantsJson &&
        outTap.bytesSeen() == 0) {
        out << QString::fromStdString(errorJson(command, code, errTap.firstLine()).dump())
            << Qt::endl;
    }
    return code;
}

namespace {

int dispatch(const QStringList &args, QTextStream &out, QTextStream &err)
{
    const qsizetype commandAt = commandIndex(args);
    const auto global =
        CliArgs::parse(args.mid(0, commandAt), {u"db"_s, u"operator"_s}, {u"help"_s, u"version"_s});
    CommandContext ctx{{}, {}, out, err, {}, {}};
    if (!global)
        return ctx.usage(global.error() + u"\n"_s + kUsage);
    if (global->has(u"version"_s)) {
        out << "opsctl " << ops::kVersion << Qt::endl;
        return ExitCode::Ok;
    }
    if (global->has(u"help"_s) || commandAt >= args.size()) {
        (global->has(u"help"_s) ? out : err) << kUsage;
        return global->has(u"help"_s) ? ExitCode::Ok : ExitCode::Usage;
    }
    const auto location = databaseLocation(global->value(u"db"_s));
    if (!location)
        return ctx.usage(location.error());
    ctx.dbLocation = *location;
    ctx.operatorName = global->value(u"operator"_s, qEnvironmentVariable("OPS_OPERATOR")).trimmed();
    if (!ctx.operatorName.isEmpty() && !isValidOperatorName(ctx.operatorName))
        return ctx.usage(u"the operator name '%1' must be 1-64 letters, digits or _ . @ -"_s.arg(
            ctx.operatorName));

    const QString name = args.at(commandAt);
    const Command command = commandFor(name);
    if (!command)
        return ctx.usage(u"unknown command '%1'\n"_s.arg(name) + kUsage);
    try {
        if (const int refused = bindIdentity(ctx); refused != ExitCode::Ok)
            return refused;
        return command(ctx, args.mid(commandAt + 1));
    } catch (const InvalidInput &e) {
        err << "opsctl: " << QString::fromStdString(e.what()) << Qt::endl;
        return ExitCode::Usage;
    } catch (const ActionRefused &e) {
        err << "opsctl: " << e.message() << Qt::endl;
        // The database refusing a tool's write may come after the request was sent: not the
        // "rejected, nothing sent" a usage error on a tool command reports (errorJson).
        const bool afterSend = isToolCommand(name) && !e.databaseCode().isEmpty();
        return afterSend ? ExitCode::Internal : ExitCode::Usage;
    } catch (const StoreError &e) {
        err << "opsctl: " << e.message() << Qt::endl;
        return ExitCode::Internal;
    }
}

} // namespace

} // namespace ops::cli
