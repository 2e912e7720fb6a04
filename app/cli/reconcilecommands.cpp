// opsctl reconcile [--once] [--json] · opsctl proposals list|apply · opsctl serve [--listen]
// (docs/design.md §9 and §10, docs/reconciliation.md). The reconciler reads only; applying a
// proposal is a person's close with the rights and four-eyes rules of every manual close.

#include "cli/commandcontext.h"
#include "cli/decisionnotes.h"
#include "cli/operationjson.h"
#include "cli/opsctl.h"
#include "config/engineenv.h"
#include "httpserve/signalwatch.h"
#include "reconcile/reconcilerservice.h"
#include "storage/operations/operationstore.h"
#include "storage/operations/proposalapply.h"
#include "storage/reconcile/reconcilestore.h"
#include "storage/reconcile/servicelease.h"
#include "storage/session.h"

#include <QCoreApplication>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::ordered_json;

namespace ops::cli {

namespace {

// The clients the reconciler reads with: Stripe always, Slen when OPS_SLEN_URL is set.
struct Readers
{
    QtHttpTransport transport;
    std::unique_ptr<StripeClient> stripe;
    std::unique_ptr<SlenClient> slen;
};

Result<std::unique_ptr<Readers>> readersFromEnv()
{
    auto r = std::make_unique<Readers>();
    const auto stripe = stripeConfigFromEnv();
    if (!stripe)
        return Failure{stripe.error()};
    r->stripe = std::make_unique<StripeClient>(r->transport, *stripe);
    if (!qEnvironmentVariableIsEmpty("OPS_SLEN_URL")) {
        const auto slen = slenConfigFromEnv();
        if (!slen)
            return Failure{slen.error()};
        r->slen = std::make_unique<SlenClient>(r->transport, *slen);
    }
    return r;
}

void printRow(QTextStream &out, const RowReport &r, bool json)
{
    if (json) {
        printJson(out, r.toJson());
        return;
    }
    out << r.operationId << "  " << r.result << "  " << r.detail << Qt::endl;
}

Result<ReconcilerServiceOptions> serviceOptions()
{
    ReconcilerServiceOptions o;
    o.holder = serviceHolderName();
    const auto tick = envInteger("OPS_RECONCILE_TICK_MS", o.tickMs);
    const auto ttl = envInteger("OPS_RECONCILE_LEASE_MS", o.leaseTtlMs);
    if (!tick || !ttl || *tick < 10 || *ttl <= *tick)
        return Failure{
            u"OPS_RECONCILE_TICK_MS (≥ 10) must be shorter than OPS_RECONCILE_LEASE_MS"_s};
    o.tickMs = int(*tick);
    o.leaseTtlMs = *ttl;
    return o;
}

// opsctl reconcile without --once: the loop until SIGTERM/SIGINT, then it drains (the pass in
// progress finishes, the lease is given up) and exits 0.
int runLoop(CommandContext &ctx, Session &session, bool json)
{
    const auto service = startServeReconciler(ctx, session, json);
    if (!service)
        return ctx.usage(service.error());
    SignalWatch watch([&] {
        (*service)->drain();
        QCoreApplication::exit(0);
    });
    ctx.out << "opsctl reconcile running" << Qt::endl;
    return QCoreApplication::exec();
}

int reconcileOnce(CommandContext &ctx, Session &session, Readers &readers, bool json)
{
    // --once takes the lease too: a pass never runs beside a running reconciler.
    const QString holder = serviceHolderName();
    const auto lease = ReconcilerServiceOptions{};
    ReconcileStore &leases = session.reconcile();
    if (!leases.claimLease(kReconcilerLease, holder, lease.leaseTtlMs)) {
        const auto current = leases.lease(kReconcilerLease);
        const QString who = current ? current->holder : u"another process"_s;
        ctx.err << "opsctl: another reconciler (" << who << ") works this database now" << Qt::endl;
        if (json)
            printJson(ctx.out, {{"result", "lease_held"}, {"holder", str(who)}});
        return ExitCode::Ok;
    }
    Reconciler reconciler(session, readers.stripe.get(), readers.slen.get());
    const PassReport pass =
        reconciler.pass(true, [&](const RowReport &r) { printRow(ctx.out, r, json); });
    leases.releaseLease(kReconcilerLease, holder);
    ctx.err << "opsctl: " << pass.rows.size() << " rows, " << pass.chargesRead << " charges, "
            << pass.providerRequests << " provider requests" << Qt::endl;
    return ExitCode::Ok;
}

// stale: evidence came after the proposal that could change it (disagreeingEvidence), the same
// test apply uses to exclude the row.
ordered_json proposalJson(const Proposal &p, bool stale)
{
    ordered_json ids = ordered_json::array();
    for (const qint64 id : p.evidenceIds)
        ids.push_back(id);
    return {{"id", p.id},
            {"operation_id", str(p.operationId)},
            {"action", str(toString(p.action))},
            {"outcome", p.outcome ? ordered_json(str(toString(*p.outcome))) : ordered_json()},
            {"provider_ref",
             p.providerRef.isEmpty() ? ordered_json() : ordered_json(str(p.providerRef))},
            {"evidence_ids", ids},
            {"reason", str(p.reason)},
            {"created_by", str(p.createdBy)},
            {"created_at", str(p.createdAt.toString(Qt::ISODateWithMs))},
            {"state", str(toString(p.state))},
            {"stale", stale}};
}

int listProposals(CommandContext &ctx, const CliArgs &opts)
{
    std::optional<ProposalState> state = ProposalState::Open;
    if (opts.has(u"state"_s) && opts.value(u"state"_s) != u"all"_s &&
        !(state = proposalStateFromString(opts.value(u"state"_s))))
        return ctx.usage(u"--state must be open, superseded, applied, approval or all"_s);
    if (opts.value(u"state"_s) == u"all"_s)
        state.reset();
    auto session = ctx.openSession();
    ordered_json rows = ordered_json::array();
    for (const Proposal &p : session->reconcile().proposals(state, 100'000)) {
        // Only rows with newer evidence are read whole (their bodies parsed): one MAX per row.
        const bool newer =
            session->reconcile().newestEvidenceId(p.operationId) > p.newestEvidenceId;
        const ordered_json j =
            proposalJson(p, newer && disagreeingEvidence(session->store(), p) != 0);
        if (opts.has(u"json"_s))
            rows.push_back(j);
        else
            ctx.out << p.id << "  " << p.operationId << "  " << toString(p.action) << ' '
                    << (p.outcome ? toString(*p.outcome) : QString()) << "  " << p.reason
                    << Qt::endl;
    }
    if (opts.has(u"json"_s))
        printJson(ctx.out, {{"proposals", rows}});
    return ExitCode::Ok;
}

ordered_json previewJson(const ApplyPreviewRow &row)
{
    const bool resend = row.exclusion == ApplyExclusion::ResendNotHere; // resent by apply
    const bool ok = row.applicable() || resend;
    return {{"proposal_id", row.proposal ? row.proposal->id : 0},
            {"operation_id", str(row.operationId)},
            {"result", resend ? "would_resend"
                       : ok   ? (row.needsApproval ? "would_request_approval" : "would_apply")
                              : "excluded"},
            {"exclusion", ok ? ordered_json() : ordered_json(str(toString(row.exclusion)))},
            {"message", str(row.reason)}};
}

ordered_json applyJson(const ApplyResult &r)
{
    return {{"proposal_id", r.proposalId},
            {"operation_id", str(r.operationId)},
            {"result", str(toString(r.kind))},
            {"exclusion", r.kind == ApplyKind::Excluded ? ordered_json(str(toString(r.exclusion)))
                                                        : ordered_json()},
            {"approval_id", r.approvalId > 0 ? ordered_json(r.approvalId) : ordered_json()},
            {"message", str(r.message)}};
}

int applyProposals(CommandContext &ctx, const CliArgs &opts)
{
    const bool all = opts.has(u"all"_s);
    if (all == !opts.positionals().isEmpty())
        return ctx.usage(u"usage: opsctl proposals apply (ID…|--all) [--dry-run]"_s);
    if (ctx.personName().isEmpty())
        return ctx.usage(u"applying a proposal is done by a person: give --operator NAME or "
                         "OPS_OPERATOR"_s);
    QList<qint64> ids;
    for (const QString &text : opts.positionals()) {
        bool ok = false;
        ids << text.toLongLong(&ok);
        if (!ok || ids.back() <= 0)
            return ctx.usage(u"a proposal id is a positive number, not '%1'"_s.arg(text));
    }
    auto session = ctx.openSession();
    if (all) {
        for (const Proposal &p : session->reconcile().proposals(ProposalState::Open, 100'000))
            ids << p.id;
    }
    int refused = 0;
    for (const qint64 id : ids) {
        const ApplyPreviewRow row = previewProposal(session->store(), id, ctx.actor());
        const bool resend = row.exclusion == ApplyExclusion::ResendNotHere;
        if (opts.has(u"dry-run"_s)) {
            refused += row.applicable() || resend ? 0 : 1;
            printJson(ctx.out, previewJson(row));
            continue;
        }
        if (resend) { // the store cannot send: the row is resent here, as the console does
            ordered_json line;
            refused += resendProposal(ctx, *session, row, line) ? 0 : 1;
            printJson(ctx.out, line);
            continue;
        }
        const ApplyResult r = applyProposal(session->store(), id, ctx.actor());
        refused += r.kind == ApplyKind::Excluded ? 1 : 0;
        ordered_json line = applyJson(r);
        if (const auto notes = sendDecisionNotes(ctx, *session, row.operationId); !notes.empty())
            line["decision_notes"] = notes;
        printJson(ctx.out, line);
        if (r.kind == ApplyKind::Excluded)
            ctx.err << "opsctl: proposal " << id << " refused: " << r.message << Qt::endl;
    }
    // Named proposals that were refused are the caller's to look at; --all skips exclusions.
    return refused > 0 && !all ? ExitCode::Usage : ExitCode::Ok;
}

} // namespace

int reconcileCommand(CommandContext &ctx, const QStringList &args)
{
    const auto opts = CliArgs::parse(args, {}, {u"once"_s, u"json"_s});
    if (!opts)
        return ctx.usage(opts.error());
    if (!opts->positionals().isEmpty())
        return ctx.usage(u"usage: opsctl reconcile [--once] [--json]"_s);
    auto session = ctx.openSession();
    if (!opts->has(u"once"_s))
        return runLoop(ctx, *session, opts->has(u"json"_s));
    const auto readers = readersFromEnv();
    if (!readers)
        return ctx.usage(readers.error());
    return reconcileOnce(ctx, *session, **readers, opts->has(u"json"_s));
}

int proposalsCommand(CommandContext &ctx, const QStringList &args)
{
    const QString usage = u"usage: opsctl proposals list [--state S|all] [--json] | "
                          "apply (ID…|--all) [--dry-run]"_s;
    const auto opts =
        CliArgs::parse(args.mid(1), {u"state"_s}, {u"json"_s, u"all"_s, u"dry-run"_s});
    if (!opts)
        return ctx.usage(opts.error() + u"\n"_s + usage);
    if (args.value(0) == u"list"_s && opts->positionals().isEmpty())
        return listProposals(ctx, *opts);
    if (args.value(0) == u"apply"_s)
        return applyProposals(ctx, *opts);
    return ctx.usage(usage);
}

int serveCommand(CommandContext &ctx, const QStringList &args)
{
    return serveWebhooks(ctx, args, true);
}

Result<std::shared_ptr<ReconcilerService>> startServeReconciler(CommandContext &ctx,
                                                                Session &session, bool json)
{
    // The readers and the reconciler live as long as the service that uses them.
    struct Loop
    {
        std::unique_ptr<Readers> readers;
        std::unique_ptr<Reconciler> reconciler;
        std::unique_ptr<ReconcilerService> service;
    };
    const auto options = serviceOptions();
    if (!options)
        return Failure{options.error()};
    auto readers = readersFromEnv();
    if (!readers)
        return Failure{readers.error()};
    auto loop = std::make_shared<Loop>();
    loop->readers = std::move(readers).value();
    loop->reconciler = std::make_unique<Reconciler>(session, loop->readers->stripe.get(),
                                                    loop->readers->slen.get());
    loop->service = std::make_unique<ReconcilerService>(
        session, *loop->reconciler, *options,
        [&ctx, json](const RowReport &r) { printRow(ctx.out, r, json); });
    loop->service->setOnLeaseChange([&ctx, holder = options->holder](bool holds) {
        ctx.err << "opsctl: " << holder
                << (holds ? " holds the reconciler lease" : " does not hold the reconciler lease")
                << Qt::endl;
    });
    loop->service->start();
    return std::shared_ptr<ReconcilerService>(loop, loop->service.get());
}

} // namespace ops::cli
