#include "slenengine.h"

#include "stripeclient.h" // redactedExcerpt

#include <QUuid>

using namespace Qt::StringLiterals;

namespace ops::slen {

std::uint64_t jitterSeed(std::uint64_t configured)
{
    return configured != 0 ? configured
                           : std::uint64_t(QDateTime::currentMSecsSinceEpoch()) ^
                                 std::uint64_t(QUuid::createUuid().data1);
}

QString describe(const SlenReply &reply)
{
    if (reply.http.status == 0)
        return reply.http.errorText;
    QString text = u"HTTP %1"_s.arg(reply.http.status);
    if (reply.error)
        text += u" "_s + reply.error->code;
    return text;
}

AttemptResult attemptResult(const SlenReply &reply, Outcome outcome, const QString &secret)
{
    AttemptResult r;
    r.httpStatus = reply.http.status;
    r.outcome = outcome;
    if (reply.error)
        r.providerCode = reply.error->code;
    r.providerRequestId = reply.requestId;
    r.replayed = reply.replayed;
    r.latencyMs = reply.http.latencyMs;
    r.transportError = toString(reply.http.error);
    r.responseExcerpt = redactedExcerpt(reply.http.body, secret);
    return r;
}

Evidence providerObject(const Operation &op, const QString &title, const QByteArray &body,
                        const QString &actor)
{
    Evidence e;
    e.operationId = op.id;
    e.kind = u"provider_object"_s;
    e.title = title;
    e.contentType = u"application/json"_s;
    e.body = body;
    e.createdBy = actor;
    return e;
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
