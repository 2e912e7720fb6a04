#pragma once

// Shows what a look-up at the provider found, and offers the next step in one click: attach the
// answer as evidence, and (when the answer supports it) go on to the proposed close. When the
// provider shows nothing for the row and its window is still open, it also offers Resend (the
// customer still wants the money): the same confirm-and-lease path as the Resend action.
// Each role sees only what it can finish (issue 31 item 4): without the Close right the close
// is not offered; "Attach evidence and ask a supervisor" files the proposed close as a request a
// supervisor decides in the Approvals tab, and is the default button unless a Resend that helps
// is on offer (DESIGN §16: then resending finishes the refund, and support may resend).

#include "domain/lookupanswer.h"

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace ops::ui {

class LookupDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit LookupDialog(LookupAnswer answer, QWidget *parent = nullptr);

    const LookupAnswer &answer() const { return m_answer; }
    // The answer is stored (global id `evidenceId`, the operation's item `number`): the attach
    // button is spent.
    void markAttached(qint64 evidenceId, int number);
    // The evidence id of the attached answer; 0 while not attached.
    qint64 attachedEvidenceId() const { return m_attachedId; }
    // The answer is being stored (the write is out): Attach is off until markAttached, or until
    // setAttaching(false) after a failure. Attach, Close and Ask do nothing meanwhile.
    void setAttaching(bool attaching);
    bool isAttaching() const { return m_attaching; }

    QPushButton *attachButton() const { return m_attach; }
    QPushButton *closeButton() const { return m_close; }
    QPushButton *resendButton() const { return m_resendButton; }
    QPushButton *askButton() const { return m_ask; }
    QString summaryText() const;
    QString statusText() const;

    // What this operator may do with the answer (the store refuses the rest too). Without
    // `close` the close button is hidden and, when the answer proposes a close, the ask button
    // is offered instead; without `attach` nothing can be stored, and both say `refusal`. Call
    // before offerResend.
    void setAllowed(bool attach, bool close, const QString &refusal);
    // The request is stored as approval `approvalId`: the ask button is spent.
    void markAsked(qint64 approvalId);
    // The request was refused (a close already waits, the row was closed meanwhile…).
    void showAskRefused(const QString &reason);

    // Offer Resend beside the proposed close when the answer says a resend helps and the
    // window is open. `blockedReason` (a colleague holds the lease, another action runs)
    // disables it with the reason as tooltip; past the window the button stays hidden and the
    // summary says why.
    void offerResend(bool windowOpen, const QString &blockedReason);
    // The resend was refused when asked (the window closed meanwhile…): nothing was sent.
    void showResendRefused(const QString &reason);

signals:
    void attachRequested();
    // Attach (if not yet) and open the close dialog with the proposal filled in.
    void closeRequested();
    // Attach (if not yet) and ask a supervisor to carry out the proposed close.
    void askRequested();
    // Resend the operation (RowActions decides again on fresh data and asks first).
    void resendRequested();

private:
    LookupAnswer m_answer;
    QLabel *m_status = nullptr;
    QPushButton *m_attach = nullptr;
    QPushButton *m_close = nullptr;
    QPushButton *m_resendButton = nullptr;
    QPushButton *m_ask = nullptr;
    bool m_closeAllowed = true;
    bool m_attachAllowed = true;
    QString m_askNote; // the summary's line on asking a supervisor, taken back where Resend helps
    QLabel *m_summary = nullptr;
    qint64 m_attachedId = 0;
    bool m_attaching = false;
};

} // namespace ops::ui
