#pragma once

// The supervisor's area of the console window (issue 55: the window is a frame plus one
// presenter per area): View → Audit and charts, which opens the supervisor window with its Agent
// requests tab, and Tools → Connections, Agents and Settings. It owns these actions and the
// supervisor window, reads through the window's ConsoleReads and writes through its
// ConsoleWrites; what it asks of the console (a resend, the connections or agents dialog) leaves
// by its signals, which the frame passes on as its own.

#include <QObject>
#include <QPointer>

class QAction;
class QMenuBar;

namespace ops::ui {

class MainWindow;
class SettingsDialog;
class SupervisorWindow;

class SupervisorPresenter final : public QObject
{
    Q_OBJECT
public:
    explicit SupervisorPresenter(MainWindow &frame);

    // The Supervisor and Tools menus, added to `bar` in that order.
    void buildMenus(QMenuBar *bar);

    // Rights are granted by whoever knows the operator's role; without Audit the action and its
    // menu are hidden and an open window closes.
    void setAuditAllowed(bool allowed);
    void setExportAllowed(bool allowed);
    bool auditAllowed() const { return m_auditAllowed; }
    SupervisorWindow *openSupervisorWindow(); // nullptr without Audit
    SupervisorWindow *supervisorWindow() const;
    SettingsDialog *openSettingsDialog(); // window-modal, not blocking

    QAction *auditAction() const { return m_audit; }
    QAction *settingsAction() const { return m_settings; }
    QAction *connectionsAction() const { return m_connections; }
    QAction *agentsAction() const { return m_agents; }

    // From the console, through the frame: a resend's outcome and a cancelled job reach the
    // Agent requests tab when it waits for one; Attention's reload reaches Unmatched events.
    void showResendOutcome(const QString &operationId, bool ok, const QString &text);
    void jobCancelled();
    void eventsChanged();

signals:
    void resendRequested(const QString &operationId);
    void connectionsRequested();
    void agentsRequested();

private:
    QAction *addAction(const QString &text, const QString &name, const QString &tip);
    void approveAgentRequest(const QString &operationId);

    MainWindow &m_frame;
    QAction *m_audit = nullptr;
    QAction *m_settings = nullptr;
    QAction *m_connections = nullptr;
    QAction *m_agents = nullptr;
    QPointer<SupervisorWindow> m_window;
    bool m_auditAllowed = true;
    bool m_exportAllowed = true;
};

} // namespace ops::ui
