// MainWindow's actions: toolbar, menu, context menu and shortcuts, and the dialogs they open.

#include "closedialog.h"
#include "database.h"
#include "evidencedialog.h"
#include "lookupdialog.h"
#include "mainwindow.h"
#include "operationlistview.h"
#include "operationquery.h"
#include "uilogging.h"

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

void MainWindow::buildActions()
{
    m_lookUp =
        addAction(u"&Look up at provider"_s, {QKeySequence(u"Ctrl+L"_s)},
                  u"Ask the provider what happened to this operation"_s, &MainWindow::lookUp);
    m_resend =
        addAction(u"&Resend"_s, {QKeySequence(u"Ctrl+R"_s)},
                  u"Send the stored request once more, with the stored key"_s, &MainWindow::resend);
    m_attach = addAction(u"Attach &evidence…"_s, {QKeySequence(u"Ctrl+E"_s)},
                         u"Attach provider JSON, a note or a file"_s, &MainWindow::attachEvidence);
    m_closeSucceeded = addAction(u"Close as &succeeded…"_s, {QKeySequence(u"Ctrl+Shift+S"_s)},
                                 u"Close with evidence: the provider moved the money"_s,
                                 &MainWindow::closeSucceeded);
    m_closeFailed = addAction(u"Close as &failed…"_s, {QKeySequence(u"Ctrl+Shift+F"_s)},
                              u"Close with evidence: no money moved"_s, &MainWindow::closeFailed);
    m_copyKey = addAction(u"&Copy key"_s, {QKeySequence(u"Ctrl+Shift+C"_s)},
                          u"Copy the idempotency key"_s, &MainWindow::copyKey);
    m_cancel = addAction(u"Cancel"_s, {QKeySequence(Qt::Key_Escape)},
                         u"Stop waiting for the running look-up or resend"_s,
                         &MainWindow::cancelRequested);
    m_cancel->setEnabled(false);
    auto *search = addAction(u"&Search"_s, {QKeySequence(u"/"_s), QKeySequence::Find},
                             u"Search operations"_s, &MainWindow::focusSearch);
    auto *refresh = addAction(u"Re&fresh"_s, {QKeySequence::Refresh}, u"Read the lists again"_s,
                              &MainWindow::reloadAll);
    auto *toOperations = new QAction(u"&Operations"_s, this);
    toOperations->setShortcut(QKeySequence(u"Ctrl+1"_s));
    connect(toOperations, &QAction::triggered, this,
            [this] { m_tabs->setCurrentIndex(OperationsTab); });
    auto *toChecking = new QAction(u"&Checking queue"_s, this);
    toChecking->setShortcut(QKeySequence(u"Ctrl+2"_s));
    connect(toChecking, &QAction::triggered, this,
            [this] { m_tabs->setCurrentIndex(CheckingTab); });
    QMainWindow::addActions({toOperations, toChecking});

    const QList<QAction *> rowActions = {m_lookUp,         m_resend,      m_attach,
                                         m_closeSucceeded, m_closeFailed, m_copyKey};
    auto *toolbar = addToolBar(u"Actions"_s);
    toolbar->setObjectName(u"actions"_s);
    toolbar->setMovable(false);
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    toolbar->addActions({m_lookUp, m_resend, m_attach});
    toolbar->addSeparator();
    toolbar->addActions({m_closeSucceeded, m_closeFailed});
    toolbar->addSeparator();
    toolbar->addActions({m_copyKey, refresh});

    QMenu *operation = menuBar()->addMenu(u"&Operation"_s);
    operation->addActions(rowActions);
    operation->addSeparator();
    operation->addAction(m_cancel);
    QMenu *view = menuBar()->addMenu(u"&View"_s);
    view->addActions({search, refresh, toOperations, toChecking});
    for (OperationListView *list : {m_operationsView, m_checkingView}) {
        list->table()->setContextMenuPolicy(Qt::ActionsContextMenu);
        list->table()->addActions(rowActions);
    }
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
    m_resendReason = row ? ops::resendBlockedReason(*m_current, m_currentLease, m_leaseHolder,
                                                    m_query.clock().now())
                         : u"Select an operation first."_s;
    if (m_resendReason.isEmpty() && m_busy)
        m_resendReason = u"Resend is off while another action is running."_s;
    m_resend->setEnabled(m_resendReason.isEmpty());
    m_resend->setToolTip(m_resendReason.isEmpty()
                             ? u"Send the stored request once more, with the stored key (Ctrl+R)"_s
                             : m_resendReason);
    m_resend->setStatusTip(m_resend->toolTip());
    applyRights();
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
    statusBar()->showMessage(u"Copied key %1"_s.arg(m_current->idempotencyKey), 5000);
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
    emit resendRequested(m_current->id);
}

EvidenceDialog *MainWindow::openEvidenceDialog()
{
    if (!m_current)
        return nullptr;
    auto *dialog = new EvidenceDialog(m_current->id, m_actor, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        try {
            const qint64 id = m_store.addEvidence(dialog->evidence());
            statusBar()->showMessage(u"Attached evidence #%1"_s.arg(id), 8000);
        } catch (const StoreError &e) {
            showError(u"The evidence was not stored: "_s + e.message(),
                      u"Try again; nothing was attached."_s);
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
        const ManualCloseRefusal refusal = m_store.closeManually(close);
        if (refusal == ManualCloseRefusal::AwaitingApproval) {
            statusBar()->showMessage(
                u"%1 waits for a second person: the close is in the approvals list"_s.arg(
                    close.operationId),
                15000);
            return {};
        }
        if (refusal != ManualCloseRefusal::None)
            return describe(refusal);
    } catch (const StoreError &e) {
        return e.message();
    }
    statusBar()->showMessage(u"Closed %1 as %2"_s.arg(close.operationId, toString(close.outcome)),
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
    try {
        op = m_store.operation(operationId);
        evidence = m_store.evidence(operationId);
    } catch (const StoreError &e) {
        showError(u"Could not read %1: %2"_s.arg(operationId, e.message()),
                  u"Try again in a moment."_s);
        return nullptr;
    }
    if (!op)
        return nullptr;
    auto *dialog = new CloseDialog(
        *op, std::move(evidence), outcome, m_actor,
        [this](const ManualClose &c) { return submitClose(c); }, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, &MainWindow::reloadAll);
    dialog->open();
    return dialog;
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
        showError(answer.error, u"Look up again (Ctrl+L) once the provider answers, or attach "
                                "what the provider's dashboard shows (Ctrl+E)."_s);
        return nullptr;
    }
    auto *dialog = new LookupDialog(answer, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &LookupDialog::attachRequested, this,
            [this, dialog] { attachLookupAnswer(dialog); });
    connect(dialog, &LookupDialog::closeRequested, this,
            [this, dialog] { closeFromLookup(dialog); });
    dialog->open();
    return dialog;
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
        dialog->markAttached(id);
        loadDetail();
        return id;
    } catch (const StoreError &error) {
        showError(u"The look-up answer was not stored: "_s + error.message(),
                  u"Press Attach again."_s);
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
}

} // namespace ops::ui
