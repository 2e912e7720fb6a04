#pragma once

// The Attention queue (docs/design.md §10): rows an event or the reconciler could not settle and
// a person must act on, oldest Attention first, with the reason. Holds what the event store
// handed it (setRows); runs no queries itself.

#include "eventstore.h"

#include <QAbstractTableModel>
#include <vector>

namespace ops {

class AttentionModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        OperationColumn,
        AmountColumn,
        StateColumn,
        ReasonColumn,
        RaisedAtColumn,
        RaisedByColumn,
        ColumnCount
    };
    enum Role
    {
        OperationIdRole = Qt::UserRole + 1, // QString
    };
    using QAbstractTableModel::QAbstractTableModel;

    void setRows(std::vector<AttentionItem> rows);
    const AttentionItem *itemAt(int row) const;
    // The row showing `operationId`, -1 when none.
    int rowOf(const QString &operationId) const;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant display(const AttentionItem &item, int column) const;
    std::vector<AttentionItem> m_rows;
};

// A receiver beats well inside this (webhookserver.h); the store uses the same default.
inline constexpr qint64 kReceiverStaleAfterMs = 90'000;

// The status bar's receiver line, from the last stored heartbeat and the clock's `now`:
// running while the freshest heartbeat is at most `staleAfterMs` old and not stopped.
struct ReceiverLine
{
    bool running = false;
    QString text;    // "Webhook receiver running · last event 01/12/2026 13:05:09 CET"
    QString toolTip; // the same instants in UTC, and the receiver's address
};
ReceiverLine receiverLine(const ReceiverStatus &status, const QDateTime &now,
                          qint64 staleAfterMs = kReceiverStaleAfterMs);

} // namespace ops
