#include "approvallistmodel.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace ops {

void ApprovalListModel::setRows(std::vector<Approval> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

const Approval *ApprovalListModel::approvalAt(int row) const
{
    if (row < 0 || row >= int(m_rows.size()))
        return nullptr;
    return &m_rows.at(size_t(row));
}

int ApprovalListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ApprovalListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ApprovalListModel::describeRequest(const Approval &a)
{
    const auto close = a.requestedClose();
    if (!close)
        return u"resend once with the stored key"_s;
    QStringList ids;
    for (const qint64 id : close->evidenceIds)
        ids << QString::number(id);
    const QString ref =
        close->providerRef.isEmpty() ? QString() : u" (%1)"_s.arg(close->providerRef);
    return u"close as %1%2: %3 — evidence %4"_s.arg(toString(close->outcome), ref, close->reason,
                                                    ids.join(u", "_s));
}

QVariant ApprovalListModel::data(const QModelIndex &index, int role) const
{
    const Approval *a = index.isValid() ? approvalAt(index.row()) : nullptr;
    if (!a || index.column() >= ColumnCount)
        return {};
    if (role == ApprovalIdRole)
        return a->id;
    if (role == RequestedByRole)
        return a->requestedBy;
    if (role == Qt::TextAlignmentRole && index.column() == AmountColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (Column(index.column())) {
    case IdColumn:
        return u"#%1"_s.arg(a->id);
    case OperationColumn:
        return a->operationId;
    case ActionColumn:
        return toString(a->action);
    case AmountColumn:
        return formatMoney(a->amount);
    case RequestedByColumn:
        return a->requestedBy;
    case RequestedAtColumn:
        return QLocale().toString(a->requestedAt.toLocalTime(), QLocale::ShortFormat);
    case RequestColumn:
        return describeRequest(*a);
    case StateColumn:
        return a->decidedBy.isEmpty() ? toString(a->state)
                                      : u"%1 by %2"_s.arg(toString(a->state), a->decidedBy);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant ApprovalListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    static const QStringList titles = {u"Approval"_s, u"Operation"_s, u"Action"_s,  u"Amount"_s,
                                       u"Asked by"_s, u"Asked at"_s,  u"Request"_s, u"State"_s};
    return titles.value(section);
}

} // namespace ops
