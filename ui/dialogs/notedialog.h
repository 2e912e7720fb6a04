#pragma once

// Add note… (DESIGN §18): a short internal comment on a row, never proof. The dialog counts the
// characters against kMaxNoteLength and shows in place why the text is no note yet
// (noteProblem(), translated); OK stays off while there is a reason. OK hands the text on
// (submitted) and the dialog waits, OK off, until whoever stores it answers: stored() closes
// it, refused() shows why in place (until the text changes) and lets the person try again. It
// stores nothing itself.

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace ops::ui {

class NoteDialog final : public QDialog
{
    Q_OBJECT
public:
    NoteDialog(const QString &operationId, QWidget *parent = nullptr);

    QString operationId() const { return m_operationId; }
    // The note as it will be stored: the text trimmed.
    QString text() const;
    // Why the text is no note ('' when it is), translated.
    QString problem() const;

    QPlainTextEdit *textEdit() const { return m_text; }
    QLabel *countLabel() const { return m_count; }
    QLabel *problemLabel() const { return m_problem; }
    QPushButton *okButton() const { return m_ok; }

    // The store's answer: stored (the dialog closes) or refused with `why` (it stays open).
    void stored();
    void refused(const QString &why);
    bool isSaving() const { return m_saving; }

    void accept() override;

signals:
    // OK with a text that is a note: store it, then call stored() or refused().
    void submitted(const QString &operationId, const QString &text);

private:
    void refresh();

    QString m_operationId;
    QPlainTextEdit *m_text = nullptr;
    QLabel *m_count = nullptr;
    QLabel *m_problem = nullptr;
    QPushButton *m_ok = nullptr;
    QString m_refusal; // the store's last refusal, shown until the text changes
    bool m_saving = false;
};

} // namespace ops::ui
