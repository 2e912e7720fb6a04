// opsctl proposals apply for a resend proposal (issue 54 item 4): the row is resent with its stored
// key and bytes under its resend lease, as the console's bulk run does, after the same checks
// (previewProposal: the proposal open, the row unchanged, inside its window, not leased by anyone
// else, the person's rights). A resend above the four-eyes threshold is held for a second person
// by the engine, as in the console. The proposal is settled when the resend closed the row.

#include "cli/commandcontext.h"
#include "cli/operationjson.h"
#include "config/refundconnections.h"
#include "domain/storeerror.h"
#include "storage/access/accessstore.h"
#include "storage/access/operatordirectory.h"
#include "storage/operations/operationstore.h"
#include "storage/operations/proposalapply.h"
#include "storage/operations/resendlease.h"
#include "storage/reconcile/reconcilestore.h"
#include "storage/session.h"

#include <QCoreApplication>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::ordered_json;

namespace ops::cli {

namespace {

// This process's lease holder: the person, and which opsctl (two terminals are two holders).
QString leaseHolder(const CommandContext &ctx)
{
    return ctx.actor() + u"#opsctl-"_s + QString::number(QCoreApplication::applicationPid());
}

} // namespace

bool resendProposal(CommandContext &ctx, Session &session, const ApplyPreviewRow &check,
                    ordered_json &line)
{
    const qint64 proposalId = check.proposal ? check.proposal->id : 0;
    line = {{"proposal_id", proposalId}, {"operation_id", str(check.operationId)}};
    const auto refuse = [&](const QString &code, const QString &message) {
        line.update({{"result", "excluded"}, {"exclusion", str(code)}, {"message", str(message)}});
        ctx.err << "opsctl: proposal " << proposalId << " refused: " << message << Qt::endl;
        return false;
    };
    OperationStore &store = session.store();
    const auto op = store.operation(check.operationId);
    if (!op)
        return refuse(u"row_closed"_s, u"no such operation: %1"_s.arg(check.operationId));
    if (op->kind != OperationKind::Refund)
        return refuse(u"resend_not_here"_s,
                      u"opsctl resends refunds; resend %1 in the console"_s.arg(op->id));
    if (!session.access().accessOf(ctx.actor()).rights.testFlag(Right::Resend))
        return refuse(u"not_permitted"_s, u"%1 may not resend"_s.arg(
                                              session.access().accessOf(ctx.actor()).describe()));
    const RefundConnections connections(op->provider);
    if (!connections.ok())
        return refuse(u"not_configured"_s, connections.problem());
    ToolResult result;
    std::optional<ResendLease> holder;
    bool sent = false;
    try {
        sent = sendUnderResendLease(
            store, op->id, leaseHolder(ctx), kResendLeaseSeconds,
            [&] {
                result = resendRefundThrough(session, connections.clients(), connections.engine(),
                                             *op, ctx.actor());
            },
            &holder);
    } catch (const ActionRefused &e) {
        // Refused by a rule the pre-checks above did not cover. A refusal after the request
        // (the close of its answer) leaves an attempt on the row: `opsctl show` tells which.
        return refuse(u"refused"_s,
                      e.message() + u"; see opsctl show %1 for any attempt"_s.arg(op->id));
    }
    if (!sent)
        return refuse(u"leased_by_colleague"_s,
                      holder ? u"%1 is resending %2"_s.arg(holder->holder, op->id)
                             : u"%1 is no longer open or unknown"_s.arg(op->id));
    const bool held =
        result.status == ToolResult::Status::Rejected && result.errorCode == u"awaiting_approval"_s;
    // Refused before its attempt (window closed, row no longer live): nothing was sent.
    if (result.status == ToolResult::Status::Rejected && !held)
        return refuse(result.errorCode, result.errorMessage);
    // The resend's close applies the row's proposals; a row left open keeps its proposal.
    if (!held)
        (void)settleResendProposal(store, proposalId, ctx.actor());
    const auto after = session.reconcile().proposal(proposalId);
    line.update({{"result", held ? "sent_for_approval" : "resent"},
                 {"exclusion", nullptr},
                 {"proposal_state", after ? str(toString(after->state)) : std::string()},
                 {"tool_result", result.toJson()},
                 {"message", str(held ? result.errorMessage : check.reason)}});
    return true;
}

} // namespace ops::cli
