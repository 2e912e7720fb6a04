#include "auditlog.h"

#include "sqldialect.h"
#include "sqliteread.h"
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
void appendJsonString(QByteArray &out, QByteArrayView utf8)
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

// One stored entry as the chain walk reads it: UTF-8 bytes, valid until the next row.
struct ChainRow
{
    qint64 id = 0;
    qint64 at = 0;
    QByteArrayView actor;
    QByteArrayView action;
    QByteArrayView operationId;
    QByteArrayView detail;
    QByteArrayView prev;
    QByteArrayView hash;
};

// entryHash() without parsing the detail: the stored detail is already canonical when
// append() wrote it. Any difference (a detail that is not canonical, a string this writer
// spells differently) only makes the hash differ, and verify() then asks entryHash().
class FastEntryHash
{
public:
    // The hex digest, valid until the next call.
    const QByteArray &hash(const ChainRow &row)
    {
        m_entry.clear();
        m_entry += "{\"action\":";
        appendJsonString(m_entry, row.action);
        m_entry += ",\"actor\":";
        appendJsonString(m_entry, row.actor);
        m_entry += ",\"at\":";
        m_entry += QByteArray::number(row.at);
        m_entry += ",\"detail\":";
        m_entry += row.detail;
        m_entry += ",\"operation_id\":";
        appendJsonString(m_entry, row.operationId);
        m_entry += '}';
        m_hash.reset();
        m_hash.addData(row.prev);
        m_hash.addData("\n");
        m_hash.addData(m_entry);
        m_hex = m_hash.resultView().toByteArray().toHex();
        return m_hex;
    }

private:
    QByteArray m_entry;
    QByteArray m_hex;
    QCryptographicHash m_hash{QCryptographicHash::Sha256};
};

const QString kChainSql = u"SELECT id, at, actor, action, operation_id, detail, prev_hash, hash "
                          "FROM audit ORDER BY id"_s;

// The entries in id order through QSqlQuery (PostgreSQL, and the reference path on SQLite).
class QtChainSource
{
public:
    explicit QtChainSource(QSqlDatabase &db)
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

std::optional<qint64> auditHighWater(QSqlDatabase &db)
{
    QSqlQuery seq = runQuery(db, auditHighWaterSql(dialectOf(db)));
    if (seq.next())
        return seq.value(0).toLongLong();
    return std::nullopt;
}

// The hash the entry should have: the fast one when it matches, else entryHash() on the parsed
// detail; nullopt when the detail is not JSON.
std::optional<QByteArray> recomputedHash(FastEntryHash &fast, const ChainRow &row)
{
    const QByteArray &quick = fast.hash(row);
    if (quick == row.hash)
        return quick;
    try {
        return AuditLog::entryHash(QString::fromUtf8(row.prev), row.at,
                                   QString::fromUtf8(row.actor), QString::fromUtf8(row.action),
                                   QString::fromUtf8(row.operationId),
                                   QString::fromUtf8(row.detail))
            .toLatin1();
    } catch (const nlohmann::json::exception &) {
        return std::nullopt; // AuditLog::append only ever writes JSON
    }
}

// The walk itself, the same over either source.
template<typename Source>
std::optional<ChainCheck> walkChain(Source &source, std::optional<qint64> highWater,
                                    const ChainProgress &progress)
{
    ChainCheck check;
    FastEntryHash fastHash;
    ChainRow row;
    QByteArray expectedPrev = kGenesisHash.toLatin1();
    qint64 lastId = 0;
    while (source.next(row)) {
        const std::optional<QByteArray> recomputed = recomputedHash(fastHash, row);
        if (!recomputed)
            return ChainCheck{check.entries, row.id, u"its detail is not JSON"_s};
        if (row.prev != expectedPrev)
            return ChainCheck{check.entries, row.id,
                              lastId == 0 ? u"it does not start from the genesis hash"_s
                                          : u"it does not follow entry #%1 (an entry was removed, "
                                            "inserted or reordered)"_s.arg(lastId)};
        if (*recomputed != row.hash)
            return ChainCheck{check.entries, row.id,
                              u"its contents do not match its hash (edited)"_s};
        expectedPrev = *recomputed;
        lastId = row.id;
        ++check.entries;
        if (progress && check.entries % AuditLog::kProgressEvery == 0 &&
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
        fast.hash({0, atMs, actorUtf8, actionUtf8, operation, detail, prev, {}}));
}

std::optional<ChainCheck> AuditLog::verify(QSqlDatabase &db, const ChainProgress &progress,
                                           AuditReadPath path)
{
    // The high-water mark is read before the chain: an entry another connection appends in
    // between then only makes the chain longer than the mark, never looks like a cut-off end.
    const std::optional<qint64> highWater = auditHighWater(db);
    if (path == AuditReadPath::Fastest) {
        if (auto read = SqliteRead::open(db, kChainSql)) {
            SqliteChainSource source(std::move(read));
            return walkChain(source, highWater, progress);
        }
    }
    QtChainSource source(db);
    return walkChain(source, highWater, progress);
}

} // namespace ops
