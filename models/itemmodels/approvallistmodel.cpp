#include "itemmodels/approvallistmodel.h"

#include "itemmodels/localeformat.h"
#include "itemmodels/operationtablemodel.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace ops {

QString roleLabel(Role role)
{
    switch (role) {
    case Role::Support:
        return ApprovalListModel::tr("support");
    case Role::Supervisor:
        return ApprovalListModel::tr("supervisor");
    }
    return toString(role);
}

QString accessLabel(const OperatorAccess &access)
{
    if (!access.role)
        return ApprovalListModel::tr("%1 (not an operator)")
            .arg(access.name.isEmpty() ? u"?"_s : access.name);
    if (access.disabled)
        return ApprovalListModel::tr("%1 (disabled)").arg(access.name);
    return ApprovalListModel::tr("%1 (%2)").arg(access.name, roleLabel(*access.role));
}

QString approvalStateLabel(ApprovalState state)
{
    switch (state) {
    case ApprovalState::Pending:
        return ApprovalListModel::tr("pending");
    case ApprovalState::Approved:
        return ApprovalListModel::tr("approved");
    case ApprovalState::Rejected:
        return ApprovalListModel::tr("rejected");
    case ApprovalState::Used:
        return ApprovalListModel::tr("used");
    }
    return toString(state);
}

QString approvalActionLabel(ApprovalAction action)
{
    switch (action) {
    case ApprovalAction::Close:
        return ApprovalListModel::tr("close");
    case ApprovalAction::Resend:
        return ApprovalListModel::tr("resend");
    }
    return toString(action);
}

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
        return tr("resend once with the stored key");
    QStringList ids;
    for (const qint64 id : close->evidenceIds)
        ids << QString::number(id);
    const QString ref =
        close->providerRef.isEmpty() ? QString() : u" (%1)"_s.arg(close->providerRef);
    // The reason is stored text and stays as the requester typed it.
    return tr("close as %1%2: %3 — evidence %4")
        .arg(stateLabel(close->outcome), ref, close->reason, ids.join(u", "_s));
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
        return approvalActionLabel(a->action);
    case AmountColumn:
        return formatMoney(a->amount, QLocale());
    case RequestedByColumn:
        return a->requestedBy;
    case RequestedAtColumn:
        return formatDateTime(a->requestedAt, QLocale()); // as every table writes times
    case RequestColumn:
        return describeRequest(*a);
    case StateColumn:
        return a->decidedBy.isEmpty()
                   ? approvalStateLabel(a->state)
                   : tr("%1 by %2").arg(approvalStateLabel(a->state), a->decidedBy);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant ApprovalListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    // Translated on every call, so a language change shows at once.
    const QStringList titles = {tr("Approval"), tr("Operation"), tr("Action"),  tr("Amount"),
                                tr("Asked by"), tr("Asked at"),  tr("Request"), tr("State")};
    return titles.value(section);
}

} // namespace ops
