#pragma once

// Read side of the supervisors' audit view (docs/design.md §6 "Audit"). The audit table is the
// single source: every attempt is written there in the same transaction as its attempts row
// (attempt.started, then attempt.finished with the outcome), and so is every manual action, so
// the view needs no union with `attempts` and cannot show an attempt that the chain lacks.
// Rows come newest first, paged by id (keyset, never OFFSET). Every filter value is bound;
// text filters are prefix ranges, so '%', '_' and quotes are plain characters.

#include "operation.h"

#include <QSqlDatabase>
#include <optional>
#include <vector>

namespace ops {

struct AuditFilter
{
    QString actor;                // prefix: "operator:" matches every operator
    QString action;               // prefix: "attempt." matches started and finished
    std::optional<qint64> fromMs; // inclusive, UTC ms
    std::optional<qint64> toMs;   // exclusive, UTC ms
    QString operationPrefix;      // prefix of the operation id
    std::optional<OperationKind> kind;

    friend bool operator==(const AuditFilter &, const AuditFilter &) = default;
};

struct AuditRow
{
    qint64 id = 0;
    QDateTime at; // UTC
    QString actor;
    QString action;
    QString operationId; // '' for entries about no operation
    std::optional<OperationKind> kind;
    QString detail; // canonical JSON
    QString hash;

    friend bool operator==(const AuditRow &, const AuditRow &) = default;
};

class AuditQuery
{
public:
    explicit AuditQuery(QSqlDatabase db);

    // Up to `limit` rows, newest first, with ids below `beforeId` (or from the newest).
    std::vector<AuditRow> page(const AuditFilter &filter, std::optional<qint64> beforeId,
                               int limit);
    qint64 count(const AuditFilter &filter);
    // The distinct actions and actors recorded so far (filter choices).
    QStringList actions();
    QStringList actors();

    QSqlDatabase &database() { return m_db; }

private:
    QSqlDatabase m_db;
};

} // namespace ops
