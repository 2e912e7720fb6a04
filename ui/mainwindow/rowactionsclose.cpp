// RowActions' writes on a row: evidence, a manual close, and a look-up answer attached, closed
// from or asked about. Each write goes out through the frame's ConsoleWrites (never through its
// own connection, which only reads) and finishes when the answer comes back on the UI thread.

#include "common/consolewrites.h"
#include "common/refusaltext.h"
#include "common/uilogging.h"
#include "dialogs/closedialog.h"
#include "dialogs/evidencedialog.h"
#include "dialogs/lookupdialog.h"
#include "domain/evidencemaking.h"
#include "domain/storeerror.h"
#include "itemmodels/operationlabels.h"
#include "itemmodels/reasontext.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/rowactions.h"

using namespace Qt::StringLiterals;

namespace ops::ui {

EvidenceDialog *RowActions::openEvidenceDialog()
{
    if (!current())
        return nullptr;
    auto *dialog = new EvidenceDialog(current()->id, m_frame.actor(), &m_frame);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const Evidence e = dialog->evidence();
        m_frame.writes().addEvidence(
            e, this, [this, operationId = e.operationId](const Written<EvidenceAdded> &w) {
                try {
                    const EvidenceAdded &added = w.get();
                    // Numbered as the operation's evidence list numbers it, not by the global id.
                    m_frame.showStatus(
                        tr("Attached evidence %1 to %2").arg(added.all.size()).arg(operationId),
                        8000);
                } catch (const StoreError &e) {
                    m_frame.showError(tr("The evidence was not stored: ") + storeErrorText(e),
                                      tr("Try again; nothing was attached."));
                }
                m_frame.reloadAll();
                m_frame.detailArea()->pane()->showTab(DetailPane::EvidenceTab);
            });
    });
    dialog->open();
    return dialog;
}

void RowActions::submitClose(const ManualClose &close, const CloseDialog::Answer &answer)
{
    m_frame.writes().closeManually(
        close, this, [this, close, answer](const Written<ManualCloseResult> &w) {
            try {
                const ManualCloseResult &result = w.get();
                if (result.refusal == ManualCloseRefusal::AwaitingApproval) {
                    m_frame.showStatus(
                        tr("%1 waits for a second person: the close is in the approvals list")
                            .arg(close.operationId),
                        15000);
                    return answer({});
                }
                if (!result.closed())
                    return answer(result.message);
            } catch (const StoreError &e) {
                return answer(storeErrorText(e));
            }
            m_frame.showStatus(
                tr("Closed %1 as %2").arg(close.operationId, toString(close.outcome)), 10000);
            if (current() && current()->id == close.operationId && !current()->ticket.isEmpty())
                emit m_frame.requests().decisionNotesRequested(close.operationId);
            answer({});
        });
}

CloseDialog *RowActions::openCloseDialog(OperationState outcome)
{
    m_frame.reloadDetail();
    return current() ? openCloseDialogFor(current()->id, outcome) : nullptr;
}

CloseDialog *RowActions::openCloseDialogFor(const QString &operationId, OperationState outcome)
{
    std::optional<Operation> op;
    std::vector<Evidence> evidence;
    std::optional<Money> exceeded; // the dialog says before confirming that approval is needed
    try {
        op = m_frame.reads().operation(operationId);
        evidence = m_frame.reads().evidence(operationId);
        if (op)
            exceeded = m_frame.reads().approvalThresholdExceeded(*op);
    } catch (const StoreError &e) {
        m_frame.showError(tr("Could not read %1: %2").arg(operationId, e.message()),
                          tr("Try again in a moment."));
        return nullptr;
    }
    if (!op)
        return nullptr;
    auto *dialog = new CloseDialog(
        *op, std::move(evidence), outcome, m_frame.actor(),
        [this](const ManualClose &c, const CloseDialog::Answer &answer) { submitClose(c, answer); },
        &m_frame);
    dialog->setApprovalThreshold(exceeded);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, &m_frame, &MainWindow::reloadAll);
    connect(dialog, &CloseDialog::attachEvidenceRequested, this,
            [this, dialog, operationId] { attachFromClose(dialog, operationId); });
    dialog->open();
    return dialog;
}

void RowActions::attachFromClose(CloseDialog *close, const QString &operationId)
{
    // Over the close dialog; once stored, the close dialog lists it ticked.
    auto *attach = new EvidenceDialog(operationId, m_frame.actor(), close);
    attach->setAttribute(Qt::WA_DeleteOnClose);
    connect(attach, &QDialog::accepted, close, [this, close, attach] {
        m_frame.writes().addEvidence(
            attach->evidence(), close, [this, close](const Written<EvidenceAdded> &w) {
                try {
                    const EvidenceAdded &added = w.get();
                    close->setEvidence(added.all);
                    close->checkEvidence(added.id);
                } catch (const StoreError &error) {
                    m_frame.showError(tr("The evidence was not stored: ") + storeErrorText(error),
                                      tr("Try again; nothing was attached."));
                }
                m_frame.reloadAll();
            });
    });
    attach->open();
}

void RowActions::attachLookupAnswer(LookupDialog *dialog, const std::function<void(qint64)> &then)
{
    if (dialog->attachedEvidenceId() != 0) { // attached already: evidence is stored once
        if (then)
            then(dialog->attachedEvidenceId());
        return;
    }
    if (dialog->isAttaching())
        return; // the first click's write decides
    const LookupAnswer &a = dialog->answer();
    const Evidence e =
        providerObject(a.operationId, a.evidenceTitle, a.evidenceBody, m_frame.actor());
    dialog->setAttaching(true);
    m_frame.writes().addEvidence(e, dialog, [this, dialog, then](const Written<EvidenceAdded> &w) {
        try {
            const EvidenceAdded &added = w.get();
            dialog->markAttached(added.id, int(added.all.size()));
        } catch (const StoreError &error) {
            dialog->setAttaching(false);
            m_frame.showError(tr("The look-up answer was not stored: ") + storeErrorText(error),
                              tr("Press Attach again."));
            return;
        }
        m_frame.reloadDetail();
        if (then)
            then(dialog->attachedEvidenceId());
    });
}

void RowActions::closeFromLookup(LookupDialog *dialog)
{
    const LookupAnswer answer = dialog->answer();
    if (!answer.proposedOutcome)
        return attachLookupAnswer(dialog, {});
    attachLookupAnswer(dialog, [this, dialog, answer](qint64 evidenceId) {
        dialog->accept();
        if (!m_frame.selectOperation(answer.operationId))
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
    });
}

void RowActions::askFromLookup(LookupDialog *dialog)
{
    const LookupAnswer answer = dialog->answer();
    if (!answer.proposedOutcome)
        return;
    attachLookupAnswer(dialog, [this, dialog, answer](qint64 evidenceId) {
        const ManualClose close{
            answer.operationId,
            *answer.proposedOutcome,
            answer.providerRef,
            {evidenceId},
            m_frame.actor(),
            answer.proposedReason.isEmpty() ? answer.summary : answer.proposedReason};
        m_frame.writes().askForClose(
            close, dialog, [this, dialog, close](const Written<ManualCloseResult> &w) {
                try {
                    const ManualCloseResult &result = w.get();
                    if (result.refusal != ManualCloseRefusal::AwaitingApproval) {
                        dialog->showAskRefused(result.message);
                        return;
                    }
                    dialog->markAsked(result.approvalId);
                    m_frame.showStatus(
                        tr("%1: a supervisor was asked to close it as %2 (approval #%3)")
                            .arg(close.operationId, stateLabel(close.outcome))
                            .arg(result.approvalId),
                        15000);
                } catch (const StoreError &e) {
                    dialog->showAskRefused(storeErrorText(e));
                }
                m_frame.reloadAll();
            });
    });
}

} // namespace ops::ui
