#include "attemptsupport.h"

#include <QDateTime>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace ops {

std::uint64_t jitterSeed(std::uint64_t configured)
{
    if (configured != 0)
        return configured;
    return std::uint64_t(QDateTime::currentMSecsSinceEpoch()) ^
           std::uint64_t(QUuid::createUuid().data1);
}

QString describeAnswer(const HttpResponse &http, const QString &providerCode)
{
    if (http.status == 0)
        return http.errorText.isEmpty() ? u"no answer"_s : http.errorText;
    QString text = u"HTTP %1"_s.arg(http.status);
    if (!providerCode.isEmpty())
        text += u' ' + providerCode;
    return text;
}

AttemptResult attemptResultFor(const HttpResponse &http, Outcome outcome,
                               const QString &providerCode, const QString &providerRequestId,
                               bool replayed, const QString &secret)
{
    AttemptResult r;
    r.httpStatus = http.status;
    r.outcome = outcome;
    r.providerCode = providerCode;
    r.providerRequestId = providerRequestId;
    r.replayed = replayed;
    r.latencyMs = http.latencyMs;
    r.transportError = toString(http.error);
    r.responseExcerpt = redactedExcerpt(http.body, secret);
    return r;
}

QString stripeCode(const StripeReply &reply)
{
    if (!reply.error)
        return {};
    return reply.error->code.isEmpty() ? reply.error->type : reply.error->code;
}

QString describeAnswer(const StripeReply &reply)
{
    return describeAnswer(reply.http, reply.error ? reply.error->code : QString());
}

AttemptResult attemptResultFor(const StripeReply &reply, Outcome outcome, const QString &secret)
{
    return attemptResultFor(reply.http, outcome, stripeCode(reply), reply.requestId, reply.replayed,
                            secret);
}

Evidence providerObjectEvidence(const QString &operationId, const QString &title,
                                const QByteArray &body, const QString &actor)
{
    Evidence e;
    e.operationId = operationId;
    e.kind = u"provider_object"_s;
    e.title = title;
    e.contentType = u"application/json"_s;
    e.body = body;
    e.createdBy = actor;
    return e;
}

} // namespace ops
