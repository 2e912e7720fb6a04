#include "storage/db/commitfloor.h"

#include "storage/db/database.h"
#include "storage/db/sqltransaction.h"
#include "storage/db/statementcache.h"

#include <QElapsedTimer>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// The measurement's connection, forgotten and removed however the measurement ends.
struct FloorConnection
{
    explicit FloorConnection(const QString &location)
        : db(Database::open(location, name))
    {}
    ~FloorConnection() { Database::drop(db); }
    FloorConnection(const FloorConnection &) = delete;
    FloorConnection &operator=(const FloorConnection &) = delete;

    QString name = Database::uniqueName(u"ops-commit-floor"_s);
    Connection db;
};

} // namespace

double commitFloorPerSecond(const QString &location, int commits)
{
    FloorConnection floor(location);
    Connection &db = floor.db;
    runQuery(db, u"CREATE TABLE floor (id INTEGER PRIMARY KEY, at BIGINT NOT NULL)"_s);
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < commits; ++i) {
        WriteTransaction tx(db);
        runQuery(db, u"INSERT INTO floor (at) VALUES (?)"_s, {qint64(i)});
        tx.commit();
    }
    return t.nsecsElapsed() > 0 ? commits * 1e9 / double(t.nsecsElapsed()) : 0;
}

} // namespace ops
