#pragma once

// Settings → Language: follow the system, or English, Русский, Українська. The choice is stored
// at once and takes effect when the console next starts (every window is built in the chosen
// language; nothing half-translated on screen). Also whether Resend asks first with a test
// provider key (with a live key it always asks); that one applies at once.
//
// And the four-eyes threshold per currency, shown and typed in currency units ("1000.00", with
// the currency's decimals: minorDigits), when whoever opens the dialog hands it the thresholds
// and a way to store one (setApprovalThresholds); the dialog reads and writes no database.

#include "domain/result.h"

#include <QDialog>
#include <QLocale>
#include <QMap>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace ops::ui {

class SettingsDialog final : public QDialog
{
    Q_OBJECT
public:
    // The changed thresholds in order (currency, minor units or nullopt to remove it).
    using ThresholdChanges = std::vector<std::pair<QString, std::optional<qint64>>>;
    // How many of them were stored before the first refusal, and that refusal in the person's
    // words ('' when all were).
    using ThresholdAnswer = std::function<void(int stored, const QString &refusal)>;
    // Stores the changes off the UI thread (e.g. AccessStore::setApprovalThreshold for each) and
    // calls the answer later; until then OK is off.
    using ThresholdSubmit = std::function<void(const ThresholdChanges &, const ThresholdAnswer &)>;

    explicit SettingsDialog(QWidget *parent = nullptr);

    // Shows the thresholds (currency, minor units) in currency units; `submit` stores a change
    // on OK. Without `canChange` (no Approve right) the amount is read-only and says who may
    // change it. Until this is called the threshold box is hidden.
    void setApprovalThresholds(const std::vector<std::pair<QString, qint64>> &thresholds,
                               bool canChange, ThresholdSubmit submit);
    QGroupBox *thresholdBox() const { return m_thresholdBox; }
    QComboBox *thresholdCurrencyCombo() const { return m_thresholdCurrency; }
    QLineEdit *thresholdEdit() const { return m_threshold; }
    // "Now: 1,000.00 USD" or that there is none, for the currency shown.
    QLabel *thresholdNowLabel() const { return m_thresholdNow; }
    QLabel *refusalLabel() const { return m_refusal; }

    QComboBox *languageCombo() const { return m_language; }
    QCheckBox *confirmResendBox() const { return m_confirmResend; }
    // '' = follow the system.
    QString chosenLanguage() const;
    // Stores any changed threshold, then the choices (QSettings), and closes; a threshold that
    // cannot be read keeps the dialog open with the reason and stores nothing, and one that is
    // refused keeps it open with the reason (the ones before it are stored).
    void accept() override;
    // Thresholds handed to `submit` and not answered yet.
    bool isSaving() const { return m_saving; }

private:
    QGroupBox *buildThresholdBox();
    void showThreshold();
    // Pending threshold texts by currency, the shown one included; only changed ones.
    QMap<QString, QString> changedThresholds();
    // The changed thresholds as minor units; nullopt (the reason shown) when one is unreadable.
    std::optional<ThresholdChanges> thresholdChanges();
    void thresholdsStored(const ThresholdChanges &changes, int stored, const QString &refusal);
    void storeChoicesAndClose();

    QComboBox *m_language = nullptr;
    QCheckBox *m_confirmResend = nullptr;
    QLabel *m_note = nullptr;
    QGroupBox *m_thresholdBox = nullptr;
    QComboBox *m_thresholdCurrency = nullptr;
    QLineEdit *m_threshold = nullptr;
    QLabel *m_thresholdUnit = nullptr;
    QLabel *m_thresholdNow = nullptr;
    QLabel *m_refusal = nullptr;
    QPushButton *m_ok = nullptr;
    ThresholdSubmit m_submit;
    bool m_saving = false;
    QMap<QString, qint64> m_thresholds; // as handed in, minor units
    QMap<QString, QString> m_edits;     // texts typed for currencies not shown now
    QString m_shownCurrency;
};

} // namespace ops::ui
