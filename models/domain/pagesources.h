#pragma once

// The two lists the console pages through, as read-only interfaces: the item models
// (OperationTableModel, AuditEntryModel) hold these, never a storage class. storage's
// OperationQuery and AuditQuery are the implementations.
//
// Contract of every call below: it only reads; it runs on the thread that owns the connection
// behind it (the one that opened it); and it may throw StoreError (domain/storeerror.h) when the
// database fails — the caller keeps what it showed and says so.

#include "domain/audittypes.h"
#include "domain/clock.h"
#include "domain/operationsummary.h"

#include <optional>
#include <vector>

namespace ops {

// The operations list and checking queue (storage/operations/operationquery.h).
class OperationPages
{
public:
    virtual ~OperationPages() = default;

    // Up to `limit` rows in the filter's order, starting after `after` (or at the top).
    virtual std::vector<OperationSummary>
    page(const QueryFilter &filter, const std::optional<PageCursor> &after, int limit) = 0;
    // How many rows `filter` matches.
    virtual qint64 count(const QueryFilter &filter) = 0;
    // The clock the rows are read against (a filter's maxAgeSeconds); whoever shows the rows
    // computes "window left" and "age" from the same clock. It outlives the pages.
    virtual const Clock &clock() const = 0;
};

// The supervisors' audit list (storage/audit/auditquery.h).
class AuditPages
{
public:
    virtual ~AuditPages() = default;

    // Up to `limit` rows, newest first, with ids below `beforeId` (or from the newest).
    virtual std::vector<AuditRow> page(const AuditFilter &filter, std::optional<qint64> beforeId,
                                       int limit) = 0;
    // The view's count: exact when cheap, else counted up to a bound (AuditCount::atLeast).
    virtual AuditCount countForView(const AuditFilter &filter) = 0;
    // The distinct actions recorded so far (the filter's choices).
    virtual QStringList actions() = 0;
};

} // namespace ops
