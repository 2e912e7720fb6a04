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
#include "mainwindow/supervisorpresenter.h"
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
    m_supervision = new SupervisorPresenter(*this);
    m_supervision->buildMenus(menuBar());
    connect(m_supervision, &SupervisorPresenter::resendRequested, this,
            &MainWindow::resendRequested);
    connect(m_supervision, &SupervisorPresenter::connectionsRequested, this,
            &MainWindow::connectionsRequested);
    connect(m_supervision, &SupervisorPresenter::agentsRequested, this,
            &MainWindow::agentsRequested);
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
                               *m_current, m_currentLease, m_leaseHolder, m_reads->clock().now()))
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
    auto *dialog = new ResendConfirmDialog(*m_current, live, m_reads->clock().now(), memory,
                                           access().rights.testFlag(Right::Close), this);
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
    m_supervision->showResendOutcome(operationId, ok, text);
}

void MainWindow::jobCancelled(const QString &text)
{
    clearBusy(text);
    m_supervision->jobCancelled();
}

LookupDialog *MainWindow::showLookupAnswer(const LookupAnswer &answer)
{
    if (!answer.error.isEmpty()) {
        // Only what this person may do: Ctrl+E is named to those with the Attach right.
        showError(answer.error,
                  access().rights.testFlag(Right::Attach)
                      ? tr("Look up again (Ctrl+L) once the provider answers, or attach what the "
                           "provider's dashboard shows (Ctrl+E).")
                      : tr("Look up again (Ctrl+L) once the provider answers."));
        return nullptr;
    }
    auto *dialog = new LookupDialog(answer, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAllowed(
        access().rights.testFlag(Right::Attach), access().rights.testFlag(Right::Close),
        tr("%1 may not attach evidence; ask a supervisor.").arg(accessLabel(access())));
    connect(dialog, &LookupDialog::askRequested, this, [this, dialog] { askFromLookup(dialog); });
    connect(dialog, &LookupDialog::attachRequested, this,
            [this, dialog] { attachLookupAnswer(dialog, {}); });
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
        op = m_reads->operation(answer.operationId);
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "look-up: could not read" << answer.operationId << e.message();
    }
    const QDateTime now = m_reads->clock().now();
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
        op = m_reads->operation(operationId);
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
    if (!access().maySendMoney())
        dialog->refuseNewRefund(refusalFor(m_newRefund));
    dialog->open();
}

} // namespace ops::ui
