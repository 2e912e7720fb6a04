// MainWindow and the operator's rights (issue 6, issue 31 item 4): which right each area's action
// needs (rightOf), why an action is off (refusalFor), said in the status bar when the key of a
// disabled action is pressed, and the rights read again on every reload (reloadRoles). The areas
// turn their own actions off (RowActions, BulkActions); DecisionsPresenter names the operator.

#include "common/refusaltext.h"
#include "itemmodels/approvallistmodel.h"
#include "itemmodels/operationlabels.h"
#include "mainwindow/batchactions.h"
#include "mainwindow/bulkactions.h"
#include "mainwindow/decisionspresenter.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/navigationactions.h"
#include "mainwindow/rowactions.h"
#include "mainwindow/supervisorpresenter.h"
#include "mainwindow/teamactions.h"
#include "supervisor/approvalspanel.h"

#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QTabWidget>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

// Qt matches no shortcut of a disabled action, so its key goes to the focus widget as an ordinary
// key press and does nothing: this watches the window's key presses and says why when one is the
// key of a disabled action. The press itself goes on unchanged.
class RefusedKeyFilter final : public QObject
{
public:
    explicit RefusedKeyFilter(MainWindow *window)
        : QObject(window)
        , m_window(window)
    {}

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() != QEvent::KeyPress || !watched->isWidgetType())
            return false;
        // Each widget the press propagates to asks again; saying the same twice is harmless.
        if (static_cast<QWidget *>(watched)->window() != m_window)
            return false;
        const QKeySequence key(static_cast<QKeyEvent *>(event)->keyCombination());
        for (const QAction *action : m_window->actions()) {
            if (action->isEnabled() || !action->shortcuts().contains(key))
                continue;
            if (const QString why = m_window->refusalFor(action); !why.isEmpty())
                m_window->showStatus(why, 10000);
            break;
        }
        return false;
    }

private:
    MainWindow *m_window = nullptr;
};

// "close" in the person's language, for "needs the close right".
QString rightText(Right right)
{
    switch (right) {
    case Right::Attach:
        return MainWindow::tr("attach");
    case Right::Resend:
        return MainWindow::tr("resend");
    case Right::Close:
        return MainWindow::tr("close");
    case Right::Message:
        return MainWindow::tr("message");
    case Right::Audit:
        return MainWindow::tr("audit");
    case Right::Approve:
        return MainWindow::tr("approve");
    default:
        return toString(right);
    }
}

// The action's text as a person reads it: no mnemonic, no ellipsis.
QString plainText(const QAction *action)
{
    QString text = action->text();
    text.remove(u'&');
    if (text.endsWith(u'…'))
        text.chop(1);
    return text;
}

} // namespace

void MainWindow::explainRefusedKeys()
{
    qApp->installEventFilter(new RefusedKeyFilter(this)); // removed with the window
}

std::optional<Right> MainWindow::rightOf(const QAction *action) const
{
    if (const auto right = m_rows->rightOf(action))
        return right;
    if (const auto right = m_bulk->rightOf(action))
        return right;
    if (const auto right = m_team->rightOf(action))
        return right;
    if (action == m_supervision->auditAction())
        return Right::Audit;
    if (action == m_navigation->tabAction(ApprovalsTab))
        return Right::Approve;
    return std::nullopt;
}

QString MainWindow::refusalFor(const QAction *action) const
{
    if (action->isEnabled())
        return {};
    if (const auto right = rightOf(action); right && !access().rights.testFlag(*right)) {
        const QString why = tr("%1 needs the %2 right; you are %3.")
                                .arg(plainText(action), rightText(*right), accessLabel(access()));
        // The way on this person can take: a close goes through the look-up's request.
        if (*right == Right::Close && access().rights.testFlag(Right::Attach))
            return why + tr(" Look the row up (Ctrl+L) and ask a supervisor from there.");
        return why + tr(" Ask a supervisor.");
    }
    if (action == m_rows->resendAction())
        return m_rows->resendBlockedReason();
    if (m_bulk->owns(action))
        return m_bulk->refusalFor(action);
    if (action == m_rows->newRefundAction())
        return m_rows->newRefundBlockedReason();
    if (action == m_batch->importAction())
        return m_batch->blockedReason();
    if (m_team->owns(action))
        return m_team->refusalFor(action);
    if (action == m_rows->cancelAction())
        return {}; // Esc with nothing running: nothing to say
    const std::optional<Operation> &current = m_detail->current();
    if (!current)
        return tr("%1: select an operation first.").arg(plainText(action));
    if (isFinal(current->state))
        return tr("%1: %2 is already closed (%3).")
            .arg(plainText(action), current->id, stateLabel(current->state));
    if (m_busy)
        return tr("%1: another action is running; wait for it or press Esc.")
            .arg(plainText(action));
    return tr("%1 is not available now.").arg(plainText(action));
}

// Re-reads the operator's rights, the approvals and four-eyes (DecisionsPresenter::reload),
// then what they allow here: the audit window, export, and every action.
void MainWindow::reloadRoles()
{
    if (!m_decisions)
        return; // still constructing
    m_decisions->reload();
    m_supervision->setAuditAllowed(m_decisions->access().rights.testFlag(Right::Audit));
    m_supervision->setExportAllowed(m_decisions->access().rights.testFlag(Right::Export));
    updateActions();
}

void MainWindow::followApprovalSelection()
{
    ApprovalsPanel *approvals = m_decisions ? m_decisions->approvalsPanel() : nullptr;
    if (!approvals || m_tabs->currentWidget() != approvals)
        return;
    const QString shown = m_detail->current() ? m_detail->current()->id : QString();
    if (currentOperationId() != shown)
        onCurrentChanged();
}

} // namespace ops::ui
