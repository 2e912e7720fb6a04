#pragma once

// Runs the console's network actions off the UI thread. The window asks (ConsoleRequests:
// lookUpRequested, resendRequested, cancelRequested, …); the controller runs the job on the thread
// pool, shows progress, and hands the result back to the window, a ConsoleView, on the UI thread.
// One job at a time. Cancel stops waiting at once; a look-up stops between provider pages, and a
// resend whose attempt is already counted still records its answer (the timeline shows it).

#include "console/batchworker.h"
#include "console/bulkworker.h"
#include "console/consolejobs.h"
#include "console/consolewriter.h"
#include "console/messagejob.h"
#include "domain/refunddraft.h"

#include <QFutureWatcher>
#include <QObject>
#include <functional>
#include <memory>

namespace ops::ui {
class BatchJob;
class BulkJob;
class ConsoleView;
} // namespace ops::ui

namespace ops::console {

class ConsoleController final : public QObject
{
    Q_OBJECT
public:
    ConsoleController(ui::ConsoleView &window, JobConfig config, const Clock &clock,
                      QObject *parent = nullptr);
    ~ConsoleController() override;

    bool isRunning() const { return m_watcher.isRunning(); }
    // The provider settings the next job uses; replaced after Tools → Connections saves.
    const JobConfig &config() const { return m_config; }
    void setConfig(JobConfig config);
    // The window's writes (consolewriter.h), installed into it by the constructor.
    ConsoleWriter &writer() { return m_writer; }
    // Blocks until the running job (if any) and every write asked for so far have finished and
    // their results were applied.
    void waitForIdle();

    void lookUp(const QString &operationId);
    void resend(const QString &operationId);
    void cancel();
    // Delivers a queued customer message (messagejob.h).
    void sendMessage(qint64 messageId);
    void sendDecisionNotes(const QString &operationId);
    // Starts the refund the new-refund form describes, as this window's person (newrefundjob.h).
    void startNewRefund(const ops::RefundDraft &draft);
    // Reads a bulk job's preview on its own thread and connection (bulkworker.h).
    void readBulkPreview(ui::BulkJob *job);
    // Runs a confirmed bulk job's runnable rows on its own thread (bulkworker.h).
    void runBulk(ui::BulkJob *job);
    // Checks a batch file (Import refunds…) on the job's own worker thread (batchworker.h) …
    void checkBatch(ui::BatchJob *job);
    // … and runs the file that check read.
    void runBatch(ui::BatchJob *job);
    // Tests: called on a batch run's thread after each row's outcome, with its line.
    void setBatchRowHook(BatchWorker::RowHook hook) { m_batchHook = std::move(hook); }
    // The pace of a batch run, rows a second (0: OPS_BATCH_RATE).
    void setBatchRate(double perSecond) { m_batchRate = perSecond; }
    // Tests: called on the bulk thread before each row.
    void setBulkRowHook(BulkWorker::RowHook hook) { m_bulkHook = std::move(hook); }
    // Tests: called on the bulk thread before each part of a preview read.
    void setBulkPreviewHook(BulkWorker::RowHook hook) { m_previewHook = std::move(hook); }

signals:
    // A job's result reached the window (or was dropped after a cancel).
    void jobFinished();

private:
    // The job's result, applied to the window on the UI thread.
    using Apply = std::function<void()>;
    // What the window shows once a message job ends: reloaded, then its error or its status.
    Apply messageApplied(const MessageOutcome &outcome);
    // cancellable false: Esc does not detach the job (a new refund's outcome must be shown,
    // since money may move whatever the person pressed).
    void start(const QString &busyText, std::function<Apply(const std::atomic_bool &)> job,
               bool cancellable = true);
    void finished();
    // A resend's result on the UI thread: the row by value into the window, then the texts.
    void applyResend(const QString &operationId, const ResendOutcome &outcome);

    ui::ConsoleView &m_window;
    JobConfig m_config;
    const Clock &m_clock;
    ConsoleWriter m_writer;
    QFutureWatcher<Apply> m_watcher;
    std::shared_ptr<std::atomic_bool> m_cancelled;
    bool m_detached = false; // the operator cancelled: the result only refreshes the lists
    BulkWorker::RowHook m_bulkHook;
    BulkWorker::RowHook m_previewHook;
    BatchWorker::RowHook m_batchHook;
    double m_batchRate = 0;
};

} // namespace ops::console
