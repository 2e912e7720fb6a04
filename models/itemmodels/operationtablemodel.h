#pragma once

// The console's operations list and checking queue as a lazily fetched table. Rows come from
// OperationPages (domain/pagesources.h; storage's OperationQuery) a page at a time
// (canFetchMore/fetchMore); the model keeps only the rows the view has scrolled through. "Window
// left" and "age" are computed from the pages' Clock, so tests move time by hand and the view
// ticks refreshCountdown() once a second. Colours and fonts are the delegate's business: the
// model says what a cell is (UrgentRole, MonospaceRole).

#include "domain/operationsummary.h"
#include "domain/pagesources.h"
#include "itemmodels/operationlabels.h"

#include <QAbstractTableModel>
#include <QHash>

namespace ops {

class OperationTableModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        OperationColumn,
        KindColumn,
        SubjectColumn,
        AmountColumn,
        StateColumn,
        AttemptsColumn,
        KeyColumn,
        LastAttemptColumn,
        WindowLeftColumn,
        EvidenceColumn,
        AgeColumn,
        WaitingColumn, // who or what the row waits for (waitingtext.h); empty when nobody
        OwnerColumn,   // who owns the row (DESIGN §18), the name only; tooltip: since when
        ColumnCount
    };
    enum Role
    {
        OperationIdRole = Qt::UserRole + 1,
        StateRole,          // QString: open, unknown, succeeded, failed
        ProviderStatusRole, // QString: pending, requires_action, … ('' when none)
        WindowLeftRole,     // qint64 seconds (negative: closed); invalid when not applicable
        KeyRole,            // the idempotency key, whatever the column
        FinalRole,          // bool
        UrgentRole,         // bool: a live row in the last hour of its window (paint it red)
        MonospaceRole,      // bool: the cell holds an identifier (id, key)
        BadgeRole,          // QString: the state badge: open, unknown, succeeded, pending, failed
        LateRole,           // int LateReason (teamday.h): which service target the row is past
        OwnerRole,          // QString: the owner's actor, "operator:alice", '' for nobody
    };
    enum class Scope
    {
        All,
        CheckingQueue
    };

    static constexpr qint64 kUrgentSeconds = 3600; // seconds left: the countdown turns red
    static constexpr int kDefaultPageSize = 200;

    // `pages` must outlive the model; it is read on the thread the model lives on.
    explicit OperationTableModel(OperationPages &pages, Scope scope = Scope::All,
                                 QObject *parent = nullptr);

    // Replaces the filter and loads the first page. In the checking scope the state stays
    // `unknown` whatever the filter says.
    void setFilter(QueryFilter filter);
    const QueryFilter &filter() const { return m_filter; }
    Scope scope() const { return m_scope; }
    void setPageSize(int rows) { m_pageSize = qMax(1, rows); }

    // Re-reads the rows loaded so far, or the whole list when it was loaded whole
    // (operationtablemodelreload.cpp), and applies the difference
    // as row removals, a layout change when the order moved, row insertions and dataChanged,
    // never as a reset: persistent indexes (a view's selection, current row and scroll) stay on
    // their operations. Nothing changed: no signal.
    void reload();
    // The clock moved: window-left, age and waiting cells changed (a resend lease expires).
    void refreshCountdown();
    // One row changed and the caller holds it (a resend's result, read once after its commit):
    // replaces it by value without reading. The row leaves when it no longer matches the
    // filter (the checking queue holds unknown rows only), moves when its place in the order
    // changed, and comes in where it belongs when it newly matches and that place is among the
    // rows loaded (beyond them the next fetchMore brings it). Empty `evidenceCount` keeps the
    // count shown (0 for a row coming in). What the row waits for is not in an Operation: the
    // marker shown stays until the next reload reads it (none for a row coming in).
    void updateRow(const Operation &op, std::optional<int> evidenceCount = std::nullopt);

    const OperationSummary *summaryAt(int row) const;
    // Which target the row is past now, under the filter's targets (LateReason::None: on time).
    LateReason lateReasonOf(const OperationSummary &row) const;
    // How many loaded rows are late (the Checking tab's title).
    int lateCount() const;
    int rowOf(const QString &operationId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

signals:
    // A query failed (database locked for too long, file gone); the text says what happened.
    void loadFailed(const QString &message);

private:
    std::optional<std::vector<OperationSummary>> fetch(const std::optional<PageCursor> &after,
                                                       int limit);
    void resetTo(std::vector<OperationSummary> rows, int requested);
    // Where `row` goes among the loaded rows other than `skip`; empty when past the last loaded
    // row while more may follow.
    std::optional<int> placeOf(const OperationSummary &row, int skip) const;
    // reload's steps, in this order: drop the rows `places` (id → new row) lacks, put the rest
    // in its order, insert the new ones, then take `rows`' values.
    void removeRowsNotIn(const QHash<QString, int> &places);
    void reorderAs(const QHash<QString, int> &places);
    void insertRowsFrom(const std::vector<OperationSummary> &rows);
    void replaceValues(std::vector<OperationSummary> rows);
    void removeRowAt(int row);
    void moveRowTo(int from, int to, OperationSummary row);
    QVariant display(const OperationSummary &row, int column) const;
    std::optional<qint64> windowLeft(const OperationSummary &row) const;

    OperationPages &m_pages;
    Scope m_scope = Scope::All;
    QueryFilter m_filter;
    std::vector<OperationSummary> m_rows;
    bool m_exhausted = true;
    int m_pageSize = kDefaultPageSize;
    // Set (QScopedValueRollback) while a reset, an insert, a removal, a move or a layout change
    // is announced (see canFetchMore).
    bool m_notifying = false;
};

// The row as the lists show it, from a full row. An Operation carries neither the evidence
// count (given) nor the value the list is ordered by (the one `sort` orders by, as the query
// reads it).
OperationSummary summaryOf(const Operation &op, int evidenceCount, const QueryFilter &filter);
// The columns a row's lateness is measured on.
TargetSubject targetSubjectOf(const OperationSummary &row);
// Whether the query would list `row` under `filter` at `nowMs`.
bool matchesFilter(const QueryFilter &filter, const OperationSummary &row, qint64 nowMs);

} // namespace ops
