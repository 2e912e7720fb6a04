#pragma once

// Provider events for the console (issue 13): an operation's events in the detail pane's Events
// tab and the supervisors' unmatched events. Holds what the event store handed it (setRows) and
// formats it; runs no queries itself.

#include "domain/eventtypes.h"
#include "itemmodels/rowtablemodel.h"

namespace ops {

class EventListModel final : public RowTableModel<StoredEvent>
{
    Q_OBJECT
public:
    enum Column
    {
        CreatedColumn,
        TypeColumn,
        ObjectColumn,
        SourceColumn,
        OutcomeColumn,
        ColumnCount
    };
    enum Role
    {
        EventIdRole = Qt::UserRole + 1, // QString evt_…
        PrettyJsonRole,                 // QString: the stored JSON, indented
        OperationIdRole,                // QString; '' when unmatched
    };
    using RowTableModel::RowTableModel;

    const StoredEvent *eventAt(int row) const { return rowAt(row); }

protected:
    QStringList columnTitles() const override;
    QVariant rowData(const StoredEvent &event, int column, int role) const override;

private:
    QVariant display(const StoredEvent &e, int column) const;
};

// What the operator reads for where an event came from and what it did: "verified webhook",
// "imported"; "applied", "ignored", "Attention". Stored values keep toString()'s identifiers.
QString eventSourceLabel(EventSource source);
QString eventOutcomeLabel(EventOutcome outcome);
// "applied — closed succeeded re_…" (outcome and the stored reason); the outcome alone without one.
QString eventOutcomeLine(const StoredEvent &event);
// The event's `created` (the provider's clock, unix seconds) as a UTC QDateTime.
QDateTime eventCreatedAt(const StoredEvent &event);
// The stored JSON indented for reading; the raw text when it is not JSON.
QString prettyEventJson(const QByteArray &raw);

} // namespace ops
