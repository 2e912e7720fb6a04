#pragma once

// Checks and runs a batch file for the console's import (ui/common/batchjob.h) off the UI thread,
// through the steps opsctl batch takes (app/core/batch/batchplan.h): the check reads the file and
// the database and asks the provider, storing nothing; the run, of the file the check read (the
// same bytes, so an approval names what was shown), passes the person's rights and the batch's
// four-eyes, then sends each row at the paced rate, a few side by side, each worker with its own
// session and connections. Stop is seen before each row starts: every row is then a committed
// operation or untouched, and the next run of the file goes on from there. Outcomes reach the
// owner's thread in batches (workerthread.h), then runFinished with the result file.

#include "batch/batchplan.h"
#include "common/batchjob.h"
#include "console/consolejobs.h"
#include "console/workerthread.h"

#include <QHash>
#include <QObject>
#include <functional>
#include <optional>

namespace ops::console {

// The console's refund connections for one provider, from its saved settings (consolejobs.h).
ConnectionsMaker connectionsOf(const JobConfig &config);

class BatchWorker final : public QObject
{
    Q_OBJECT
public:
    // Called on a run's thread after each row's outcome, with its line, one call at a time
    // (tests stop the run there at a known point).
    using RowHook = std::function<void(int line)>;

    BatchWorker(JobConfig config, const Clock &clock, QObject *parent = nullptr);
    ~BatchWorker() override; // stops and waits for the thread

    void setRowHook(RowHook hook) { m_hook = std::move(hook); }
    // The pace of a run, rows a second (OPS_BATCH_RATE by default).
    void setRate(double perSecond) { m_rate = perSecond; }
    void startCheck(ui::BatchImportRequest request);
    // Runs the file the last check read; answers at once when it had problems.
    void startRun();
    void cancel() { m_thread.cancel(); }
    bool isRunning() const { return m_thread.isRunning(); }
    void wait() { m_thread.wait(); }

signals:
    void checked(const ops::BatchPreview &preview);
    void checkFailed(const QString &error);
    void rowsFinished(const std::vector<ops::BatchRowUpdate> &updates);
    void runFinished(const ops::ui::BatchRunEnding &ending);

private:
    void check(const ui::BatchImportRequest &request);
    void run();
    // The check's reading; nullopt when it was stopped.
    std::optional<PreparedBatch> prepare(const QByteArray &bytes, const QString &name);
    // After the gate: the rows at `rate` a second.
    void runRows(const PreparedBatch &p, double rate);
    // Before the first row: the rights, then the four-eyes; how the run ends without sending
    // anything, or nullopt to go on.
    std::optional<ui::BatchRunEnding> gate(Session &session) const;
    void finishRun(ui::BatchRunEnding ending);

    JobConfig m_config;
    const Clock &m_clock;
    double m_rate = 0; // 0: OPS_BATCH_RATE
    RowHook m_hook;
    QString m_actor;
    // The check's, read by the run's body afterwards: one body at a time on the thread.
    std::optional<PreparedBatch> m_prepared;
    QHash<int, int> m_rowOfLine;                    // a file line → its row in the preview
    WorkerThread m_thread{QStringLiteral("batch")}; // last: the first to stop
};

} // namespace ops::console
