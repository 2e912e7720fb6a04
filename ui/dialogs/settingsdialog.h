#pragma once

// Settings → Language: follow the system, or English, Русский, Українська. The choice is stored
// at once and takes effect when the console next starts (every window is built in the chosen
// language; nothing half-translated on screen).

#include <QDialog>

class QComboBox;
class QLabel;

namespace ops::ui {

class SettingsDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget *parent = nullptr);

    QComboBox *languageCombo() const { return m_language; }
    // '' = follow the system.
    QString chosenLanguage() const;
    // Stores the choice (QSettings) and closes.
    void accept() override;

private:
    QComboBox *m_language = nullptr;
    QLabel *m_note = nullptr;
};

} // namespace ops::ui
