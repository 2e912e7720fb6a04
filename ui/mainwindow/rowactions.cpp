// RowActions: the actions, their rights, look-up and resend, and the dialogs those open.

#include "mainwindow/rowactions.h"

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
#include "itemmodels/reasontext.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/supervisorpresenter.h"
#include "mainwindow/windowaction.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QTabWidget>

using namespace Qt::StringLiterals;

namespace ops::ui {

// Each with its shortcut and tip: the toolbar, the Operation menu and the lists' context menu
// share them (all()).
RowActions::RowActions(MainWindow &frame)
    : QObject(&frame)
    , m_frame(frame)
{
    m_lookUp = addWindowAction(frame, this, tr("&Look up at provider"), {QKeySequence(u"Ctrl+L"_s)},
                               tr("Ask the provider what happened to this operation"),
                               &RowActions::lookUp);
    m_resend = addWindowAction(frame, this, tr("&Resend"), {QKeySequence(u"Ctrl+R"_s)},
                               tr("Send the stored request once more, with the stored key"),
                               &RowActions::resend);
    m_attach = addWindowAction(frame, this, tr("Attach &evidence…"), {QKeySequence(u"Ctrl+E"_s)},
                               tr("Attach provider JSON, a note or a file"),
                               &RowActions::openEvidenceDialog);
    // The toolbar's button: short, so the toolbar fits 1024 px in Russian and Ukrainian; the menu
    // keeps the long text.
    m_attach->setIconText(tr("Evidence…", "toolbar button of Attach evidence"));
    m_closeSucceeded =
        addWindowAction(frame, this, tr("Close as &succeeded…"), {QKeySequence(u"Ctrl+Shift+S"_s)},
                        tr("Close with evidence: the provider moved the money"),
                        [this] { openCloseDialog(OperationState::Succeeded); });
    m_closeFailed =
        addWindowAction(frame, this, tr("Close as &failed…"), {QKeySequence(u"Ctrl+Shift+F"_s)},
                        tr("Close with evidence: no money moved"),
                        [this] { openCloseDialog(OperationState::Failed); });
    m_copyKey = addWindowAction(frame, this, tr("&Copy key"), {QKeySequence(u"Ctrl+Shift+C"_s)},
                                tr("Copy the idempotency key"), &RowActions::copyKey);
    m_message = addWindowAction(frame, this, tr("&Message customer…"), {QKeySequence(u"Ctrl+M"_s)},
                                tr("Tell the customer what we know, and only that"),
                                &RowActions::openComposeDialog);
    m_linkTicket =
        addWindowAction(frame, this, tr("Link to &ticket…"), {QKeySequence(u"Ctrl+Shift+K"_s)},
                        tr("The helpdesk ticket this operation answers: messages go there"),
                        [this] { openTicketDialog(); });
    m_newRefund = addWindowAction(
        frame, this, tr("Start a &new refund…"), {QKeySequence(u"Ctrl+Shift+N"_s)},
        tr("A refund closed as failed: start a new one with a new key, linked to it"),
        &RowActions::startNewRefund);
    m_cancel = addWindowAction(frame, this, tr("Cancel"), {QKeySequence(Qt::Key_Escape)},
                               tr("Stop waiting for the running look-up or resend"));
    connect(m_cancel, &QAction::triggered, &frame.requests(), &ConsoleRequests::cancelRequested);
    m_cancel->setEnabled(false);
}

QList<QAction *> RowActions::all() const
{
    return {m_lookUp,  m_resend,     m_attach,    m_closeSucceeded, m_closeFailed,
            m_message, m_linkTicket, m_newRefund, m_copyKey};
}

const std::optional<Operation> &RowActions::current() const
{
    return m_frame.detailArea()->current();
}

void RowActions::update()
{
    const bool busy = m_frame.isBusy();
    const std::optional<Operation> &row = current();
    const bool live = row && !isFinal(row->state);
    m_lookUp->setEnabled(row && !busy);
    m_attach->setEnabled(bool(row));
    m_closeSucceeded->setEnabled(live);
    m_closeFailed->setEnabled(live);
    m_copyKey->setEnabled(bool(row));
    m_message->setEnabled(bool(row));
    m_linkTicket->setEnabled(bool(row));
    m_resendReason = row ? reasonLabel(ops::resendBlockedReason(*row, m_frame.detailArea()->lease(),
                                                                m_frame.leaseHolder(),
                                                                m_frame.reads().clock().now()))
                         : tr("Select an operation first.");
    if (m_resendReason.isEmpty() && busy)
        m_resendReason = tr("Resend is off while another action is running.");
    m_resend->setEnabled(m_resendReason.isEmpty());
    m_resend->setToolTip(m_resendReason.isEmpty()
                             ? tr("Send the stored request once more, with the stored key (Ctrl+R)")
                             : m_resendReason);
    m_resend->setStatusTip(m_resend->toolTip());
    applyRights();
    updateNewRefundAction();
    if (row && !busy)
        m_frame.detailArea()->pane()->setResendReason(m_resendReason);
}

std::optional<Right> RowActions::rightOf(const QAction *action) const
{
    if (action == m_attach)
        return Right::Attach;
    if (action == m_closeSucceeded || action == m_closeFailed)
        return Right::Close;
    if (action == m_resend || action == m_newRefund)
        return Right::Resend; // a new refund sends money again
    if (action == m_message || action == m_linkTicket)
        return Right::Message;
    return std::nullopt;
}

void RowActions::applyRights()
{
    const OperatorAccess &access = m_frame.access();
    const QString who = accessLabel(access); // "carol (support)", "erin (disabled)"
    const auto deny = [&](QAction *action, Right right) {
        if (access.rights.testFlag(right))
            return false;
        action->setEnabled(false);
        action->setToolTip(rightRefusal(who, right));
        action->setStatusTip(action->toolTip());
        return true;
    };
    deny(m_attach, Right::Attach);
    deny(m_closeSucceeded, Right::Close);
    deny(m_closeFailed, Right::Close);
    deny(m_message, Right::Message);
    deny(m_linkTicket, Right::Message);
    if (deny(m_resend, Right::Resend))
        m_resendReason = m_resend->toolTip();
}

void RowActions::copyKey()
{
    if (!current())
        return;
    QApplication::clipboard()->setText(current()->idempotencyKey);
    m_frame.showStatus(tr("Copied key %1").arg(current()->idempotencyKey), 5000);
}

void RowActions::lookUp()
{
    if (!current() || m_frame.isBusy())
        return;
    m_frame.dismissBanner();
    emit m_frame.requests().lookUpRequested(current()->id);
}

void RowActions::resend()
{
    m_frame.reloadDetail(); // decide on fresh data: a colleague may have closed it a second ago
    if (!current() || !m_resend->isEnabled()) {
        m_frame.showStatus(m_resendReason, 10000);
        return;
    }
    m_frame.dismissBanner();
    const Operation &row = *current();
    if (!resendAsksFirst(row)) {
        emit m_frame.requests().resendRequested(row.id);
        return;
    }
    if (m_resendConfirm)
        m_resendConfirm->close();
    const OperationDetail &shown = m_frame.detailArea()->shown();
    const KeyMemory memory =
        shown.operation.id == row.id ? keyMemoryFor(row, shown.attempts) : KeyMemory::Nothing;
    auto *dialog =
        new ResendConfirmDialog(row, isLiveFor(row.provider), m_frame.reads().clock().now(), memory,
                                m_frame.access().rights.testFlag(Right::Close), &m_frame);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_resendConfirm = dialog;
    connect(dialog, &QDialog::accepted, this, [this, id = row.id] {
        // Decide again on fresh data: the window may have closed while the question was open.
        m_frame.reloadDetail();
        if (!current() || current()->id != id || !m_resend->isEnabled()) {
            showResendOutcome(id, false, tr("Not resent: %1").arg(m_resendReason));
            return;
        }
        emit m_frame.requests().resendRequested(id);
    });
    dialog->open();
}

ResendConfirmDialog *RowActions::resendConfirmDialog() const
{
    return m_resendConfirm.data();
}

NextStepDialog *RowActions::nextStepDialog() const
{
    return m_nextStep.data();
}

void RowActions::setLiveKeys(bool stripeLive, bool slenLive, bool adyenLive)
{
    m_stripeLive = stripeLive;
    m_slenLive = slenLive;
    m_adyenLive = adyenLive;
}

bool RowActions::isLiveFor(Provider provider) const
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

bool RowActions::resendAsksFirst(const Operation &op) const
{
    return isLiveFor(op.provider) || confirmResendWithTestKey();
}

void RowActions::showResendOutcome(const QString &operationId, bool ok, const QString &text)
{
    // A resend that closes the row takes it out of the checking queue, so the selection may
    // have moved on by now: the pane still shows the outcome, naming the operation it is about,
    // until the operator selects another row.
    const QString shown = text.contains(operationId) ? text : tr("%1: %2").arg(operationId, text);
    m_frame.detailArea()->pane()->showActionOutcome(shown, ok);
    m_frame.showStatus(shown, 15000);
    m_frame.supervision()->showResendOutcome(operationId, ok, text);
}

LookupDialog *RowActions::showLookupAnswer(const LookupAnswer &answer)
{
    if (!answer.error.isEmpty()) {
        // Only what this person may do: Ctrl+E is named to those with the Attach right.
        m_frame.showError(
            answer.error,
            m_frame.access().rights.testFlag(Right::Attach)
                ? tr("Look up again (Ctrl+L) once the provider answers, or attach what the "
                     "provider's dashboard shows (Ctrl+E).")
                : tr("Look up again (Ctrl+L) once the provider answers."));
        return nullptr;
    }
    auto *dialog = new LookupDialog(answer, &m_frame);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const OperatorAccess &access = m_frame.access();
    dialog->setAllowed(
        access.rights.testFlag(Right::Attach), access.rights.testFlag(Right::Close),
        tr("%1 may not attach evidence; ask a supervisor.").arg(accessLabel(access)));
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

void RowActions::offerResendIn(LookupDialog *dialog)
{
    // Whether Resend is still allowed, decided for the answer's operation as it is now.
    const LookupAnswer &answer = dialog->answer();
    std::optional<Operation> op;
    try {
        op = m_frame.reads().operation(answer.operationId);
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "look-up: could not read" << answer.operationId << e.message();
    }
    const QDateTime now = m_frame.reads().clock().now();
    const bool windowOpen = op && !isFinal(op->state) && (!op->deadline || now < *op->deadline);
    const bool isCurrent = current() && current()->id == answer.operationId;
    QString blocked = op ? ops::resendBlockedReason(*op,
                                                    isCurrent ? m_frame.detailArea()->lease()
                                                              : std::optional<ResendLease>(),
                                                    m_frame.leaseHolder(), now)
                         : QString();
    if (blocked.isEmpty() && m_frame.isBusy())
        blocked = tr("Resend is off while another action is running.");
    dialog->offerResend(windowOpen, blocked);
}

void RowActions::resendFromLookup(LookupDialog *dialog)
{
    const QString id = dialog->answer().operationId;
    // Decide on fresh data, for that operation: the window may have closed since the look-up.
    if (!m_frame.selectOperation(id)) {
        m_frame.tabs()->setCurrentIndex(MainWindow::OperationsTab);
        if (m_frame.selectOperation(id))
            return resendFromLookup(dialog);
        dialog->showResendRefused(
            tr("%1 is not in the current list; clear the search and select it.").arg(id));
        return;
    }
    m_frame.reloadDetail();
    if (!current() || current()->id != id || !m_resend->isEnabled()) {
        dialog->showResendRefused(m_resendReason);
        showResendOutcome(id, false, tr("Not resent: %1").arg(m_resendReason));
        return;
    }
    dialog->accept();
    resend(); // the same question (amount, key, window left) and lease as Ctrl+R
}

void RowActions::offerNextStep(const QString &operationId)
{
    std::optional<Operation> op;
    try {
        op = m_frame.reads().operation(operationId);
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "next step: could not read" << operationId << e.message();
    }
    if (!op || op->state != OperationState::Failed)
        return; // awaiting a second person's approval, or not closed: nothing to offer yet
    if (m_nextStep)
        m_nextStep->close();
    auto *dialog = new NextStepDialog(*op, &m_frame);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_nextStep = dialog;
    connect(dialog, &NextStepDialog::messageRequested, this, [this](const QString &id) {
        // The closed row has left the checking queue: compose for it by id.
        if (ComposeDialog *compose = openComposeDialogFor(id))
            compose->setTemplate(MessageTemplate::Failed);
    });
    connect(dialog, &NextStepDialog::newRefundRequested, this, &RowActions::openNewRefundDialogFor);
    if (!m_frame.access().maySendMoney())
        dialog->refuseNewRefund(m_frame.refusalFor(m_newRefund));
    dialog->open();
}

} // namespace ops::ui
