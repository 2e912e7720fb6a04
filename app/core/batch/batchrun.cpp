#include "batch/batchrun.h"

#include "config/refundconnections.h"
#include "domain/csv.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

BatchOutcome fromResult(const BatchRow &row, const ToolResult &result)
{
    BatchOutcome o;
    o.line = row.line;
    o.operationId = result.operationId;
    o.status = QString::fromStdString(result.toJson().value("status", std::string()));
    if (result.status == ToolResult::Status::Failed)
        o.reason = result.reason;
    if (result.status == ToolResult::Status::Rejected)
        o.reason = result.errorCode + u": "_s + result.errorMessage;
    o.providerReference = result.refundId.isEmpty() ? result.providerReference : result.refundId;
    return o;
}

// An operation that has ended answers for its row without a call.
std::optional<BatchOutcome> fromEnded(const BatchRow &row, const Operation &op)
{
    if (!isFinal(op.state))
        return std::nullopt;
    BatchOutcome o;
    o.line = row.line;
    o.operationId = op.id;
    o.earlierRun = true;
    if (op.state == OperationState::Succeeded) {
        o.status = u"refunded"_s;
        o.providerReference = op.providerRef;
    } else {
        o.status = u"failed"_s;
        o.reason = op.failureCode;
    }
    return o;
}

} // namespace

BatchPacer::BatchPacer(const Clock &clock, Sleeper sleeper, double perSecond)
    : m_clock(clock)
    , m_sleeper(std::move(sleeper))
    , m_intervalMs(perSecond > 0 ? 1000.0 / perSecond : 0)
{}

void BatchPacer::wait()
{
    const qint64 now = m_clock.nowMs();
    if (m_nextMs < 0)
        m_nextMs = now;
    if (m_nextMs > now)
        m_sleeper(std::chrono::milliseconds(m_nextMs - now));
    // From the later of the planned time and now: a slow row does not earn a burst.
    m_nextMs = std::max(m_nextMs, now) + qint64(std::llround(m_intervalMs));
}

BatchOutcome BatchRunner::run(const BatchRow &row, const std::optional<Operation> &earlier)
{
    if (earlier) {
        if (auto ended = fromEnded(row, *earlier))
            return *ended;
    }
    const RefundConnections *route = row.input.toAdyen() ? m_adyen : m_stripe;
    const ToolResult result =
        route ? refundThrough(m_session, route->clients(), route->engine(), row.input, m_actor)
              : ToolResult::rejected(u"not_configured"_s,
                                     u"%1 is not configured; nothing was stored or sent"_s.arg(
                                         row.input.toAdyen() ? u"Adyen"_s : u"Stripe"_s));
    BatchOutcome o = fromResult(row, result);
    o.earlierRun = earlier.has_value();
    return o;
}

BatchOutcome notRun(const BatchRow &row)
{
    BatchOutcome o;
    o.line = row.line;
    o.status = u"not_run"_s;
    return o;
}

QByteArray batchResultCsv(const std::vector<BatchOutcome> &outcomes)
{
    QByteArray out = csv::record(
        {u"line"_s, u"operation_id"_s, u"status"_s, u"reason"_s, u"provider_reference"_s});
    for (const BatchOutcome &o : outcomes)
        out += csv::record(
            {QString::number(o.line), o.operationId, o.status, o.reason, o.providerReference});
    return out;
}

QMap<QString, int> countByStatus(const std::vector<BatchOutcome> &outcomes)
{
    QMap<QString, int> counts;
    for (const BatchOutcome &o : outcomes)
        ++counts[o.status];
    return counts;
}

} // namespace ops
