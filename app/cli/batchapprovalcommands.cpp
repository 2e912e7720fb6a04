// opsctl batch approve|reject|approvals, and the gate `batch run` passes first: four-eyes for a
// whole batch (docs/design.md §19, storage/access/batchapprovals.h). A batch whose total in a
// currency is above that currency's batch threshold waits, with nothing sent, until another
// supervisor approved this file under this name.

#include "cli/batchcommands.h"
#include "cli/operationjson.h"
#include "cli/opsctl.h"
#include "domain/money.h"
#include "storage/access/accessstore.h"
#include "storage/session.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::ordered_json;

namespace ops::cli {

namespace {

ordered_json approvalJson(const BatchApproval &a)
{
    ordered_json totals = ordered_json::object();
    for (auto it = a.totals.begin(); it != a.totals.end(); ++it)
        totals[str(it.key())] = it.value();
    return {{"approval_id", a.id},
            {"batch", str(a.name)},
            {"state", str(toString(a.state))},
            {"rows", a.rows},
            {"totals", totals},
            {"file_sha256", str(a.fileSha256)},
            {"requested_by", str(a.requestedBy)},
            {"requested_at", str(a.requestedAt.toString(Qt::ISODateWithMs))},
            {"decided_by", a.decidedBy.isEmpty() ? ordered_json() : ordered_json(str(a.decidedBy))},
            {"reason", str(a.decisionReason)}};
}

int decide(CommandContext &ctx, const CliArgs &opts, bool approve)
{
    if (opts.positionals().size() != 1)
        return ctx.usage(
            u"usage: opsctl batch approve NAME [--id N] [--reason T] | reject NAME [--id N] "
            "--reason T"_s);
    if (!approve && opts.value(u"reason"_s).trimmed().isEmpty())
        return ctx.usage(u"a rejection needs --reason: the asker reads it"_s);
    std::optional<qint64> id;
    if (opts.has(u"id"_s)) {
        bool ok = false;
        id = opts.value(u"id"_s).toLongLong(&ok);
        if (!ok || *id <= 0)
            return ctx.usage(u"--id is an approval's number, as batch approvals lists it"_s);
    }
    auto session = ctx.openSession();
    const BatchApproval decided = session->access().decideBatchApproval(
        ctx.actor(), opts.positionals().first(), id, approve, opts.value(u"reason"_s).trimmed());
    printJson(ctx.out, approvalJson(decided));
    return ExitCode::Ok;
}

int list(CommandContext &ctx, const CliArgs &opts)
{
    std::optional<ApprovalState> state;
    if (opts.has(u"state"_s)) {
        state = approvalStateFromString(opts.value(u"state"_s));
        if (!state || *state == ApprovalState::Used)
            return ctx.usage(u"--state is pending, approved or rejected"_s);
    }
    auto session = ctx.openSession();
    const std::vector<BatchApproval> all = session->access().batchApprovals(state);
    if (opts.has(u"json"_s)) {
        ordered_json rows = ordered_json::array();
        for (const BatchApproval &a : all)
            rows.push_back(approvalJson(a));
        printJson(ctx.out, {{"batch_approvals", rows}});
        return ExitCode::Ok;
    }
    for (const BatchApproval &a : all) {
        QStringList totals;
        for (auto it = a.totals.begin(); it != a.totals.end(); ++it)
            totals << formatMoney({it.value(), it.key()});
        ctx.out << u"#%1 %2 %3: %4 rows, %5, file %6…, asked by %7%8"_s.arg(a.id)
                       .arg(a.name, toString(a.state))
                       .arg(a.rows)
                       .arg(totals.join(u", "_s), a.fileSha256.left(12), a.requestedBy,
                            a.decidedBy.isEmpty() ? QString() : u", decided by "_s + a.decidedBy)
                << Qt::endl;
    }
    return ExitCode::Ok;
}

} // namespace

std::optional<int> batchApprovalGate(CommandContext &ctx, Session &session,
                                     const PreparedBatch &batch, bool json)
{
    const auto wait = batchApprovalWait(session.access(), ctx.actor(), batch);
    if (!wait)
        return std::nullopt;
    const BatchApproval &asked = wait->approval;
    if (json) {
        printJson(ctx.out, {{"status", "needs_approval"}, {"approval", approvalJson(asked)}});
        return ExitCode::NeedsApproval;
    }
    QStringList above;
    for (const BatchAbove &a : wait->above)
        above << u"%1 above the batch threshold of %2"_s.arg(
            formatMoney({a.totalMinor, a.currency}), formatMoney({a.thresholdMinor, a.currency}));
    ctx.out << u"batch %1 waits for a second supervisor (approval #%2, asked by %3): %4. "
               "Nothing was sent. Another supervisor runs: opsctl batch approve %1"_s
                   .arg(batch.file.name)
                   .arg(asked.id)
                   .arg(asked.requestedBy, above.join(u"; "_s))
            << Qt::endl;
    return ExitCode::NeedsApproval;
}

int batchApprovalCommand(CommandContext &ctx, const QString &verb, const CliArgs &opts)
{
    if (verb == u"approve"_s)
        return decide(ctx, opts, true);
    if (verb == u"reject"_s)
        return decide(ctx, opts, false);
    return list(ctx, opts);
}

} // namespace ops::cli
