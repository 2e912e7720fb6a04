#include "storage/access/auditaccess.h"

#include "storage/access/operatordirectory.h"
#include "storage/db/sqlconnection.h"

namespace ops {

std::optional<qint64> exportAuditCsv(AuditQuery &query, const QString &actor,
                                     const AuditFilter &filter, const QString &path,
                                     const std::function<bool(qint64, qint64)> &progress, int chunk,
                                     AuditReadPath readPath)
{
    // Export first: the message names the action that was asked for.
    requireRight(connectionOf(query), actor, Right::Export);
    requireRight(connectionOf(query), actor, Right::Audit);
    AuditCsvExport exporter(query, filter, path, readPath);
    while (!exporter.step(chunk)) {
        if (progress && !progress(exporter.written(), exporter.total())) {
            exporter.cancel();
            return std::nullopt;
        }
    }
    if (progress && !progress(exporter.written(), exporter.total())) {
        exporter.cancel();
        return std::nullopt;
    }
    exporter.finish();
    return exporter.written();
}

ChainCheck verifyAuditChain(AuditQuery &query, const QString &actor)
{
    Connection &db = connectionOf(query);
    requireRight(db, actor, Right::Audit);
    return AuditLog::verify(db);
}

} // namespace ops
