#include "itemmodels/auditentrymodel.h"

#include "domain/storeerror.h"
#include "itemmodels/detailmodels.h"
#include "itemmodels/itemmodellogging.h"
#include "itemmodels/localeformat.h"
#include "itemmodels/operationtablemodel.h"

#include <QScopedValueRollback>

using namespace Qt::StringLiterals;

namespace ops {

AuditEntryModel::AuditEntryModel(AuditPages &pages, QObject *parent)
    : QAbstractTableModel(parent)
    , m_pages(pages)
{}

std::optional<std::vector<AuditRow>> AuditEntryModel::fetch(std::optional<qint64> beforeId)
{
    try {
        return m_pages.page(m_filter, beforeId, m_pageSize);
    } catch (const StoreError &e) {
        qCWarning(lcModels) << "audit page query failed:" << e.message();
        emit loadFailed(e.message());
        return std::nullopt;
    }
}

void AuditEntryModel::setFilter(AuditFilter filter)
{
    m_filter = std::move(filter);
    reload();
}

void AuditEntryModel::reload()
{
    auto rows = fetch(std::nullopt);
    const QScopedValueRollback notifying(m_notifying, true);
    beginResetModel();
    m_rows = rows ? std::move(*rows) : std::vector<AuditRow>{};
    m_exhausted = !rows || int(m_rows.size()) < m_pageSize;
    endResetModel();
}

const AuditRow *AuditEntryModel::rowAt(int row) const
{
    if (row < 0 || row >= rowCount())
        return nullptr;
    return &m_rows[size_t(row)];
}

int AuditEntryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AuditEntryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AuditEntryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AuditRow &row = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case IdColumn:
            return row.id;
        case TimeColumn:
            return formatDateTime(row.at, QLocale());
        case ActorColumn:
            return row.actor;
        case ActionColumn:
            return row.action;
        case OperationColumn:
            return row.operationId;
        case KindColumn:
            return row.kind ? kindLabel(*row.kind) : QString();
        case DetailColumn:
            return auditSummary(row.detail);
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == TimeColumn)
            return formatUtc(row.at);
        return index.column() == DetailColumn ? QVariant(auditDetailPretty(row.detail))
                                              : QVariant();
    case EntryIdRole:
        return row.id;
    case AtMsRole:
        return row.at.toMSecsSinceEpoch();
    case OperationIdRole:
        return row.operationId;
    case DetailRole:
        return row.detail;
    case MonospaceRole:
        return index.column() == OperationColumn;
    case Qt::TextAlignmentRole:
        if (index.column() == IdColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    return {};
}

QVariant AuditEntryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn:
        return tr("Entry");
    case TimeColumn:
        return tr("Time");
    case ActorColumn:
        return tr("Actor");
    case ActionColumn:
        return tr("Action");
    case OperationColumn:
        return tr("Operation");
    case KindColumn:
        return tr("Kind");
    case DetailColumn:
        return tr("Detail");
    }
    return {};
}

bool AuditEntryModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_exhausted && !m_notifying;
}

void AuditEntryModel::fetchMore(const QModelIndex &parent)
{
    if (parent.isValid() || m_exhausted || m_notifying || m_rows.empty())
        return;
    auto more = fetch(m_rows.back().id);
    if (!more)
        return;
    m_exhausted = int(more->size()) < m_pageSize;
    if (more->empty())
        return;
    const int first = rowCount();
    const QScopedValueRollback notifying(m_notifying, true);
    beginInsertRows({}, first, first + int(more->size()) - 1);
    std::move(more->begin(), more->end(), std::back_inserter(m_rows));
    endInsertRows();
}

} // namespace ops
