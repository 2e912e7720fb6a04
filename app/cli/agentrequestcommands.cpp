// opsctl approval approve|reject op_…: a person's decision on an agent's refund held over its
// limits (DESIGN §13, docs/agents.md "Agent requests"). Approving sends the stored request with
// its key through the engine's operator resend, as the console's Approve does; four-eyes applies
// above the threshold there. Rejecting closes the row failed and sends nothing.

#include "cli/commandcontext.h"
#include "cli/operationjson.h"
#include "cli/opsctl.h"
#include "cli/toolcommand.h"
#include "config/refundconnections.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"
#include "transport/httptransport.h"

using namespace Qt::StringLiterals;
using nlohmann::ordered_json;

namespace ops::cli {

namespace {

int approveHeld(CommandContext &ctx, Session &session, const Operation &op)
{
    const RefundConnections connections(op.provider);
    if (!connections.ok())
        return ctx.usage(connections.problem());
    printResult(ctx.out, resendRefundThrough(session, connections.clients(), connections.engine(),
                                             op, ctx.actor()));
    return ExitCode::Ok;
}

} // namespace

int agentRequestDecision(CommandContext &ctx, const QString &decision, const QString &operationId,
                         const QString &reason)
{
    if (decision == u"reject"_s && reason.trimmed().isEmpty())
        return ctx.usage(u"a rejection needs --reason TEXT"_s);
    auto session = ctx.openSession();
    const auto op = session->store().operation(operationId);
    if (!op)
        return ctx.usage(u"no operation %1"_s.arg(operationId.left(64)));
    if (op->state != OperationState::AwaitingApproval)
        return ctx.usage(u"%1 is %2, not an agent's request awaiting approval"_s.arg(
            op->id, toString(op->state)));
    if (decision == u"approve"_s)
        return approveHeld(ctx, *session, *op);
    if (!session->store().rejectAgentRequest(op->id, ctx.actor(), reason))
        return ctx.usage(u"%1 was decided meanwhile"_s.arg(op->id));
    printJson(ctx.out, toJson(*session->store().operation(op->id)));
    return ExitCode::Ok;
}

} // namespace ops::cli
