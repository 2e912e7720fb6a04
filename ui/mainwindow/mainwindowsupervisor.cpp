// MainWindow's supervisor hooks: the audit window (View → Audit and charts) with its Agent
// requests tab, Settings, Connections and Agents.

#include "common/refusaltext.h"
#include "common/uilogging.h"
#include "dialogs/settingsdialog.h"
#include "domain/changefeed.h"
#include "mainwindow/mainwindow.h"
#include "supervisor/auditview.h"
#include "supervisor/supervisorwindow.h"
#include "supervisor/unmatchedeventsview.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>

using namespace Qt::StringLiterals;

namespace ops::ui {

void MainWindow::buildSupervisorActions()
{
    m_auditAction = new QAction(tr("&Audit and charts…"), this);
    m_auditAction->setObjectName(u"auditAction"_s);
    m_auditAction->setShortcut(QKeySequence(u"Ctrl+Shift+A"_s));
    m_auditAction->setStatusTip(tr("Every attempt and manual action, chain verification, CSV "
                                   "export and charts"));
    connect(m_auditAction, &QAction::triggered, this, [this] { openSupervisorWindow(); });
    m_settingsAction = new QAction(tr("&Settings…"), this);
    m_settingsAction->setObjectName(u"settingsAction"_s);
    m_settingsAction->setMenuRole(QAction::PreferencesRole);
    connect(m_settingsAction, &QAction::triggered, this, [this] { openSettingsDialog(); });
    m_connectionsAction = new QAction(tr("&Connections…"), this);
    m_connectionsAction->setObjectName(u"connectionsAction"_s);
    m_connectionsAction->setStatusTip(
        tr("Provider base URLs and secrets, and a check that each one answers"));
    connect(m_connectionsAction, &QAction::triggered, this, &MainWindow::connectionsRequested);
    m_agentsAction = new QAction(tr("&Agents…"), this);
    m_agentsAction->setObjectName(u"agentsAction"_s);
    m_agentsAction->setStatusTip(
        tr("The AI agents that may call the tools: their limits, use and last call; revoke one"));
    connect(m_agentsAction, &QAction::triggered, this, &MainWindow::agentsRequested);
    QMainWindow::addActions({m_auditAction, m_settingsAction, m_connectionsAction, m_agentsAction});

    QMenu *supervisor = menuBar()->addMenu(tr("&Supervisor"));
    supervisor->setObjectName(u"supervisorMenu"_s);
    supervisor->addAction(m_auditAction);
    QMenu *tools = menuBar()->addMenu(tr("&Tools"));
    tools->addAction(m_connectionsAction);
    tools->addAction(m_agentsAction);
    tools->addAction(m_settingsAction);
}

void MainWindow::setAuditAllowed(bool allowed)
{
    m_auditAllowed = allowed;
    m_auditAction->setVisible(allowed);
    m_auditAction->setEnabled(allowed);
    // Its one item is the audit: without that right the menu would open empty (issue 50 item 6).
    if (auto *menu = findChild<QMenu *>(u"supervisorMenu"_s))
        menu->menuAction()->setVisible(allowed);
    if (!allowed && m_supervisor)
        m_supervisor->close();
}

void MainWindow::setExportAllowed(bool allowed)
{
    m_exportAllowed = allowed;
    if (m_supervisor)
        m_supervisor->auditView()->setExportAllowed(allowed);
}

SupervisorWindow *MainWindow::openSupervisorWindow()
{
    if (!m_auditAllowed)
        return nullptr;
    if (!m_supervisor) {
        m_supervisor = new SupervisorWindow(*m_reads, this);
        m_supervisor->setAttribute(Qt::WA_DeleteOnClose);
        m_supervisor->auditView()->setExportAllowed(m_exportAllowed);
        m_supervisor->enableAgentRequests(m_actor, *m_writes);
        // Agents' new requests and other desks' decisions: the window's watcher reports them.
        connect(m_watcher, &ChangeFeed::changed, m_supervisor,
                &SupervisorWindow::reloadAgentRequests);
        // Approve and send is Resend's path: the console's job (lease, engine, stored key).
        connect(m_supervisor, &SupervisorWindow::agentRequestApproveRequested, this,
                [this](const QString &id) {
                    const bool wasBusy = m_busy;
                    if (!wasBusy) {
                        dismissBanner();
                        emit resendRequested(id); // the console's job sets the window busy
                    }
                    if ((wasBusy || !m_busy) && m_supervisor) // not started: nothing sent
                        m_supervisor->showResendOutcome(
                            id, false,
                            tr("Not sent: the console is busy with another action. Wait for it "
                               "or cancel it (Esc) in the main window, then approve again."));
                });
    } else {
        m_supervisor->auditView()->reload();
        m_supervisor->unmatchedView()->reload();
        m_supervisor->reloadAgentRequests();
    }
    m_supervisor->show();
    m_supervisor->raise();
    m_supervisor->activateWindow();
    return m_supervisor;
}

SettingsDialog *MainWindow::openSettingsDialog()
{
    auto *dialog = new SettingsDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    try {
        dialog->setApprovalThresholds(
            m_reads->approvalThresholds(), m_access.rights.testFlag(Right::Approve),
            [this, dialog](const SettingsDialog::ThresholdChanges &changes,
                           const SettingsDialog::ThresholdAnswer &answer) {
                m_writes->setApprovalThresholds(m_actor, changes, dialog,
                                                [answer](const Written<ThresholdsSaved> &w) {
                                                    try {
                                                        answer(w.get().stored, w.get().refusal);
                                                    } catch (const StoreError &e) {
                                                        answer(0, storeErrorText(e));
                                                    }
                                                });
            });
    } catch (const StoreError &e) {
        // The language box still works; the threshold box stays hidden.
        qCWarning(lcUi) << "approval thresholds not read:" << e.message();
    }
    dialog->show();
    return dialog;
}

} // namespace ops::ui
