#pragma once

// The detail of one operation: a header (state, amount, owner, window, why resend is off), the
// key with a copy button, and tabs for the stored request, the attempts timeline, the evidence
// (list + viewer), the audit trail, the customer messages, the provider events and the team's
// notes (DESIGN §18). Shows what it is given; loads nothing itself.

#include "domain/eventtypes.h"
#include "domain/messagetypes.h"
#include "domain/operation.h"
#include "domain/teamday.h"

#include <QWidget>
#include <vector>

class QLabel;
class QLineEdit;
class QListView;
class QPlainTextEdit;
class QAction;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QToolButton;

namespace ops {
class AttemptTableModel;
class AuditTableModel;
class EvidenceListModel;
class MessageTableModel;
} // namespace ops

namespace ops::ui {

class EventsPanel;

struct OperationDetail
{
    Operation operation;
    std::vector<Attempt> attempts;
    std::vector<Evidence> evidence;
    std::vector<AuditEntry> audit;
    std::vector<CustomerMessage> messages;
    std::vector<StoredEvent> events;   // oldest first (EventStore::eventsOf)
    QString resendBlockedReason;       // empty: resend allowed
    std::vector<Operation> replacedBy; // refunds started to replace this one (DESIGN §16)
    // The failed refund this one replaces, when it has one (operation.replaces); its state.
    std::optional<Operation> replaces;
    std::vector<RowNote> notes; // oldest first (TeamStore::notes)
};

class DetailPane final : public QWidget
{
    Q_OBJECT
public:
    enum Tab
    {
        RequestTab,
        AttemptsTab,
        EvidenceTab,
        AuditTab,
        MessagesTab,
        EventsTab,
        NotesTab
    };

    explicit DetailPane(QWidget *parent = nullptr);

    void showDetail(const OperationDetail &detail, const QDateTime &now);
    void clear();
    // The clock moved: re-render the window line without reloading anything.
    void refreshWindow(const QDateTime &now);
    void setResendReason(const QString &reason);
    // The outcome of the last action on this operation (a resend), shown in the pane until
    // another operation is shown; `ok` false paints it as an error.
    void showActionOutcome(const QString &text, bool ok);
    QLabel *outcomeLabel() const { return m_outcome; }
    // Enter on a row: bring the timeline forward and give it the keyboard.
    void focusTimeline();
    void showTab(Tab tab);

    QString operationId() const { return m_operation ? m_operation->id : QString(); }
    QTabWidget *tabs() const { return m_tabs; }
    AttemptTableModel *attempts() const { return m_attempts; }
    EvidenceListModel *evidence() const { return m_evidence; }
    AuditTableModel *audit() const { return m_audit; }
    MessageTableModel *messages() const { return m_messages; }
    EventsPanel *eventsPanel() const { return m_events; }
    QLabel *resendLabel() const { return m_resendLabel; }
    QPlainTextEdit *requestView() const { return m_request; }
    QPlainTextEdit *evidenceViewer() const { return m_evidenceViewer; }

    // The Notes tab: who wrote each note, when (local time) and what, oldest first.
    QTextBrowser *notesView() const { return m_notes; }
    // The Notes tab's button; `action` (Add note…) gives it its text, state and tooltip.
    void setAddNoteAction(QAction *action);
    QToolButton *addNoteButton() const { return m_addNote; }

    QLabel *factsLabel() const { return m_facts; }
    QLabel *windowLabel() const { return m_window; }
    // "Replaces op_… (failed) · Replaced by op_… (succeeded)": links to the related refunds;
    // hidden when there are none.
    QLabel *linksLabel() const { return m_links; }

signals:
    // A link in linksLabel() was activated (click, or Tab and Enter): show that operation.
    void operationLinkActivated(const QString &operationId);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    QWidget *buildHeader();
    void fitFacts();
    void showLinks(const OperationDetail &d);
    QWidget *buildEvidenceTab();
    QWidget *buildNotesTab();
    void showNotes(const std::vector<RowNote> &notes);
    void showEvidenceBody(const QModelIndex &index);
    QString windowLine(const QDateTime &now) const;

    std::optional<Operation> m_operation;
    QLabel *m_title = nullptr;
    QLabel *m_facts = nullptr;
    QLabel *m_window = nullptr;
    QLabel *m_links = nullptr;
    QLabel *m_resendLabel = nullptr;
    QLabel *m_outcome = nullptr;
    QLineEdit *m_key = nullptr;
    QTabWidget *m_tabs = nullptr;
    QPlainTextEdit *m_request = nullptr;
    QTableView *m_attemptsView = nullptr;
    QListView *m_evidenceList = nullptr;
    QPlainTextEdit *m_evidenceViewer = nullptr;
    QTableView *m_auditView = nullptr;
    AttemptTableModel *m_attempts = nullptr;
    EvidenceListModel *m_evidence = nullptr;
    AuditTableModel *m_audit = nullptr;
    MessageTableModel *m_messages = nullptr;
    QTableView *m_messagesView = nullptr;
    EventsPanel *m_events = nullptr;
    QTextBrowser *m_notes = nullptr;
    QToolButton *m_addNote = nullptr;
};

} // namespace ops::ui
