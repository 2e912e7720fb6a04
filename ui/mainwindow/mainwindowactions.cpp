// MainWindow's actions: toolbar, menu, context menu and shortcuts, and the dialogs they open.

#include "common/refusaltext.h"
#include "common/uilogging.h"
#include "dialogs/closedialog.h"
#include "dialogs/composedialog.h"
#include "dialogs/evidencedialog.h"
#include "dialogs/lookupdialog.h"
#include "dialogs/nextstepdialog.h"
#include "dialogs/resendconfirmdialog.h"
#include "domain/storeerror.h"
#include "itemmodels/approvallistmodel.h"
#include "itemmodels/operationtablemodel.h"
#include "itemmodels/reasontext.h"
#include "mainwindow/mainwindow.h"
#include "storage/access/accessstore.h"
#include "storage/operations/closeapproval.h"
#include "storage/operations/operationquery.h"
#include "storage/session.h"
#include "widgets/operationlistview.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>

using namespace Qt::StringLiterals;

namespace ops::ui {

QAction *MainWindow::addAction(const QString &text, const QList<QKeySequence> &keys,
                               const QString &tip, void (MainWindow::*slot)())
{
    auto *action = new QAction(text, this);
    action->setShortcuts(keys);
    action->setShortcutContext(Qt::WindowShortcut);
    const QString shortcut =
        keys.isEmpty() ? QString()
                       : u" ("_s + keys.first().toString(QKeySequence::NativeText) + u")"_s;
    action->setToolTip(tip + shortcut);
    action->setStatusTip(tip);
    connect(action, &QAction::triggered, this, slot);
    QMainWindow::addAction(action); // shortcuts work wherever the focus is in the window
    return action;
}

// The row's actions, each with its shortcut and tip: the toolbar, the Operation menu and the
// lists' context menu share them.
void MainWindow::buildRowActions()
{
    m_lookUp =
        addAction(tr("&Look up at provider"), {QKeySequence(u"Ctrl+L"_s)},
                  tr("Ask the provider what happened to this operation"), &MainWindow::lookUp);
    m_resend = addAction(tr("&Resend"), {QKeySequence(u"Ctrl+R"_s)},
                         tr("Send the stored request once more, with the stored key"),
                         &MainWindow::resend);
    m_attach = addAction(tr("Attach &evidence…"), {QKeySequence(u"Ctrl+E"_s)},
                         tr("Attach provider JSON, a note or a file"), &MainWindow::attachEvidence);
    // The toolbar's button: short, so the toolbar fits 1024 px in Russian and Ukrainian; the menu
    // keeps the long text.
    m_attach->setIconText(tr("Evidence…", "toolbar button of Attach evidence"));
    m_closeSucceeded = addAction(tr("Close as &succeeded…"), {QKeySequence(u"Ctrl+Shift+S"_s)},
                                 tr("Close with evidence: the provider moved the money"),
                                 &MainWindow::closeSucceeded);
    m_closeFailed = addAction(tr("Close as &failed…"), {QKeySequence(u"Ctrl+Shift+F"_s)},
                              tr("Close with evidence: no money moved"), &MainWindow::closeFailed);
    m_copyKey = addAction(tr("&Copy key"), {QKeySequence(u"Ctrl+Shift+C"_s)},
                          tr("Copy the idempotency key"), &MainWindow::copyKey);
    m_message = addAction(tr("&Message customer…"), {QKeySequence(u"Ctrl+M"_s)},
                          tr("Tell the customer what we know, and only that"),
                          &MainWindow::messageCustomer);
    m_newRefund =
        addAction(tr("Start a &new refund…"), {QKeySequence(u"Ctrl+Shift+N"_s)},
                  tr("A refund closed as failed: start a new one with a new key, linked to it"),
                  &MainWindow::startNewRefund);
    m_cancel = addAction(tr("Cancel"), {QKeySequence(Qt::Key_Escape)},
                         tr("Stop waiting for the running look-up or resend"),
                         &MainWindow::cancelRequested);
    m_cancel->setEnabled(false);
}

void MainWindow::buildActions()
{
    buildRowActions();
    auto *search = addAction(tr("&Search"), {QKeySequence(u"/"_s), QKeySequence::Find},
                             tr("Search operations"), &MainWindow::focusSearch);
    auto *refresh = addAction(tr("Re&fresh"), {QKeySequence::Refresh}, tr("Read the lists again"),
                              &MainWindow::reloadAll);

    const QList<QAction *> rowActions = {m_lookUp,      m_resend,  m_attach,    m_closeSucceeded,
                                         m_closeFailed, m_message, m_newRefund, m_copyKey};
    auto *toolbar = addToolBar(tr("Actions"));
    toolbar->setObjectName(u"actions"_s);
    toolbar->setMovable(false);
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    toolbar->addActions({m_lookUp, m_resend, m_attach});
    toolbar->addSeparator();
    // Only the row's decisions, so the toolbar fits 1024 px in every language (issue 31 item 5):
    // Copy key and Refresh stay in the menus, the context menu and their shortcuts.
    toolbar->addActions({m_closeSucceeded, m_closeFailed, m_message});

    buildFileMenu();
    QMenu *operation = menuBar()->addMenu(tr("&Operation"));
    operation->addActions(rowActions);
    operation->addSeparator();
    buildBulkActions(operation);
    operation->addSeparator();
    operation->addAction(m_cancel);
    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(u"viewMenu"_s);
    view->addActions({search, refresh});
    buildTabActions(view);
    for (OperationListView *list : {m_operationsView, m_checkingView}) {
        list->table()->setContextMenuPolicy(Qt::ActionsContextMenu);
        list->table()->addActions(rowActions);
    }
    buildSupervisorActions();
    buildKeyboardActions(view);
    updateActions();
}

void MainWindow::updateActions()
{
    const bool row = m_current.has_value();
    const bool live = row && !isFinal(m_current->state);
    m_lookUp->setEnabled(row && !m_busy);
    m_attach->setEnabled(row);
    m_closeSucceeded->setEnabled(live);
    m_closeFailed->setEnabled(live);
    m_copyKey->setEnabled(row);
    m_message->setEnabled(row);
    m_resendReason = row ? reasonLabel(ops::resendBlockedReason(
                               *m_current, m_currentLease, m_leaseHolder, m_query.clock().now()))
                         : tr("Select an operation first.");
    if (m_resendReason.isEmpty() && m_busy)
        m_resendReason = tr("Resend is off while another action is running.");
    m_resend->setEnabled(m_resendReason.isEmpty());
    m_resend->setToolTip(m_resendReason.isEmpty()
                             ? tr("Send the stored request once more, with the stored key (Ctrl+R)")
                             : m_resendReason);
    m_resend->setStatusTip(m_resend->toolTip());
    applyRights();
    updateNewRefundAction();
    if (row && !m_busy)
        m_detail->setResendReason(m_resendReason);
}

void MainWindow::focusSearch()
{
    currentView()->focusSearch();
}

void MainWindow::openDetail()
{
    loadDetail();
    m_detail->focusTimeline();
}

void MainWindow::copyKey()
{
    if (!m_current)
        return;
    QApplication::clipboard()->setText(m_current->idempotencyKey);
    statusBar()->showMessage(tr("Copied key %1").arg(m_current->idempotencyKey), 5000);
}

void MainWindow::lookUp()
{
    if (!m_current || m_busy)
        return;
    dismissBanner();
    emit lookUpRequested(m_current->id);
}

void MainWindow::resend()
{
    loadDetail(); // decide on fresh data: a colleague may have closed it a second ago
    if (!m_current || !m_resend->isEnabled()) {
        statusBar()->showMessage(m_resendReason, 10000);
        return;
    }
    dismissBanner();
    if (!resendAsksFirst(*m_current)) {
        emit resendRequested(m_current->id);
        return;
    }
    if (m_resendConfirm)
        m_resendConfirm->close();
    const bool live = isLiveFor(m_current->provider);
    const KeyMemory memory = m_shown.operation.id == m_current->id
                                 ? keyMemoryFor(*m_current, m_shown.attempts)
                                 : KeyMemory::Nothing;
    auto *dialog = new ResendConfirmDialog(*m_current, live, m_query.clock().now(), memory,
                                           m_access.rights.testFlag(Right::Close), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_resendConfirm = dialog;
    connect(dialog, &QDialog::accepted, this, [this, id = m_current->id] {
        // Decide again on fresh data: the window may have closed while the question was open.
        loadDetail();
        if (!m_current || m_current->id != id || !m_resend->isEnabled()) {
            showResendOutcome(id, false, tr("Not resent: %1").arg(m_resendReason));
            return;
        }
        emit resendRequested(id);
    });
    dialog->open();
}

ResendConfirmDialog *MainWindow::resendConfirmDialog() const
{
    return m_resendConfirm.data();
}

void MainWindow::setLiveKeys(bool stripeLive, bool slenLive, bool adyenLive)
{
    m_stripeLive = stripeLive;
    m_slenLive = slenLive;
    m_adyenLive = adyenLive;
}

bool MainWindow::isLiveFor(Provider provider) const
{
    switch (provider) {
    case Provider::Stripe:
        return m_stripeLive;
    case Provider::Adyen:
        return m_adyenLive;
    case Provider::Slen:
        break;
    }
    return m_slenLive;
}

bool MainWindow::resendAsksFirst(const Operation &op) const
{
    return isLiveFor(op.provider) || confirmResendWithTestKey();
}

void MainWindow::showResendOutcome(const QString &operationId, bool ok, const QString &text)
{
    // A resend that closes the row takes it out of the checking queue, so the selection may
    // have moved on by now: the pane still shows the outcome, naming the operation it is about,
    // until the operator selects another row.
    const QString shown = text.contains(operationId) ? text : tr("%1: %2").arg(operationId, text);
    m_detail->showActionOutcome(shown, ok);
    statusBar()->showMessage(shown, 15000);
}

EvidenceDialog *MainWindow::openEvidenceDialog()
{
    if (!m_current)
        return nullptr;
    auto *dialog = new EvidenceDialog(m_current->id, m_actor, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        try {
            const Evidence e = dialog->evidence();
            m_store.addEvidence(e);
            // Numbered as the operation's evidence list numbers it, not by the global id.
            statusBar()->showMessage(tr("Attached evidence %1 to %2")
                                         .arg(m_store.evidence(e.operationId).size())
                                         .arg(e.operationId),
                                     8000);
        } catch (const StoreError &e) {
            showError(tr("The evidence was not stored: ") + storeErrorText(e),
                      tr("Try again; nothing was attached."));
        }
        reloadAll();
        m_detail->showTab(DetailPane::EvidenceTab);
    });
    dialog->open();
    return dialog;
}

void MainWindow::attachEvidence()
{
    openEvidenceDialog();
}

QString MainWindow::submitClose(const ManualClose &close)
{
    try {
        const ManualCloseResult result = m_store.closeManually(close);
        if (result.refusal == ManualCloseRefusal::AwaitingApproval) {
            statusBar()->showMessage(
                tr("%1 waits for a second person: the close is in the approvals list")
                    .arg(close.operationId),
                15000);
            return {};
        }
        if (!result.closed())
            return result.message;
    } catch (const StoreError &e) {
        return storeErrorText(e);
    }
    statusBar()->showMessage(tr("Closed %1 as %2").arg(close.operationId, toString(close.outcome)),
                             10000);
    return {};
}

CloseDialog *MainWindow::openCloseDialog(OperationState outcome)
{
    loadDetail();
    return m_current ? openCloseDialogFor(m_current->id, outcome) : nullptr;
}

CloseDialog *MainWindow::openCloseDialogFor(const QString &operationId, OperationState outcome)
{
    std::optional<Operation> op;
    std::vector<Evidence> evidence;
    std::optional<Money> exceeded; // the dialog says before confirming that approval is needed
    try {
        op = m_store.operation(operationId);
        evidence = m_store.evidence(operationId);
        if (op)
            exceeded = m_session.access().approvalThresholdExceeded(*op);
    } catch (const StoreError &e) {
        showError(tr("Could not read %1: %2").arg(operationId, e.message()),
                  tr("Try again in a moment."));
        return nullptr;
    }
    if (!op)
        return nullptr;
    auto *dialog = new CloseDialog(
        *op, std::move(evidence), outcome, m_actor,
        [this](const ManualClose &c) { return submitClose(c); }, this);
    dialog->setApprovalThreshold(exceeded);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, &MainWindow::reloadAll);
    connect(dialog, &CloseDialog::attachEvidenceRequested, this,
            [this, dialog, operationId] { attachFromClose(dialog, operationId); });
    dialog->open();
    return dialog;
}

void MainWindow::attachFromClose(CloseDialog *close, const QString &operationId)
{
    // Over the close dialog; once stored, the close dialog lists it ticked.
    auto *attach = new EvidenceDialog(operationId, m_actor, close);
    attach->setAttribute(Qt::WA_DeleteOnClose);
    connect(attach, &QDialog::accepted, close, [this, close, attach] {
        try {
            const Evidence e = attach->evidence();
            const qint64 id = m_store.addEvidence(e);
            close->setEvidence(m_store.evidence(e.operationId));
            close->checkEvidence(id);
        } catch (const StoreError &error) {
            showError(tr("The evidence was not stored: ") + storeErrorText(error),
                      tr("Try again; nothing was attached."));
        }
        reloadAll();
    });
    attach->open();
}

void MainWindow::closeSucceeded()
{
    openCloseDialog(OperationState::Succeeded);
}
void MainWindow::closeFailed()
{
    openCloseDialog(OperationState::Failed);
}

LookupDialog *MainWindow::showLookupAnswer(const LookupAnswer &answer)
{
    if (!answer.error.isEmpty()) {
        // Only what this person may do: Ctrl+E is named to those with the Attach right.
        showError(answer.error,
                  m_access.rights.testFlag(Right::Attach)
                      ? tr("Look up again (Ctrl+L) once the provider answers, or attach what the "
                           "provider's dashboard shows (Ctrl+E).")
                      : tr("Look up again (Ctrl+L) once the provider answers."));
        return nullptr;
    }
    auto *dialog = new LookupDialog(answer, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAllowed(
        m_access.rights.testFlag(Right::Attach), m_access.rights.testFlag(Right::Close),
        tr("%1 may not attach evidence; ask a supervisor.").arg(accessLabel(m_access)));
    connect(dialog, &LookupDialog::askRequested, this, [this, dialog] { askFromLookup(dialog); });
    connect(dialog, &LookupDialog::attachRequested, this,
            [this, dialog] { attachLookupAnswer(dialog); });
    connect(dialog, &LookupDialog::closeRequested, this,
            [this, dialog] { closeFromLookup(dialog); });
    connect(dialog, &LookupDialog::resendRequested, this,
            [this, dialog] { resendFromLookup(dialog); });
    if (answer.resendHelps)
        offerResendIn(dialog);
    dialog->open();
    return dialog;
}

void MainWindow::offerResendIn(LookupDialog *dialog)
{
    // Whether Resend is still allowed, decided for the answer's operation as it is now.
    const LookupAnswer &answer = dialog->answer();
    std::optional<Operation> op;
    try {
        op = m_store.operation(answer.operationId);
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "look-up: could not read" << answer.operationId << e.message();
    }
    const QDateTime now = m_query.clock().now();
    const bool windowOpen = op && !isFinal(op->state) && (!op->deadline || now < *op->deadline);
    const bool isCurrent = m_current && m_current->id == answer.operationId;
    QString blocked =
        op ? ops::resendBlockedReason(
                 *op, isCurrent ? m_currentLease : std::optional<ResendLease>(), m_leaseHolder, now)
           : QString();
    if (blocked.isEmpty() && m_busy)
        blocked = tr("Resend is off while another action is running.");
    dialog->offerResend(windowOpen, blocked);
}

void MainWindow::resendFromLookup(LookupDialog *dialog)
{
    const QString id = dialog->answer().operationId;
    // Decide on fresh data, for that operation: the window may have closed since the look-up.
    if (!selectOperation(id)) {
        m_tabs->setCurrentIndex(OperationsTab);
        if (selectOperation(id))
            return resendFromLookup(dialog);
        dialog->showResendRefused(
            tr("%1 is not in the current list; clear the search and select it.").arg(id));
        return;
    }
    loadDetail();
    if (!m_current || m_current->id != id || !m_resend->isEnabled()) {
        dialog->showResendRefused(m_resendReason);
        showResendOutcome(id, false, tr("Not resent: %1").arg(m_resendReason));
        return;
    }
    dialog->accept();
    resend(); // the same question (amount, key, window left) and lease as Ctrl+R
}

NextStepDialog *MainWindow::nextStepDialog() const
{
    return m_nextStep.data();
}

void MainWindow::offerNextStep(const QString &operationId)
{
    std::optional<Operation> op;
    try {
        op = m_store.operation(operationId);
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "next step: could not read" << operationId << e.message();
    }
    if (!op || op->state != OperationState::Failed)
        return; // awaiting a second person's approval, or not closed: nothing to offer yet
    if (m_nextStep)
        m_nextStep->close();
    auto *dialog = new NextStepDialog(*op, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_nextStep = dialog;
    connect(dialog, &NextStepDialog::messageRequested, this, [this](const QString &id) {
        // The closed row has left the checking queue: compose for it by id.
        if (ComposeDialog *compose = openComposeDialogFor(id))
            compose->setTemplate(MessageTemplate::Failed);
    });
    connect(dialog, &NextStepDialog::newRefundRequested, this, &MainWindow::openNewRefundDialogFor);
    if (!m_access.rights.testFlag(Right::Resend))
        dialog->refuseNewRefund(refusalFor(m_newRefund));
    dialog->open();
}

qint64 MainWindow::attachLookupAnswer(LookupDialog *dialog)
{
    if (dialog->attachedEvidenceId() != 0)
        return dialog->attachedEvidenceId(); // attached already: evidence is stored once
    const LookupAnswer &a = dialog->answer();
    Evidence e;
    e.operationId = a.operationId;
    e.kind = u"provider_object"_s;
    e.title = a.evidenceTitle;
    e.contentType = u"application/json"_s;
    e.body = a.evidenceBody;
    e.createdBy = m_actor;
    try {
        const qint64 id = m_store.addEvidence(e);
        dialog->markAttached(id, int(m_store.evidence(e.operationId).size()));
        loadDetail();
        return id;
    } catch (const StoreError &error) {
        showError(tr("The look-up answer was not stored: ") + storeErrorText(error),
                  tr("Press Attach again."));
        return 0;
    }
}

void MainWindow::closeFromLookup(LookupDialog *dialog)
{
    const LookupAnswer answer = dialog->answer();
    const qint64 evidenceId = attachLookupAnswer(dialog);
    if (evidenceId == 0 || !answer.proposedOutcome)
        return;
    dialog->accept();
    if (!selectOperation(answer.operationId))
        qCInfo(lcUi) << answer.operationId << "is not in the current list";
    // The answer's operation, whatever row is selected by now.
    CloseDialog *close = openCloseDialogFor(answer.operationId, *answer.proposedOutcome);
    if (!close)
        return;
    close->setProviderRef(answer.providerRef);
    close->setReason(answer.proposedReason);
    close->checkEvidence(evidenceId);
    if (*answer.proposedOutcome == OperationState::Failed)
        connect(close, &QDialog::accepted, this,
                [this, id = answer.operationId] { offerNextStep(id); });
}

void MainWindow::askFromLookup(LookupDialog *dialog)
{
    const LookupAnswer answer = dialog->answer();
    if (!answer.proposedOutcome)
        return;
    const qint64 evidenceId = attachLookupAnswer(dialog);
    if (evidenceId == 0)
        return;
    const ManualClose close{answer.operationId,
                            *answer.proposedOutcome,
                            answer.providerRef,
                            {evidenceId},
                            m_actor,
                            answer.proposedReason.isEmpty() ? answer.summary
                                                            : answer.proposedReason};
    try {
        const ManualCloseResult result = askForClose(m_store, close);
        if (result.refusal != ManualCloseRefusal::AwaitingApproval) {
            dialog->showAskRefused(result.message);
            return;
        }
        dialog->markAsked(result.approvalId);
        statusBar()->showMessage(tr("%1: a supervisor was asked to close it as %2 (approval #%3)")
                                     .arg(answer.operationId, stateLabel(close.outcome))
                                     .arg(result.approvalId),
                                 15000);
    } catch (const StoreError &e) {
        dialog->showAskRefused(storeErrorText(e));
    }
    reloadAll();
}

} // namespace ops::ui
