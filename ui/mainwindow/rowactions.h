#pragma once

// The current row's actions in the console window (the toolbar, the Operation menu, the lists'
// context menu and their keys): look up, resend, attach evidence, close as succeeded or failed,
// copy the key, message the customer, start a new refund, and cancel the running job; and the
// dialogs they open. Local writes go out through the frame's ConsoleWrites; network work is
// asked of the console through the frame's ConsoleRequests. Each action is enabled by what the
// detail shows, the operator's rights and whether a job runs (update).

#include "dialogs/closedialog.h"
#include "dialogs/composedialog.h"
#include "domain/lookupanswer.h"
#include "domain/operation.h"
#include "domain/rights.h"

#include <QObject>
#include <QPointer>
#include <functional>

class QAction;
class QInputDialog;

namespace ops::ui {

class EvidenceDialog;
struct MessageQueued;
class LookupDialog;
class MainWindow;
class NewRefundDialog;
class NextStepDialog;
class ResendConfirmDialog;

class RowActions final : public QObject
{
    Q_OBJECT
public:
    // Creates the actions as the frame's (their keys work wherever the focus is in the window).
    explicit RowActions(MainWindow &frame);

    // In the toolbar's, the menu's and the context menu's order.
    QList<QAction *> all() const;
    // Enables each action for the row shown, the operator's rights and a running job.
    void update();
    // Why Resend is off for the row shown now ('' when it is on).
    QString resendBlockedReason() const { return m_resendReason; }
    // Why the row shown cannot be replaced by a new refund now ('' when it can).
    QString newRefundBlockedReason() const;
    // The right `action` needs; nullopt for an action not of this area or needing none.
    std::optional<Right> rightOf(const QAction *action) const;

    // Which provider keys are live (sk_live_…/rk_live_…; Adyen's live endpoint): Resend always
    // asks first for them.
    void setLiveKeys(bool stripeLive, bool slenLive, bool adyenLive);
    bool isLiveFor(Provider provider) const;
    bool resendAsksFirst(const Operation &op) const;
    // Why messages cannot go to the helpdesk (not configured); Copy still works.
    void setHelpdeskProblem(const QString &problem) { m_helpdeskProblem = problem; }

    // The console's answers. A look-up's answer opens its dialog (nullptr, with the error in
    // the banner, when the look-up failed); a resend's outcome is said in the detail pane and
    // the status bar; a new refund's row is selected.
    LookupDialog *showLookupAnswer(const LookupAnswer &answer);
    void showResendOutcome(const QString &operationId, bool ok, const QString &text);
    void showNewRefundOutcome(const std::optional<Operation> &opened, const QString &message,
                              const QString &error, const QString &next);

    // Dialogs open window-modal without blocking (tests drive them); nullptr when no row.
    CloseDialog *openCloseDialog(OperationState outcome);
    CloseDialog *openCloseDialogFor(const QString &operationId, OperationState outcome);
    EvidenceDialog *openEvidenceDialog();
    ComposeDialog *openComposeDialog();
    ComposeDialog *openComposeDialogFor(const QString &operationId);
    // rowactionsmessages.cpp: asks for the row's helpdesk ticket (prefilled with the one it has).
    QInputDialog *openTicketDialog();
    // The form for a refund closed as failed (DESIGN §16); nullptr, with the reason in the
    // status bar, when this person cannot replace it now.
    NewRefundDialog *openNewRefundDialogFor(const QString &operationId);
    NewRefundDialog *newRefundDialog() const;
    ResendConfirmDialog *resendConfirmDialog() const;
    // The open "next step" offer after a close as failed from the look-up, if any.
    NextStepDialog *nextStepDialog() const;

    QAction *lookUpAction() const { return m_lookUp; }
    QAction *resendAction() const { return m_resend; }
    QAction *attachAction() const { return m_attach; }
    QAction *closeSucceededAction() const { return m_closeSucceeded; }
    QAction *closeFailedAction() const { return m_closeFailed; }
    QAction *messageAction() const { return m_message; }
    QAction *linkTicketAction() const { return m_linkTicket; }
    QAction *newRefundAction() const { return m_newRefund; }
    QAction *cancelAction() const { return m_cancel; }

private:
    const std::optional<Operation> &current() const;
    void applyRights();
    void lookUp();
    void resend();
    void copyKey();
    // rowactionsclose.cpp: stores the answer as evidence once, then runs `then` with its id.
    void attachLookupAnswer(LookupDialog *dialog, const std::function<void(qint64)> &then);
    void closeFromLookup(LookupDialog *dialog);
    void resendFromLookup(LookupDialog *dialog);
    void offerResendIn(LookupDialog *dialog);
    // Without the Close right: attach the answer and file its proposed close for a supervisor.
    void askFromLookup(LookupDialog *dialog);
    void offerNextStep(const QString &operationId);
    void submitClose(const ManualClose &close, const CloseDialog::Answer &answer);
    void attachFromClose(CloseDialog *close, const QString &operationId);
    // rowactionsmessages.cpp: queue a composed message, then send it or copy it.
    void submitMessage(const MessageDraft &draft, bool copy, const ComposeDialog::Answer &answer);
    // What the compose dialog says once the message is queued ('' when it may close).
    QString messageQueued(const MessageQueued &done, bool copy);
    void submitTicket(const QString &operationId, const QString &ticket);
    // rowactionsrefund.cpp
    void startNewRefund();
    void updateNewRefundAction();

    MainWindow &m_frame;
    QAction *m_lookUp = nullptr;
    QAction *m_resend = nullptr;
    QAction *m_attach = nullptr;
    QAction *m_closeSucceeded = nullptr;
    QAction *m_closeFailed = nullptr;
    QAction *m_copyKey = nullptr;
    QAction *m_message = nullptr;
    QAction *m_linkTicket = nullptr;
    QAction *m_newRefund = nullptr;
    QAction *m_cancel = nullptr;
    QString m_resendReason;
    QString m_helpdeskProblem;
    bool m_stripeLive = false;
    bool m_slenLive = false;
    bool m_adyenLive = false;
    QPointer<ResendConfirmDialog> m_resendConfirm;
    QPointer<NextStepDialog> m_nextStep;
    QPointer<NewRefundDialog> m_newRefundDialog;
};

} // namespace ops::ui
