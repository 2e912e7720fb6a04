#pragma once

// One entry of the hash-chained audit trail: every action on an operation, by whom and when.

#include <QDateTime>
#include <QString>

namespace ops {

struct AuditEntry
{
    qint64 id = 0;
    QDateTime at;
    QString actor;
    QString action;
    QString operationId;
    QString detail; // canonical JSON
    QString prevHash;
    QString hash;
};

} // namespace ops
