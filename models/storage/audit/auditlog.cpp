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
    return *verify(db, {});
}

namespace {

// A JSON string as nlohmann::json::dump() writes it (UTF-8 kept, control characters escaped).
void appendJsonString(QByteArray &out, const QByteArray &utf8)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    for (const char c : utf8) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (u < 0x20) {
                out += "\\u00";
                out += kHex[u >> 4];
                out += kHex[u & 0xf];
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

// entryHash() without parsing the detail: the stored detail is already canonical when
// append() wrote it. Any difference (a detail that is not canonical, a string this writer
// spells differently) only makes the hash differ, and verify() then asks entryHash().
class FastEntryHash
{
public:
    QString hash(const QString &prev, qint64 atMs, const QString &actor, const QString &action,
                 const QString &operationId, const QString &detail)
    {
        m_entry.clear();
        m_entry += "{\"action\":";
        appendJsonString(m_entry, action.toUtf8());
        m_entry += ",\"actor\":";
        appendJsonString(m_entry, actor.toUtf8());
        m_entry += ",\"at\":";
        m_entry += QByteArray::number(atMs);
        m_entry += ",\"detail\":";
        m_entry += detail.toUtf8();
        m_entry += ",\"operation_id\":";
        appendJsonString(m_entry, operationId.toUtf8());
        m_entry += '}';
        m_hash.reset();
        m_hash.addData(prev.toLatin1());
        m_hash.addData("\n");
        m_hash.addData(m_entry);
        return QString::fromLatin1(m_hash.result().toHex());
    }

private:
    QByteArray m_entry;
    QCryptographicHash m_hash{QCryptographicHash::Sha256};
};

} // namespace

QString AuditLog::canonicalEntryHash(const QString &prevHash, qint64 atMs, const QString &actor,
                                     const QString &action, const QString &operationId,
                                     const QString &canonicalDetail)
{
    return FastEntryHash().hash(prevHash, atMs, actor, action, operationId, canonicalDetail);
}

std::optional<ChainCheck> AuditLog::verify(QSqlDatabase &db, const ChainProgress &progress)
{
    // The high-water mark is read before the chain: an entry another connection appends in
    // between then only makes the chain longer than the mark, never looks like a cut-off end.
    std::optional<qint64> highWater;
    {
        QSqlQuery seq = runQuery(db, auditHighWaterSql(dialectOf(db)));
        if (seq.next())
            highWater = seq.value(0).toLongLong();
    }
    QSqlQuery q = runForwardQuery(db, u"SELECT id, at, actor, action, operation_id, detail, "
                                      "prev_hash, hash FROM audit ORDER BY id"_s);
    ChainCheck check;
    FastEntryHash fastHash;
    QString expectedPrev = kGenesisHash;
    qint64 lastId = 0;
    while (q.next()) {
        const qint64 id = q.value(0).toLongLong();
        const QString prev = q.value(6).toString();
        const QString stored = q.value(7).toString();
        const qint64 at = q.value(1).toLongLong();
        const QString actor = q.value(2).toString();
        const QString action = q.value(3).toString();
        const QString operationId = q.value(4).toString();
        const QString detail = q.value(5).toString();
        QString recomputed = fastHash.hash(prev, at, actor, action, operationId, detail);
        if (recomputed != stored) {
            try {
                recomputed = entryHash(prev, at, actor, action, operationId, detail);
            } catch (const nlohmann::json::exception &) {
                // AuditLog::append only ever writes JSON.
                return ChainCheck{check.entries, id, u"its detail is not JSON"_s};
            }
        }
        if (prev != expectedPrev)
            return ChainCheck{check.entries, id,
                              lastId == 0 ? u"it does not start from the genesis hash"_s
                                          : u"it does not follow entry #%1 (an entry was removed, "
                                            "inserted or reordered)"_s.arg(lastId)};
        if (recomputed != stored)
            return ChainCheck{check.entries, id, u"its contents do not match its hash (edited)"_s};
        expectedPrev = recomputed;
        lastId = id;
        ++check.entries;
        if (progress && check.entries % kProgressEvery == 0 &&
            !progress(check.entries, qMax(check.entries, highWater.value_or(0))))
            return std::nullopt;
    }
    if (highWater && *highWater > lastId)
        return ChainCheck{check.entries, lastId + 1,
                          u"entries after #%1 up to #%2 are missing (the end of the chain was cut "
                          "off)"_s.arg(lastId)
                              .arg(*highWater)};
    if (progress && !progress(check.entries, check.entries))
        return std::nullopt;
    return check;
}

} // namespace ops
