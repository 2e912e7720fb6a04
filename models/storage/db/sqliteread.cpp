#include "storage/db/sqliteread.h"

#include "domain/storeerror.h"

#include <QSqlDriver>
#include <sqlite3.h>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

QString errorOf(sqlite3 *db)
{
    return QString::fromUtf8(sqlite3_errmsg(db));
}

// Binds like QSQLITE does: integers as 64-bit integers, null as NULL, anything else as text.
int bind(sqlite3_stmt *statement, int index, const QVariant &value)
{
    if (value.isNull())
        return sqlite3_bind_null(statement, index);
    switch (value.typeId()) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Bool:
        return sqlite3_bind_int64(statement, index, value.toLongLong());
    default:
        break;
    }
    const QByteArray utf8 = value.toString().toUtf8();
    return sqlite3_bind_text(statement, index, utf8.constData(), int(utf8.size()),
                             SQLITE_TRANSIENT);
}

} // namespace

sqlite3 *sqliteHandle(QSqlDatabase &db)
{
    if (!db.isOpen() || !db.driver())
        return nullptr;
    const QVariant v = db.driver()->handle();
    if (!v.isValid() || qstrcmp(v.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(v.constData());
}

std::unique_ptr<SqliteRead> SqliteRead::open(QSqlDatabase &db, const QString &sql,
                                             const QVariantList &bindings)
{
    sqlite3 *handle = sqliteHandle(db);
    if (!handle)
        return nullptr;
    const QByteArray text = sql.toUtf8();
    sqlite3_stmt *statement = nullptr;
    if (sqlite3_prepare_v2(handle, text.constData(), int(text.size()), &statement, nullptr) !=
        SQLITE_OK)
        throw StoreError(u"the database refused a read: %1"_s.arg(errorOf(handle)));
    std::unique_ptr<SqliteRead> read(new SqliteRead(handle, statement));
    for (qsizetype i = 0; i < bindings.size(); ++i) {
        if (bind(statement, int(i) + 1, bindings.at(i)) != SQLITE_OK)
            throw StoreError(u"the database refused a read: %1"_s.arg(errorOf(handle)));
    }
    return read;
}

SqliteRead::SqliteRead(sqlite3 *db, sqlite3_stmt *statement)
    : m_db(db)
    , m_statement(statement)
{}

SqliteRead::~SqliteRead()
{
    sqlite3_finalize(m_statement);
}

bool SqliteRead::next()
{
    const int rc = sqlite3_step(m_statement);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    throw StoreError(u"reading the database failed: %1"_s.arg(errorOf(m_db)));
}

qint64 SqliteRead::integer(int column) const
{
    return sqlite3_column_int64(m_statement, column);
}

QByteArrayView SqliteRead::text(int column) const
{
    const auto *bytes = sqlite3_column_text(m_statement, column);
    if (!bytes)
        return {};
    return QByteArrayView(reinterpret_cast<const char *>(bytes),
                          sqlite3_column_bytes(m_statement, column));
}

} // namespace ops
