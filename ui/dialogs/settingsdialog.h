#pragma once

// Settings → Language: follow the system, or English, Русский, Українська. The choice is stored
// at once and takes effect when the console next starts (every window is built in the chosen
// language; nothing half-translated on screen). Also whether Resend asks first with a test
// provider key (with a live key it always asks); that one applies at once.

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;

namespace ops::ui {

class SettingsDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget *parent = nullptr);

    QComboBox *languageCombo() const { return m_language; }
    QCheckBox *confirmResendBox() const { return m_confirmResend; }
    // '' = follow the system.
    QString chosenLanguage() const;
    // Stores the choice (QSettings) and closes.
    void accept() override;

private:
    QComboBox *m_language = nullptr;
    QCheckBox *m_confirmResend = nullptr;
    QLabel *m_note = nullptr;
};

} // namespace ops::ui
