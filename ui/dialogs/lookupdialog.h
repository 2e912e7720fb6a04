#pragma once

// Shows what a look-up at the provider found, and offers the next step in one click: attach the
// answer as evidence, and (when the answer supports it) go on to the proposed close.

#include "lookupanswer.h"

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

signals:
    void attachRequested();
    // Attach (if not yet) and open the close dialog with the proposal filled in.
    void closeRequested();

private:
    LookupAnswer m_answer;
    QLabel *m_status = nullptr;
    QPushButton *m_attach = nullptr;
    QPushButton *m_close = nullptr;
    qint64 m_attachedId = 0;
};

} // namespace ops::ui
