#include "storage/audit/auditlog.h"

#include "storage/audit/auditchain.h"
#include "storage/audit/auditsequencer.h"
#include "storage/db/sqldialect.h"
#include "storage/db/sqliteread.h"
#include "storage/db/sqltransaction.h"
#include "storage/db/storagelogging.h"

#include <QCryptographicHash>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace ops {

QString AuditLog::entryHash(const QString &prevHash, qint64 atMs, const QString &actor,
                            const QString &action, const QString &operationId,
                            const QString &canonicalDetail)
{
    const nlohmann::json entry = {
        {"action", action.toStdString()},
        {"actor", actor.toStdString()},
        {"at", atMs},
        {"detail", nlohmann::json::parse(canonicalDetail.toStdString())},
        {"operation_id", operationId.toStdString()},
    };
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(prevHash.toUtf8());
    h.addData("\n");
    h.addData(QByteArray::fromStdString(entry.dump()));
    return QString::fromLatin1(h.result().toHex());
}

void AuditLog::append(Connection &db, qint64 atMs, const QString &actor, const QString &action,
                      const QString &operationId, const nlohmann::json &detail)
{
    const QString canonical = QString::fromStdString(detail.dump());
    const QVariant operation = operationId.isEmpty() ? QVariant() : QVariant(operationId);
    if (AuditSequencer::sequences(db)) {
        // Queued as the caller's transaction commits, with its other entries in one statement;
        // chained after the commit (auditsequencer.h).
        WriteTransaction::insertAtCommit(
            db, u"INSERT INTO audit_pending (at, actor, action, operation_id, detail)"_s,
            {atMs, actor, action, operation, canonical});
        WriteTransaction::afterCommit(db, [](QSqlDatabase &committed) {
            Connection connection(committed);
            AuditSequencer::drainAfterCommit(connection);
        });
        return;
    }
    Query last = runQuery(db, u"SELECT hash FROM audit ORDER BY id DESC LIMIT 1"_s);
    const QString prev = last.next() ? last.value(0).toString() : kGenesisHash;
    // The detail is canonical as dumped: hashed as it is stored, without parsing it back.
    const QString hash = canonicalEntryHash(prev, atMs, actor, action, operationId, canonical);
    runQuery(db,
             u"INSERT INTO audit (at, actor, action, operation_id, detail, prev_hash, hash) "
             "VALUES (?, ?, ?, ?, ?, ?, ?)"_s,
             {atMs, actor, action, operation, canonical, prev, hash});
}

std::vector<AuditEntry> AuditLog::forOperation(Connection &db, const QString &operationId)
{
    Query q = runQuery(db,
                       u"SELECT id, at, actor, action, operation_id, detail, prev_hash, hash "
                       "FROM audit WHERE operation_id = ? ORDER BY id"_s,
                       {operationId});
    std::vector<AuditEntry> out;
    while (q.next()) {
        out.push_back({q.value(0).toLongLong(),
                       QDateTime::fromMSecsSinceEpoch(q.value(1).toLongLong(), Qt::UTC),
                       q.value(2).toString(), q.value(3).toString(), q.value(4).toString(),
                       q.value(5).toString(), q.value(6).toString(), q.value(7).toString()});
    }
    return out;
}

std::optional<qint64> AuditLog::firstBroken(Connection &db)
{
    return verify(db).brokenId;
}

ChainCheck AuditLog::verify(Connection &db)
{
    return *verify(db, {});
}

namespace {

const QString kChainSql = u"SELECT id, at, actor, action, operation_id, detail, prev_hash, hash "
                          "FROM audit ORDER BY id"_s;

// The entries in id order through QSqlQuery (PostgreSQL, and the reference path on SQLite).
class QtChainSource
{
public:
    explicit QtChainSource(Connection &db)
        : m_query(runForwardQuery(db, kChainSql))
    {}
    bool next(ChainRow &row)
    {
        if (!m_query.next())
            return false;
        row.id = m_query.value(0).toLongLong();
        row.at = m_query.value(1).toLongLong();
        for (int i = 0; i < 6; ++i)
            m_text[i] = m_query.value(2 + i).toString().toUtf8();
        row.actor = m_text[0];
        row.action = m_text[1];
        row.operationId = m_text[2];
        row.detail = m_text[3];
        row.prev = m_text[4];
        row.hash = m_text[5];
        return true;
    }

private:
    QSqlQuery m_query;
    QByteArray m_text[6];
};

// The same entries through the sqlite3 handle: no UTF-16, no QVariant per value.
class SqliteChainSource
{
public:
    explicit SqliteChainSource(std::unique_ptr<SqliteRead> read)
        : m_read(std::move(read))
    {}
    bool next(ChainRow &row)
    {
        if (!m_read->next())
            return false;
        row.id = m_read->integer(0);
        row.at = m_read->integer(1);
        row.actor = m_read->text(2);
        row.action = m_read->text(3);
        row.operationId = m_read->text(4);
        row.detail = m_read->text(5);
        row.prev = m_read->text(6);
        row.hash = m_read->text(7);
        return true;
    }

private:
    std::unique_ptr<SqliteRead> m_read;
};

std::optional<qint64> auditHighWater(Connection &db)
{
    Query seq = runQuery(db, auditHighWaterSql(dialectOf(db)));
    if (seq.next())
        return seq.value(0).toLongLong();
    return std::nullopt;
}

// Verify chains what has committed before it walks, as any sequencer run would. A login that
// may not sequence (or a sequencer holding the lock) leaves the entries waiting: the walk then
// judges them by their age.
void chainWaitingEntries(Connection &db)
{
    try {
        AuditSequencer::drain(db);
    } catch (const StoreError &e) {
        qCWarning(lcStore) << "audit verify could not sequence waiting entries:" << e.what();
    }
}

// An entry committed but left out of the chain for longer than the merge delay breaks the
// chain's promise (docs/design.md §14): the verdict names the position it should have taken.
void failOnStaleWaiting(Connection &db, ChainCheck &check, qint64 nextPosition)
{
    const AuditWaiting waiting = AuditSequencer::waiting(db);
    if (waiting.entries == 0)
        return;
    const std::chrono::milliseconds delay = AuditSequencer::mergeDelay(db);
    if (waiting.oldestMs <= delay.count())
        return;
    const auto seconds = [](qint64 ms) {
        return QString::number(double(ms) / 1000.0, 'f', 1);
    };
    check.brokenId = nextPosition;
    check.reason = u"%1 audit entries unsequenced for %2 s (merge delay %3 s)"_s.arg(
        QString::number(waiting.entries), seconds(waiting.oldestMs), seconds(delay.count()));
}

} // namespace

QString AuditLog::canonicalEntryHash(const QString &prevHash, qint64 atMs, const QString &actor,
                                     const QString &action, const QString &operationId,
                                     const QString &canonicalDetail)
{
    const QByteArray prev = prevHash.toUtf8();
    const QByteArray actorUtf8 = actor.toUtf8();
    const QByteArray actionUtf8 = action.toUtf8();
    const QByteArray operation = operationId.toUtf8();
    const QByteArray detail = canonicalDetail.toUtf8();
    FastEntryHash fast;
    return QString::fromLatin1(
        fast.hex({0, atMs, actorUtf8, actionUtf8, operation, detail, prev, {}}));
}

std::optional<ChainCheck> AuditLog::verify(Connection &db, const ChainProgress &progress,
                                           AuditReadPath path)
{
    ChainWalkOptions options;
    options.path = path;
    return verify(db, progress, options);
}

std::optional<ChainCheck> AuditLog::verify(Connection &db, const ChainProgress &progress,
                                           const ChainWalkOptions &options)
{
    chainWaitingEntries(db);
    // The high-water mark is read before the chain: an entry another connection appends in
    // between then only makes the chain longer than the mark, never looks like a cut-off end.
    const std::optional<qint64> highWater = auditHighWater(db);
    std::optional<ChainCheck> check; // nullopt after a walk: progress cancelled it
    bool walked = false;
    if (options.path == AuditReadPath::Fastest) {
        if (auto read = SqliteRead::open(db, kChainSql)) {
            SqliteChainSource source(std::move(read));
            check = walkAuditChain([&source](ChainRow &row) { return source.next(row); }, highWater,
                                   progress, options);
            walked = true;
        }
    }
    if (!walked) {
        QtChainSource source(db);
        check = walkAuditChain([&source](ChainRow &row) { return source.next(row); }, highWater,
                               progress, options);
    }
    if (check && check->holds())
        failOnStaleWaiting(db, *check, highWater.value_or(0) + 1);
    return check;
}

} // namespace ops
