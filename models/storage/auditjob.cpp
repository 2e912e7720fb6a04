#include "storage/auditjob.h"

#include "storage/audit/auditexport.h"
#include "storage/db/sqlconnection.h"
#include "storage/db/storagelogging.h"
#include "storage/session.h"

#include <QThread>

using namespace Qt::StringLiterals;

namespace ops {

AuditJob::AuditJob(const QString &location, const Clock &clock, AuditJobResult::Kind kind,
                   QObject *parent)
    : AuditTask(parent)
    , m_location(location)
    , m_clock(clock)
    , m_kind(kind)
{
    qRegisterMetaType<ops::AuditJobResult>();
}

AuditJob *AuditJob::verify(const QString &location, const Clock &clock, QObject *parent)
{
    return new AuditJob(location, clock, AuditJobResult::Kind::Verify, parent);
}

AuditJob *AuditJob::exportCsv(const QString &location, const Clock &clock, AuditFilter filter,
                              const QString &path, QObject *parent)
{
    auto *job = new AuditJob(location, clock, AuditJobResult::Kind::Export, parent);
    job->m_filter = std::move(filter);
    job->m_path = path;
    return job;
}

AuditJob::~AuditJob()
{
    cancel();
    wait();
}

void AuditJob::start()
{
    if (m_thread)
        return;
    m_thread.reset(QThread::create([this] { run(); }));
    m_thread->setObjectName(u"audit-job"_s);
    m_thread->start();
}

bool AuditJob::isRunning() const
{
    return m_thread && m_thread->isRunning();
}

void AuditJob::wait()
{
    if (m_thread)
        m_thread->wait();
}

// On the job's thread: records (done, total) and, when a report is due and none is waiting,
// queues one to the owner's thread; it shows the latest figures when it runs.
bool AuditJob::report(qint64 done, qint64 total, bool final)
{
    m_done = done;
    m_total = total;
    const bool due =
        final || !m_sinceReport.isValid() || m_sinceReport.elapsed() >= kProgressEveryMs;
    if (due && !m_reportQueued.exchange(true)) {
        m_sinceReport.start();
        QMetaObject::invokeMethod(this, &AuditJob::deliverProgress, Qt::QueuedConnection);
    } else if (final) { // one is queued already and will read these figures
        m_sinceReport.start();
    }
    return !m_cancelled;
}

// On the owner's thread.
void AuditJob::deliverProgress()
{
    m_reportQueued = false;
    emit progress(m_done, m_total);
}

void AuditJob::run()
{
    AuditJobResult result;
    try {
        result = m_kind == AuditJobResult::Kind::Verify ? runVerify() : runExport();
    } catch (const StoreError &e) {
        result.kind = m_kind;
        result.path = m_path;
        result.error = e.message();
    }
    qCInfo(lcStore) << "audit job ended:" << (result.cancelled ? "cancelled" : "done")
                    << result.error;
    QMetaObject::invokeMethod(
        this, [this, result] { emit finished(result); }, Qt::QueuedConnection);
}

AuditJobResult AuditJob::runVerify()
{
    AuditJobResult result;
    Session session(m_location, m_clock);
    result.check =
        session.verifyChain([this](qint64 done, qint64 total) { return report(done, total); });
    result.cancelled = !result.check;
    if (result.check) // the walk's last figures, whether or not a report was due
        report(m_done, m_total, true);
    return result;
}

AuditJobResult AuditJob::runExport()
{
    AuditJobResult result{AuditJobResult::Kind::Export, false, {}, {}, 0, m_path};
    Session session(m_location, m_clock);
    AuditCsvExport exporter(session.auditQuery(), m_filter, m_path);
    report(0, exporter.total());
    while (!exporter.step(kExportChunkRows)) {
        if (!report(exporter.written(), exporter.total())) {
            exporter.cancel();
            result.cancelled = true;
            result.written = exporter.written();
            return result;
        }
    }
    if (m_cancelled) {
        exporter.cancel();
        result.cancelled = true;
        return result;
    }
    exporter.finish();
    result.written = exporter.written();
    report(result.written, qMax(result.written, exporter.total()), true);
    return result;
}

} // namespace ops
