#include "storage/audit/auditexport.h"

#include "domain/csv.h"
#include "storage/db/database.h"
#include "storage/db/sqliteread.h"

#include <cstdio>

using namespace Qt::StringLiterals;

namespace ops {

const QStringList &AuditCsvExport::header()
{
    static const QStringList h = {u"id"_s,           u"at_utc"_s, u"actor"_s,  u"action"_s,
                                  u"operation_id"_s, u"kind"_s,   u"detail"_s, u"hash"_s};
    return h;
}

namespace {

// QDateTime::toString(Qt::ISODateWithMs) of a UTC time ("2026-11-30T09:15:00.250Z"), without
// the general formatter: a million rows spend most of their time there otherwise.
QByteArray isoUtcBytes(qint64 ms)
{
    const QDate date = QDate(1970, 1, 1).addDays(ms / 86'400'000);
    if (ms < 0 || date.year() > 9999)
        return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs).toUtf8();
    const qint64 inDay = ms % 86'400'000;
    char text[25];
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", date.year(),
                  date.month(), date.day(), int(inDay / 3'600'000), int(inDay / 60'000 % 60),
                  int(inDay / 1000 % 60), int(inDay % 1000));
    return QByteArray(text, 24);
}

QString isoUtc(const QDateTime &at)
{
    return QString::fromLatin1(isoUtcBytes(at.toMSecsSinceEpoch()));
}

// The kind column as fields() writes it: the stored name when it is a kind, else empty. The
// few names seen are remembered, so a million rows parse each name once.
class KindNames
{
public:
    QByteArrayView shown(QByteArrayView stored)
    {
        for (const auto &[name, out] : m_seen) {
            if (name == stored)
                return out;
        }
        const auto kind = kindFromString(QString::fromUtf8(stored));
        m_seen.emplace_back(stored.toByteArray(), kind ? toString(*kind).toUtf8() : QByteArray());
        return m_seen.back().second;
    }

private:
    std::vector<std::pair<QByteArray, QByteArray>> m_seen;
};

} // namespace

QStringList AuditCsvExport::fields(const AuditRow &row)
{
    return {QString::number(row.id),
            isoUtc(row.at),
            row.actor,
            row.action,
            row.operationId,
            row.kind ? toString(*row.kind) : QString(),
            row.detail,
            row.hash};
}

AuditCsvExport::AuditCsvExport(AuditQuery &query, AuditFilter filter, const QString &path,
                               AuditReadPath readPath)
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
    if (readPath == AuditReadPath::Fastest) {
        const auto [sql, bindings] = m_query.streamStatement(m_filter);
        m_raw = SqliteRead::open(connectionOf(m_query), sql, bindings);
    }
    if (!m_raw)
        m_stream.emplace(m_query.stream(m_filter));
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
    rows = qMax(1, rows);
    QByteArray chunk;
    const int read = m_raw ? readRawRows(chunk, rows) : readRows(chunk, rows);
    if (m_file->write(chunk) != chunk.size())
        throw StoreError(u"cannot write %1: %2"_s.arg(m_file->fileName(), m_file->errorString()));
    m_written += read;
    if (read < rows) {
        m_done = true;
        m_stream.reset();
        m_raw.reset();
    }
    return m_done;
}

int AuditCsvExport::readRows(QByteArray &chunk, int rows)
{
    m_rows.clear();
    const int read = m_stream->read(m_rows, rows);
    for (const AuditRow &row : m_rows)
        chunk += csv::record(fields(row));
    return read;
}

// fields() and csv::record() over the stored UTF-8, column by column as streamStatement()
// selects them: id, at, actor, action, operation_id, kind, detail, hash.
int AuditCsvExport::readRawRows(QByteArray &chunk, int rows)
{
    KindNames names; // per chunk: a few look-ups per thousand rows
    int read = 0;
    while (read < rows && m_raw->next()) {
        chunk += QByteArray::number(m_raw->integer(0));
        chunk += ',';
        chunk += isoUtcBytes(m_raw->integer(1));
        for (int column : {2, 3, 4}) {
            chunk += ',';
            csv::appendField(chunk, m_raw->text(column));
        }
        chunk += ',';
        csv::appendField(chunk, names.shown(m_raw->text(5)));
        for (int column : {6, 7}) {
            chunk += ',';
            csv::appendField(chunk, m_raw->text(column));
        }
        chunk += "\r\n";
        ++read;
    }
    return read;
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
    m_stream.reset();
    m_raw.reset();
    m_file->cancelWriting();
    m_file.reset();
    m_done = false;
}

} // namespace ops
