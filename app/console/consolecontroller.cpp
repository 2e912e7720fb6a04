#include "console/consolecontroller.h"

#include "console/messagejob.h"
#include "console/newrefundjob.h"
#include "dialogs/resendconfirmdialog.h"
#include "mainwindow/consoleview.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace ops::console {

Q_LOGGING_CATEGORY(lcConsole, "ops.console", QtWarningMsg)

ConsoleController::ConsoleController(ui::ConsoleView &window, JobConfig config, const Clock &clock,
                                     QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_config(std::move(config))
    , m_clock(clock)
    , m_writer(m_config.dbLocation, clock)
{
    window.setWrites(m_writer);
    connect(&m_watcher, &QFutureWatcher<Apply>::finished, this, &ConsoleController::finished);
    const ui::ConsoleRequests *asks = &window.requests();
    using Asks = ui::ConsoleRequests;
    connect(asks, &Asks::lookUpRequested, this, &ConsoleController::lookUp);
    connect(asks, &Asks::resendRequested, this, &ConsoleController::resend);
    connect(asks, &Asks::cancelRequested, this, &ConsoleController::cancel);
    connect(asks, &Asks::messageSendRequested, this, &ConsoleController::sendMessage);
    connect(asks, &Asks::decisionNotesRequested, this, &ConsoleController::sendDecisionNotes);
    connect(asks, &Asks::newRefundRequested, this, &ConsoleController::startNewRefund);
    connect(asks, &Asks::bulkRunRequested, this, &ConsoleController::runBulk);
    connect(asks, &Asks::bulkPreviewRequested, this, &ConsoleController::readBulkPreview);
    connect(asks, &Asks::batchCheckRequested, this, &ConsoleController::checkBatch);
    connect(asks, &Asks::batchRunRequested, this, &ConsoleController::runBatch);
    setConfig(std::move(m_config));
}

void ConsoleController::setConfig(JobConfig config)
{
    m_config = std::move(config);
    m_window.setHelpdeskProblem(m_config.helpdeskProblem);
    // Adyen's test and live platforms differ by endpoint, not by key.
    m_window.setLiveKeys(ui::isLiveApiKey(m_config.stripe.secret),
                         ui::isLiveApiKey(m_config.slen.secret),
                         m_config.adyen && adyenModeOf(m_config.adyen->baseUrl) == AdyenMode::Live);
}

ConsoleController::~ConsoleController()
{
    // A job still running holds its own connection and transport; let it end cleanly.
    if (m_cancelled)
        *m_cancelled = true;
    m_watcher.waitForFinished();
}

void ConsoleController::waitForIdle()
{
    m_writer.waitForIdle();
    while (m_watcher.isRunning())
        m_watcher.waitForFinished();
    QCoreApplication::sendPostedEvents(&m_watcher);
    QCoreApplication::processEvents();
}

void ConsoleController::start(const QString &busyText,
                              std::function<Apply(const std::atomic_bool &)> job, bool cancellable)
{
    if (m_watcher.isRunning()) {
        m_window.showError(tr("Another action is still running."),
                           tr("Wait for it or cancel it (Esc)."));
        return;
    }
    m_cancelled = std::make_shared<std::atomic_bool>(false);
    m_detached = false;
    m_window.setBusy(busyText, cancellable);
    auto cancelled = m_cancelled;
    m_watcher.setFuture(
        QtConcurrent::run([job = std::move(job), cancelled] { return job(*cancelled); }));
}

void ConsoleController::finished()
{
    const Apply apply = m_watcher.future().isValid() && m_watcher.future().resultCount() > 0
                            ? m_watcher.result()
                            : Apply();
    if (m_detached) {
        m_window.reloadAll(); // a cancelled resend may still have recorded its attempt
    } else {
        m_window.clearBusy();
        if (apply)
            apply();
    }
    emit jobFinished();
}

void ConsoleController::cancel()
{
    if (!m_watcher.isRunning() || m_detached)
        return;
    *m_cancelled = true;
    m_detached = true;
    m_window.jobCancelled(tr("Cancelled. A request already sent still gets its answer recorded; "
                             "the list updates when it arrives."));
}

void ConsoleController::lookUp(const QString &operationId)
{
    const JobConfig config = m_config;
    const Clock &clock = m_clock;
    start(tr("Looking up %1 at the provider…").arg(operationId),
          [this, config, &clock, operationId](const std::atomic_bool &cancelled) -> Apply {
              LookupAnswer answer = runLookup(config, clock, operationId, cancelled);
              return [this, answer] {
                  m_window.showLookupAnswer(answer);
              };
          });
}

void ConsoleController::resend(const QString &operationId)
{
    const JobConfig config = m_config;
    const Clock &clock = m_clock;
    const QString actor = m_window.actor();
    const QString holder = m_window.leaseHolder();
    if (!m_watcher.isRunning())         // (start() refuses otherwise)
        m_window.catchUpWithDatabase(); // a later change report: the job's commits or newer
    start(tr("Resending %1 with its stored key…").arg(operationId),
          [this, config, &clock, operationId, actor, holder](const std::atomic_bool &) -> Apply {
              ResendOutcome outcome = runResend(config, clock, operationId, actor, holder);
              return [this, outcome = std::move(outcome), operationId] {
                  applyResend(operationId, outcome);
              };
          });
}

void ConsoleController::applyResend(const QString &operationId, const ResendOutcome &outcome)
{
    qCInfo(lcConsole) << "resend finished:" << outcome.message << outcome.error;
    // The one row the job changed, as it read it after its last commit: no list is re-read.
    if (outcome.operation)
        m_window.applyOperation(*outcome.operation, outcome.stateBefore, outcome.awaitingApproval,
                                !outcome.othersWrote);
    else
        m_window.reloadAll(); // the row is gone, or the job failed before it could read it
    const bool ok = outcome.error.isEmpty();
    // A refusal from the store may end without a full stop: two sentences never run together.
    const QString error = outcome.error.endsWith(u'.') ? outcome.error : outcome.error + u'.';
    const QString text =
        ok ? outcome.message : tr("Resend: %1 What to do next: %2").arg(error, outcome.next);
    if (ok)
        m_window.clearBusy(outcome.message);
    else
        m_window.showError(outcome.error, outcome.next);
    m_window.showResendOutcome(operationId, ok, text);
}

ConsoleController::Apply ConsoleController::messageApplied(const MessageOutcome &outcome)
{
    return [this, outcome] {
        m_window.reloadAll();
        if (!outcome.error.isEmpty())
            m_window.showError(outcome.error, outcome.next);
        else
            m_window.clearBusy(outcome.message);
    };
}

void ConsoleController::sendMessage(qint64 messageId)
{
    const JobConfig config = m_config;
    const Clock &clock = m_clock;
    const QString actor = m_window.actor();
    start(tr("Sending message %1 to the helpdesk…").arg(messageId),
          [this, config, &clock, messageId, actor](const std::atomic_bool &) -> Apply {
              return messageApplied(runMessageSend(config, clock, messageId, actor));
          });
}

void ConsoleController::sendDecisionNotes(const QString &operationId)
{
    const JobConfig config = m_config;
    const Clock &clock = m_clock;
    const QString actor = m_window.actor();
    start(tr("Sending the decision on %1 to its ticket…").arg(operationId),
          [this, config, &clock, operationId, actor](const std::atomic_bool &) -> Apply {
              return messageApplied(runDecisionNotes(config, clock, operationId, actor));
          });
}

void ConsoleController::startNewRefund(const RefundDraft &draft)
{
    const JobConfig config = m_config;
    const Clock &clock = m_clock;
    const QString actor = m_window.actor();
    start(
        tr("Starting a new refund for order %1…").arg(draft.orderId),
        [this, config, &clock, draft, actor](const std::atomic_bool &) -> Apply {
            NewRefundOutcome outcome = runNewRefund(config, clock, draft, actor);
            return [this, outcome = std::move(outcome)] {
                qCInfo(lcConsole) << "new refund finished:" << outcome.message << outcome.error;
                m_window.showNewRefundOutcome(outcome.operation, outcome.message, outcome.error,
                                              outcome.next);
            };
        },
        false);
}

void ConsoleController::readBulkPreview(ui::BulkJob *job)
{
    if (!job || job->runs())
        return;
    // The reader belongs to the job, and so to its dialog: closing it stops the read after the
    // part in hand.
    auto *reader = new BulkWorker(m_config, m_clock, m_window.actor(), m_window.leaseHolder(), job);
    reader->setPreviewHook(m_previewHook);
    connect(reader, &BulkWorker::previewRead, job, &ui::BulkJob::previewRead);
    connect(reader, &BulkWorker::previewFailed, job, &ui::BulkJob::previewFailed);
    connect(job, &ui::BulkJob::cancelRequested, reader, &BulkWorker::cancel);
    reader->startPreview(job->request());
}

void ConsoleController::runBulk(ui::BulkJob *job)
{
    if (!job || !job->runs())
        return;
    // The worker belongs to the job: closing its dialog waits for the row in hand.
    auto *worker = new BulkWorker(m_config, m_clock, m_window.actor(), m_window.leaseHolder(), job);
    worker->setRowHook(m_bulkHook);
    connect(worker, &BulkWorker::rowsFinished, job, &ui::BulkJob::rowsFinished);
    connect(worker, &BulkWorker::finished, job, &ui::BulkJob::runFinished);
    connect(job, &ui::BulkJob::cancelRequested, worker, &BulkWorker::cancel);
    emit job->runStarted();
    worker->start(bulkItems(job->preview()));
}

void ConsoleController::checkBatch(ui::BatchJob *job)
{
    if (!job || job->findChild<BatchWorker *>())
        return;
    // The worker belongs to the job, and so to its dialog: closing it drops the check, and stops
    // a run before its next row.
    auto *worker = new BatchWorker(m_config, m_clock, job);
    worker->setRowHook(m_batchHook);
    if (m_batchRate > 0)
        worker->setRate(m_batchRate);
    connect(worker, &BatchWorker::checked, job, &ui::BatchJob::checked);
    connect(worker, &BatchWorker::checkFailed, job, &ui::BatchJob::checkFailed);
    connect(worker, &BatchWorker::rowsFinished, job, &ui::BatchJob::rowsFinished);
    connect(worker, &BatchWorker::runFinished, job, &ui::BatchJob::runFinished);
    connect(job, &ui::BatchJob::cancelRequested, worker, &BatchWorker::cancel);
    ui::BatchImportRequest request = job->request();
    request.actor = m_window.actor(); // the window's person, whatever the dialog was told
    worker->startCheck(std::move(request));
}

void ConsoleController::runBatch(ui::BatchJob *job)
{
    if (auto *worker = job ? job->findChild<BatchWorker *>() : nullptr)
        worker->startRun();
}

} // namespace ops::console
