#include "auditlog.h"

#include "sqldialect.h"
#include "sqltransaction.h"

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

void AuditLog::append(QSqlDatabase &db, qint64 atMs, const QString &actor, const QString &action,
                      const QString &operationId, const nlohmann::json &detail)
{
    QSqlQuery last = runQuery(db, u"SELECT hash FROM audit ORDER BY id DESC LIMIT 1"_s);
    const QString prev = last.next() ? last.value(0).toString() : kGenesisHash;
    const QString canonical = QString::fromStdString(detail.dump());
    const QString hash = entryHash(prev, atMs, actor, action, operationId, canonical);
    runQuery(db,
             u"INSERT INTO audit (at, actor, action, operation_id, detail, prev_hash, hash) "
             "VALUES (?, ?, ?, ?, ?, ?, ?)"_s,
             {atMs, actor, action, operationId.isEmpty() ? QVariant() : QVariant(operationId),
              canonical, prev, hash});
}

std::vector<AuditEntry> AuditLog::forOperation(QSqlDatabase &db, const QString &operationId)
{
    QSqlQuery q = runQuery(db,
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

std::optional<qint64> AuditLog::firstBroken(QSqlDatabase &db)
{
    return verify(db).brokenId;
}

ChainCheck AuditLog::verify(QSqlDatabase &db)
{
    // The high-water mark is read before the chain: an entry another connection appends in
    // between then only makes the chain longer than the mark, never looks like a cut-off end.
    std::optional<qint64> highWater;
    {
        QSqlQuery seq = runQuery(db, auditHighWaterSql(dialectOf(db)));
        if (seq.next())
            highWater = seq.value(0).toLongLong();
    }
    QSqlQuery q = runQuery(db, u"SELECT id, at, actor, action, operation_id, detail, prev_hash, "
                               "hash FROM audit ORDER BY id"_s);
    ChainCheck check;
    QString expectedPrev = kGenesisHash;
    qint64 lastId = 0;
    while (q.next()) {
        const qint64 id = q.value(0).toLongLong();
        const QString prev = q.value(6).toString();
        QString recomputed;
        try {
            recomputed =
                entryHash(prev, q.value(1).toLongLong(), q.value(2).toString(),
                          q.value(3).toString(), q.value(4).toString(), q.value(5).toString());
        } catch (const nlohmann::json::exception &) {
            // AuditLog::append only ever writes JSON.
            return {check.entries, id, u"its detail is not JSON"_s};
        }
        if (prev != expectedPrev)
            return {check.entries, id,
                    lastId == 0 ? u"it does not start from the genesis hash"_s
                                : u"it does not follow entry #%1 (an entry was removed, inserted "
                                  "or reordered)"_s.arg(lastId)};
        if (recomputed != q.value(7).toString())
            return {check.entries, id, u"its contents do not match its hash (edited)"_s};
        expectedPrev = recomputed;
        lastId = id;
        ++check.entries;
    }
    if (highWater && *highWater > lastId)
        return {check.entries, lastId + 1,
                u"entries after #%1 up to #%2 are missing (the end of the chain was cut off)"_s
                    .arg(lastId)
                    .arg(*highWater)};
    return check;
}

} // namespace ops
