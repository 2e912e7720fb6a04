#include "widgets/eventspanel.h"

#include "itemmodels/eventlistmodel.h"
#include "widgets/rowtableview.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

EventsPanel::EventsPanel(QWidget *parent)
    : QWidget(parent)
{
    m_model = new EventListModel(this);
    m_split = new QSplitter(Qt::Horizontal, this);
    m_table = rowTableView(m_model, u"eventsTable"_s, {188, 125, 150, 118}, m_split);
    auto *side = new QWidget(m_split);
    m_caption = new QLabel(side);
    m_caption->setObjectName(u"eventCaption"_s);
    m_caption->setWordWrap(true);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_json = new QPlainTextEdit(side);
    m_json->setObjectName(u"eventJson"_s);
    m_json->setReadOnly(true);
    m_json->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_json->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_json->setPlaceholderText(tr("Select an event to read its JSON."));
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(m_caption);
    sideLayout->addWidget(m_json, 1);
    m_split->addWidget(m_table);
    m_split->addWidget(side);
    m_split->setStretchFactor(0, 3);
    m_split->setStretchFactor(1, 2);
    m_placeholder = new QLabel(this);
    m_placeholder->setObjectName(u"eventsPlaceholder"_s);
    m_placeholder->setWordWrap(true);
    m_placeholder->setText(tr("No provider event names this operation yet."));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_placeholder);
    layout->addWidget(m_split, 1);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &EventsPanel::showCurrent);
    setEvents({});
}

void EventsPanel::setPlaceholder(const QString &text)
{
    m_placeholder->setText(text);
}

QString EventsPanel::currentEventId() const
{
    return m_table->currentIndex().data(EventListModel::EventIdRole).toString();
}

void EventsPanel::setEvents(std::vector<StoredEvent> events)
{
    const QString keep = currentEventId();
    m_model->setRows(std::move(events));
    m_placeholder->setVisible(m_model->rowCount() == 0);
    int row = m_newestFirst ? qMin(0, m_model->rowCount() - 1) : m_model->rowCount() - 1;
    for (int r = 0; r < m_model->rowCount(); ++r) {
        if (m_model->eventAt(r)->id == keep)
            row = r;
    }
    if (row >= 0)
        m_table->setCurrentIndex(m_model->index(row, 0));
    showCurrent();
}

void EventsPanel::showCurrent()
{
    const QModelIndex index = m_table->currentIndex();
    const StoredEvent *event = m_model->eventAt(index.row());
    m_caption->setVisible(event != nullptr);
    if (!event) {
        m_caption->clear();
        m_json->clear();
        return;
    }
    // The whole outcome line, which the table cuts when the reason is long.
    m_caption->setText(
        tr("%1 · %2 · %3")
            .arg(event->id, eventSourceLabel(event->source), eventOutcomeLine(*event)));
    m_json->setPlainText(index.data(EventListModel::PrettyJsonRole).toString());
}

} // namespace ops::ui
