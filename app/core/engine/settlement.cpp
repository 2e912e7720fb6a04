#include "engine/settlement.h"

#include "domain/storeerror.h"
#include "engine/enginelogging.h"
#include "storage/operations/writescope.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// The provider code of a refusal, or http_<status> when the body named none.
QString refusalCode(const ProviderReply &reply)
{
    if (!reply.errorCode.isEmpty())
        return reply.errorCode;
    return u"http_%1"_s.arg(reply.http.status);
}

} // namespace

void KindPolicy::noteRefusal(const Operation &, const ProviderReply &, const QString &) {}

bool KindPolicy::awaitsProvider(const Operation &) const
{
    return false;
}

Settlement::Settlement(OperationStore &store, KindPolicy &policy, int attemptsPerCall,
                       Backoff backoff, Sleeper sleeper)
    : m_store(store)
    , m_policy(policy)
    , m_attemptsPerCall(attemptsPerCall)
    , m_backoff(std::move(backoff))
    , m_sleeper(std::move(sleeper))
{}

SentAttempt Settlement::sendCounted(const AttemptTicket &ticket)
{
    const Operation &op = ticket.operation;
    SentAttempt sent = m_policy.send(op);
    m_store.finishAttempt(op.id, ticket.attemptId,
                          attemptResult(sent.reply, sent.outcome, m_policy.secret()));
    return sent;
}

std::optional<ToolResult> Settlement::sendAndSettle(const AttemptTicket &ticket,
                                                    const QString &actor)
{
    const Operation &op = ticket.operation;
    stallBeforeSend(op.id);
    // Nothing of the network happens inside the transaction: it opens once the answer is in.
    const SentAttempt sent = m_policy.send(op);
    WriteScope tx(m_store, op.id);
    m_store.finishAttempt(op.id, ticket.attemptId,
                          attemptResult(sent.reply, sent.outcome, m_policy.secret()));
    std::optional<ToolResult> done = settle(op, sent, actor);
    tx.commit();
    return done;
}

ToolResult Settlement::drive(const Operation &start, const QString &actor)
{
    return driveFrom(start, std::nullopt, actor);
}

ToolResult Settlement::drive(const OpenResult &opened, const QString &actor)
{
    if (!opened.firstAttemptId)
        return driveFrom(opened.operation, std::nullopt, actor);
    AttemptTicket ticket;
    ticket.attemptId = *opened.firstAttemptId;
    ticket.seq = opened.operation.attempts;
    ticket.operation = opened.operation;
    return driveFrom(opened.operation, ticket, actor);
}

ToolResult Settlement::driveFrom(const Operation &start, std::optional<AttemptTicket> counted,
                                 const QString &actor)
{
    // Rule 6: unknown is sticky, final is final; a row the provider settles is not sent again.
    if (start.state != OperationState::Open || m_policy.awaitsProvider(start))
        return resultForRow(start.id);
    const auto admit = [&] {
        if (counted) // counted and committed with the row (OperationStore::openOrGet)
            return Admission<AttemptTicket, ToolResult>{*std::exchange(counted, std::nullopt), {}};
        const AttemptTicket ticket = m_store.beginAttempt(start.id, actor);
        if (ticket.refusal != AttemptRefusal::None) // cap, window, row no longer open
            return Admission<AttemptTicket, ToolResult>{};
        return Admission<AttemptTicket, ToolResult>{ticket, {}};
    };
    const auto done =
        runAttempts(m_backoff, m_sleeper, m_attemptsPerCall, admit,
                    [&](const AttemptTicket &ticket) { return sendAndSettle(ticket, actor); });
    return done ? *done : resultForRow(start.id);
}

std::optional<ToolResult> Settlement::settle(const Operation &op, const SentAttempt &sent,
                                             const QString &actor)
{
    switch (sent.outcome) {
    case Outcome::Succeeded:
        return m_policy.succeed(*this, op, sent, actor);
    case Outcome::Refused:
        return refuse(op, sent.reply, actor);
    case Outcome::Undefined:
        return checking(
            op, u"provider answered %1; the outcome is undefined"_s.arg(describe(sent.reply)),
            actor);
    case Outcome::KeyMismatch:
        return checking(op, u"provider holds a different request under this key"_s, actor);
    case Outcome::Credentials:
        return credentialsProblem(op, sent.reply);
    case Outcome::InProgress:
    case Outcome::NoAnswer:
    case Outcome::InFlight:
        if (op.attempts >= op.attemptCap)
            return checking(op, u"attempt cap reached without an answer"_s, actor);
        return std::nullopt;
    }
    return std::nullopt;
}

ToolResult Settlement::refuse(const Operation &op, const ProviderReply &reply, const QString &actor)
{
    m_policy.noteRefusal(op, reply, actor);
    m_store.closeFailed(op.id, refusalCode(reply), actor,
                        u"provider refused: "_s + describe(reply));
    return resultForRow(op.id);
}

ToolResult Settlement::credentialsProblem(const Operation &op, const ProviderReply &reply) const
{
    ToolResult r = ToolResult::unconfirmed(op.id).about(m_policy.subject());
    r.errorCode = u"provider_credentials"_s;
    r.errorMessage =
        u"the provider refused our API key (HTTP %1); the operation stays open "
        "and will resend with the same key once the key is fixed"_s.arg(reply.http.status);
    return r;
}

ToolResult Settlement::checking(const Operation &op, const QString &reason, const QString &actor)
{
    m_store.markUnknown(op.id, reason, actor);
    qCInfo(lcEngine) << op.id << "unknown:" << reason;
    return resultForRow(op.id);
}

ToolResult Settlement::resultForRow(const QString &operationId)
{
    const auto op = m_store.operation(operationId);
    if (!op)
        throw StoreError(u"operation %1 disappeared"_s.arg(operationId));
    ToolResult r = m_policy.rowResult(*op);
    r.row = *op;
    return r;
}

} // namespace ops
