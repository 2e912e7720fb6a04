#pragma once

// Reads through the sqlite3 handle under a Qt SQLite connection (QSqlDriver::handle()), for walks
// over a million rows where QSQLITE's per-value work costs more than SQLite itself: it reads
// every text column as UTF-16 (sqlite3_column_text16) and wraps each value in a QVariant, and
// the caller then turns it back into UTF-8 for a hash or a file. Here a column is the UTF-8
// bytes SQLite stores, valid until the next step. Only for reads; writes stay on QSqlQuery.

#include <QByteArrayView>
#include <QSqlDatabase>
#include <QVariantList>
#include <memory>

struct sqlite3;
struct sqlite3_stmt;

namespace ops {

// The handle of an open SQLite connection; nullptr for any other (PostgreSQL, closed).
sqlite3 *sqliteHandle(QSqlDatabase &db);

class SqliteRead
{
public:
    // Prepares `sql` with its positional bindings (integers, text, null) on `db`'s handle;
    // nullptr when `db` is not an open SQLite connection. Throws StoreError when SQLite refuses
    // the statement.
    static std::unique_ptr<SqliteRead> open(QSqlDatabase &db, const QString &sql,
                                            const QVariantList &bindings = {});
    ~SqliteRead();
    SqliteRead(const SqliteRead &) = delete;
    SqliteRead &operator=(const SqliteRead &) = delete;

    // The next row; false at the end. Throws StoreError when the read fails.
    bool next();
    qint64 integer(int column) const;
    // The column as UTF-8 text (empty for NULL), valid until the next call of next().
    QByteArrayView text(int column) const;

private:
    SqliteRead(sqlite3 *db, sqlite3_stmt *statement);

    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_statement = nullptr;
};

} // namespace ops
