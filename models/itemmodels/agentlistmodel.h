#pragma once

// Tools → Agents (issue 27 item 6): the agents the directory handed over (setRows), each with
// how many operations its calls opened in the last 24 h, formatted. Runs no queries itself, and
// holds no token: AgentRecord carries none (agentdirectory.h).

#include "domain/agentrecord.h"
#include "itemmodels/rowtablemodel.h"

#include <QLocale>

namespace ops {

// One row: the directory's record and its use, read together by whoever fills the model.
struct AgentListRow
{
    AgentRecord agent;
    qint64 callsLast24h = 0; // agentCallsSince(now - 24 h)
};

class AgentListModel final : public RowTableModel<AgentListRow>
{
    Q_OBJECT
public:
    enum Column
    {
        AgentColumn,
        StateColumn,
        LimitsColumn,
        UsedColumn,
        LastCallColumn,
        ColumnCount
    };
    enum Role
    {
        AgentNameRole = Qt::UserRole + 1, // QString
        ActiveRole,                       // bool: not revoked
    };
    using RowTableModel::RowTableModel;

    const AgentListRow *agentAt(int row) const { return rowAt(row); }
    // The row of agent `name`, -1 when none.
    int rowOf(const QString &name) const;

protected:
    QStringList columnTitles() const override;
    QVariant rowData(const AgentListRow &row, int column, int role) const override;

private:
    QVariant display(const AgentListRow &row, int column) const;
    QString toolTip(const AgentListRow &row) const;
};

// What the person reads for an agent's state: "active", "revoked" in English, translated
// otherwise. opsctl and the audit keep toString()'s identifiers.
QString agentStateLabel(AgentState state);
// describeLimits() in the person's language, amounts as the console shows them (formatMoney with
// `locale`, digits grouped): "max 50.00 USD · 2,000.00 USD a day · 5/s", or "no limits".
QString agentLimitsLabel(const AgentLimits &limits, const QLocale &locale = QLocale());

} // namespace ops
