#include "batch/batchrun.h"

#include "config/refundconnections.h"
#include "domain/batchstatus.h"
#include "domain/csv.h"
#include "domain/storeerror.h"
#include "storage/session.h"

#include <mutex>
#include <thread>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

BatchOutcome fromResult(const BatchRow &row, const ToolResult &result)
{
    BatchOutcome o;
    o.line = row.line;
    o.ticket = row.ticket;
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
    const BatchStatus stands = batchStatusOf(op);
    BatchOutcome o;
    o.line = row.line;
    o.ticket = row.ticket;
    o.operationId = op.id;
    o.earlierRun = true;
    o.status = stands.status;
    o.reason = stands.reason;
    o.providerReference = stands.providerReference;
    return o;
}

} // namespace

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

namespace {

// The rows' shared state: which row is next, the results, the first failure.
class RowQueue
{
public:
    RowQueue(const BatchFile &file, const BatchStanding &standing, RatePacer &pacer,
             const BatchRunSetup &setup)
        : m_file(file)
        , m_standing(standing)
        , m_pacer(pacer)
        , m_setup(setup)
    {
        m_end.outcomes.resize(file.rows.size());
    }

    // The next row to run, its start paced; nullopt when none is left or the run stops.
    std::optional<size_t> take()
    {
        const std::lock_guard lock(m_mutex);
        if (m_next >= m_file.rows.size() || !m_end.failure.isEmpty() || m_setup.stopAsked())
            return std::nullopt;
        const size_t i = m_next++;
        const auto &earlier = m_standing.earlier[i];
        if (!earlier || !isFinal(earlier->state))
            m_pacer.wait(); // under the lock: the starts keep the rate whatever the workers
        if (m_setup.stopAsked()) {
            m_next = i; // asked while waiting: the row is not started
            return std::nullopt;
        }
        return i;
    }
    void done(size_t i, BatchOutcome outcome)
    {
        const std::lock_guard lock(m_mutex);
        m_setup.onOutcome(outcome);
        m_end.outcomes[i] = std::move(outcome);
    }
    void fail(std::optional<size_t> i, const StoreError &e)
    {
        const std::lock_guard lock(m_mutex);
        if (m_end.failure.isEmpty()) {
            m_end.failure = e.message();
            m_end.refused = dynamic_cast<const ActionRefused *>(&e) != nullptr;
        }
        if (!i)
            return;
        BatchOutcome o = notRun(m_file.rows[*i]);
        o.status = u"error"_s; // not known here: the next run reads the row back
        o.reason = e.message();
        m_setup.onOutcome(o);
        m_end.outcomes[*i] = std::move(o);
    }
    BatchRunEnd end() { return std::move(m_end); }
    const BatchRow &row(size_t i) const { return m_file.rows[i]; }
    const std::optional<Operation> &earlier(size_t i) const { return m_standing.earlier[i]; }

private:
    const BatchFile &m_file;
    const BatchStanding &m_standing;
    RatePacer &m_pacer;
    const BatchRunSetup &m_setup;
    std::mutex m_mutex;
    size_t m_next = 0;
    BatchRunEnd m_end;
};

void work(RowQueue &queue, const BatchRunSetup &setup)
{
    BatchWorker w;
    try {
        w = setup.makeWorker();
    } catch (const std::exception &e) { // a database that cannot be opened, or fails
        queue.fail(std::nullopt, StoreError(QString::fromUtf8(e.what())));
        return;
    }
    BatchRunner runner(*w.session, w.stripe.get(), w.adyen.get(), setup.actor);
    while (const auto i = queue.take()) {
        try {
            queue.done(*i, runner.run(queue.row(*i), queue.earlier(*i)));
        } catch (const StoreError &e) {
            queue.fail(i, e);
        } catch (const std::exception &e) { // anything else stops the run the same way
            queue.fail(i, StoreError(QString::fromUtf8(e.what())));
        }
    }
}

} // namespace

BatchRunEnd runBatchRows(const BatchFile &file, const BatchStanding &standing, RatePacer &pacer,
                         const BatchRunSetup &setup)
{
    RowQueue queue(file, standing, pacer, setup);
    std::vector<std::thread> workers;
    for (int w = 0; w < std::max(setup.workers, 1); ++w)
        workers.emplace_back(work, std::ref(queue), std::cref(setup));
    for (std::thread &t : workers)
        t.join();
    return queue.end();
}

BatchOutcome notRun(const BatchRow &row)
{
    BatchOutcome o;
    o.line = row.line;
    o.ticket = row.ticket;
    o.status = u"not_run"_s;
    return o;
}

QByteArray batchResultCsv(const std::vector<BatchOutcome> &outcomes)
{
    QByteArray out = csv::record({u"line"_s, u"ticket"_s, u"operation_id"_s, u"status"_s,
                                  u"reason"_s, u"provider_reference"_s});
    for (const BatchOutcome &o : outcomes)
        out += csv::record({QString::number(o.line), o.ticket, o.operationId, o.status, o.reason,
                            o.providerReference});
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
