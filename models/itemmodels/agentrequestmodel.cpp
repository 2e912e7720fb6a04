#include "itemmodels/agentrequestmodel.h"

#include "itemmodels/localeformat.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr QStringView kHoldMaxRefund = u"max_refund";
constexpr QStringView kHoldDaily = u"daily";

} // namespace

QString agentHoldLabel(const QString &hold)
{
    if (hold == kHoldMaxRefund)
        return AgentRequestModel::tr("over the per-refund limit");
    if (hold == kHoldDaily)
        return AgentRequestModel::tr("over the daily limit");
    if (hold == u"four_eyes"_s) // a person's refund (DESIGN §16): another person sends it
        return AgentRequestModel::tr("above the four-eyes threshold");
    return hold;
}

const Operation *AgentRequestModel::operationAt(int row) const
{
    const AgentRequestRow *r = rowAt(row);
    return r ? &r->operation : nullptr;
}

int AgentRequestModel::rowOf(const QString &id) const
{
    for (size_t i = 0; i < rows().size(); ++i) {
        if (rows()[i].operation.id == id)
            return int(i);
    }
    return -1;
}

QVariant AgentRequestModel::display(const AgentRequestRow &row, int column) const
{
    const Operation &op = row.operation;
    switch (Column(column)) {
    case AgentColumn: // a person's held refund has no agent: who started it, said as a person
        return op.agent.isEmpty() ? tr("%1 (person)").arg(op.createdBy.section(u':', 1)) : op.agent;
    case AmountColumn:
        return formatMoney(op.amount, QLocale());
    case OrderColumn:
        return op.orderId;
    case HoldColumn:
        return agentHoldLabel(op.hold);
    case RequestedAtColumn:
        return formatDateTime(op.createdAt, QLocale()); // the tooltip has it in UTC
    case OperationColumn:
        return op.id;
    case ColumnCount:
        break;
    }
    return {};
}

// Who asked (the full actor names the client and its request), the limit that held it as it is
// now, and the charge the refund is for.
QString AgentRequestModel::toolTip(const AgentRequestRow &row) const
{
    const Operation &op = row.operation;
    QStringList lines{tr("Asked by %1 at %2").arg(op.createdBy, formatUtc(op.createdAt))};
    if (row.limit && op.hold == kHoldMaxRefund)
        lines
            << tr("The agent's per-refund limit is now %1").arg(formatMoney(*row.limit, QLocale()));
    else if (row.limit && op.hold == kHoldDaily)
        lines << tr("The agent's daily limit is now %1").arg(formatMoney(*row.limit, QLocale()));
    if (!op.chargeId.isEmpty())
        lines << tr("Charge %1").arg(op.chargeId);
    lines << tr("Nothing has been sent: approving sends the stored request with its key once.");
    return lines.join(u'\n');
}

QVariant AgentRequestModel::rowData(const AgentRequestRow &row, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        return display(row, column);
    case Qt::ToolTipRole:
        return toolTip(row);
    case Qt::TextAlignmentRole:
        if (column == AmountColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case OperationIdRole:
        return row.operation.id;
    case AgentNameRole:
        return row.operation.agent;
    default:
        return {};
    }
}

QStringList AgentRequestModel::columnTitles() const
{
    return {tr("Asked by"),       tr("Amount"),         tr("Order"),
            tr("Why it stopped"), tr("Asked at (UTC)"), tr("Operation")};
}

} // namespace ops
