#pragma once

// Read side for the console's lists: search, filters, sorting and keyset paging, all in SQL.
// A page is found by (sort value, id) of the last row shown, never by OFFSET, so the ten
// thousandth page costs what the first one does. Every user text is a bound parameter; search
// is a prefix range (col >= s AND col < s + U+10FFFF), so '%', '_', quotes and backslashes are
// plain characters.

#include "domain/clock.h"
#include "domain/operation.h"
#include "domain/operationsummary.h"
#include "domain/pagesources.h"
#include "storage/db/connection.h"

#include <QStringList>
#include <QVariant>
#include <optional>
#include <vector>

namespace ops {

class OperationQuery : public OperationPages
{
public:
    OperationQuery(const Connection &db, const Clock &clock);

    // Up to `limit` rows in the filter's order, starting after `after` (or at the top).
    std::vector<OperationSummary> page(const QueryFilter &filter,
                                       const std::optional<PageCursor> &after, int limit) override;
    qint64 count(const QueryFilter &filter) override;
    std::optional<OperationSummary> summary(const QString &id);
    static PageCursor cursorAfter(const OperationSummary &row);

    // SQLite's PRAGMA data_version: changes when another connection commits to the file.
    qint64 dataVersion();
    // The plan SQLite chose for a page query (benchmarks and tests check index use).
    QStringList explainPage(const QueryFilter &filter, bool withCursor);

    const Clock &clock() const override { return m_clock; }

private:
    // The connection, for storage code and tests only (storage/db/sqlconnection.h).
    friend Connection &connectionOf(OperationQuery &query);
    // True when the search matches so many rows that walking the sort index beats collecting
    // the matches first.
    bool isDenseSearch(const QueryFilter &filter);
    // Fills approvalDeciders of the rows waiting on an approval: one read of the approvers for
    // all of them, none when no row waits on one.
    void addDeciders(std::vector<OperationSummary> &rows);

    ConnectionHold m_db;
    const Clock &m_clock;
};

} // namespace ops
