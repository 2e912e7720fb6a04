#pragma once

// The database the console was pointed at cannot be opened (issue 17): the location (never a
// password) and the reason, and a way to pick another file or quit. The file picker is
// injectable so tests choose a path without a modal file dialog.

#include <QDialog>
#include <functional>

class QLabel;
class QPushButton;

namespace ops::ui {

class OpenFailedDialog final : public QDialog
{
    Q_OBJECT
public:
    // Returns the chosen path, or '' when the person cancelled.
    using Chooser = std::function<QString(QWidget *parent, const QString &startDir)>;

    OpenFailedDialog(const QString &location, const QString &reason, QWidget *parent = nullptr);

    void setChooser(Chooser chooser) { m_chooser = std::move(chooser); }
    QLabel *text() const { return m_text; }
    QPushButton *chooseButton() const { return m_choose; }
    // The other database picked (accepted), '' before.
    QString chosenPath() const { return m_chosen; }

    // A file dialog for a SQLite file, new or existing.
    static QString chooseSqliteFile(QWidget *parent, const QString &startDir);

private:
    void choose();

    QString m_location;
    QLabel *m_text = nullptr;
    QPushButton *m_choose = nullptr;
    Chooser m_chooser = &OpenFailedDialog::chooseSqliteFile;
    QString m_chosen;
};

} // namespace ops::ui
