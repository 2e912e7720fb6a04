// take | assign | release OP, note add | list OP (DESIGN §18): owners and notes from the terminal.
// A terminal cannot ask "bob owns it; take it?", so a row someone else owns moves only when the
// command names them (--from bob): the answer to the console's question, given up front, and
// refused when somebody else took the row meanwhile.

#include "cli/commandcontext.h"
#include "cli/operationjson.h"
#include "cli/opsctl.h"
#include "domain/operatoraccess.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"
#include "storage/team/teamstore.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::ordered_json;

namespace ops::cli {

namespace {

const QString kOwnerUsage = u"usage: opsctl take OP [--from NAME] | assign OP --to NAME "
                            "[--from NAME] | release OP [--from NAME]   (--from: who owns it "
                            "now, when it is not you)"_s;

ordered_json ownerJson(const Operation &op)
{
    return {
        {"operation_id", str(op.id)},
        {"owned_by", op.ownedBy.isEmpty() ? ordered_json(nullptr) : ordered_json(str(op.ownedBy))},
        {"owned_since",
         op.ownedSince ? ordered_json(isoUtc(*op.ownedSince)) : ordered_json(nullptr)}};
}

// The owner the command expects to replace: the row's, when it is nobody's or the caller's, or
// the one --from names. '' with `refusal` set when the row is someone else's and --from does not
// name them.
QString expectedOwner(const Operation &op, const QString &actor, const QString &from,
                      QString *refusal)
{
    if (op.ownedBy.isEmpty() || op.ownedBy == actor)
        return op.ownedBy;
    if (!from.isEmpty() && u"operator:"_s + from == op.ownedBy)
        return op.ownedBy;
    const QString since =
        op.ownedSince ? QString::fromStdString(isoUtc(*op.ownedSince)) : QString();
    *refusal = u"%1 owns %2 (since %3): give --from %1 to go on"_s.arg(operatorName(op.ownedBy),
                                                                       op.id, since);
    return {};
}

} // namespace

int ownerCommand(CommandContext &ctx, const QString &verb, const QStringList &args)
{
    const auto opts = CliArgs::parse(args, {u"to"_s, u"from"_s}, {});
    if (!opts)
        return ctx.usage(opts.error() + u"\n"_s + kOwnerUsage);
    if (opts->positionals().size() != 1 || (verb == u"assign"_s) != opts->has(u"to"_s))
        return ctx.usage(kOwnerUsage);
    if (ctx.personName().isEmpty())
        return ctx.usage(u"a row is owned by a person: give --operator NAME or OPS_OPERATOR"_s);
    const QString to = opts->value(u"to"_s);
    if (verb == u"assign"_s && !isValidOperatorName(to))
        return ctx.usage(u"--to names a person: 1-64 letters, digits or _ . @ -"_s);
    auto session = ctx.openSession();
    const QString id = opts->positionals().first();
    const auto op = session->store().operation(id);
    if (!op)
        return ctx.usage(u"no operation %1"_s.arg(id));
    QString refusal;
    // Assigning a row to whoever owns it already changes nothing, whoever that is.
    const QString expected =
        verb == u"assign"_s && op->ownedBy == u"operator:"_s + to
            ? op->ownedBy
            : expectedOwner(*op, ctx.actor(), opts->value(u"from"_s), &refusal);
    if (!refusal.isEmpty())
        return ctx.usage(refusal);
    TeamStore &team = session->team();
    const QString problem = verb == u"take"_s ? team.take(id, ctx.actor(), expected)
                            : verb == u"assign"_s
                                ? team.assign(id, u"operator:"_s + to, ctx.actor(), expected)
                                : team.release(id, ctx.actor(), expected);
    if (!problem.isEmpty())
        return ctx.usage(problem);
    ordered_json j = ownerJson(*session->store().operation(id));
    j["previous"] = op->ownedBy.isEmpty() ? ordered_json(nullptr) : ordered_json(str(op->ownedBy));
    printJson(ctx.out, j);
    return ExitCode::Ok;
}

int noteCommand(CommandContext &ctx, const QStringList &args)
{
    const QString usage = u"usage: opsctl note add OP --text TEXT | list OP [--json]"_s;
    const QString verb = args.value(0);
    const auto opts = CliArgs::parse(args.mid(1), {u"text"_s}, {u"json"_s});
    if ((verb != u"add"_s && verb != u"list"_s) || !opts || opts->positionals().size() != 1)
        return ctx.usage(opts ? usage : opts.error() + u"\n"_s + usage);
    const QString id = opts->positionals().first();
    if (verb == u"add"_s) {
        if (!opts->has(u"text"_s))
            return ctx.usage(u"note add needs --text TEXT"_s);
        if (const QString problem = noteProblem(opts->value(u"text"_s)); !problem.isEmpty())
            return ctx.usage(problem);
        if (ctx.personName().isEmpty())
            return ctx.usage(
                u"notes are written by a person: give --operator NAME or OPS_OPERATOR"_s);
    }
    auto session = ctx.openSession();
    if (!session->store().operation(id))
        return ctx.usage(u"no operation %1"_s.arg(id));
    if (verb == u"add"_s) {
        const qint64 noteId = session->team().addNote(id, opts->value(u"text"_s), ctx.actor());
        printJson(ctx.out, {{"note_id", noteId}, {"operation_id", str(id)}});
        return ExitCode::Ok;
    }
    const std::vector<RowNote> stored = session->team().notes(id);
    ordered_json notes = ordered_json::array();
    for (const RowNote &n : stored)
        notes.push_back({{"id", n.id},
                         {"created_by", str(n.createdBy)},
                         {"created_at", isoUtc(n.createdAt)},
                         {"text", str(n.body)}});
    if (opts->has(u"json"_s)) {
        printJson(ctx.out, {{"operation_id", str(id)}, {"notes", notes}});
        return ExitCode::Ok;
    }
    for (const RowNote &n : stored)
        ctx.out << QString::fromStdString(isoUtc(n.createdAt)) << u"  "_s
                << operatorName(n.createdBy) << u": "_s << n.body << Qt::endl;
    return ExitCode::Ok;
}

} // namespace ops::cli
