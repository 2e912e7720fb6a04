#pragma once

// The supervisors' audit list: AuditPages (domain/pagesources.h; storage's AuditQuery) pages,
// newest first, fetched as the view scrolls.
// Times and kinds are shown in the default QLocale; the raw values are in the roles.

#include "domain/audittypes.h"
#include "domain/pagesources.h"

#include <QAbstractTableModel>

namespace ops {

class AuditEntryModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        IdColumn,
        TimeColumn,
        ActorColumn,
        ActionColumn,
        OperationColumn,
        KindColumn,
        DetailColumn,
        ColumnCount
    };
    enum Role
    {
        EntryIdRole = Qt::UserRole + 1, // qint64
        AtMsRole,                       // qint64 UTC ms
        OperationIdRole,                // QString
        MonospaceRole,                  // bool: identifiers
        DetailRole,                     // QString: the stored JSON detail, whole
    };
    static constexpr int kDefaultPageSize = 200;

    // `pages` must outlive the model; it is read on the thread the model lives on.
    explicit AuditEntryModel(AuditPages &pages, QObject *parent = nullptr);

    // Replaces the filter and loads the first page.
    void setFilter(AuditFilter filter);
    const AuditFilter &filter() const { return m_filter; }
    void setPageSize(int rows) { m_pageSize = qMax(1, rows); }
    // Reloads from the newest entry (new entries appear at the top).
    void reload();
    const AuditRow *rowAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

signals:
    void loadFailed(const QString &message);

private:
    std::optional<std::vector<AuditRow>> fetch(std::optional<qint64> beforeId);

    AuditPages &m_pages;
    AuditFilter m_filter;
    std::vector<AuditRow> m_rows;
    bool m_exhausted = true;
    bool m_notifying = false;
    int m_pageSize = kDefaultPageSize;
};

} // namespace ops
