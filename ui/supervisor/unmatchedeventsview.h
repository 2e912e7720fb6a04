#pragma once

// The supervisors' "Unmatched events" tab (docs/design.md §10): refund events that matched no
// operation — refunds made outside the product, e.g. in the provider's Dashboard — newest first,
// each with its JSON. Rule 9 already counts them through the charge's amount_refunded; this is
// where a person sees them. Reads through ConsoleReads; runs no SQL itself.

#include <QWidget>

class QLabel;

namespace ops::ui {

class ConsoleReads;
class EventsPanel;

class UnmatchedEventsView final : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kShown = 500; // newest first; the count says how many there are

    // `reads` must outlive the view.
    explicit UnmatchedEventsView(ConsoleReads &reads, QWidget *parent = nullptr);

    void reload();
    qint64 count() const { return m_count; }
    EventsPanel *events() const { return m_events; }
    QLabel *summary() const { return m_summary; }

private:
    ConsoleReads &m_reads;
    EventsPanel *m_events = nullptr;
    QLabel *m_summary = nullptr;
    qint64 m_count = 0;
};

} // namespace ops::ui
