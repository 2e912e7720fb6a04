// Read side of OperationStore, and evidence (append-only). Kept apart from the state machine.

#include "storage/access/operatordirectory.h"
#include "storage/access/replication.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationstore.h"
#include "storage/records/operationrow.h"

#include <QCryptographicHash>

using namespace Qt::StringLiterals;

namespace ops {

std::optional<Operation> OperationStore::latestRefund(Provider provider, const QString &project,
                                                      const QString &unitOfWork,
                                                      const QString &reference)
{
    // created_at, then id: two rows opened in the same millisecond still have one order.
    return refundOfUnit(provider, project, unitOfWork, reference,
                        u"ORDER BY created_at DESC, id DESC LIMIT 1"_s);
}

qint64 OperationStore::addEvidence(const Evidence &e)
{
    const qint64 now = m_clock.nowMs();
    const QString sha =
        QString::fromLatin1(QCryptographicHash::hash(e.body, QCryptographicHash::Sha256).toHex());
    // Evidence only adds to one row; a close that counts it is an exclusive writer.
    WriteTransaction tx(m_db, WriteLocks::scoped({operationScope(e.operationId)}));
    // A person needs the Attach right; engines (agent:, system:) record what providers said.
    if (!operatorName(e.createdBy).isEmpty())
        requireRight(m_db, e.createdBy, Right::Attach);
    Query q = runQuery(m_db,
                       u"INSERT INTO evidence (operation_id, kind, title, content_type, body, "
                       "sha256, size_bytes, created_by, created_at) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"_s,
                       {e.operationId, e.kind, e.title, e.contentType, e.body, sha,
                        qint64(e.body.size()), e.createdBy, now});
    if (!q.next())
        throw StoreError(u"evidence for %1 was not stored"_s.arg(e.operationId));
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    AuditLog::append(m_db, now, e.createdBy, u"evidence.added"_s, e.operationId,
                     {{"evidence_id", id},
                      {"kind", e.kind.toStdString()},
                      {"title", e.title.toStdString()},
                      {"sha256", sha.toStdString()}});
    tx.commit();
    return id;
}

std::vector<Evidence> OperationStore::evidence(const QString &operationId)
{
    Query q = runQuery(m_db,
                       u"SELECT id, operation_id, kind, title, content_type, body, sha256, "
                       "created_at, created_by FROM evidence WHERE operation_id = ? "
                       "ORDER BY id"_s,
                       {operationId});
    std::vector<Evidence> out;
    while (q.next()) {
        out.push_back({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                       q.value(3).toString(), q.value(4).toString(), q.value(5).toByteArray(),
                       q.value(6).toString(), rows::utc(q.value(7).toLongLong()),
                       q.value(8).toString()});
    }
    return out;
}

namespace {

// The WHERE clause shared by list() and count(), with its bindings appended to `bindings`.
QString listWhere(const OperationFilter &filter, QVariantList &bindings)
{
    QString sql = u" WHERE 1 = 1"_s;
    if (filter.state) {
        sql += u" AND state = ?"_s;
        bindings << toString(*filter.state);
    }
    if (filter.kind) {
        sql += u" AND kind = ?"_s;
        bindings << toString(*filter.kind);
    }
    if (filter.after) {
        sql += u" AND (created_at < ? OR (created_at = ? AND id < ?))"_s;
        bindings << filter.after->createdAtMs << filter.after->createdAtMs << filter.after->id;
    }
    return sql;
}

} // namespace

std::vector<Operation> OperationStore::list(const OperationFilter &filter)
{
    QVariantList bindings;
    const QString rest =
        listWhere(filter, bindings) + u" ORDER BY created_at DESC, id DESC LIMIT ?"_s;
    bindings << qMax(1, filter.limit);
    return rows::readOperations(m_db, rest, bindings);
}

qint64 OperationStore::count(const OperationFilter &filter)
{
    QVariantList bindings;
    const QString sql = u"SELECT COUNT(*) FROM operations"_s + listWhere(filter, bindings);
    Query q = runQuery(m_db, sql, bindings);
    return q.next() ? q.value(0).toLongLong() : 0;
}

std::vector<Attempt> OperationStore::attempts(const QString &operationId)
{
    Query q = runQuery(m_db,
                       u"SELECT "_s + rows::attemptColumns() +
                           u" FROM attempts WHERE operation_id = ? ORDER BY seq"_s,
                       {operationId});
    std::vector<Attempt> out;
    while (q.next())
        out.push_back(rows::attemptFromRow(q));
    return out;
}

std::vector<AuditEntry> OperationStore::audit(const QString &operationId)
{
    return AuditLog::forOperation(m_db, operationId);
}

// Replication is a property of the deployment, not of a transaction; a few seconds' lag in
// noticing a change costs nothing that a DBA's change itself would not.
constexpr qint64 kReplicationRereadMs = 5000;

Result<void> OperationStore::replicationAllowsOpenings()
{
    const qint64 now = m_clock.nowMs();
    const bool stale = m_replicationReadAtMs < 0 || now < m_replicationReadAtMs ||
                       now - m_replicationReadAtMs >= kReplicationRereadMs;
    if (stale) {
        m_replication = ops::replicationAllowsOpenings(m_db);
        m_replicationReadAtMs = now;
    }
    return m_replication;
}

} // namespace ops
