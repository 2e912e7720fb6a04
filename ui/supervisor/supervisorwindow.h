#pragma once

// The supervisors' window: the audit list, the charts, refunds by reason and by batch, the
// unmatched provider events and, opened from the main window, the agents' requests held over
// their limits (Agent requests (N)), as tabs over one database. It is a window of its own so the
// operations lists keep the main window; SupervisorPresenter opens it from View → Audit and charts
// when audit rights are granted.

#include <QKeySequence>
#include <QWidget>
#include <memory>

class QTabWidget;

namespace ops::ui {

class ConsoleReads;
class ConsoleWrites;

class AgentRequestsPanel;
class AuditView;
class ChartsView;
class RefundsView;
class UnmatchedEventsView;

class SupervisorWindow final : public QWidget
{
    Q_OBJECT
public:
    enum TabIndex
    {
        AuditTab,
        ChartsTab,
        RefundsTab, // by reason code and by batch (docs/design.md §19)
        UnmatchedTab,
        AgentRequestsTab // once enableAgentRequests() added it
    };

    // `reads` must outlive the window.
    explicit SupervisorWindow(ConsoleReads &reads, QWidget *parent = nullptr);

    // Esc and Ctrl+W close the window (also listed in Help → Keyboard shortcuts).
    static QList<QKeySequence> closeKeys();

    QTabWidget *tabs() const { return m_tabs; }
    AuditView *auditView() const { return m_audit; }
    ChartsView *chartsView() const { return m_charts; }
    RefundsView *refundsView() const { return m_refunds; }
    UnmatchedEventsView *unmatchedView() const { return m_unmatched; }

    // The Agent requests tab (issue 27 item 4), decided in the name of `actor`; added once, read
    // now. Reject is a short write through `writes` (the store checks the Approve right, needs
    // the reason, audits); Approve and send is asked of the window's owner
    // (agentRequestApproveRequested), whose console runs the operator resend and reports back
    // through showResendOutcome or stopWaitingForResend.
    // `writes` carries out a rejection (common/consolewrites.h) and must outlive this window.
    AgentRequestsPanel *enableAgentRequests(const QString &actor, ConsoleWrites &writes);
    AgentRequestsPanel *agentRequestsPanel() const { return m_requests; }
    // Re-reads the held requests and the tab's count (the owner calls it when the database
    // changed; the tab also reads when it is shown and after each decision).
    void reloadAgentRequests();
    // A resend's outcome: shown in the tab when it is the approval the tab is waiting for.
    void showResendOutcome(const QString &operationId, bool ok, const QString &text);
    // The console stopped waiting for the running job (Cancel): the tab stops waiting too.
    void stopWaitingForResend();

signals:
    // Approve and send on a held request: the console sends it as an operator resend.
    void agentRequestApproveRequested(const QString &operationId);

private:
    void rejectAgentRequest(const QString &operationId, const QString &reason);

    QTabWidget *m_tabs = nullptr;
    AuditView *m_audit = nullptr;
    ChartsView *m_charts = nullptr;
    RefundsView *m_refunds = nullptr;
    UnmatchedEventsView *m_unmatched = nullptr;
    ConsoleReads &m_reads;
    QString m_actor; // who decides agent requests; empty until enableAgentRequests
    ConsoleWrites *m_writes = nullptr; // set with m_actor
    AgentRequestsPanel *m_requests = nullptr;
};

} // namespace ops::ui
