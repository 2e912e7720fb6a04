#include "itemmodels/messagetablemodel.h"

#include "itemmodels/localeformat.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace ops {

void MessageTableModel::setRows(std::vector<CustomerMessage> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

const CustomerMessage *MessageTableModel::messageAt(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? &m_rows[size_t(row)] : nullptr;
}

int MessageTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int MessageTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString MessageTableModel::stateText(const CustomerMessage &m)
{
    switch (m.state) {
    case MessageState::Pending:
        return isUnknownMessage(m) ? tr("unknown") : tr("pending");
    case MessageState::Sent:
        return m.channel == MessageChannel::Clipboard ? tr("copied") : tr("sent");
    case MessageState::Failed:
        return tr("failed");
    }
    return toString(m.state);
}

QVariant MessageTableModel::display(const CustomerMessage &m, int column) const
{
    switch (column) {
    case TimeColumn:
        return formatDateTime(m.createdAt, QLocale());
    case StateColumn:
        return stateText(m);
    case TemplateColumn:
        return m.internal ? tr("internal note") : toString(m.tmpl);
    case LanguageColumn:
        return m.language;
    case ConversationColumn:
        return m.conversation;
    case AttemptsColumn:
        return m.attempts;
    case ResultColumn:
        if (m.state == MessageState::Sent)
            return m.channel == MessageChannel::Clipboard
                       ? tr("copied by %1").arg(m.sentBy)
                       : tr("%1 by %2").arg(m.providerMessageId, m.sentBy);
        return m.lastError;
    case BodyColumn:
        return QString(m.body).replace(u'\n', u' ');
    default:
        return {};
    }
}

QVariant MessageTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CustomerMessage &m = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return display(m, index.column());
    case Qt::ToolTipRole:
        if (index.column() == TimeColumn)
            return formatUtc(m.createdAt);
        return index.column() == ResultColumn && !m.lastError.isEmpty() ? m.lastError : m.body;
    case MessageIdRole:
        return m.id;
    case BodyRole:
        return m.body;
    case IdempotencyKeyRole:
        return m.idempotencyKey;
    default:
        return {};
    }
}

QVariant MessageTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    // Translated on every call, so a language change shows at once.
    const QStringList titles = {tr("Queued"),       tr("State"),    tr("Template"), tr("Language"),
                                tr("Conversation"), tr("Attempts"), tr("Result"),   tr("Text")};
    return titles.value(section);
}

} // namespace ops
