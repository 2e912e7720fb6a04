#pragma once

// Read side of the supervisors' audit view (docs/design.md §6 "Audit"). The audit table is the
// single source: every attempt is written there in the same transaction as its attempts row
// (attempt.started, then attempt.finished with the outcome), and so is every manual action, so
// the view needs no union with `attempts` and cannot show an attempt that the chain lacks.
// Rows come newest first, paged by id (keyset, never OFFSET). Every filter value is bound;
// text filters are prefix ranges, so '%', '_' and quotes are plain characters.
//
// At a million entries the plan decides the time (migration 0008 indexes every filter). Before
// a page is read, each condition of the filter counts its own matches through its index, up to
// kCountBound. When one matches fewer, its index range drives the read (at most kCountBound
// rows, then sorted by id); when every condition matches more, the entries are walked newest
// first and the first page is found within a few thousand rows. On SQLite the choice is made
// explicit (INDEXED BY / NOT INDEXED), because with bound values SQLite cannot tell a prefix that
// matches ten rows from one that matches all of them; PostgreSQL plans with the values itself.

#include "domain/audittypes.h"
#include "domain/operation.h"
#include "domain/pagesources.h"
#include "storage/db/connection.h"

#include <memory>
#include <optional>
#include <vector>

namespace ops {

// Every entry of a filter, newest first, read as one forward-only statement (the export): rows
// are not kept once handed out, and on SQLite the whole read sees one snapshot.
class AuditStream
{
public:
    // Appends up to `max` more rows to `out`; returns how many (fewer than `max`: the end).
    // Throws StoreError when the database fails mid-read.
    int read(std::vector<AuditRow> &out, int max);

    AuditStream(AuditStream &&) noexcept;
    AuditStream &operator=(AuditStream &&) noexcept;
    ~AuditStream();

private:
    friend class AuditQuery;
    struct Statement; // the forward-only statement, behind the storage floor
    explicit AuditStream(std::unique_ptr<Statement> statement);
    std::unique_ptr<Statement> m_statement;
    bool m_end = false;
};

class AuditQuery : public AuditPages
{
public:
    // Where counting stops for the view (see above); also the density bound for the plan.
    static constexpr qint64 kCountBound = 10'000;

    explicit AuditQuery(const Connection &db);

    // Up to `limit` rows, newest first, with ids below `beforeId` (or from the newest).
    std::vector<AuditRow> page(const AuditFilter &filter, std::optional<qint64> beforeId,
                               int limit) override;
    // Every match, however many (the export's progress total, opsctl).
    qint64 count(const AuditFilter &filter);
    // The view's count: exact without a filter and when some condition of the filter matches
    // fewer than kCountBound entries; otherwise counted up to kCountBound only (atLeast).
    AuditCount countForView(const AuditFilter &filter) override;
    // The plan page() would use for `filter`, as the database explains it (benchmarks, tests).
    QStringList explainPage(const AuditFilter &filter);
    // Opens the stream of every entry `filter` matches, in page() order.
    AuditStream stream(const AuditFilter &filter);
    // The statement stream() runs (columns as in AuditRow, kind as stored): for readers that
    // skip Qt Sql's statements (the export through the sqlite3 handle).
    std::pair<QString, QVariantList> streamStatement(const AuditFilter &filter);
    // The distinct actions and actors recorded so far (filter choices).
    QStringList actions() override;
    QStringList actors();

private:
    // The connection, for storage code and tests only (storage/db/sqlconnection.h).
    friend Connection &connectionOf(AuditQuery &query);
    ConnectionHold m_db;
};

} // namespace ops
