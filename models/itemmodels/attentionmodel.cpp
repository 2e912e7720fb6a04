#include "itemmodels/attentionmodel.h"

#include "itemmodels/localeformat.h"
#include "itemmodels/operationtablemodel.h"

using namespace Qt::StringLiterals;

namespace ops {

int AttentionModel::rowOf(const QString &operationId) const
{
    const auto &all = rows();
    for (size_t i = 0; i < all.size(); ++i) {
        if (all[i].operation.id == operationId)
            return int(i);
    }
    return -1;
}

QVariant AttentionModel::display(const AttentionItem &item, int column) const
{
    const Operation &op = item.operation;
    switch (Column(column)) {
    case OperationColumn:
        return op.id;
    case AmountColumn:
        return formatMoney(op.amount, QLocale());
    case StateColumn:
        return stateBadgeLabel(op.state, op.providerStatus);
    case ReasonColumn:
        return item.attention.reason; // as the receiver or reconciler stored it
    case RaisedAtColumn:
        return formatDateTime(item.attention.at, QLocale());
    case RaisedByColumn:
        return item.attention.raisedBy;
    case ColumnCount:
        break;
    }
    return {};
}

QVariant AttentionModel::rowData(const AttentionItem &item, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        return display(item, column);
    case Qt::ToolTipRole:
        if (column == RaisedAtColumn)
            return formatUtc(item.attention.at);
        return display(item, column);
    case Qt::TextAlignmentRole:
        if (column == AmountColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case OperationIdRole:
        return item.operation.id;
    default:
        return {};
    }
}

QStringList AttentionModel::columnTitles() const
{
    return {tr("Operation"), tr("Amount"),    tr("State"),
            tr("Reason"),    tr("Raised at"), tr("Raised by")};
}

ReceiverLine receiverLine(const ReceiverStatus &status, const QDateTime &now, qint64 staleAfterMs)
{
    ReceiverLine line;
    line.running =
        status.running && status.lastSeenAt && status.lastSeenAt->msecsTo(now) <= staleAfterMs;
    const QString lastEvent = status.lastEventAt ? formatDateTime(*status.lastEventAt, QLocale())
                                                 : AttentionModel::tr("none yet");
    if (line.running)
        line.text = AttentionModel::tr("Webhook receiver running · last event %1").arg(lastEvent);
    else if (status.lastSeenAt)
        line.text = AttentionModel::tr("Webhook receiver not running (last seen %1) · last "
                                       "event %2")
                        .arg(formatDateTime(*status.lastSeenAt, QLocale()), lastEvent);
    else
        line.text =
            AttentionModel::tr("No webhook receiver has run · last event %1").arg(lastEvent);
    QStringList tip;
    if (status.lastSeenAt)
        tip << AttentionModel::tr("Last heartbeat %1").arg(formatUtc(*status.lastSeenAt));
    if (status.lastEventAt)
        tip << AttentionModel::tr("Last event %1").arg(formatUtc(*status.lastEventAt));
    if (!status.listenUrl.isEmpty())
        tip << AttentionModel::tr("Listening at %1").arg(status.listenUrl);
    line.toolTip = tip.join(u'\n');
    return line;
}

} // namespace ops
