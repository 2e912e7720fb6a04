#pragma once

// The Agent requests queue (issue 27 item 4, DESIGN §13): an agent's refunds held over one of its
// limits (state awaiting_approval), as the store handed them over (setRows), formatted: agent,
// amount, order, why it stopped (which limit, in words), when the agent asked (UTC) and the
// operation. Runs no queries itself.

#include "domain/operation.h"
#include "itemmodels/rowtablemodel.h"

#include <optional>

namespace ops {

// One held request: the row and the agent's limit that held it, as the directory has it now
// (the limit may have changed since the agent asked; empty when the agent or the limit is gone).
struct AgentRequestRow
{
    Operation operation;
    std::optional<Money> limit;
};

class AgentRequestModel final : public RowTableModel<AgentRequestRow>
{
    Q_OBJECT
public:
    enum Column
    {
        AgentColumn,
        AmountColumn,
        OrderColumn,
        HoldColumn,
        RequestedAtColumn,
        OperationColumn,
        ColumnCount
    };
    enum Role
    {
        OperationIdRole = Qt::UserRole + 1, // QString
        AgentNameRole,                      // QString
    };
    using RowTableModel::RowTableModel;

    const Operation *operationAt(int row) const;
    // The row of operation `id`, -1 when none.
    int rowOf(const QString &id) const;

protected:
    QStringList columnTitles() const override;
    QVariant rowData(const AgentRequestRow &row, int column, int role) const override;

private:
    QVariant display(const AgentRequestRow &row, int column) const;
    QString toolTip(const AgentRequestRow &row) const;
};

// Why an agent's refund was held, in the person's language: "over the per-refund limit"
// (hold "max_refund"), "over the daily limit" ("daily"); any other stored value as it is.
QString agentHoldLabel(const QString &hold);

} // namespace ops
