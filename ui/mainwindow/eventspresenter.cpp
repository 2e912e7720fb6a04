#include "mainwindow/eventspresenter.h"

#include "common/consolereads.h"
#include "common/consolewrites.h"
#include "common/refusaltext.h"
#include "common/uilogging.h"
#include "itemmodels/approvallistmodel.h"
#include "itemmodels/attentionmodel.h"
#include "mainwindow/mainwindow.h"
#include "widgets/attentionpanel.h"
#include "widgets/elidingstatusbar.h"

#include <QLineEdit>
#include <QStatusBar>
#include <QTabWidget>

using namespace Qt::StringLiterals;

namespace ops::ui {

EventsPresenter::EventsPresenter(MainWindow &frame)
    : QObject(&frame)
    , m_frame(frame)
{
    m_panel = new AttentionPanel(frame.tabs());
    frame.tabs()->insertTab(MainWindow::AttentionTab, m_panel, tr("Attention"));
    connect(m_panel, &AttentionPanel::currentOperationChanged, this,
            &EventsPresenter::currentOperationChanged);
    connect(m_panel, &AttentionPanel::clearRequested, this, &EventsPresenter::clearAttention);
    m_receiverLabel = new ElidingLabel(&frame);
    m_receiverLabel->setObjectName(u"receiverStatus"_s);
    // After operator, identity and replication.
    frame.statusBar()->insertPermanentWidget(3, m_receiverLabel);
}

bool EventsPresenter::reload(const OperatorAccess &access)
{
    m_panel->setClearAllowed(
        access.rights.testFlag(Right::Close),
        tr("%1 may not clear Attention; ask a supervisor.").arg(accessLabel(access)));
    try {
        m_panel->setItems(m_frame.reads().attentionQueue());
        m_receiverStatus = m_frame.reads().receiverStatus(kReceiverStaleAfterMs);
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "reading Attention and the receiver failed:" << e.message();
        return false;
    }
    const int n = m_panel->count();
    QTabWidget *tabs = m_frame.tabs();
    tabs->setTabText(tabs->indexOf(m_panel), n > 0 ? tr("Attention (%1)").arg(n) : tr("Attention"));
    updateReceiverLine();
    return true;
}

void EventsPresenter::tick()
{
    updateReceiverLine();
}

void EventsPresenter::updateReceiverLine()
{
    const ReceiverLine line = receiverLine(m_receiverStatus, m_frame.reads().clock().now());
    m_receiverLabel->setText(line.text);
    m_receiverLabel->setToolTip(line.toolTip);
    // Every tick: a style sheet set again re-polishes the label even when it is the same.
    const QString style = line.running ? u"color: #13532a;"_s : u"color: #6b4e00;"_s;
    if (m_receiverLabel->styleSheet() != style)
        m_receiverLabel->setStyleSheet(style);
}

void EventsPresenter::clearAttention(const QString &operationId, const QString &note)
{
    m_frame.writes().clearAttention(
        operationId, m_frame.actor(), note, this, [this, operationId](const Written<bool> &w) {
            try {
                if (!w.get()) {
                    m_panel->showOutcome(tr("%1 no longer needs Attention.").arg(operationId),
                                         true);
                    m_frame.reloadAll();
                    return;
                }
            } catch (const ActionRefused &e) {
                m_panel->showOutcome(
                    tr("Attention on %1 was not cleared: %2").arg(operationId, refusalText(e)),
                    false);
                return;
            } catch (const StoreError &e) {
                m_frame.showError(
                    tr("Attention on %1 was not cleared: %2").arg(operationId, e.message()),
                    tr("Nothing changed; try again in a moment (F5)."));
                return;
            }
            m_panel->noteEdit()->clear();
            m_panel->showOutcome(
                tr("Attention on %1 cleared; the note is in its audit trail.").arg(operationId),
                true);
            m_frame.showStatus(tr("Attention on %1 cleared").arg(operationId), 10000);
            m_frame.reloadAll();
        });
}

QString EventsPresenter::receiverText() const
{
    return m_receiverLabel->text();
}

} // namespace ops::ui
