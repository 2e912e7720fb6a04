#include "dialogs/settingsdialog.h"

#include "common/amountunits.h"
#include "common/language.h"
#include "dialogs/resendconfirmdialog.h"
#include "domain/money.h"
#include "itemmodels/localeformat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>

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
    m_ok = buttons->button(QDialogButtonBox::Ok);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_note);
    layout->addWidget(buildThresholdBox());
    layout->addWidget(m_refusal);
    layout->addWidget(buttons);
}

QGroupBox *SettingsDialog::buildThresholdBox()
{
    m_thresholdBox = new QGroupBox(tr("Four-eyes approval"), this);
    m_thresholdBox->setObjectName(u"thresholdBox"_s);
    m_thresholdCurrency = new QComboBox(m_thresholdBox);
    m_thresholdCurrency->setObjectName(u"thresholdCurrency"_s);
    m_threshold = new QLineEdit(m_thresholdBox);
    m_threshold->setObjectName(u"threshold"_s);
    m_thresholdUnit = new QLabel(m_thresholdBox);
    m_thresholdNow = new QLabel(m_thresholdBox);
    m_thresholdNow->setObjectName(u"thresholdNow"_s);
    m_thresholdNow->setWordWrap(true);
    auto *amount = new QHBoxLayout;
    amount->addWidget(m_threshold, 1);
    amount->addWidget(m_thresholdUnit);
    auto *form = new QFormLayout(m_thresholdBox);
    form->addRow(tr("C&urrency:"), m_thresholdCurrency);
    auto *amountLabel = new QLabel(tr("&Threshold:"), m_thresholdBox);
    amountLabel->setBuddy(m_threshold);
    form->addRow(amountLabel, amount);
    form->addRow(m_thresholdNow);
    m_refusal = new QLabel(this);
    m_refusal->setObjectName(u"refusal"_s);
    m_refusal->setWordWrap(true);
    m_refusal->setStyleSheet(u"color: #a11b1b; font-weight: bold;"_s);
    m_refusal->hide();
    m_thresholdBox->hide(); // until the opener hands the thresholds
    connect(m_thresholdCurrency, &QComboBox::currentIndexChanged, this,
            &SettingsDialog::showThreshold);
    return m_thresholdBox;
}

void SettingsDialog::setApprovalThresholds(
    const std::vector<std::pair<QString, qint64>> &thresholds, bool canChange,
    ThresholdSubmit submit)
{
    m_submit = std::move(submit);
    m_thresholds.clear();
    m_edits.clear();
    m_shownCurrency.clear();
    for (const auto &[currency, minor] : thresholds)
        m_thresholds.insert(currency.toLower(), minor);
    // The currencies with a threshold first, then the common ones; others through opsctl.
    QStringList codes = m_thresholds.keys();
    for (const QString &code : {u"usd"_s, u"eur"_s, u"gbp"_s, u"uah"_s, u"jpy"_s})
        if (!codes.contains(code))
            codes << code;
    const QSignalBlocker block(m_thresholdCurrency);
    m_thresholdCurrency->clear();
    for (const QString &code : codes)
        m_thresholdCurrency->addItem(isKnownCurrency(code) ? code.toUpper() : code, code);
    m_threshold->setReadOnly(!canChange);
    m_threshold->setToolTip(canChange ? QString()
                                      : tr("Changing the threshold takes the approve right."));
    m_thresholdBox->show();
    showThreshold();
}

void SettingsDialog::showThreshold()
{
    if (!m_shownCurrency.isEmpty())
        m_edits.insert(m_shownCurrency, m_threshold->text());
    const QString code = m_thresholdCurrency->currentData().toString();
    m_shownCurrency = code;
    const QLocale locale;
    const auto it = m_thresholds.constFind(code);
    const QString stored =
        it == m_thresholds.constEnd() ? QString() : amountUnitsText(*it, code, locale);
    m_threshold->setText(m_edits.value(code, stored));
    m_thresholdUnit->setText(m_thresholdCurrency->currentText());
    const QString example = amountUnitsText(100000, code, locale);
    m_threshold->setPlaceholderText(tr("none, e.g. %1").arg(example));
    m_thresholdNow->setText(
        it == m_thresholds.constEnd()
            ? tr("Now: none. Closing any amount in %1 by hand needs no second person.")
                  .arg(m_thresholdCurrency->currentText())
            : tr("Now: %1. Closing a larger amount by hand needs a supervisor's approval; "
                 "empty the field to remove the threshold.")
                  .arg(formatMoney(Money{*it, code}, locale)));
}

QMap<QString, QString> SettingsDialog::changedThresholds()
{
    QMap<QString, QString> edits = m_edits;
    if (!m_shownCurrency.isEmpty())
        edits.insert(m_shownCurrency, m_threshold->text());
    const QLocale locale;
    QMap<QString, QString> changed;
    for (auto it = edits.cbegin(); it != edits.cend(); ++it) {
        const auto stored = m_thresholds.constFind(it.key());
        const QString before = stored == m_thresholds.constEnd()
                                   ? QString()
                                   : amountUnitsText(*stored, it.key(), locale);
        if (it.value().trimmed() != before)
            changed.insert(it.key(), it.value().trimmed());
    }
    return changed;
}

std::optional<SettingsDialog::ThresholdChanges> SettingsDialog::thresholdChanges()
{
    const QLocale locale;
    ThresholdChanges writes;
    const QMap<QString, QString> changed = changedThresholds();
    for (auto it = changed.cbegin(); it != changed.cend(); ++it) {
        if (it.value().isEmpty()) {
            writes.emplace_back(it.key(), std::nullopt);
            continue;
        }
        const auto minor = parseAmountUnits(it.value(), it.key(), locale);
        if (!minor) {
            m_refusal->setText(
                tr("Not saved: the %1 threshold: %2").arg(it.key().toUpper(), minor.error()));
            m_refusal->show();
            return std::nullopt;
        }
        writes.emplace_back(it.key(), *minor);
    }
    return writes;
}

void SettingsDialog::thresholdsStored(const ThresholdChanges &changes, int stored,
                                      const QString &refusal)
{
    m_saving = false;
    m_ok->setEnabled(true);
    for (int i = 0; i < stored && i < int(changes.size()); ++i) {
        const auto &[currency, minor] = changes[size_t(i)];
        if (minor)
            m_thresholds.insert(currency, *minor);
        else
            m_thresholds.remove(currency);
    }
    if (!refusal.isEmpty()) {
        m_refusal->setText(tr("Not saved: ") + refusal);
        m_refusal->show();
        return;
    }
    storeChoicesAndClose();
}

QString SettingsDialog::chosenLanguage() const
{
    return m_language->currentData().toString();
}

void SettingsDialog::accept()
{
    if (m_saving)
        return;
    if (!m_submit || m_threshold->isReadOnly())
        return storeChoicesAndClose();
    const auto changes = thresholdChanges();
    if (!changes)
        return;
    if (changes->empty())
        return storeChoicesAndClose();
    m_saving = true;
    m_ok->setEnabled(false);
    m_submit(*changes, [dialog = QPointer<SettingsDialog>(this),
                        changes = *changes](int stored, const QString &refusal) {
        if (dialog)
            dialog->thresholdsStored(changes, stored, refusal);
    });
}

void SettingsDialog::storeChoicesAndClose()
{
    storeLanguage(chosenLanguage());
    storeConfirmResendWithTestKey(m_confirmResend->isChecked());
    QDialog::accept();
}

} // namespace ops::ui
