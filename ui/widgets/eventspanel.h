#pragma once

// A list of provider events with the selected one's JSON beside it: the detail pane's Events tab
// and the supervisors' unmatched events. Shows what it is given; loads nothing itself.

#include "domain/eventtypes.h"

#include <QWidget>
#include <vector>

class QLabel;
class QPlainTextEdit;
class QSplitter;
class QTableView;

namespace ops {
class EventListModel;
}

namespace ops::ui {

class EventsPanel final : public QWidget
{
    Q_OBJECT
public:
    explicit EventsPanel(QWidget *parent = nullptr);

    // Keeps the selected event (by id) when it is still there; else selects the newest.
    void setEvents(std::vector<StoredEvent> events);
    // Lists handed over newest first (unmatched events); an operation's come oldest first.
    void setNewestFirst(bool newestFirst) { m_newestFirst = newestFirst; }
    void setPlaceholder(const QString &text);

    EventListModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QPlainTextEdit *jsonView() const { return m_json; }
    QLabel *caption() const { return m_caption; }
    QLabel *placeholder() const { return m_placeholder; }
    QSplitter *splitter() const { return m_split; }
    QString currentEventId() const;

private:
    void showCurrent();

    EventListModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QPlainTextEdit *m_json = nullptr;
    QLabel *m_caption = nullptr;
    QLabel *m_placeholder = nullptr;
    QSplitter *m_split = nullptr;
    bool m_newestFirst = false;
};

} // namespace ops::ui
