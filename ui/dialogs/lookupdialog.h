#pragma once

// Shows what a look-up at the provider found, and offers the next step in one click: attach the
// answer as evidence, and (when the answer supports it) go on to the proposed close. When the
// provider shows nothing for the row and its window is still open, it also offers Resend (the
// customer still wants the money): the same confirm-and-lease path as the Resend action.

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

    QPushButton *attachButton() const { return m_attach; }
    QPushButton *closeButton() const { return m_close; }
    QPushButton *resendButton() const { return m_resendButton; }
    QString statusText() const;

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
    // Resend the operation (MainWindow decides again on fresh data and asks first).
    void resendRequested();

private:
    LookupAnswer m_answer;
    QLabel *m_status = nullptr;
    QPushButton *m_attach = nullptr;
    QPushButton *m_close = nullptr;
    QPushButton *m_resendButton = nullptr;
    QLabel *m_summary = nullptr;
    qint64 m_attachedId = 0;
};

} // namespace ops::ui
