#include "auditexport.h"

#include "csv.h"
#include "database.h"
#include "operatordirectory.h"

using namespace Qt::StringLiterals;

namespace ops {

const QStringList &AuditCsvExport::header()
{
    static const QStringList h = {u"id"_s,           u"at_utc"_s, u"actor"_s,  u"action"_s,
                                  u"operation_id"_s, u"kind"_s,   u"detail"_s, u"hash"_s};
    return h;
}

QStringList AuditCsvExport::fields(const AuditRow &row)
{
    return {
        QString::number(row.id), row.at.toUTC().toString(Qt::ISODateWithMs), row.actor,  row.action,
        row.operationId,         row.kind ? toString(*row.kind) : QString(), row.detail, row.hash};
}

AuditCsvExport::AuditCsvExport(AuditQuery &query, AuditFilter filter, const QString &path)
    : m_query(query)
    , m_filter(std::move(filter))
    , m_file(std::make_unique<QSaveFile>(path))
{
    if (path.trimmed().isEmpty())
        throw StoreError(u"no file name given for the export"_s);
    m_total = m_query.count(m_filter);
    if (!m_file->open(QIODevice::WriteOnly))
        throw StoreError(u"cannot write %1: %2"_s.arg(path, m_file->errorString()));
    m_file->write(csv::record(header()));
}

AuditCsvExport::~AuditCsvExport()
{
    if (!m_done && m_file)
        m_file->cancelWriting();
}

bool AuditCsvExport::step(int rows)
{
    if (m_done)
        return true;
    const std::vector<AuditRow> page = m_query.page(m_filter, m_after, qMax(1, rows));
    QByteArray chunk;
    for (const AuditRow &row : page)
        chunk += csv::record(fields(row));
    if (m_file->write(chunk) != chunk.size())
        throw StoreError(u"cannot write %1: %2"_s.arg(m_file->fileName(), m_file->errorString()));
    m_written += qint64(page.size());
    if (!page.empty())
        m_after = page.back().id;
    if (int(page.size()) < rows)
        m_done = true;
    return m_done;
}

void AuditCsvExport::finish()
{
    if (!m_done)
        throw StoreError(u"the export is not complete"_s);
    if (!m_file->commit())
        throw StoreError(u"cannot save %1: %2"_s.arg(m_file->fileName(), m_file->errorString()));
    m_file.reset();
}

void AuditCsvExport::cancel()
{
    if (!m_file)
        return;
    m_file->cancelWriting();
    m_file.reset();
    m_done = false;
}

std::optional<qint64> exportAuditCsv(AuditQuery &query, const QString &actor,
                                     const AuditFilter &filter, const QString &path,
                                     const std::function<bool(qint64, qint64)> &progress, int chunk)
{
    // Export first: the message names the action that was asked for.
    requireRight(query.database(), actor, Right::Export);
    requireRight(query.database(), actor, Right::Audit);
    AuditCsvExport exporter(query, filter, path);
    while (!exporter.step(chunk)) {
        if (progress && !progress(exporter.written(), exporter.total())) {
            exporter.cancel();
            return std::nullopt;
        }
    }
    if (progress && !progress(exporter.written(), exporter.total())) {
        exporter.cancel();
        return std::nullopt;
    }
    exporter.finish();
    return exporter.written();
}

ChainCheck verifyAuditChain(QSqlDatabase &db, const QString &actor)
{
    requireRight(db, actor, Right::Audit);
    return AuditLog::verify(db);
}

} // namespace ops
