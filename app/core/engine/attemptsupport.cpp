#include "engine/attemptsupport.h"

#include "engine/enginelogging.h"
#include "storage/access/accessstore.h"
#include "storage/session.h"

#include <QDateTime>
#include <QThread>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace ops {

ToolResult agentRefusalResult(const AgentVerdict &verdict)
{
    if (verdict.kind == AgentVerdict::Kind::Revoked)
        return ToolResult::rejected(QStringLiteral("agent_revoked"),
                                    verdict.why + QStringLiteral("; nothing was stored or sent"));
    ToolResult r = ToolResult::rejected(
        QStringLiteral("rate_limited"),
        verdict.why + QStringLiteral("; nothing was stored or sent, call again in %1 ms")
                          .arg(verdict.retryAfterMs));
    r.retryAfterMs = verdict.retryAfterMs;
    return r;
}

std::optional<ToolResult> openingRefusal(const OpenResult &opened)
{
    if (opened.agentRefusal)
        return agentRefusalResult(*opened.agentRefusal);
    if (!opened.replication)
        return ToolResult::rejected(u"async_replication"_s, opened.replication.error());
    return std::nullopt;
}

Result<void> actorMaySendMoney(Session &session, const QString &actor)
{
    if (operatorName(actor).isEmpty())
        return {};
    return session.access().accessOf(actor).maySendMoney();
}

ToolResult notPermitted(const QString &why)
{
    return ToolResult::rejected(u"not_permitted"_s, u"%1; nothing was stored or sent"_s.arg(why));
}

std::uint64_t jitterSeed(std::uint64_t configured)
{
    if (configured != 0)
        return configured;
    return std::uint64_t(QDateTime::currentMSecsSinceEpoch()) ^
           std::uint64_t(QUuid::createUuid().data1);
}

ProviderReply replyView(const StripeReply &reply)
{
    ProviderReply view{reply.http, {}, {}, reply.requestId, reply.replayed, {}};
    if (reply.error) {
        view.errorCode = reply.error->code;
        view.recordCode = reply.error->code.isEmpty() ? reply.error->type : reply.error->code;
    }
    return view;
}

ProviderReply replyView(const SlenReply &reply)
{
    ProviderReply view{reply.http, {}, {}, reply.requestId, reply.replayed, {}};
    if (reply.error) {
        view.errorCode = reply.error->code;
        view.recordCode = reply.error->code;
        view.refusedObjectId = reply.error->executionId;
    }
    return view;
}

ProviderReply replyView(const AdyenReply &reply)
{
    ProviderReply view{reply.http, {}, {}, {}, false, {}};
    if (reply.error) {
        view.errorCode = reply.error->errorCode;
        view.recordCode = reply.error->errorCode;
    }
    return view;
}

QString describe(const ProviderReply &reply)
{
    if (reply.http.status == 0)
        return reply.http.errorText.isEmpty() ? u"no answer"_s : reply.http.errorText;
    QString text = u"HTTP %1"_s.arg(reply.http.status);
    if (!reply.errorCode.isEmpty())
        text += u' ' + reply.errorCode;
    return text;
}

AttemptResult attemptResult(const ProviderReply &reply, Outcome outcome, const QString &secret)
{
    AttemptResult r;
    r.httpStatus = reply.http.status;
    r.outcome = outcome;
    r.providerCode = reply.recordCode;
    r.providerRequestId = reply.requestId;
    r.replayed = reply.replayed;
    r.latencyMs = reply.http.latencyMs;
    r.transportError = toString(reply.http.error);
    r.responseExcerpt = redactedExcerpt(reply.http.body, secret);
    return r;
}

void stallBeforeSend(const QString &operationId)
{
    const int ms = qEnvironmentVariableIntValue("OPS_TEST_STALL_BEFORE_SEND_MS");
    if (ms <= 0)
        return;
    qCWarning(lcEngine) << operationId << "attempt committed; stalling" << ms
                        << "ms before the send (OPS_TEST_STALL_BEFORE_SEND_MS)";
    QThread::msleep(ulong(ms));
}

SentAttempt sendStored(StripeClient &client, const Operation &op)
{
    const StripeReply reply = client.send(op.request, op.idempotencyKey);
    return {replyView(reply), classify(Provider::Stripe, StripeClient::answerFor(reply))};
}

SentAttempt sendStored(SlenClient &client, const Operation &op)
{
    const SlenReply reply = client.send(op.request, op.idempotencyKey);
    return {replyView(reply), classify(Provider::Slen, SlenClient::answerFor(reply, op.kind))};
}

SentAttempt sendStored(AdyenClient &client, const Operation &op)
{
    const AdyenReply reply = client.send(op.request, op.idempotencyKey);
    return {replyView(reply), classify(Provider::Adyen, AdyenClient::answerFor(reply))};
}

} // namespace ops
