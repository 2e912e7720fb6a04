// opsctl operator / approval / settings: roles, rights and four-eyes approvals (issue 6).
// Refusals by a rule (missing right, self-approval, …) come back as ActionRefused: exit 2.

#include "cli/commandcontext.h"
#include "cli/decisionnotes.h"
#include "cli/operationjson.h"
#include "cli/opsctl.h"
#include "domain/duration.h"
#include "domain/money.h"
#include "storage/access/accessstore.h"
#include "storage/access/approvals.h"
#include "storage/access/operatordirectory.h"
#include "storage/access/repeatwindow.h"
#include "storage/audit/auditsequencer.h"
#include "storage/messages/messagestore.h"
#include "storage/operations/closeapproval.h"
#include "storage/operations/operationstore.h"
#include "storage/reconcile/reconcilesettings.h"
#include "storage/reconcile/reconcilestore.h"
#include "storage/session.h"
#include "storage/team/teamstore.h"

#include <QRegularExpression>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::ordered_json;

namespace ops::cli {

namespace {

ordered_json operatorJson(const OperatorRecord &r)
{
    return {{"operator", r.name.toStdString()},
            {"role", toString(r.role).toStdString()},
            {"rights", formatRights(r.effectiveRights()).toStdString()},
            {"rights_override", r.rightsOverride.has_value()},
            {"disabled", r.disabled},
            {"created_by", r.createdBy.toStdString()}};
}

ordered_json approvalJson(const Approval &a)
{
    return {{"approval_id", a.id},
            {"operation_id", a.operationId.toStdString()},
            {"action", toString(a.action).toStdString()},
            {"amount_minor", a.amount.minor},
            {"currency", a.amount.currency.toStdString()},
            {"requested_by", a.requestedBy.toStdString()},
            {"requested_at", a.requestedAt.toString(Qt::ISODateWithMs).toStdString()},
            {"state", toString(a.state).toStdString()},
            {"decided_by", a.decidedBy.toStdString()},
            {"decision_reason", a.decisionReason.toStdString()},
            {"request", ordered_json::parse(a.payload.toStdString(), nullptr, false)}};
}

struct RoleChoice
{
    Role role = Role::Support;
    std::optional<Rights> rights; // nullopt: the role's defaults
};

// --role R [--rights a,b]: the role and the optional override.
Result<RoleChoice> roleOptions(const CliArgs &opts)
{
    const auto role = roleFromString(opts.value(u"role"_s));
    if (!role)
        return Failure{u"--role must be support or supervisor"_s};
    RoleChoice choice;
    choice.role = *role;
    if (opts.has(u"rights"_s)) {
        const auto rights = parseRights(opts.value(u"rights"_s));
        if (!rights)
            return Failure{rights.error()};
        choice.rights = *rights;
    }
    return choice;
}

const QString kNoPerson =
    u"this is done by a person: give --operator NAME or OPS_OPERATOR (or run as your OS user)"_s;

const QString kOperatorUsage = u"usage: opsctl operator add NAME --role support|supervisor "
                               "[--rights R,…] | grant NAME --role … [--rights R,…] | "
                               "disable NAME | enable NAME | list [--json] | whoami"_s;

// The language of whoami's note: LANGUAGE, LC_ALL, LC_MESSAGES, then LANG, as gettext reads
// them; the console's catalogues (resources/translations/) say the same in its status bar.
QString noteLanguage()
{
    for (const char *name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
        const QString value = qEnvironmentVariable(name);
        if (!value.isEmpty())
            return value.left(2);
    }
    return u"en"_s;
}

// Why a name is not proof, in English, Russian and Ukrainian; nothing when the login is checked.
QString unauthenticatedNote(const Identity &me)
{
    if (me.authenticated())
        return {};
    const QString lang = noteLanguage();
    if (me.teamMode) {
        if (lang == u"ru"_s)
            return u"Вы вошли как владелец таблиц: имена не проверяются. Для работы входите под своим именем."_s;
        if (lang == u"uk"_s)
            return u"Ви увійшли як власник таблиць: імена не перевіряються. Для роботи входьте під своїм іменем."_s;
        return u"You are logged in as the tables' owner: names are not checked. Log in as yourself for daily work."_s;
    }
    if (lang == u"ru"_s)
        return u"Однопользовательский файл: имя не проверяется, подтверждение двумя людьми здесь — привычка, а не контроль. Для обязательных подтверждений используйте командный режим (PostgreSQL)."_s;
    if (lang == u"uk"_s)
        return u"Файл одного робочого місця: ім'я не перевіряється, підтвердження двома людьми тут — звичка, а не контроль. Для обов'язкових підтверджень використовуйте командний режим (PostgreSQL)."_s;
    return u"Single-desk file: the name is not authenticated, and four-eyes here is a habit, not a control. Use team mode (PostgreSQL) for enforced approvals."_s;
}

// operator whoami: the login, the role and whether the database proved the name.
int operatorWhoami(CommandContext &ctx)
{
    auto session = ctx.openSession();
    const Identity &me = ctx.identity;
    // An agent's or service's login, or nobody named: no operator, only the login.
    const bool person = !ctx.personName().isEmpty() && (!me.authenticated() || me.isPerson());
    const OperatorAccess a = person ? session->access().accessOf(ctx.actor()) : OperatorAccess{};
    ordered_json j = {
        {"operator", person ? ordered_json(a.name.toStdString()) : nullptr},
        {"login", me.login.isEmpty() ? nullptr : ordered_json(me.login.toStdString())},
        {"mode", me.teamMode ? "team" : "single-desk"},
        {"authenticated", me.authenticated()},
        {"principal", toString(me.principal).toStdString()},
        {"role", a.role ? toString(*a.role).toStdString() : std::string()},
        {"disabled", a.disabled},
        {"rights", formatRights(a.rights).toStdString()}};
    if (const QString note = unauthenticatedNote(me); !note.isEmpty())
        j["note"] = note.toStdString();
    printJson(ctx.out, j);
    return ExitCode::Ok;
}

int operatorList(CommandContext &ctx, const CliArgs &opts)
{
    auto session = ctx.openSession();
    const auto operators = session->access().operators();
    if (opts.has(u"json"_s)) {
        ordered_json rows = ordered_json::array();
        for (const auto &r : operators)
            rows.push_back(operatorJson(r));
        printJson(ctx.out, {{"operators", rows}});
        return ExitCode::Ok;
    }
    for (const auto &r : operators)
        ctx.out << r.name.leftJustified(20) << ' ' << toString(r.role).leftJustified(11) << ' '
                << formatRights(r.effectiveRights()) << (r.disabled ? u" (disabled)"_s : QString())
                << '\n';
    ctx.out.flush();
    return ExitCode::Ok;
}

} // namespace

int operatorCommand(CommandContext &ctx, const QStringList &args)
{
    const QString sub = args.value(0);
    const auto opts = CliArgs::parse(args.mid(1), {u"role"_s, u"rights"_s}, {u"json"_s});
    if (!opts)
        return ctx.usage(opts.error());
    if (sub == u"list"_s)
        return operatorList(ctx, *opts);
    if (sub == u"whoami"_s)
        return operatorWhoami(ctx);
    if (ctx.personName().isEmpty())
        return ctx.usage(kNoPerson);
    const QString actor = ctx.actor();
    if (opts->positionals().size() != 1)
        return ctx.usage(kOperatorUsage);
    const QString name = opts->positionals().first();
    OperatorRecord result;
    if (sub == u"add"_s || sub == u"grant"_s) {
        const auto choice = roleOptions(*opts);
        if (!choice)
            return ctx.usage(choice.error());
        auto session = ctx.openSession();
        result = sub == u"add"_s
                     ? session->access().addOperator(actor, name, choice->role, choice->rights)
                     : session->access().grantRole(actor, name, choice->role, choice->rights);
    } else if (sub == u"disable"_s || sub == u"enable"_s) {
        auto session = ctx.openSession();
        result = session->access().setDisabled(actor, name, sub == u"disable"_s);
    } else {
        return ctx.usage(kOperatorUsage);
    }
    printJson(ctx.out, operatorJson(result));
    return ExitCode::Ok;
}

int approvalCommand(CommandContext &ctx, const QStringList &args)
{
    const QString usage = u"usage: opsctl approval list [--state S] [--json] | approve ID "
                          "[--reason TEXT] | reject ID --reason TEXT (ID: an approval's number, "
                          "or the op_… of an agent's held refund)"_s;
    const QString sub = args.value(0);
    const auto opts = CliArgs::parse(args.mid(1), {u"state"_s, u"reason"_s}, {u"json"_s});
    if (!opts)
        return ctx.usage(opts.error());
    if (sub == u"list"_s) {
        std::optional<ApprovalState> state;
        if (opts->has(u"state"_s) && !(state = approvalStateFromString(opts->value(u"state"_s))))
            return ctx.usage(u"--state must be pending, approved, rejected or used"_s);
        auto session = ctx.openSession();
        ordered_json rows = ordered_json::array();
        for (const auto &a : session->access().approvals(state))
            rows.push_back(approvalJson(a));
        // Agents' refunds held over their limits wait for the same decision (DESIGN §13).
        ordered_json held = ordered_json::array();
        OperationFilter filter;
        filter.state = OperationState::AwaitingApproval;
        filter.limit = 500;
        for (const Operation &op : session->store().list(filter))
            held.push_back(toJson(op));
        printJson(ctx.out, {{"approvals", rows}, {"agent_requests", held}});
        return ExitCode::Ok;
    }
    if ((sub != u"approve"_s && sub != u"reject"_s) || opts->positionals().size() != 1)
        return ctx.usage(usage);
    if (ctx.personName().isEmpty())
        return ctx.usage(kNoPerson);
    if (opts->positionals().first().startsWith(u"op_"_s))
        return agentRequestDecision(ctx, sub, opts->positionals().first(),
                                    opts->value(u"reason"_s));
    bool ok = false;
    const qint64 id = opts->positionals().first().toLongLong(&ok);
    if (!ok || id <= 0)
        return ctx.usage(u"an approval id is a positive number"_s);
    if (sub == u"reject"_s && opts->value(u"reason"_s).trimmed().isEmpty())
        return ctx.usage(u"a rejection needs --reason TEXT"_s);
    auto session = ctx.openSession();
    const Approval a =
        sub == u"approve"_s
            ? approveRequest(session->store(), id, ctx.actor(), opts->value(u"reason"_s))
            : rejectRequest(session->store(), id, ctx.actor(), opts->value(u"reason"_s));
    ordered_json j = approvalJson(a);
    if (const auto op = session->store().operation(a.operationId))
        j["operation_state"] = toString(op->state).toStdString();
    if (const auto notes = sendDecisionNotes(ctx, *session, a.operationId); !notes.empty())
        j["decision_notes"] = notes;
    printJson(ctx.out, j);
    return ExitCode::Ok;
}

namespace {

// The service targets in force, in milliseconds (0: off).
ordered_json targetsJson(const ServiceTargets &t)
{
    return {{"target_unowned_ms", t.unowned.count()},
            {"target_undecided_ms", t.undecided.count()},
            {"target_approval_ms", t.approval.count()}};
}

} // namespace

// settings set repeat-window|audit-merge-delay|target-… DURATION · settings clear repeat-window|
// audit-merge-delay. The repeat window is rule 13's; the merge delay is how long an audit entry
// may wait for its chain position before audit verify fails (PostgreSQL's sequencer).
int durationSetting(CommandContext &ctx, const QStringList &args, const QString &usage)
{
    const bool set = args.value(0) == u"set"_s && args.size() == 3;
    const bool clear = args.value(0) == u"clear"_s && args.size() == 2;
    if (!set && !clear)
        return ctx.usage(usage);
    const bool repeat = args.value(1) == u"repeat-window"_s;
    const std::optional<TargetKind> target = targetKindFromName(args.value(1));
    std::optional<std::chrono::milliseconds> value;
    if (set) {
        const auto parsed =
            target   ? parseDuration(args.value(2), args.value(1), std::chrono::hours(24 * 365))
            : repeat ? parseRepeatWindow(args.value(2))
                     : AuditSequencer::parseMergeDelay(args.value(2));
        if (!parsed)
            return ctx.usage(parsed.error());
        value = *parsed;
    }
    if (ctx.personName().isEmpty())
        return ctx.usage(kNoPerson);
    auto session = ctx.openSession();
    if (target) {
        session->team().setTarget(*target, value, ctx.actor());
        ordered_json j = targetsJson(session->team().targets());
        j["alert_window_ms"] = session->team().alertWindow().count();
        j["default"] = !value.has_value();
        printJson(ctx.out, j);
        return ExitCode::Ok;
    }
    AccessStore &access = session->access();
    if (repeat) {
        access.setRepeatWindow(ctx.actor(), value);
        printJson(ctx.out, {{"repeat_window_ms", access.repeatWindow().count()},
                            {"default", !value.has_value()}});
        return ExitCode::Ok;
    }
    access.setAuditMergeDelay(ctx.actor(), value);
    printJson(ctx.out, {{"audit_merge_delay_ms", access.auditMergeDelay().count()},
                        {"default", !value.has_value()}});
    return ExitCode::Ok;
}

namespace {

// A threshold as a person reads it, in currency units: "1000.00 USD" (formatMoney).
std::string thresholdText(const QString &currency, qint64 minor)
{
    return formatMoney(Money{minor, currency}).toStdString();
}

// settings set reconcile-auto-close on|off · settings set reconcile-schedule 1m,5m,1h,6h ·
// settings set accept-async-replication on|off (replication.h: a supervisor accepts that a
// failover may lose rows on an asynchronously replicated database) · settings set
// decision-notes on|off (a person's close notes the decision on the row's ticket)
int namedSetting(CommandContext &ctx, const QString &name, const QString &value)
{
    if (ctx.personName().isEmpty())
        return ctx.usage(kNoPerson);
    if (name != u"reconcile-schedule"_s) {
        if (value != u"on"_s && value != u"off"_s)
            return ctx.usage(u"%1 is on or off"_s.arg(name));
        auto session = ctx.openSession();
        if (name == u"accept-async-replication"_s)
            session->access().setAcceptAsyncReplication(ctx.actor(), value == u"on"_s);
        else if (name == u"decision-notes"_s)
            session->messages().setDecisionNotes(ctx.actor(), value == u"on"_s);
        else
            session->reconcile().setAutoClose(ctx.actor(), value == u"on"_s);
        printJson(ctx.out,
                  {{QString(name).replace(u'-', u'_').toStdString(), value.toStdString()}});
        return ExitCode::Ok;
    }
    const auto times = parseReconcileSchedule(value);
    if (!times)
        return ctx.usage(u"reconcile-schedule: "_s + times.error());
    auto session = ctx.openSession();
    session->reconcile().setSchedule(ctx.actor(), *times);
    printJson(ctx.out, {{"reconcile_schedule", formatReconcileSchedule(*times).toStdString()}});
    return ExitCode::Ok;
}

} // namespace

int settingsCommand(CommandContext &ctx, const QStringList &args)
{
    // The threshold is typed in minor units (scripts and tests pass them; no decimal parsing on
    // the command line); what is printed carries the same figure in currency units beside it.
    const QString usage = u"usage: opsctl settings set approval-threshold CURRENCY MINOR_UNITS "
                          "(minor units: 100000 usd is 1000.00 USD) | "
                          "clear approval-threshold CURRENCY | set|clear batch-threshold (the "
                          "same; a batch file's total, docs/batches.md) | "
                          "set repeat-window DURATION | "
                          "clear repeat-window | set audit-merge-delay DURATION | "
                          "clear audit-merge-delay | set reconcile-auto-close on|off | "
                          "set reconcile-schedule 1m,5m,1h,6h | "
                          "set accept-async-replication on|off | set decision-notes on|off | "
                          "set|clear target-unowned|target-undecided|target-approval|alert-window "
                          "DURATION | "
                          "show"_s;
    const QString sub = args.value(0);
    if (sub == u"show"_s && args.size() == 1) {
        auto session = ctx.openSession();
        ordered_json thresholds = ordered_json::object();
        ordered_json shown = ordered_json::object();
        for (const auto &[currency, minor] : session->access().approvalThresholds()) {
            thresholds[currency.toStdString()] = minor;
            shown[currency.toStdString()] = thresholdText(currency, minor);
        }
        ordered_json batch = ordered_json::object();
        for (const auto &[currency, minor] :
             session->access().approvalThresholds(ThresholdKind::Batch))
            batch[currency.toStdString()] = minor;
        const ReconcileSettings reconcile = session->reconcile().settings();
        printJson(ctx.out, {{"approval_threshold", thresholds},
                            {"approval_threshold_text", shown},
                            {"batch_threshold", batch},
                            {"repeat_window_ms", session->access().repeatWindow().count()},
                            {"audit_merge_delay_ms", session->access().auditMergeDelay().count()},
                            {"reconcile_auto_close", reconcile.autoClose ? "on" : "off"},
                            {"accept_async_replication",
                             session->access().acceptsAsyncReplication() ? "on" : "off"},
                            {"decision_notes", session->messages().decisionNotes() ? "on" : "off"},
                            {"reconcile_schedule",
                             formatReconcileSchedule(reconcile.checkTimes).toStdString()},
                            {"service_targets", targetsJson(session->team().targets())},
                            {"alert_window_ms", session->team().alertWindow().count()}});
        return ExitCode::Ok;
    }
    if (args.value(1) == u"repeat-window"_s || args.value(1) == u"audit-merge-delay"_s ||
        targetKindFromName(args.value(1)))
        return durationSetting(ctx, args, usage);
    if (sub == u"set"_s && args.size() == 3 &&
        (args.value(1) == u"reconcile-auto-close"_s || args.value(1) == u"reconcile-schedule"_s ||
         args.value(1) == u"accept-async-replication"_s || args.value(1) == u"decision-notes"_s))
        return namedSetting(ctx, args.value(1), args.value(2));
    const bool set = sub == u"set"_s && args.size() == 4;
    const bool clear = sub == u"clear"_s && args.size() == 3;
    const bool batch = args.value(1) == u"batch-threshold"_s;
    if ((!set && !clear) || (args.value(1) != u"approval-threshold"_s && !batch))
        return ctx.usage(usage);
    const ThresholdKind kind = batch ? ThresholdKind::Batch : ThresholdKind::Row;
    const std::string key = batch ? "batch_threshold" : "approval_threshold";
    const QString currency = args.value(2).trimmed().toLower();
    static const QRegularExpression code(u"^[a-z0-9_]{1,40}$"_s);
    if (!code.match(currency).hasMatch())
        return ctx.usage(u"a currency (or credit type) is 1-40 letters, digits or _"_s);
    if (ctx.personName().isEmpty())
        return ctx.usage(kNoPerson);
    std::optional<qint64> minor;
    if (set) {
        bool ok = false;
        minor = args.value(3).toLongLong(&ok);
        if (!ok || *minor < 0 || args.value(3).startsWith(u'+'))
            return ctx.usage(u"the threshold is a whole number of minor units, 0 or more"_s);
    }
    auto session = ctx.openSession();
    session->access().setApprovalThreshold(ctx.actor(), currency, minor, kind);
    printJson(ctx.out, {{"currency", currency.toStdString()},
                        {key, minor ? ordered_json(*minor) : ordered_json()},
                        {key + "_text",
                         minor ? ordered_json(thresholdText(currency, *minor)) : ordered_json()}});
    return ExitCode::Ok;
}

} // namespace ops::cli
