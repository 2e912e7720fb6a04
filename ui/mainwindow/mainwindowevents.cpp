// MainWindow and the provider's events (issue 13): the Attention tab beside Checking, clearing
// Attention with a note, and the status bar's receiver line. Everything is re-read when the
// change watcher reports a commit (reloadAll); only the receiver's staleness is re-evaluated on
// the window's existing one-second tick, against the injected clock, since a receiver that
// stopped beating writes nothing that the watcher could notice.

#include "common/refusaltext.h"
#include "common/uilogging.h"
#include "itemmodels/approvallistmodel.h"
#include "itemmodels/attentionmodel.h"
#include "mainwindow/mainwindow.h"
#include "supervisor/supervisorwindow.h"
#include "supervisor/unmatchedeventsview.h"
#include "widgets/attentionpanel.h"
#include "widgets/elidingstatusbar.h"

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QStatusBar>
#include <QTabWidget>

using namespace Qt::StringLiterals;

namespace ops::ui {

void MainWindow::buildEvents()
{
    m_attention = new AttentionPanel(m_tabs);
    m_tabs->insertTab(AttentionTab, m_attention, tr("Attention"));
    connect(m_attention, &AttentionPanel::currentOperationChanged, this,
            &MainWindow::onCurrentChanged);
    connect(m_attention, &AttentionPanel::clearRequested, this, &MainWindow::clearAttention);
    updateTabActions();
    m_receiverLabel = new ElidingLabel(this);
    m_receiverLabel->setObjectName(u"receiverStatus"_s);
    statusBar()->insertPermanentWidget(3, m_receiverLabel); // after operator, identity, replication
    reloadEvents();
}

void MainWindow::reloadEvents()
{
    if (!m_attention)
        return; // still constructing
    const QString who = accessLabel(m_access);
    m_attention->setClearAllowed(m_access.rights.testFlag(Right::Close),
                                 tr("%1 may not clear Attention; ask a supervisor.").arg(who));
    try {
        m_attention->setItems(m_reads->attentionQueue());
        m_receiverStatus = m_reads->receiverStatus(kReceiverStaleAfterMs);
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "reading Attention and the receiver failed:" << e.message();
        return;
    }
    const int n = m_attention->count();
    m_tabs->setTabText(m_tabs->indexOf(m_attention),
                       n > 0 ? tr("Attention (%1)").arg(n) : tr("Attention"));
    updateReceiverLine();
    if (m_supervisor)
        m_supervisor->unmatchedView()->reload();
}

void MainWindow::updateReceiverLine()
{
    if (!m_receiverLabel)
        return;
    const ReceiverLine line = receiverLine(m_receiverStatus, m_reads->clock().now());
    m_receiverLabel->setText(line.text);
    m_receiverLabel->setToolTip(line.toolTip);
    // Every tick: a style sheet set again re-polishes the label even when it is the same.
    const QString style = line.running ? u"color: #13532a;"_s : u"color: #6b4e00;"_s;
    if (m_receiverLabel->styleSheet() != style)
        m_receiverLabel->setStyleSheet(style);
}

void MainWindow::clearAttention(const QString &operationId, const QString &note)
{
    m_writes->clearAttention(
        operationId, m_actor, note, this, [this, operationId](const Written<bool> &w) {
            try {
                if (!w.get()) {
                    m_attention->showOutcome(tr("%1 no longer needs Attention.").arg(operationId),
                                             true);
                    reloadAll();
                    return;
                }
            } catch (const ActionRefused &e) {
                m_attention->showOutcome(
                    tr("Attention on %1 was not cleared: %2").arg(operationId, refusalText(e)),
                    false);
                return;
            } catch (const StoreError &e) {
                showError(tr("Attention on %1 was not cleared: %2").arg(operationId, e.message()),
                          tr("Nothing changed; try again in a moment (F5)."));
                return;
            }
            m_attention->noteEdit()->clear();
            m_attention->showOutcome(
                tr("Attention on %1 cleared; the note is in its audit trail.").arg(operationId),
                true);
            statusBar()->showMessage(tr("Attention on %1 cleared").arg(operationId), 10000);
            reloadAll();
        });
}

QString MainWindow::receiverText() const
{
    return m_receiverLabel ? m_receiverLabel->text() : QString();
}

} // namespace ops::ui
