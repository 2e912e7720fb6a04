#include "mainwindow/supervisorpresenter.h"

#include "common/consolereads.h"
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

SupervisorPresenter::SupervisorPresenter(MainWindow &frame)
    : QObject(&frame)
    , m_frame(frame)
{
    m_audit = addAction(tr("&Audit and charts…"), u"auditAction"_s,
                        tr("Every attempt and manual action, chain verification, CSV export and "
                           "charts"));
    m_audit->setShortcut(QKeySequence(u"Ctrl+Shift+A"_s));
    connect(m_audit, &QAction::triggered, this, [this] { openSupervisorWindow(); });
    m_settings = addAction(tr("&Settings…"), u"settingsAction"_s, {});
    m_settings->setMenuRole(QAction::PreferencesRole);
    connect(m_settings, &QAction::triggered, this, [this] { openSettingsDialog(); });
    m_connections =
        addAction(tr("&Connections…"), u"connectionsAction"_s,
                  tr("Provider base URLs and secrets, and a check that each one answers"));
    connect(m_connections, &QAction::triggered, this, &SupervisorPresenter::connectionsRequested);
    m_agents = addAction(
        tr("&Agents…"), u"agentsAction"_s,
        tr("The AI agents that may call the tools: their limits, use and last call; revoke one"));
    connect(m_agents, &QAction::triggered, this, &SupervisorPresenter::agentsRequested);
}

// An action of the window (its shortcut works wherever the focus is in it).
QAction *SupervisorPresenter::addAction(const QString &text, const QString &name,
                                        const QString &tip)
{
    auto *action = new QAction(text, &m_frame);
    action->setObjectName(name);
    if (!tip.isEmpty())
        action->setStatusTip(tip);
    m_frame.QWidget::addAction(action);
    return action;
}

void SupervisorPresenter::buildMenus(QMenuBar *bar)
{
    QMenu *supervisor = bar->addMenu(tr("&Supervisor"));
    supervisor->setObjectName(u"supervisorMenu"_s);
    supervisor->addAction(m_audit);
    QMenu *tools = bar->addMenu(tr("&Tools"));
    tools->addAction(m_connections);
    tools->addAction(m_agents);
    tools->addAction(m_settings);
}

void SupervisorPresenter::setAuditAllowed(bool allowed)
{
    m_auditAllowed = allowed;
    m_audit->setVisible(allowed);
    m_audit->setEnabled(allowed);
    // Its one item is the audit: without that right the menu would open empty (issue 50 item 6).
    if (auto *menu = m_frame.findChild<QMenu *>(u"supervisorMenu"_s))
        menu->menuAction()->setVisible(allowed);
    if (!allowed && m_window)
        m_window->close();
}

void SupervisorPresenter::setExportAllowed(bool allowed)
{
    m_exportAllowed = allowed;
    if (m_window)
        m_window->auditView()->setExportAllowed(allowed);
}

SupervisorWindow *SupervisorPresenter::openSupervisorWindow()
{
    if (!m_auditAllowed)
        return nullptr;
    if (!m_window) {
        m_window = new SupervisorWindow(m_frame.reads(), &m_frame);
        m_window->setAttribute(Qt::WA_DeleteOnClose);
        m_window->auditView()->setExportAllowed(m_exportAllowed);
        m_window->enableAgentRequests(m_frame.actor(), m_frame.writes());
        // Agents' new requests and other desks' decisions: the window's watcher reports them.
        connect(m_frame.changes(), &ChangeFeed::changed, m_window,
                &SupervisorWindow::reloadAgentRequests);
        connect(m_window, &SupervisorWindow::agentRequestApproveRequested, this,
                &SupervisorPresenter::approveAgentRequest);
    } else {
        m_window->auditView()->reload();
        m_window->unmatchedView()->reload();
        m_window->reloadAgentRequests();
    }
    m_window->show();
    m_window->raise();
    m_window->activateWindow();
    return m_window;
}

// Approve and send is Resend's path: the console's job (lease, engine, stored key).
void SupervisorPresenter::approveAgentRequest(const QString &operationId)
{
    const bool wasBusy = m_frame.isBusy();
    if (!wasBusy) {
        m_frame.dismissBanner();
        emit resendRequested(operationId); // the console's job sets the window busy
    }
    if ((wasBusy || !m_frame.isBusy()) && m_window) // not started: nothing sent
        m_window->showResendOutcome(
            operationId, false,
            tr("Not sent: the console is busy with another action. Wait for it or cancel it "
               "(Esc) in the main window, then approve again."));
}

SettingsDialog *SupervisorPresenter::openSettingsDialog()
{
    auto *dialog = new SettingsDialog(&m_frame);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    const QString actor = m_frame.actor();
    ConsoleWrites &writes = m_frame.writes();
    try {
        dialog->setApprovalThresholds(
            m_frame.reads().approvalThresholds(), m_frame.access().rights.testFlag(Right::Approve),
            [actor, &writes, dialog](const SettingsDialog::ThresholdChanges &changes,
                                     const SettingsDialog::ThresholdAnswer &answer) {
                writes.setApprovalThresholds(actor, changes, dialog,
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

SupervisorWindow *SupervisorPresenter::supervisorWindow() const
{
    return m_window;
}

void SupervisorPresenter::showResendOutcome(const QString &operationId, bool ok,
                                            const QString &text)
{
    if (m_window) // an approval from its Agent requests tab: the tab says the outcome too
        m_window->showResendOutcome(operationId, ok, text);
}

void SupervisorPresenter::jobCancelled()
{
    if (m_window)
        m_window->stopWaitingForResend();
}

void SupervisorPresenter::eventsChanged()
{
    if (m_window)
        m_window->unmatchedView()->reload();
}

} // namespace ops::ui
