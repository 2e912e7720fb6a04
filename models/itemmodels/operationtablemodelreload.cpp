// OperationTableModel::reload: the rows loaded so far, read again and applied as row changes
// (removals, one layout change when the order moved, insertions, one data change), never as a
// reset. Views keep their selection, current row and scroll position on the same operations
// while other processes write (issue 50 item 2).

#include "itemmodels/operationtablemodel.h"

#include <QScopedValueRollback>
#include <QSet>
#include <algorithm>
#include <numeric>

namespace ops {

void OperationTableModel::reload()
{
    // A list loaded whole stays whole: rows that came in above must not push its last rows (a
    // selection's perhaps) out of it. Otherwise as many rows as were loaded.
    const int loaded = int(m_rows.size());
    const int wanted = m_exhausted ? loaded + m_pageSize : qMax(m_pageSize, loaded);
    auto rows = fetch(std::nullopt, wanted);
    if (!rows)
        return;
    m_exhausted = int(rows->size()) < wanted;
    QHash<QString, int> places;
    places.reserve(qsizetype(rows->size()));
    for (size_t i = 0; i < rows->size(); ++i)
        places.insert((*rows)[i].id, int(i));
    removeRowsNotIn(places);
    reorderAs(places);
    insertRowsFrom(*rows);
    replaceValues(std::move(*rows));
}

void OperationTableModel::removeRowsNotIn(const QHash<QString, int> &places)
{
    // Bottom up, one run of adjacent rows at a time: the rows above keep their numbers.
    for (int last = rowCount() - 1; last >= 0; --last) {
        if (places.contains(m_rows[size_t(last)].id))
            continue;
        int first = last;
        while (first > 0 && !places.contains(m_rows[size_t(first - 1)].id))
            --first;
        const QScopedValueRollback notifying(m_notifying, true);
        beginRemoveRows({}, first, last);
        m_rows.erase(m_rows.begin() + first, m_rows.begin() + last + 1);
        endRemoveRows();
        last = first;
    }
}

void OperationTableModel::reorderAs(const QHash<QString, int> &places)
{
    // Every row left is in `places`; only their order may differ from it.
    const auto before = [&places](const OperationSummary &a, const OperationSummary &b) {
        return places.value(a.id) < places.value(b.id);
    };
    if (std::is_sorted(m_rows.begin(), m_rows.end(), before))
        return;
    std::vector<int> oldRowAt(m_rows.size()); // by new row
    std::iota(oldRowAt.begin(), oldRowAt.end(), 0);
    std::sort(oldRowAt.begin(), oldRowAt.end(),
              [&](int a, int b) { return before(m_rows[size_t(a)], m_rows[size_t(b)]); });
    std::vector<int> newRowOf(m_rows.size());
    for (size_t row = 0; row < oldRowAt.size(); ++row)
        newRowOf[size_t(oldRowAt[row])] = int(row);
    const QScopedValueRollback notifying(m_notifying, true);
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList from = persistentIndexList();
    QModelIndexList to;
    to.reserve(from.size());
    for (const QModelIndex &index : from)
        to.append(this->index(newRowOf[size_t(index.row())], index.column()));
    std::vector<OperationSummary> reordered;
    reordered.reserve(m_rows.size());
    for (const int old : oldRowAt)
        reordered.push_back(std::move(m_rows[size_t(old)]));
    m_rows = std::move(reordered);
    changePersistentIndexList(from, to);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void OperationTableModel::insertRowsFrom(const std::vector<OperationSummary> &rows)
{
    // The rows kept are `rows` without the new ones, in their order: each run of new rows goes
    // in where it stands in `rows`.
    QSet<QString> kept;
    kept.reserve(qsizetype(m_rows.size()));
    for (const OperationSummary &row : m_rows)
        kept.insert(row.id);
    for (size_t first = 0; first < rows.size(); ++first) {
        if (kept.contains(rows[first].id))
            continue;
        size_t end = first + 1;
        while (end < rows.size() && !kept.contains(rows[end].id))
            ++end;
        const QScopedValueRollback notifying(m_notifying, true);
        beginInsertRows({}, int(first), int(end) - 1);
        m_rows.insert(m_rows.begin() + qsizetype(first), rows.begin() + qsizetype(first),
                      rows.begin() + qsizetype(end));
        endInsertRows();
        first = end - 1;
    }
}

void OperationTableModel::replaceValues(std::vector<OperationSummary> rows)
{
    // Same ids in the same order by now; one dataChanged over the rows whose values moved.
    int first = -1;
    int last = -1;
    for (size_t i = 0; i < rows.size(); ++i) {
        if (rows[i] == m_rows[i])
            continue;
        first = first < 0 ? int(i) : first;
        last = int(i);
    }
    m_rows = std::move(rows);
    if (first >= 0)
        emit dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

} // namespace ops
