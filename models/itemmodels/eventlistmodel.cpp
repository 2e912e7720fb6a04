#include "itemmodels/eventlistmodel.h"

#include "itemmodels/localeformat.h"

#include <QJsonDocument>
#include <QTimeZone>

using namespace Qt::StringLiterals;

namespace ops {

QString eventSourceLabel(EventSource source)
{
    switch (source) {
    case EventSource::Webhook:
        return EventListModel::tr("verified webhook");
    case EventSource::Import:
        return EventListModel::tr("imported");
    }
    return toString(source);
}

QString eventOutcomeLabel(EventOutcome outcome)
{
    switch (outcome) {
    case EventOutcome::Applied:
        return EventListModel::tr("applied");
    case EventOutcome::Ignored:
        return EventListModel::tr("ignored");
    case EventOutcome::Attention:
        return EventListModel::tr("Attention");
    }
    return toString(outcome);
}

QString eventOutcomeLine(const StoredEvent &event)
{
    // The reason is the receiver's stored text and is shown as written.
    if (event.outcomeReason.isEmpty())
        return eventOutcomeLabel(event.outcome);
    return EventListModel::tr("%1 — %2").arg(eventOutcomeLabel(event.outcome), event.outcomeReason);
}

QDateTime eventCreatedAt(const StoredEvent &event)
{
    return QDateTime::fromSecsSinceEpoch(event.created, QTimeZone::utc());
}

QString prettyEventJson(const QByteArray &raw)
{
    const QJsonDocument doc = QJsonDocument::fromJson(raw);
    if (doc.isNull())
        return QString::fromUtf8(raw);
    return QString::fromUtf8(doc.toJson(QJsonDocument::Indented));
}

QVariant EventListModel::display(const StoredEvent &e, int column) const
{
    switch (Column(column)) {
    case CreatedColumn:
        return formatDateTime(eventCreatedAt(e), QLocale());
    case TypeColumn:
        return e.type;
    case ObjectColumn:
        return e.objectStatus.isEmpty() ? e.objectId
                                        : tr("%1 (%2)").arg(e.objectId, e.objectStatus);
    case SourceColumn:
        return eventSourceLabel(e.source);
    case OutcomeColumn:
        return eventOutcomeLine(e);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant EventListModel::rowData(const StoredEvent &e, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
        return display(e, column);
    case Qt::ToolTipRole:
        if (column == CreatedColumn)
            return tr("%1 (received %2)")
                .arg(formatUtc(eventCreatedAt(e)), formatUtc(e.receivedAt));
        return display(e, column);
    case EventIdRole:
        return e.id;
    case PrettyJsonRole:
        return prettyEventJson(e.raw);
    case OperationIdRole:
        return e.operationId;
    default:
        return {};
    }
}

QStringList EventListModel::columnTitles() const
{
    return {tr("Created"), tr("Type"), tr("Object"), tr("Source"), tr("Outcome")};
}

} // namespace ops
