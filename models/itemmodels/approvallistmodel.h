#pragma once

// Approvals for the supervisors' panel: what the store handed it (setRows), formatted. Runs no
// queries itself.

#include "domain/approval.h"
#include "domain/operatoraccess.h"

#include <QAbstractTableModel>
#include <vector>

namespace ops {

class ApprovalListModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        IdColumn,
        OperationColumn,
        ActionColumn,
        AmountColumn,
        RequestedByColumn,
        RequestedAtColumn,
        RequestColumn,
        StateColumn,
        ColumnCount
    };
    enum Role
    {
        ApprovalIdRole = Qt::UserRole + 1, // qint64
        RequestedByRole,                   // QString actor
    };
    using QAbstractTableModel::QAbstractTableModel;

    void setRows(std::vector<Approval> rows);
    const Approval *approvalAt(int row) const;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // "close as failed: no refund at the provider (evidence 3, 4)"; "resend once".
    static QString describeRequest(const Approval &a);

private:
    std::vector<Approval> m_rows;
};

// What the operator reads for a role, an operator's access and an approval's state and action:
// "supervisor", "carol (support)", "approved", "close" in English, translated otherwise. Stored
// values, the audit log and opsctl keep toString()'s identifiers.
QString roleLabel(Role role);
QString accessLabel(const OperatorAccess &access);
QString approvalStateLabel(ApprovalState state);
QString approvalActionLabel(ApprovalAction action);

} // namespace ops
