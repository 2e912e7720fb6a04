#include "storage/db/pglistener.h"

#include "storage/db/statementcache.h"
#include "storage/storagelogging.h"

#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <atomic>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

const QString kChannel = u"ops_changes"_s;

// A burst of notifications (one per changed row) becomes one reload.
constexpr int kCoalesceMs = 50;

bool alive(QSqlDatabase &db)
{
    return db.isOpen() && QSqlQuery(db).exec(u"SELECT 1"_s);
}

} // namespace

PgListener::PgListener(QSqlDatabase main, QObject *parent)
    : QObject(parent)
    , m_main(std::move(main))
{
    static std::atomic_int counter = 0;
    m_name = u"%1-listen-%2"_s.arg(m_main.connectionName()).arg(++counter);
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(kCoalesceMs);
    m_retry.setSingleShot(true);
    connect(&m_coalesce, &QTimer::timeout, this, &PgListener::changed);
    connect(&m_probe, &QTimer::timeout, this, &PgListener::probe);
    connect(&m_retry, &QTimer::timeout, this, &PgListener::retry);
}

PgListener::~PgListener()
{
    dropListener();
}

void PgListener::start(int probeIntervalMs)
{
    QString error;
    if (!connectListener(&error))
        lost(error);
    m_probe.start(probeIntervalMs);
}

void PgListener::stop()
{
    m_probe.stop();
    m_retry.stop();
    dropListener();
}

void PgListener::probe()
{
    if (!m_connected)
        return; // the retry timer owns reconnecting
    QString why;
    {
        QSqlDatabase db = QSqlDatabase::database(m_name, false);
        if (alive(db))
            return;
        why = db.lastError().text().trimmed();
    } // no handle may outlive the connection lost() removes
    lost(why.isEmpty() ? u"connection lost"_s : why);
}

bool PgListener::connectListener(QString *error)
{
    dropListener();
    {
        QSqlDatabase db = QSqlDatabase::cloneDatabase(m_main, m_name);
        if (!db.open()) {
            *error = db.lastError().databaseText().trimmed();
        } else if (!db.driver()->subscribeToNotification(kChannel)) {
            *error = u"cannot LISTEN on %1: %2"_s.arg(kChannel, db.driver()->lastError().text());
        } else {
            connect(db.driver(), &QSqlDriver::notification, this, [this] { m_coalesce.start(); });
            m_connected = true;
            return true;
        }
    }
    dropListener();
    if (error->isEmpty())
        *error = u"server unreachable"_s;
    return false;
}

void PgListener::dropListener()
{
    m_connected = false;
    if (!QSqlDatabase::contains(m_name))
        return;
    {
        QSqlDatabase db = QSqlDatabase::database(m_name, false);
        if (db.driver())
            disconnect(db.driver(), nullptr, this, nullptr);
        StatementCache::forget(db);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_name);
}

void PgListener::lost(const QString &message)
{
    dropListener();
    qCWarning(lcStore) << "database unreachable:" << message;
    if (!m_reported) {
        m_reported = true;
        emit unreachable(message);
    }
    m_retry.start(m_retryMs);
    m_retryMs = qMin(m_retryMs * 2, kMaxRetryMs);
}

void PgListener::retry()
{
    QString error;
    if (!connectListener(&error)) {
        lost(error);
        return;
    }
    // The shared connection died with the server too; QPSQL does not reconnect on its own.
    if (!alive(m_main)) {
        // Statements prepared on the dead server session do not exist on the next one.
        StatementCache::forget(m_main);
        m_main.close();
        if (!m_main.open()) {
            lost(m_main.lastError().databaseText().trimmed());
            return;
        }
    }
    m_retryMs = kFirstRetryMs;
    if (m_reported) {
        m_reported = false;
        qCInfo(lcStore) << "database reachable again";
        emit reachable();
    }
    emit changed();
}

} // namespace ops
