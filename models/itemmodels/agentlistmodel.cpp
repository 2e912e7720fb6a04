#include "itemmodels/agentlistmodel.h"

#include "itemmodels/localeformat.h"

#include <QTimeZone>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

QDateTime utcOf(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc());
}

} // namespace

QString agentStateLabel(AgentState state)
{
    switch (state) {
    case AgentState::Active:
        return AgentListModel::tr("active");
    case AgentState::Revoked:
        return AgentListModel::tr("revoked");
    }
    return toString(state);
}

QString agentLimitsLabel(const AgentLimits &limits, const QLocale &locale)
{
    QStringList parts;
    if (limits.maxRefund)
        parts << AgentListModel::tr("max %1").arg(formatMoney(*limits.maxRefund, locale));
    if (limits.daily)
        parts << AgentListModel::tr("%1 a day").arg(formatMoney(*limits.daily, locale));
    if (limits.ratePerSecond)
        parts << AgentListModel::tr("%1/s").arg(*limits.ratePerSecond);
    return parts.isEmpty() ? AgentListModel::tr("no limits") : parts.join(u" · "_s);
}

int AgentListModel::rowOf(const QString &name) const
{
    for (size_t i = 0; i < rows().size(); ++i) {
        if (rows()[i].agent.name == name)
            return int(i);
    }
    return -1;
}

QVariant AgentListModel::display(const AgentListRow &row, int column) const
{
    const AgentRecord &a = row.agent;
    switch (Column(column)) {
    case AgentColumn:
        return a.name;
    case StateColumn:
        return agentStateLabel(a.state());
    case LimitsColumn:
        return agentLimitsLabel(a.limits);
    case UsedColumn:
        return QLocale().toString(row.callsLast24h);
    case LastCallColumn:
        return a.lastUsedMs ? formatDateTime(utcOf(*a.lastUsedMs), QLocale()) : tr("never");
    case ColumnCount:
        break;
    }
    return {};
}

// The record's history in UTC, one line each: who added it and when, the last change, the
// revocation, a rotated-out token's grace, and the last call.
QString AgentListModel::toolTip(const AgentListRow &row) const
{
    const AgentRecord &a = row.agent;
    QStringList lines{tr("Agent %1, added by %2 at %3")
                          .arg(a.name, a.createdBy, formatUtc(utcOf(a.createdAtMs)))};
    if (a.updatedAtMs != a.createdAtMs || a.updatedBy != a.createdBy)
        lines << tr("Last changed by %1 at %2").arg(a.updatedBy, formatUtc(utcOf(a.updatedAtMs)));
    if (a.revokedAtMs)
        lines << tr("Revoked at %1: its token is refused").arg(formatUtc(utcOf(*a.revokedAtMs)));
    else if (a.previousValidUntilMs)
        lines << tr("After a rotation the previous token works until %1")
                     .arg(formatUtc(utcOf(*a.previousValidUntilMs)));
    lines << tr("Operations opened in the last 24 h: %1").arg(QLocale().toString(row.callsLast24h));
    lines << (a.lastUsedMs ? tr("Last call at %1").arg(formatUtc(utcOf(*a.lastUsedMs)))
                           : tr("No call yet"));
    return lines.join(u'\n');
}

QVariant AgentListModel::rowData(const AgentListRow &row, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        return display(row, column);
    case Qt::ToolTipRole:
        return toolTip(row);
    case Qt::TextAlignmentRole:
        if (column == UsedColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case AgentNameRole:
        return row.agent.name;
    case ActiveRole:
        return row.agent.state() == AgentState::Active;
    default:
        return {};
    }
}

QStringList AgentListModel::columnTitles() const
{
    return {tr("Agent"), tr("State"), tr("Limits"), tr("Used 24 h"), tr("Last call")};
}

} // namespace ops
