#pragma once

// The common part of the console's list models that show a vector of plain rows handed over by
// a store: reset on setRows, bounds-checked row access, flat (no children), fixed columns with
// translated titles. A subclass says how one row reads in one column for one role.

#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

namespace ops {

template<typename Row> class RowTableModel : public QAbstractTableModel
{
public:
    using QAbstractTableModel::QAbstractTableModel;

    void setRows(std::vector<Row> rows)
    {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
    }
    const Row *rowAt(int row) const
    {
        return row >= 0 && row < int(m_rows.size()) ? &m_rows[size_t(row)] : nullptr;
    }
    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : int(m_rows.size());
    }
    int columnCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : int(columnTitles().size());
    }
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override
    {
        const Row *row = index.isValid() ? rowAt(index.row()) : nullptr;
        if (!row || index.column() >= columnCount())
            return {};
        return rowData(*row, index.column(), role);
    }
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override
    {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
            return {};
        return columnTitles().value(section); // translated on every call: a language change shows
    }

protected:
    const std::vector<Row> &rows() const { return m_rows; }
    // For a subclass that updates rows in place; it emits dataChanged for what it changed.
    Row *mutableRowAt(int row)
    {
        return row >= 0 && row < int(m_rows.size()) ? &m_rows[size_t(row)] : nullptr;
    }
    virtual QStringList columnTitles() const = 0;
    // `column` is within columnTitles(); `row` is the one shown there.
    virtual QVariant rowData(const Row &row, int column, int role) const = 0;

private:
    std::vector<Row> m_rows;
};

} // namespace ops
