#include "dialogs/settingsdialog.h"

#include "common/language.h"
#include "dialogs/resendconfirmdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(u"settingsDialog"_s);
    setWindowTitle(tr("Settings"));
    m_language = new QComboBox(this);
    m_language->setObjectName(u"languageCombo"_s);
    const QString system = effectiveLanguage({}, QLocale::system());
    m_language->addItem(tr("System language (%1)").arg(nativeLanguageName(system)), QString());
    for (const QString &code : supportedLanguages())
        m_language->addItem(nativeLanguageName(code), code);
    m_language->setCurrentIndex(qMax(0, m_language->findData(storedLanguage())));

    m_note = new QLabel(tr("The language, and the way amounts and dates are written, change "
                           "when the console is started again."),
                        this);
    m_note->setWordWrap(true);
    m_confirmResend = new QCheckBox(
        tr("&Ask before resending with a test key (with a live key it always asks)"), this);
    m_confirmResend->setObjectName(u"confirmResendBox"_s);
    m_confirmResend->setChecked(confirmResendWithTestKey());
    auto *form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);
    form->addRow(m_confirmResend);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_note);
    layout->addWidget(buttons);
}

QString SettingsDialog::chosenLanguage() const
{
    return m_language->currentData().toString();
}

void SettingsDialog::accept()
{
    storeLanguage(chosenLanguage());
    storeConfirmResendWithTestKey(m_confirmResend->isChecked());
    QDialog::accept();
}

} // namespace ops::ui
