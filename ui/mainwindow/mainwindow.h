#pragma once

// The operator console's main window: "Operations" and "Checking (N)" tabs over the same
// store, a detail pane, and the actions (look up, resend, attach evidence, close). It reads
// through ConsoleReads (common/consolereads.h) and nothing else of storage. Local writes (evidence,
// a close, a decision) go out through ConsoleWrites (common/consolewrites.h) and finish when their
// answer is back; network work is asked for with lookUpRequested/resendRequested and done by the
// console controller on a worker thread, which reports back through setBusy/clearBusy/showError/
// showLookupAnswer.

#include "common/consolereads.h"
#include "common/consolewrites.h"
#include "dialogs/bulkpreviewrequest.h"
#include "dialogs/closedialog.h"
#include "dialogs/composedialog.h"
#include "domain/lookupanswer.h"
#include "domain/refunddraft.h"
#include "widgets/detailpane.h"

#include <QKeySequence>
#include <QMainWindow>
#include <QPointer>
#include <memory>

class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTabWidget;
class QTimer;

namespace ops {
class ChangeFeed;
class OperationTableModel;
} // namespace ops

namespace ops::ui {

class ApprovalsPanel;
class BulkApplyDialog;
class AttentionPanel;
class ResendConfirmDialog;
class EvidenceDialog;
class LookupDialog;
class NewRefundDialog;
class NextStepDialog;
class OperationListView;
class ShortcutsDialog;
class DecisionsPresenter;
class EventsPresenter;
class SupervisorPresenter;
class SupervisorWindow;

class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    enum TabIndex
    {
        OperationsTab,
        CheckingTab,
        AttentionTab, // rows a provider event or the reconciler could not settle (§10)
        ApprovalsTab  // last, and only while the operator has the Approve right
    };
    // One row of the window's tab table (tabKeys): the View menu's action for the tab, and the
    // key that switches to it.
    struct TabKey
    {
        TabIndex tab;
        QString text; // translated, with its mnemonic
        QKeySequence key;
    };
    // The one table of tabs and their keys (mainwindowhelp.cpp), in the View menu's order. The
    // View menu, the shortcuts and Help → Keyboard shortcuts (which reads the actions) all come
    // from it; a tab the window lacks has its action hidden.
    static QList<TabKey> tabKeys();

    // Every read goes through `reads` (never null). actor: "operator:alice"; leaseHolder: actor
    // plus this console's session id, so two consoles of the same person still exclude each other.
    MainWindow(std::unique_ptr<ConsoleReads> reads, QString actor, QString leaseHolder,
               QWidget *parent = nullptr);
    ~MainWindow() override;

    // Where this window's writes go (the console controller's writer); until set, every write
    // is refused with a message (ConsoleWrites::none). `writes` must outlive the window.
    void setWrites(ConsoleWrites &writes);
    // Polls the database for other processes' commits and reloads on change.
    void startLiveRefresh(int intervalMs = 1000);
    // Re-reads both lists, the checking count and the detail, keeping each list's selection and
    // current row on their operations (OperationListView::reload).
    void reloadAll();
    // Tests: how many times reloadAll ran (a resend's result must not need one).
    int fullReloadCount() const { return m_fullReloads; }
    // A row changed by this console's own job (a resend), read once after the job's last
    // commit: both lists replace it by value (no list is re-read), the Checking count follows
    // its state, and the detail pane shows it when it is the current row. stateBefore: as the
    // job found it. approvalRequested: the job stored a pending approval instead (the Approvals
    // tab is re-read). onlyWriter: no other connection committed while the job ran, so the
    // change watcher's report of the job's commits is already on screen (onDatabaseChanged).
    void applyOperation(const Operation &row, OperationState stateBefore, bool approvalRequested,
                        bool onlyWriter);
    // Before one of this console's own jobs writes: applies what other connections committed
    // and the watcher has not reported yet, so a later report holds only the job's commits or
    // newer ones.
    void catchUpWithDatabase();
    QString currentOperationId() const;
    bool selectOperation(const QString &operationId);
    QString resendBlockedReason() const { return m_resendReason; }
    QString leaseHolder() const { return m_leaseHolder; }
    QString actor() const { return m_actor; }

    // Feedback from the controller.
    void setBusy(const QString &text, bool cancellable);
    void clearBusy(const QString &message = {});
    void showError(const QString &what, const QString &next);
    LookupDialog *showLookupAnswer(const LookupAnswer &answer);
    // The open "next step" offer after a close as failed from the look-up, if any (tests).
    NextStepDialog *nextStepDialog() const;
    QString bannerText() const;
    QString statusText() const;

    // Dialogs open window-modal without blocking (tests drive them); nullptr when no row.
    CloseDialog *openCloseDialog(OperationState outcome);
    CloseDialog *openCloseDialogFor(const QString &operationId, OperationState outcome);
    EvidenceDialog *openEvidenceDialog();
    // Message the customer about the current row (mainwindowmessages.cpp); nullptr when no row.
    ComposeDialog *openComposeDialog();
    ComposeDialog *openComposeDialogFor(const QString &operationId);
    // Why messages cannot go to the helpdesk (not configured); Copy still works.
    void setHelpdeskProblem(const QString &problem) { m_helpdeskProblem = problem; }
    // Which provider keys are live (sk_live_…/rk_live_…; Adyen's live endpoint): Resend always
    // asks first for them.
    void setLiveKeys(bool stripeLive, bool slenLive, bool adyenLive = false);
    bool resendAsksFirst(const Operation &op) const;
    bool isLiveFor(Provider provider) const;
    // The open "Resend?" question, if any (tests answer it).
    ResendConfirmDialog *resendConfirmDialog() const;
    // The running job was cancelled: `text` in the status bar, and whatever waits for the job
    // (the Agent requests tab's approval) stops waiting.
    void jobCancelled(const QString &text);
    // A resend's outcome, in the detail pane of that operation and the status bar, and in the
    // Agent requests tab when it is the approval that tab waits for.
    void showResendOutcome(const QString &operationId, bool ok, const QString &text);

    QTabWidget *tabs() const { return m_tabs; }
    // The tab's page; nullptr while the window has no such tab (Approvals without the right).
    QWidget *tabPage(TabIndex tab) const;
    // View → the tab's action (tabKeys); hidden while the tab is missing.
    QAction *tabAction(TabIndex tab) const { return m_tabActions.value(tab); }
    // File → Quit (QKeySequence::Quit, and Ctrl+Q wherever the platform binds no such key):
    // closes the window as its close button does, so a close event is sent and may be refused.
    QAction *quitAction() const { return m_quitAction; }
    OperationListView *operationsView() const { return m_operationsView; }
    OperationListView *checkingView() const { return m_checkingView; }
    OperationListView *currentView() const;
    OperationTableModel *operationsModel() const { return m_operationsModel; }
    OperationTableModel *checkingModel() const { return m_checkingModel; }
    DetailPane *detail() const { return m_detail; }
    QSplitter *splitter() const { return m_split; }
    // Column widths and the splitter, per operator (layoutmemory.h); also done on destruction.
    void saveLayout() const;
    QAction *lookUpAction() const { return m_lookUp; }
    QAction *resendAction() const { return m_resend; }
    QAction *attachAction() const { return m_attach; }
    QAction *closeSucceededAction() const { return m_closeSucceeded; }
    QAction *closeFailedAction() const { return m_closeFailed; }
    QAction *cancelAction() const { return m_cancel; }
    QAction *messageAction() const { return m_message; }

    // mainwindowrefund.cpp: a new refund that replaces a failed one (DESIGN §16). The form for
    // `operationId` (a refund closed as failed), window-modal and not blocking; nullptr, with the
    // reason in the status bar, when the row cannot be replaced by this person now.
    NewRefundDialog *openNewRefundDialogFor(const QString &operationId);
    NewRefundDialog *newRefundDialog() const;
    QAction *newRefundAction() const { return m_newRefund; }
    // The console's answer: the new row (when one was opened) is selected and the status bar or
    // the error banner says its outcome.
    void showNewRefundOutcome(const std::optional<Operation> &opened, const QString &message,
                              const QString &error, const QString &next);

    // The areas the window is a frame for (issue 55), each owning its widgets and actions.
    SupervisorPresenter *supervision() const { return m_supervision; }
    EventsPresenter *events() const { return m_events; }
    DecisionsPresenter *decisions() const { return m_decisions; }
    // What the presenters share: the window's reads and writes, its change feed, whether a job
    // runs (setBusy), and the banner they clear before asking for one.
    ConsoleReads &reads() const { return *m_reads; }
    ConsoleWrites &writes() const { return *m_writes; }
    ChangeFeed *changes() const { return m_watcher; }
    bool isBusy() const { return m_busy; }
    void dismissBanner();
    // Help → Keyboard shortcuts (mainwindowhelp.cpp): every action's shortcut, read now.
    ShortcutsDialog *openShortcutsDialog();
    QAction *shortcutsAction() const { return m_shortcutsAction; }
    // The operator's rights as last read (DecisionsPresenter; none while the window is built).
    const OperatorAccess &access() const;
    // Why `action` cannot act now (issue 31 item 4), said in the status bar when its key is
    // pressed while it is off: the right it needs and who the operator is, or what else stops
    // it. Empty while it is enabled.
    QString refusalFor(const QAction *action) const;
    // The right `action` needs; nullopt for actions anyone may take.
    std::optional<Right> rightOf(const QAction *action) const;
    // Bulk resolution in Checking (mainwindowbulk.cpp): multi-select, Select all with a
    // proposal, and the preview dialogs the console runs (bulkRunRequested). nullptr (the
    // reason in the status bar) when the action is off.
    QStringList selectedCheckingIds() const;
    int selectAllWithProposal();
    BulkApplyDialog *openBulkApplyDialog();
    BulkApplyDialog *openBulkResendDialog();
    BulkApplyDialog *bulkDialog() const;
    QAction *selectProposalsAction() const { return m_selectProposals; }
    QAction *applyProposalsAction() const { return m_applyProposals; }
    QAction *resendSelectedAction() const { return m_resendSelected; }

signals:
    void lookUpRequested(const QString &operationId);
    void resendRequested(const QString &operationId);
    void cancelRequested();
    void messageSendRequested(qint64 messageId);
    // The new-refund form was confirmed: the console runs the refund (newrefundjob.h).
    void newRefundRequested(const ops::RefundDraft &draft);
    void connectionsRequested();
    void agentsRequested();
    // Confirm in a bulk preview: the console runs its rows (bulkworker.h).
    void bulkRunRequested(ops::ui::BulkApplyDialog *dialog);
    // A bulk dialog opened reading: the console reads the preview off the UI thread and hands
    // it to dialog->previewRead (app/console/bulkpreviewread.h). Nobody connected: the dialog
    // says the preview cannot be read (the window reads no storage for it).
    void bulkPreviewRequested(ops::ui::BulkApplyDialog *dialog,
                              const ops::ui::BulkPreviewRequest &request);

private:
    // mainwindow.cpp: layout, lists, detail
    void buildCentral();
    void buildStatusBar();
    OperationListView *addList(OperationTableModel *model, const QString &title);
    void onCurrentChanged();
    void loadDetail();
    // Shows `op` with its attempts, evidence, audit and lease, read now; `all` false keeps the
    // messages, events and replacement links already shown for it (an own resend writes none).
    // `leaseFree`: this window's own job released the row's lease and no other connection has
    // committed since (applyOperation with onlyWriter), so nobody holds it and it is not read.
    void showRow(const Operation &op, bool all, bool leaseFree = false);
    // The watcher saw a commit: reloads, unless the change marker is still the one this window
    // applied (applyOperation with onlyWriter), i.e. the commit is on screen already. Others'
    // writes reach the lists here, so selected rows that left are reported here only; the
    // window's own actions say what they did to their rows.
    void onDatabaseChanged();
    void setCheckingCount(qint64 count);
    void tick();
    void updateCheckingTitle();
    // reloadAll's work. Returns the selected operations that left each list.
    struct LeftSelection
    {
        QStringList operations;
        QStringList checking;
    };
    LeftSelection reloadLists();
    // In the status bar (and the log): which selected rows another desk's change took out of
    // which list, so a pick never shrinks unseen.
    void reportLeftSelection(const LeftSelection &left);
    // mainwindowactions.cpp: actions and dialogs
    void buildActions();
    void buildRowActions();
    QAction *addAction(const QString &text, const QList<QKeySequence> &keys, const QString &tip,
                       void (MainWindow::*slot)());
    void updateActions();
    void lookUp();
    void resend();
    void attachEvidence();
    void closeSucceeded();
    void closeFailed();
    void copyKey();
    void openDetail();
    void focusSearch();
    // mainwindowclose.cpp: stores the answer as evidence once, then runs `then` with its id.
    void attachLookupAnswer(LookupDialog *dialog, const std::function<void(qint64)> &then);
    void closeFromLookup(LookupDialog *dialog);
    void resendFromLookup(LookupDialog *dialog);
    void offerResendIn(LookupDialog *dialog);
    // Without the Close right: attach the answer and file its proposed close for a supervisor.
    void askFromLookup(LookupDialog *dialog);
    void offerNextStep(const QString &operationId);
    void submitClose(const ManualClose &close, const CloseDialog::Answer &answer);
    void attachFromClose(CloseDialog *close, const QString &operationId);
    void buildKeyboardActions(QMenu *view);
    // mainwindowhelp.cpp: File → Quit, and View's tab actions from tabKeys().
    void buildFileMenu();
    void buildTabActions(QMenu *view);
    void updateTabActions();
    // mainwindowmessages.cpp: queue a composed message, then send it or copy it.
    void messageCustomer();
    void submitMessage(const MessageDraft &draft, bool copy, const ComposeDialog::Answer &answer);
    // What the compose dialog says once the message is queued ('' when it may close).
    QString messageQueued(const MessageQueued &done, bool copy);
    // mainwindowroles.cpp: the operator's rights, the Approvals tab
    void buildRoles();
    void reloadRoles();
    void applyRights();
    // A key of a disabled action says refusalFor in the status bar instead of nothing.
    void explainRefusedKeys();
    // On the Approvals tab the detail pane shows the selected request's operation.
    void followApprovalSelection();
    // mainwindowrefund.cpp
    void startNewRefund();
    // Selects `id` in the list shown, else on the Operations tab; false when neither has it.
    bool revealOperation(const QString &id);
    // Why the current row cannot be replaced by a new refund now ('' when it can).
    QString newRefundBlockedReason() const;
    void updateNewRefundAction();
    // mainwindowbulk.cpp
    void buildBulkActions(QMenu *operation);
    void updateBulkActions();
    QString bulkBlockedReason(Right right) const;
    // The status bar's note after Select all with a proposal: names the keys this operator may use.
    QString selectedProposalsHint(int n) const;
    BulkApplyDialog *showBulkDialog(BulkApplyDialog *dialog);
    BulkApplyDialog *startBulkPreview(bool resend);
    // Attention and the receiver line (EventsPresenter), then the supervisor's Unmatched events.
    void reloadEvents();

    std::unique_ptr<ConsoleReads> m_reads;
    ConsoleWrites *m_writes = &ConsoleWrites::none(); // never null
    QString m_actor;
    QString m_leaseHolder;
    OperationTableModel *m_operationsModel = nullptr;
    OperationTableModel *m_checkingModel = nullptr;
    OperationListView *m_operationsView = nullptr;
    OperationListView *m_checkingView = nullptr;
    DetailPane *m_detail = nullptr;
    QTabWidget *m_tabs = nullptr;
    QSplitter *m_split = nullptr;
    QLabel *m_banner = nullptr;
    ChangeFeed *m_watcher = nullptr;
    QTimer *m_ticker = nullptr;
    std::optional<Operation> m_current;
    OperationDetail m_shown;     // what the detail pane shows (showRow)
    qint64 m_checkingCount = -1; // -1: not read yet
    int m_fullReloads = 0;
    // The data version (OperationQuery::dataVersion on this window's connection) when an own
    // job's result was applied; empty when the next change must reload.
    std::optional<qint64> m_appliedVersion;
    std::optional<ResendLease> m_currentLease;
    QString m_resendReason;
    bool m_busy = false;
    QLabel *m_busyLabel = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QAction *m_lookUp = nullptr;
    QAction *m_resend = nullptr;
    QAction *m_attach = nullptr;
    QAction *m_closeSucceeded = nullptr;
    QAction *m_closeFailed = nullptr;
    QAction *m_copyKey = nullptr;
    QAction *m_cancel = nullptr;
    QAction *m_shortcutsAction = nullptr;
    QAction *m_quitAction = nullptr;
    QList<QAction *> m_tabActions; // by TabIndex
    SupervisorPresenter *m_supervision = nullptr;
    QAction *m_message = nullptr;
    QString m_helpdeskProblem;
    bool m_stripeLive = false;
    bool m_slenLive = false;
    bool m_adyenLive = false;
    QPointer<ResendConfirmDialog> m_resendConfirm;
    QPointer<NextStepDialog> m_nextStep;
    QPointer<NewRefundDialog> m_newRefundDialog;
    QAction *m_newRefund = nullptr;
    DecisionsPresenter *m_decisions = nullptr;
    QAction *m_selectProposals = nullptr;
    QAction *m_applyProposals = nullptr;
    QAction *m_resendSelected = nullptr;
    QPointer<BulkApplyDialog> m_bulkDialog;
    EventsPresenter *m_events = nullptr;
};

} // namespace ops::ui
