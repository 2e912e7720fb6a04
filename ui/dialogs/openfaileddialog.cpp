#include "dialogs/openfaileddialog.h"

#include "domain/dblocation.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

OpenFailedDialog::OpenFailedDialog(const QString &location, const QString &reason, QWidget *parent)
    : QDialog(parent)
    , m_location(location)
{
    setObjectName(u"openFailedDialog"_s);
    setWindowTitle(tr("Cannot open the database"));
    m_text = new QLabel(
        tr("<p>The console cannot open the database</p><p><tt>%1</tt></p>"
           "<p><b>Reason:</b> %2</p>"
           "<p>Choose another database file (a new file becomes an empty "
           "database), or quit and fix the path or its permissions.</p>")
            .arg(DbLocation::parse(location).display().toHtmlEscaped(), reason.toHtmlEscaped()),
        this);
    m_text->setObjectName(u"openFailedText"_s);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *buttons = new QDialogButtonBox(this);
    m_choose = buttons->addButton(tr("&Choose another…"), QDialogButtonBox::ActionRole);
    m_choose->setObjectName(u"chooseDatabaseButton"_s);
    buttons->addButton(tr("&Quit"), QDialogButtonBox::RejectRole);
    connect(m_choose, &QPushButton::clicked, this, &OpenFailedDialog::choose);
    connect(buttons, &QDialogButtonBox::rejected, this, &OpenFailedDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_text);
    layout->addWidget(buttons);
    setMinimumWidth(480);
}

QString OpenFailedDialog::chooseSqliteFile(QWidget *parent, const QString &startDir)
{
    return QFileDialog::getSaveFileName(parent, tr("Choose a database"), startDir,
                                        tr("SQLite databases (*.sqlite *.db);;All files (*)"),
                                        nullptr, QFileDialog::DontConfirmOverwrite);
}

void OpenFailedDialog::choose()
{
    const QFileInfo current(m_location);
    const QString picked = m_chooser(this, current.absolutePath());
    if (picked.isEmpty())
        return;
    m_chosen = picked;
    accept();
}

} // namespace ops::ui
