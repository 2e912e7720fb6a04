#include "storage/db/pglistener.h"

#include "storage/db/database.h"
#include "storage/db/statementcache.h"
#include "storage/db/storagelogging.h"

#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

const QString kChannel = u"ops_changes"_s;

// A burst of notifications (one per changed row) becomes one reload, at most this long after
// its first notification. The window is not restarted by later ones: under steady writes (an
// agent refunding without pause) a restarted window never closed, and no console reloaded until
// the writers stopped (issue 50, tst_teamlive). So a busy team reloads about four times a second.
constexpr int kCoalesceMs = 250;

bool alive(QSqlDatabase &db)
{
    return db.isOpen() && QSqlQuery(db).exec(u"SELECT 1"_s);
}

} // namespace

PgListener::PgListener(QSqlDatabase main, QObject *parent)
    : QObject(parent)
    , m_main(std::move(main))
{
    m_name = Database::uniqueName(m_main.connectionName() + u"-listen"_s);
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
    if (const auto connected = connectListener(); !connected)
        lost(connected.error());
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

Result<void> PgListener::connectListener()
{
    dropListener();
    QString error;
    {
        QSqlDatabase db = QSqlDatabase::cloneDatabase(m_main, m_name);
        if (!db.open()) {
            error = db.lastError().databaseText().trimmed();
        } else if (!db.driver()->subscribeToNotification(kChannel)) {
            error = u"cannot LISTEN on %1: %2"_s.arg(kChannel, db.driver()->lastError().text());
        } else {
            connect(db.driver(), &QSqlDriver::notification, this, [this] {
                if (!m_coalesce.isActive())
                    m_coalesce.start();
            });
            m_connected = true;
            return {};
        }
    }
    dropListener();
    return Failure{error.isEmpty() ? u"server unreachable"_s : error};
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
    if (const auto connected = connectListener(); !connected) {
        lost(connected.error());
        return;
    }
    // The shared connection died with the server too; QPSQL does not reconnect on its own.
    if (const auto reopened = Database::reopenIfLost(m_main, false); !reopened) { // m_retry paces
        lost(reopened.error());
        return;
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
