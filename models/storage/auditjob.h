#pragma once

// Verify chain and CSV export for the audit window, off the UI thread (issue 16): each job runs
// on a thread of its own with a Session of its own (a connection belongs to the thread that
// opened it), reports progress to the thread that started it, and stops at the next chunk when
// cancelled. A cancelled or failed export leaves no file (AuditCsvExport writes through
// QSaveFile); the target is either the whole export or as it was. Beside session.h, not in
// audit/: the job opens a Session, which sits above the audit read side.

#include "domain/audittask.h"
#include "domain/audittypes.h"
#include "storage/audit/auditlog.h"
#include "storage/audit/auditquery.h"

#include <QElapsedTimer>
#include <QObject>
#include <atomic>
#include <memory>

class QThread;

namespace ops {

class Clock;

class AuditJob final : public AuditTask
{
    Q_OBJECT
public:
    // Export chunk: rows between two cancel checks (and looks at whether a report is due).
    static constexpr int kExportChunkRows = 2000;
    // Progress reaches the owner's thread at most this often, one queued report at a time
    // (coalesced to the latest figures): a fast walk cannot flood the UI thread with repaints.
    static constexpr qint64 kProgressEveryMs = 50;

    // Not started yet; `clock` must outlive the job. The location is opened again on the job's
    // thread.
    static AuditJob *verify(const QString &location, const Clock &clock, QObject *parent = nullptr);
    static AuditJob *exportCsv(const QString &location, const Clock &clock, AuditFilter filter,
                               const QString &path, QObject *parent = nullptr);
    // Waits for the thread (a running job is cancelled first).
    ~AuditJob() override;

    void start() override;
    // Thread-safe; the job stops at its next progress point and finishes as cancelled.
    void cancel() override { m_cancelled = true; }
    bool isRunning() const override;
    // Blocks until the thread has ended (tests, shutdown); finished() is still delivered through
    // the event loop.
    void wait();
    // Signals: AuditTask's progress (at most every kProgressEveryMs, always once with the final
    // figures) and finished.

private:
    AuditJob(const QString &location, const Clock &clock, AuditJobResult::Kind kind,
             QObject *parent);
    void run();
    AuditJobResult runVerify();
    AuditJobResult runExport();
    bool report(qint64 done, qint64 total, bool final = false);
    void deliverProgress();

    QString m_location;
    const Clock &m_clock;
    AuditJobResult::Kind m_kind;
    AuditFilter m_filter;
    QString m_path;
    std::atomic_bool m_cancelled = false;
    std::atomic<qint64> m_done = 0; // the latest report, read by deliverProgress
    std::atomic<qint64> m_total = 0;
    std::atomic_bool m_reportQueued = false;
    QElapsedTimer m_sinceReport; // job thread only
    std::unique_ptr<QThread> m_thread;
};

} // namespace ops
