#pragma once

// The console's language: English, Russian or Ukrainian. By default it follows the system
// language (English for any other); the operator can pin one in Settings, stored in QSettings
// under "ui/language". The choice is applied at start-up: translators are installed before the
// first window is built, and QLocale::setDefault makes money and dates follow the same choice.

#include <QLocale>
#include <QString>
#include <QStringList>

namespace ops::ui {

inline constexpr auto kLanguageSettingKey = "ui/language";

// "en", "ru", "uk".
QStringList supportedLanguages();
// The language's own name: "English", "Русский", "Українська".
QString nativeLanguageName(const QString &code);

// '' means "follow the system".
QString storedLanguage();
void storeLanguage(const QString &code);

// The language to show for a stored choice and a system locale.
QString effectiveLanguage(const QString &stored, const QLocale &system);
// The locale for money and dates: the system's when following it, else the language's own.
QLocale localeFor(const QString &stored, const QLocale &system);

// Installs the console's translator (and Qt's own, when present) for `code` on the running
// application, replacing any installed before, and sets the default QLocale. False when the
// console's translation for `code` is missing from the build (English needs none).
bool applyLanguage(const QString &code, const QLocale &locale);

} // namespace ops::ui
