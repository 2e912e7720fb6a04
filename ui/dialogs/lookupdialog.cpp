#include "dialogs/lookupdialog.h"

#include "itemmodels/detailmodels.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

LookupDialog::LookupDialog(LookupAnswer answer, QWidget *parent)
    : QDialog(parent)
    , m_answer(std::move(answer))
{
    setObjectName(u"lookupDialog"_s);
    setWindowTitle(tr("Provider look-up: %1").arg(m_answer.operationId));
    auto *summary = new QLabel(m_answer.summary, this);
    m_summary = summary;
    summary->setObjectName(u"lookupSummary"_s);
    summary->setWordWrap(true);
    summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *body = new QPlainTextEdit(this);
    body->setReadOnly(true);
    body->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    body->setPlainText(readableBody(m_answer.evidenceBody, u"application/json"_s));
    m_status = new QLabel(this);
    m_status->setObjectName(u"lookupStatus"_s);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_attach = buttons->addButton(tr("&Attach as evidence"), QDialogButtonBox::ActionRole);
    m_attach->setObjectName(u"attachLookup"_s);
    m_attach->setEnabled(!m_answer.evidenceBody.isEmpty());
    const QString proposal = m_answer.proposedOutcome == OperationState::Succeeded
                                 ? tr("Attach and close as &succeeded…")
                                 : tr("Attach and close as &failed…");
    m_close = buttons->addButton(proposal, QDialogButtonBox::ActionRole);
    m_close->setObjectName(u"closeFromLookup"_s);
    m_close->setDefault(m_answer.proposedOutcome.has_value());
    m_ask = buttons->addButton(tr("Attach evidence and as&k a supervisor"),
                               QDialogButtonBox::ActionRole);
    m_ask->setObjectName(u"askFromLookup"_s);
    m_ask->setToolTip(tr("Attach the answer and file its proposed close as a request: a "
                         "supervisor approves it (the close is carried out) or rejects it in "
                         "their Approvals tab."));
    m_resendButton = buttons->addButton(tr("&Resend…"), QDialogButtonBox::ActionRole);
    m_resendButton->setObjectName(u"resendFromLookup"_s);
    m_resendButton->setToolTip(tr("Send the stored request once more with the stored key: the "
                                  "provider replays it if it happened, or makes it once."));
    // After the last addButton(): adding a button shows every button of the box again.
    m_close->setVisible(m_answer.proposedOutcome.has_value());
    m_resendButton->setVisible(false);
    m_ask->setVisible(false);
    connect(m_ask, &QPushButton::clicked, this, &LookupDialog::askRequested);
    connect(m_resendButton, &QPushButton::clicked, this, &LookupDialog::resendRequested);
    connect(m_attach, &QPushButton::clicked, this, &LookupDialog::attachRequested);
    connect(m_close, &QPushButton::clicked, this, &LookupDialog::closeRequested);
    connect(buttons, &QDialogButtonBox::rejected, this, &LookupDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(summary);
    layout->addWidget(body, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(640, 480);
}

void LookupDialog::offerResend(bool windowOpen, const QString &blockedReason)
{
    if (!m_answer.resendHelps)
        return;
    if (!windowOpen) {
        m_resendButton->setVisible(false);
        m_summary->setText(m_summary->text() +
                           tr("\nThe retention window has closed: nothing can be resent for "
                              "this operation. Close it with evidence, then tell the customer."));
        return;
    }
    // §16: where nothing is stored under the key and the window is open, the resend finishes the
    // refund; a close failed would end a refund the customer is owed, so nobody is asked for one.
    m_ask->setVisible(false);
    m_ask->setDefault(false);
    m_summary->setText(m_summary->text().remove(m_askNote));
    m_resendButton->setVisible(true);
    m_resendButton->setEnabled(blockedReason.isEmpty());
    if (!blockedReason.isEmpty())
        m_resendButton->setToolTip(blockedReason);
    else if (!m_closeAllowed)
        m_resendButton->setDefault(true); // what finishes the refund, and this person may do
}

void LookupDialog::setAllowed(bool attach, bool close, const QString &refusal)
{
    m_closeAllowed = close;
    m_attachAllowed = attach;
    if (!attach) {
        m_attach->setEnabled(false);
        m_attach->setToolTip(refusal);
    }
    if (close)
        return;
    m_close->setDefault(false);
    m_close->setVisible(false);
    if (!m_answer.proposedOutcome)
        return; // nothing to ask for: the answer supports no close
    // The summary may say "close it": say who can, and how this person gets it done.
    m_askNote = tr("\nOnly a supervisor closes operations: \"Attach evidence and ask a "
                   "supervisor\" files this close for one to approve or reject.");
    m_summary->setText(m_summary->text() + m_askNote);
    m_ask->setVisible(true);
    m_ask->setEnabled(attach && !m_answer.evidenceBody.isEmpty());
    if (!attach)
        m_ask->setToolTip(refusal);
    m_ask->setDefault(m_ask->isEnabled());
}

void LookupDialog::markAsked(qint64 approvalId)
{
    m_ask->setEnabled(false);
    m_ask->setDefault(false);
    m_status->setText(tr("Asked a supervisor: approval #%1 waits in their Approvals tab. The "
                         "evidence is attached.")
                          .arg(approvalId));
}

QString LookupDialog::summaryText() const
{
    return m_summary->text();
}

void LookupDialog::showAskRefused(const QString &reason)
{
    // The answer stays attached: it is what the person found, whatever became of the request.
    m_status->setText(tr("Not asked: %1. The answer is attached as evidence.").arg(reason));
}

void LookupDialog::showResendRefused(const QString &reason)
{
    m_resendButton->setEnabled(false);
    m_resendButton->setToolTip(reason);
    m_status->setText(tr("Not resent: %1").arg(reason));
}

QString LookupDialog::statusText() const
{
    return m_status->text();
}

void LookupDialog::setAttaching(bool attaching)
{
    m_attaching = attaching;
    m_attach->setEnabled(!attaching && m_attachAllowed && m_attachedId == 0 &&
                         !m_answer.evidenceBody.isEmpty());
    m_status->setText(attaching ? tr("Attaching the answer as evidence…") : QString());
}

void LookupDialog::markAttached(qint64 evidenceId, int number)
{
    m_attaching = false;
    m_attachedId = evidenceId;
    m_attach->setEnabled(false);
    m_status->setText(tr("Attached as evidence %1 of this operation.").arg(number));
}

} // namespace ops::ui
