#pragma once

// A batch from its file to its run's ending: the steps opsctl batch and the console's import
// share (docs/design.md §19), so both check, gate and run a file the same way. Reading and
// checking store and send nothing; the gate may ask for the batch's approval (an audited row);
// the run goes through batchrun.h.

#include "batch/batchcheck.h"
#include "batch/batchrun.h"
#include "storage/access/batchapprovals.h"

#include <QMap>
#include <functional>
#include <memory>
#include <optional>

namespace ops {

class AccessStore;

// Makes one provider's refund connections for the thread that calls it (a transport's socket and
// its client stay on their thread): opsctl reads them from the environment, the console from the
// connections it saved.
using ConnectionsMaker = std::function<std::unique_ptr<RefundConnections>(Provider)>;
// Opens a database session for the thread that calls it.
using SessionMaker = std::function<std::unique_ptr<Session>()>;

// The bytes of the file at `path`; a file over kMaxBatchFileBytes is refused unread.
Result<QByteArray> readBatchBytes(const QString &path);

struct PreparedBatch
{
    QString fileSha256; // of the bytes read: what a batch approval names
    // Its problems are the file's and the check's, by line (0: the file as a whole, or a provider
    // the rows need that cannot be reached as configured).
    BatchFile file;
    BatchStanding standing;
    bool stripeRows = false;
    bool adyenRows = false;

    // Per currency, in minor units, the rows that read well.
    QMap<QString, qint64> totals() const;
};

// Reads `bytes` as the batch `name` and checks its rows (batchcheck.h). `session` is called only
// when some row read well, so a file refused whole opens no database. `stopAsked` (may be null)
// ends the provider's reads early; the answer is then not to be used.
PreparedBatch prepareBatch(const QByteArray &bytes, const QString &name,
                           const std::function<Session &()> &session,
                           const ConnectionsMaker &connections,
                           std::function<bool()> stopAsked = {});

// Whether `actor` may run a batch at all, checked before its first row as each row's refund
// checks it again: a batch sends refunds and attaches their answers.
Result<void> mayRunBatch(Session &session, const QString &actor);

// A currency whose total is above its batch threshold.
struct BatchAbove
{
    QString currency;
    qint64 totalMinor = 0;
    qint64 thresholdMinor = 0;
};

// What a run above the threshold waits for: the approval asked for (or the one already pending).
struct BatchWait
{
    BatchApproval approval;
    std::vector<BatchAbove> above;
};

// Four-eyes for the whole batch: nullopt when the run may go on (no currency above its threshold,
// or another supervisor approved this file under this name). Otherwise asks for the approval once,
// as `actor`, and says what the run waits for; nothing may be sent.
std::optional<BatchWait> batchApprovalWait(AccessStore &access, const QString &actor,
                                           const PreparedBatch &batch);

// The pace a run starts rows at: OPS_BATCH_RATE requests a second (1–1000), 25 when unset
// (Stripe's test-mode write limit; its live mode allows 100).
Result<double> batchRateFromEnvironment();

// Workers enough to keep `rate` starts a second while each row waits on the provider for about
// 100 ms (two requests and two commits), at most 16 database connections.
int batchWorkersFor(double rate);

// Each worker of a run opens its own session and the connections of the providers the file has
// rows for.
std::function<BatchWorker()> batchWorkerMaker(SessionMaker sessions, ConnectionsMaker connections,
                                              const PreparedBatch &batch);

// Every row's outcome in file order, not_run for a row no worker started.
struct BatchEnding
{
    std::vector<BatchOutcome> outcomes;
    std::optional<int> firstNotRun; // the first line a stop or a failure left untouched
    QString failure;                // as BatchRunEnd
    bool refused = false;

    bool stopped() const { return firstNotRun || !failure.isEmpty(); }
};
BatchEnding batchEnding(const BatchFile &file, const BatchRunEnd &end);

} // namespace ops
