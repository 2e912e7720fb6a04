#include "dialogs/notedialog.h"

#include "common/teamtext.h"
#include "domain/teamday.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

NoteDialog::NoteDialog(const QString &operationId, QWidget *parent)
    : QDialog(parent)
    , m_operationId(operationId)
{
    setObjectName(u"noteDialog"_s);
    setWindowTitle(tr("Add a note to %1").arg(operationId));
    auto *intro = new QLabel(tr("An internal note for the team: who called, what was agreed, what "
                                "to check next. Everyone who opens %1 reads it; it is never "
                                "evidence for a close and cannot be changed later.")
                                 .arg(operationId),
                             this);
    intro->setWordWrap(true);
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(u"noteText"_s);
    m_text->setTabChangesFocus(true);
    m_text->setPlaceholderText(tr("e.g. Customer called at 10:15; the bank shows no refund yet."));
    m_count = new QLabel(this);
    m_count->setObjectName(u"noteCount"_s);
    m_count->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_problem = new QLabel(this);
    m_problem->setObjectName(u"noteProblem"_s);
    m_problem->setStyleSheet(u"color: #a11b1b; font-weight: bold;"_s);
    m_problem->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_ok = buttons->addButton(tr("Add &note"), QDialogButtonBox::AcceptRole);
    m_ok->setObjectName(u"addNoteButton"_s);
    m_ok->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &NoteDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &NoteDialog::reject);
    connect(m_text, &QPlainTextEdit::textChanged, this, [this] {
        m_refusal.clear(); // a refusal was about the text before this change
        refresh();
    });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_text, 1);
    auto *row = new QHBoxLayout;
    row->addWidget(m_problem, 1);
    row->addWidget(m_count);
    layout->addLayout(row);
    layout->addWidget(buttons);
    resize(540, 320);
    refresh();
    m_text->setFocus();
}

QString NoteDialog::text() const
{
    return m_text->toPlainText().trimmed();
}

QString NoteDialog::problem() const
{
    return noteProblemText(noteProblem(m_text->toPlainText()));
}

void NoteDialog::refresh()
{
    const qsizetype length = text().size();
    m_count->setText(tr("%1 / %2 characters")
                         .arg(QLocale().toString(qlonglong(length)),
                              QLocale().toString(qlonglong(kMaxNoteLength))));
    m_count->setStyleSheet(length > kMaxNoteLength ? u"color: #a11b1b; font-weight: bold;"_s
                                                   : QString());
    // An empty text is said only once something was typed: a fresh dialog is not an error.
    const QString why = !m_refusal.isEmpty()            ? m_refusal
                        : m_text->document()->isEmpty() ? QString()
                                                        : problem();
    m_problem->setText(why);
    m_problem->setVisible(!why.isEmpty());
    m_ok->setEnabled(!m_saving && problem().isEmpty());
}

void NoteDialog::accept()
{
    if (m_saving || !problem().isEmpty())
        return;
    m_saving = true;
    refresh();
    emit submitted(m_operationId, text());
}

void NoteDialog::stored()
{
    m_saving = false;
    QDialog::accept();
}

void NoteDialog::refused(const QString &why)
{
    m_saving = false;
    m_refusal = why;
    refresh();
}

} // namespace ops::ui
