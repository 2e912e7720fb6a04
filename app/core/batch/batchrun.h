#pragma once

// Running a batch (docs/design.md §19): each row through the refund tool's own call
// (refundThrough), started in file order at the provider's write rate, a few side by side so the
// provider's latency does not set the pace. A row an earlier run made
// and that has ended answers from its operation and calls nothing; a live one is driven as any
// retry is (its stored key and bytes, rules 3 and 6: an unknown one sends nothing); a new one
// opens with every rule a refund call has. A stop between rows leaves each row either untouched
// or a committed operation, which the next run of the file picks up.

#include "batch/batchcheck.h"
#include "batch/batchfile.h"
#include "domain/clock.h"
#include "engine/refunddispatch.h"
#include "transport/backoff.h"
#include "transport/ratepacer.h"

#include <QMap>
#include <functional>
#include <memory>

namespace ops {

struct BatchOutcome
{
    int line = 0;
    QString ticket; // the row's helpdesk ticket, so the result file says whom to answer
    QString operationId;
    // refunded, accepted, failed, checking, unconfirmed, needs_approval, rejected; not_run for a
    // row a stopped run did not reach. Never "done" for a row whose outcome is unknown (rule 16).
    QString status;
    QString reason;            // failed: the provider's code; rejected: code: message
    QString providerReference; // refunded: the refund id; accepted: the provider's reference
    bool earlierRun = false;   // answered from the operation an earlier run made
};

class RefundConnections;

class BatchRunner
{
public:
    // Each row goes through its provider's connections (null: that provider is not configured,
    // and its rows are rejected with nothing stored), as `actor`.
    BatchRunner(Session &session, const RefundConnections *stripe, const RefundConnections *adyen,
                QString actor)
        : m_session(session)
        , m_stripe(stripe)
        , m_adyen(adyen)
        , m_actor(std::move(actor))
    {}

    // `earlier`: the row's operation from batchcheck's reading, if any.
    BatchOutcome run(const BatchRow &row, const std::optional<Operation> &earlier);

private:
    Session &m_session;
    const RefundConnections *m_stripe = nullptr;
    const RefundConnections *m_adyen = nullptr;
    QString m_actor;
};

// What one worker of a run holds for itself, made on its own thread: a session (a database
// connection belongs to the thread that opened it) and the providers' connections (a transport's
// socket too). A provider the file has no rows for may be null.
struct BatchWorker
{
    std::unique_ptr<Session> session;
    std::unique_ptr<RefundConnections> stripe;
    std::unique_ptr<RefundConnections> adyen;
};

struct BatchRunSetup
{
    QString actor;
    int workers = 1;
    std::function<BatchWorker()> makeWorker;
    std::function<bool()> stopAsked;                     // read before each row starts
    std::function<void(const BatchOutcome &)> onOutcome; // one call at a time
};

struct BatchRunEnd
{
    // Per row of the file; nullopt for a row no worker started (a stop, or another row's failure).
    std::vector<std::optional<BatchOutcome>> outcomes;
    QString failure;      // a row's call threw StoreError: why (that row's status is "error")
    bool refused = false; // … an ActionRefused: the person may not, not the database failing
};

// Starts the rows `standing` does not answer as ended through `pacer`, `setup.workers` side by
// side; a row answered from an earlier run costs no pace. Rules 2 and 9 are decided in each
// opening's transaction, so rows on one charge may run side by side. After a failure no row is
// started.
BatchRunEnd runBatchRows(const BatchFile &file, const BatchStanding &standing, RatePacer &pacer,
                         const BatchRunSetup &setup);

BatchOutcome notRun(const BatchRow &row);
// line, ticket, operation_id, status, reason, provider_reference: one record per outcome
// (RFC 4180).
QByteArray batchResultCsv(const std::vector<BatchOutcome> &outcomes);
// How many rows ended in each status.
QMap<QString, int> countByStatus(const std::vector<BatchOutcome> &outcomes);

} // namespace ops
