#include "storage/db/database.h"

#include "domain/dblocation.h"
#include "storage/db/pgconnection.h"
#include "storage/db/sqldialect.h"
#include "storage/db/sqlitetuning.h"
#include "storage/db/statementcache.h"
#include "storage/db/storagelogging.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QThread>
#include <atomic>
#include <chrono>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// The versioned scripts compiled in from resources/migrations/sqlite (ops_resources), in file
// name order: NNNN_name.sql, NNNN = 1, 2, … with no gap (tests/models/tst_resources checks the
// folders against the resource list). Append only.
const QStringList &migrationFiles()
{
    static const QStringList files = [] {
        const QDir dir(u":/migrations/sqlite"_s);
        QStringList paths;
        const auto names = dir.entryList({u"*.sql"_s}, QDir::Files, QDir::Name);
        for (const QString &name : names)
            paths.append(dir.filePath(name));
        return paths;
    }();
    return files;
}

void execOrThrow(QSqlDatabase &db, const QString &sql)
{
    QSqlQuery q(db);
    if (!q.exec(sql))
        throw StoreError(
            u"database statement failed: %1 (%2)"_s.arg(q.lastError().text(), sql.left(120)));
}

// WAL is a property of the file. Switching to it needs a moment alone with the file and does
// not wait on the busy timeout, so a process that opens a new file while another one is
// switching it retries briefly.
void enableWal(QSqlDatabase &db)
{
    for (int attempt = 0; attempt < 100; ++attempt) {
        QSqlQuery q(db);
        if (q.exec(u"PRAGMA journal_mode = WAL"_s) && q.next() &&
            q.value(0).toString().compare(u"wal"_s, Qt::CaseInsensitive) == 0)
            return;
        QThread::msleep(50);
    }
    throw StoreError(u"cannot switch the database to WAL mode: it stays locked"_s);
}

constexpr int kBusyTimeoutMs = 10000;

// Marked on the driver object, which lives exactly as long as the connection.
constexpr const char *kSharedSyncProperty = "ops_shared_sync";

void applyPragmas(QSqlDatabase &db, CommitDurability durability)
{
    // The fine-grained busy handler replaces SQLite's busy timeout (sqlitetuning.h).
    if (!tuneSqliteConnection(db, kBusyTimeoutMs))
        execOrThrow(db, u"PRAGMA busy_timeout = %1"_s.arg(kBusyTimeoutMs));
    enableWal(db);
    if (durability == CommitDurability::SharedSync) {
        execOrThrow(db, u"PRAGMA synchronous = NORMAL"_s);
        db.driver()->setProperty(kSharedSyncProperty, true);
    } else {
        execOrThrow(db, u"PRAGMA synchronous = FULL"_s);
    }
    execOrThrow(db, u"PRAGMA foreign_keys = ON"_s);
}

QString readResource(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        throw StoreError(u"migration %1 is missing from the build"_s.arg(path));
    return QString::fromUtf8(f.readAll());
}

// migrationFiles() names the SQLite scripts; every backend has its own folder with a script of
// the same file name per version (docs/team.md: adding a migration).
QString migrationFor(SqlDialect dialect, int version)
{
    QString path = migrationFiles().at(version - 1);
    path.replace(u"/sqlite/"_s, u"/"_s + migrationFolder(dialect) + u"/"_s);
    if (!QFile::exists(path))
        throw StoreError(u"migration %1 has no %2 version in this build (%3)"_s.arg(version).arg(
            migrationFolder(dialect), path));
    return readResource(path);
}

void beginWrite(QSqlDatabase &db)
{
    for (const QString &sql : beginWriteStatements(dialectOf(db)))
        execOrThrow(db, sql);
}

} // namespace

namespace {

bool isIdentifierChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_' || c == u'$';
}

// Whether `sql` ends inside a PostgreSQL dollar-quoted string ($$ … $$ or $tag$ … $tag$, which may
// nest other tags: only the opening tag closes it). Single-quoted strings are skipped ('' and, in
// an E'' string, a backslash escape the next character), so a '$' inside one is text; so is a
// '$' inside an identifier (a$b$), and a positional parameter ($1) opens nothing.
bool endsInsideDollarQuote(const QString &sql)
{
    static const QRegularExpression tag(u"\\$([\\p{L}_][\\p{L}\\p{N}_]*)?\\$"_s);
    QString open;
    bool quoted = false;
    bool escapes = false; // inside an E'' string
    for (qsizetype i = 0; i < sql.size(); ++i) {
        const QChar c = sql.at(i);
        if (!open.isEmpty()) {
            if (c == u'$' && QStringView(sql).sliced(i).startsWith(open)) {
                i += open.size() - 1;
                open.clear();
            }
        } else if (quoted) {
            if (escapes && c == u'\\')
                ++i;
            else if (c == u'\'' && i + 1 < sql.size() && sql.at(i + 1) == u'\'')
                ++i; // '' is a quote inside the string
            else if (c == u'\'')
                quoted = false;
        } else if (c == u'\'') {
            quoted = true;
            escapes = i > 0 && (sql.at(i - 1) == u'E' || sql.at(i - 1) == u'e') &&
                      (i < 2 || !isIdentifierChar(sql.at(i - 2)));
        } else if (c == u'$' && (i == 0 || !isIdentifierChar(sql.at(i - 1)))) {
            const auto m = tag.match(sql, i, QRegularExpression::NormalMatch,
                                     QRegularExpression::AnchorAtOffsetMatchOption);
            if (m.hasMatch()) {
                open = m.captured(0);
                i += open.size() - 1;
            }
        }
    }
    return !open.isEmpty();
}

} // namespace

QStringList splitSqlScript(const QString &script)
{
    QStringList statements;
    QString current;
    const auto lines = script.split(u'\n');
    for (QString line : lines) {
        const auto comment = line.indexOf(u"--"_s);
        if (comment >= 0)
            line.truncate(comment);
        line = line.trimmed();
        if (line.isEmpty())
            continue;
        current += current.isEmpty() ? line : u' ' + line;
        // A PostgreSQL function body ($$ … $$, $tag$ … $tag$) may hold ';' at line ends.
        if (!line.endsWith(u';') || endsInsideDollarQuote(current))
            continue;
        // A SQLite trigger body (BEGIN … END;) holds ';' too; PostgreSQL triggers have none.
        const bool trigger = current.startsWith(u"CREATE TRIGGER"_s, Qt::CaseInsensitive) &&
                             current.contains(u" BEGIN "_s, Qt::CaseInsensitive);
        if (trigger && !current.endsWith(u"END;"_s, Qt::CaseInsensitive))
            continue;
        statements.append(current);
        current.clear();
    }
    if (!current.trimmed().isEmpty())
        statements.append(current);
    return statements;
}

bool Database::sharesSync(const QSqlDatabase &db)
{
    return db.driver() && db.driver()->property(kSharedSyncProperty).toBool();
}

Connection Database::open(const QString &location, const QString &connectionName,
                          CommitDurability durability)
{
    const DbLocation parsed = DbLocation::parse(location);
    if (parsed.backend == DbLocation::Backend::Postgres)
        return openPostgres(parsed, connectionName);
    const QFileInfo info(location);
    if (info.isDir())
        throw StoreError(u"database path %1 is a folder, not a file"_s.arg(location));
    if (!QDir().mkpath(info.absolutePath()))
        throw StoreError(
            u"cannot create the folder %1 for the database"_s.arg(info.absolutePath()));

    configureSqliteProcess();
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, connectionName);
    db.setDatabaseName(location);
    if (!db.open())
        throw StoreError(u"cannot open database %1: %2"_s.arg(location, db.lastError().text()));
    // The driver opens lazily; the first write proves the file is usable.
    applyPragmas(db, durability);
    execOrThrow(db, u"CREATE TABLE IF NOT EXISTS schema_version ("
                    "version INTEGER NOT NULL PRIMARY KEY, applied_at BIGINT NOT NULL)"_s);
    return db;
}

int Database::schemaVersion(QSqlDatabase &db)
{
    QSqlQuery q(db);
    if (!q.exec(u"SELECT COALESCE(MAX(version), 0) FROM schema_version"_s) || !q.next())
        throw StoreError(u"cannot read schema version: %1"_s.arg(q.lastError().text()));
    return q.value(0).toInt();
}

int Database::latestVersion()
{
    return int(migrationFiles().size());
}

// A SQLite migration may edit a table's definition in sqlite_schema (0013 widens a CHECK, as
// sqlite.org/lang_altertable.html describes); a new schema_version makes every connection, this
// one included, parse the definitions again. For any other migration it costs one re-parse.
static void bumpSchemaCookie(QSqlDatabase &db)
{
    QSqlQuery q(db);
    if (!q.exec(u"PRAGMA schema_version"_s) || !q.next())
        throw StoreError(u"cannot read schema_version: %1"_s.arg(q.lastError().text()));
    execOrThrow(db, u"PRAGMA schema_version = %1"_s.arg(q.value(0).toLongLong() + 1));
}

void Database::migrate(QSqlDatabase &db)
{
    migrate(db, latestVersion());
}

void Database::migrate(QSqlDatabase &db, int target)
{
    if (target < 1 || target > latestVersion())
        throw StoreError(
            u"no migration %1 in this build (1 to %2)"_s.arg(target).arg(latestVersion()));
    // A current schema is read without the write lock and without a commit: the usual case for
    // every opsctl call, which must not queue behind other writers for it.
    if (const int stored = schemaVersion(db); stored >= target && stored <= latestVersion())
        return;
    // Each step re-reads the version under the write lock: two processes opening a new file at
    // once must not both apply the same migration.
    for (;;) {
        beginWrite(db);
        try {
            const int current = schemaVersion(db);
            if (current > latestVersion())
                throw StoreError(
                    u"database schema version %1 is newer than this build (%2)"_s.arg(current).arg(
                        latestVersion()));
            if (current >= target) {
                execOrThrow(db, u"COMMIT"_s);
                return;
            }
            const int next = current + 1;
            for (const QString &s : splitSqlScript(migrationFor(dialectOf(db), next)))
                execOrThrow(db, s);
            if (dialectOf(db) == SqlDialect::Sqlite)
                bumpSchemaCookie(db);
            execOrThrow(
                db,
                u"INSERT INTO schema_version (version, applied_at) VALUES (%1, %2)"_s.arg(next).arg(
                    QDateTime::currentMSecsSinceEpoch()));
            execOrThrow(db, u"COMMIT"_s);
            if (sharesSync(db) && !syncWal(db))
                throw StoreError(u"cannot sync the database after migration %1"_s.arg(next));
            qCInfo(lcStore) << "applied migration" << next;
        } catch (...) {
            QSqlQuery(db).exec(u"ROLLBACK"_s);
            throw;
        }
    }
}

QString Database::uniqueName(const QString &prefix)
{
    static std::atomic_int counter = 0;
    return u"%1-%2"_s.arg(prefix).arg(++counter);
}

namespace {

// Kept on the driver object, which lives as long as the connection and survives close/open.
constexpr const char *kRetryAtProperty = "ops_reopen_at_ms";
constexpr const char *kRetryDelayProperty = "ops_reopen_delay_ms";
constexpr qint64 kFirstRetryMs = 250;
constexpr qint64 kMaxRetryMs = 8000;

// Pacing only (no rule reads it), so the process's monotonic clock, not an injected one.
qint64 steadyMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace

Result<void> Database::reopenIfLost(QSqlDatabase &db, bool paced)
{
    if (dialectOf(db) != SqlDialect::Postgres)
        return {};
    if (db.isOpen() && QSqlQuery(db).exec(u"SELECT 1"_s))
        return {};
    QObject *driver = db.driver();
    const qint64 retryAt = driver->property(kRetryAtProperty).toLongLong();
    if (const qint64 now = steadyMs(); paced && now < retryAt)
        return Failure{u"reconnecting to the database (next try in %1 ms)"_s.arg(retryAt - now)};
    // Statements prepared on the dead server session do not exist on the next one.
    StatementCache::forget(db);
    db.close();
    if (db.open()) {
        driver->setProperty(kRetryAtProperty, QVariant());
        driver->setProperty(kRetryDelayProperty, QVariant());
        qCInfo(lcStore) << "reconnected to the database";
        return {};
    }
    const qint64 last = driver->property(kRetryDelayProperty).toLongLong();
    const qint64 delay = last == 0 ? kFirstRetryMs : qMin(last * 2, kMaxRetryMs);
    driver->setProperty(kRetryDelayProperty, delay);
    // From now, not from before the try: a host that drops packets makes a try last
    // connect_timeout per host, longer than the delay itself.
    driver->setProperty(kRetryAtProperty, steadyMs() + delay);
    const QString why = db.lastError().databaseText().trimmed();
    qCWarning(lcStore) << "database unreachable, next try in" << delay << "ms:" << why;
    return Failure{why.isEmpty() ? u"the database is unreachable"_s : why};
}

void Database::drop(QSqlDatabase &db)
{
    const QString name = db.connectionName();
    StatementCache::forget(db);
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(name);
}

} // namespace ops
