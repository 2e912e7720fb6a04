#pragma once

// Audit entries to a CSV file, in chunks, so a caller can show progress and cancel and a script
// can export millions of rows in constant memory. The entries come from one forward-only read
// (AuditStream), newest first, so the file is one consistent snapshot on SQLite. The file is
// written through QSaveFile: until finish() it lives under a temporary name in the target folder,
// and a cancelled or failed export removes it, so the target is either the whole export or
// untouched.

#include "storage/audit/auditlog.h"
#include "storage/audit/auditquery.h"

#include <QSaveFile>
#include <memory>
#include <optional>

namespace ops {

class SqliteRead;

class AuditCsvExport
{
public:
    static const QStringList &header();
    static QStringList fields(const AuditRow &row);

    // Opens the temporary file and writes the header; throws StoreError when the folder is not
    // writable. `total` is counted up front for progress. With AuditReadPath::Fastest a SQLite
    // database is read through the sqlite3 handle and its UTF-8 goes straight into the file
    // (the same bytes as through AuditRow and fields()).
    AuditCsvExport(AuditQuery &query, AuditFilter filter, const QString &path,
                   AuditReadPath readPath = AuditReadPath::Fastest);
    ~AuditCsvExport();
    AuditCsvExport(const AuditCsvExport &) = delete;
    AuditCsvExport &operator=(const AuditCsvExport &) = delete;

    // Writes up to `rows` more entries; true once every entry is written.
    bool step(int rows);
    // Renames the finished file into place; throws StoreError when that fails.
    void finish();
    // Drops the temporary file; the target stays as it was.
    void cancel();

    qint64 written() const { return m_written; }
    qint64 total() const { return m_total; }
    bool done() const { return m_done; }

private:
    int readRows(QByteArray &chunk, int rows);
    int readRawRows(QByteArray &chunk, int rows);

    AuditQuery &m_query;
    AuditFilter m_filter;
    std::unique_ptr<QSaveFile> m_file;
    std::optional<AuditStream> m_stream;
    std::unique_ptr<SqliteRead> m_raw; // instead of m_stream on the fast path
    std::vector<AuditRow> m_rows;      // one chunk, reused
    qint64 m_written = 0;
    qint64 m_total = 0;
    bool m_done = false;
};

} // namespace ops
