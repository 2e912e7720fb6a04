#pragma once

// The supervisors' window: the audit list, the charts and the unmatched provider events, as
// tabs over one database. It is
// a window of its own so the operations lists keep the main window; MainWindow opens it from
// View → Audit and charts when audit rights are granted.

#include <QKeySequence>
#include <QWidget>
#include <memory>

class QTabWidget;

namespace ops {
class Session;
}

namespace ops::ui {

class AuditView;
class ChartsView;
class UnmatchedEventsView;

class SupervisorWindow final : public QWidget
{
    Q_OBJECT
public:
    enum TabIndex
    {
        AuditTab,
        ChartsTab,
        UnmatchedTab
    };

    // `session` must outlive the window.
    explicit SupervisorWindow(Session &session, QWidget *parent = nullptr);

    // Esc and Ctrl+W close the window (also listed in Help → Keyboard shortcuts).
    static QList<QKeySequence> closeKeys();

    QTabWidget *tabs() const { return m_tabs; }
    AuditView *auditView() const { return m_audit; }
    ChartsView *chartsView() const { return m_charts; }
    UnmatchedEventsView *unmatchedView() const { return m_unmatched; }

private:
    QTabWidget *m_tabs = nullptr;
    AuditView *m_audit = nullptr;
    ChartsView *m_charts = nullptr;
    UnmatchedEventsView *m_unmatched = nullptr;
};

} // namespace ops::ui
