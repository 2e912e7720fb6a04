#pragma once

// An operation's customer messages for the detail pane: when, state (pending / unknown / sent /
// failed / copied), template (or "internal note"), language, conversation, attempts, and the last
// error or the helpdesk's message id. Holds what the store handed it (setRows); runs no queries.

#include "domain/messagetypes.h"

#include <QAbstractTableModel>
#include <vector>

namespace ops {

class MessageTableModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        TimeColumn,
        StateColumn,
        TemplateColumn,
        LanguageColumn,
        ConversationColumn,
        AttemptsColumn,
        ResultColumn,
        BodyColumn,
        ColumnCount
    };
    enum Role
    {
        MessageIdRole = Qt::UserRole + 1,
        BodyRole,          // QString, the whole text
        IdempotencyKeyRole // QString
    };
    using QAbstractTableModel::QAbstractTableModel;

    void setRows(std::vector<CustomerMessage> rows);
    const CustomerMessage *messageAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // "sent", "copied", "pending", "unknown" (an attempt without a recorded answer), "failed",
    // as an operator reads it.
    static QString stateText(const CustomerMessage &m);

private:
    QVariant display(const CustomerMessage &m, int column) const;
    std::vector<CustomerMessage> m_rows;
};

} // namespace ops
