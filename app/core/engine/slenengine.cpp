#include "slenengine.h"

#include "attemptsupport.h"

using namespace Qt::StringLiterals;

namespace ops::slen {

std::uint64_t jitterSeed(std::uint64_t configured)
{
    return ops::jitterSeed(configured);
}

QString describe(const SlenReply &reply)
{
    return describeAnswer(reply.http, reply.error ? reply.error->code : QString());
}

AttemptResult attemptResult(const SlenReply &reply, Outcome outcome, const QString &secret)
{
    return attemptResultFor(reply.http, outcome, reply.error ? reply.error->code : QString(),
                            reply.requestId, reply.replayed, secret);
}

Evidence providerObject(const Operation &op, const QString &title, const QByteArray &body,
                        const QString &actor)
{
    return providerObjectEvidence(op.id, title, body, actor);
}

std::pair<SlenReply, Outcome> sendAttempt(OperationStore &store, SlenClient &client,
                                          const AttemptTicket &ticket)
{
    const Operation &op = ticket.operation;
    SlenReply reply = client.send(op.request, op.idempotencyKey);
    const Outcome outcome = classify(Provider::Slen, SlenClient::answerFor(reply, op.kind));
    store.finishAttempt(op.id, ticket.attemptId,
                        attemptResult(reply, outcome, client.config().secret));
    return {std::move(reply), outcome};
}

QString refusalCode(const SlenReply &reply)
{
    if (reply.error && !reply.error->code.isEmpty())
        return reply.error->code;
    return u"http_%1"_s.arg(reply.http.status);
}

ToolResult credentialsProblem(const Operation &op, int httpStatus, ToolResult::Subject subject)
{
    ToolResult r = ToolResult::unconfirmed(op.id).about(subject);
    r.errorCode = u"provider_credentials"_s;
    r.errorMessage = u"the provider refused our API key (HTTP %1); the operation stays open "
                     "and will resend with the same key once the key is fixed"_s.arg(httpStatus);
    return r;
}

ToolResult readFailed(const QString &what, const SlenReply &reply)
{
    if (reply.http.status == 401 || reply.http.status == 403)
        return ToolResult::rejected(u"provider_credentials"_s,
                                    u"the provider refused our API key; check OPS_SLEN_KEY"_s);
    return ToolResult::rejected(u"provider_unreachable"_s,
                                u"could not read %1 from the provider (%2); nothing was stored "
                                "or sent, try again later"_s.arg(what, describe(reply)));
}

} // namespace ops::slen
