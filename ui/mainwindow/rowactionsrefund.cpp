// A new refund that replaces a failed one (DESIGN §16, issue 31 item 2): Operation → Start a new
// refund (Ctrl+Shift+N) and the next-step offer after a close as failed lead to the one form (the
// detail pane's Replaces / Replaced by links select the related rows: MainWindow, through
// QueuePresenter::reveal). The window reads the row and the threshold; the console runs the
// refund off the UI thread (ConsoleRequests::newRefundRequested) and hands the new row back.

#include "common/uilogging.h"
#include "dialogs/newrefunddialog.h"
#include "itemmodels/approvallistmodel.h"
#include "itemmodels/operationlabels.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/rowactions.h"

#include <QAction>
#include <QTabWidget>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

// A replacement that still counts: one not failed means the customer's refund is under way.
const Operation *liveReplacement(const std::vector<Operation> &replacements)
{
    for (const Operation &r : replacements)
        if (r.state != OperationState::Failed)
            return &r;
    return nullptr;
}

// Resend without Attach: a new refund sends money and ends by attaching the provider's answer,
// so it needs both (OperatorAccess::maySendMoney, as the engine checks). '' otherwise.
QString attachRefusal(const OperatorAccess &a)
{
    if (!a.rights.testFlag(Right::Resend) || a.maySendMoney())
        return {};
    return RowActions::tr("New refund: it ends by attaching the provider's answer, and %1 may not "
                          "attach evidence; ask a supervisor.")
        .arg(accessLabel(a));
}

} // namespace

NewRefundDialog *RowActions::newRefundDialog() const
{
    return m_newRefundDialog.data();
}

QString RowActions::newRefundBlockedReason() const
{
    if (QString why = attachRefusal(m_frame.access()); !why.isEmpty())
        return why;
    if (!current())
        return tr("New refund: select a refund closed as failed first.");
    const Operation &op = *current();
    if (op.kind != OperationKind::Refund)
        return tr("New refund: %1 is not a refund.").arg(op.id);
    if (op.state != OperationState::Failed)
        return tr("New refund: %1 is %2; only a refund closed as failed is started again.")
            .arg(op.id, stateLabel(op.state));
    if (const OperationDetail &shown = m_frame.detailArea()->shown(); shown.operation.id == op.id) {
        if (const Operation *live = liveReplacement(shown.replacedBy))
            return tr("New refund: %1 is already replaced by %2 (%3).")
                .arg(op.id, live->id, stateLabel(live->state));
    }
    if (m_frame.isBusy())
        return tr("New refund: another action is running; wait for it.");
    return {};
}

void RowActions::updateNewRefundAction()
{
    if (!m_newRefund)
        return;
    m_newRefund->setEnabled(m_frame.access().maySendMoney() && newRefundBlockedReason().isEmpty());
}

void RowActions::startNewRefund()
{
    if (current())
        openNewRefundDialogFor(current()->id);
}

NewRefundDialog *RowActions::openNewRefundDialogFor(const QString &operationId)
{
    std::optional<Operation> op;
    std::optional<qint64> threshold;
    std::vector<Operation> replacements;
    try {
        op = m_frame.reads().operation(operationId); // as it is now, not as last shown
        if (op) {
            replacements = m_frame.reads().replacementsOf(op->id);
            for (const auto &[currency, minor] : m_frame.reads().approvalThresholds())
                if (currency == op->amount.currency)
                    threshold = minor;
        }
    } catch (const StoreError &e) {
        m_frame.showError(tr("Could not read %1: %2").arg(operationId, e.message()),
                          tr("Try again in a moment (F5)."));
        return nullptr;
    }
    QString why;
    if (m_frame.isBusy())
        why = tr("New refund: another action is running; wait for it.");
    else if (!m_frame.access().maySendMoney()) // the action is off (update): its refusal says why
        why = m_frame.refusalFor(m_newRefund);
    else if (!op || op->kind != OperationKind::Refund || op->state != OperationState::Failed)
        why = tr("New refund: %1 is not a refund closed as failed.").arg(operationId);
    else if (const Operation *live = liveReplacement(replacements))
        why = tr("New refund: %1 is already replaced by %2 (%3).")
                  .arg(operationId, live->id, stateLabel(live->state));
    const auto draft = op ? replacementDraft(*op) : std::nullopt;
    if (!why.isEmpty() || !draft) {
        m_frame.showStatus(why, 10000);
        return nullptr;
    }
    if (m_newRefundDialog)
        m_newRefundDialog->close();
    auto *dialog = new NewRefundDialog(*draft, threshold, &m_frame);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_newRefundDialog = dialog;
    connect(dialog, &NewRefundDialog::startRequested, &m_frame.requests(),
            &ConsoleRequests::newRefundRequested);
    dialog->open();
    return dialog;
}

void RowActions::showNewRefundOutcome(const std::optional<Operation> &opened,
                                      const QString &message, const QString &error,
                                      const QString &next)
{
    m_frame.reloadAll(); // a new row, and the failed one's "Replaced by"
    if (opened && !m_frame.queue()->reveal(opened->id))
        qCInfo(lcUi) << "new refund" << opened->id << "is not in the list shown";
    if (!error.isEmpty())
        m_frame.showError(error, next);
    else
        m_frame.clearBusy(message);
}

} // namespace ops::ui
