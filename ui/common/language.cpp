#include "common/language.h"

#include "common/uilogging.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

QTranslator *&installed(int which)
{
    static QTranslator *translators[2] = {nullptr, nullptr};
    return translators[which];
}

void replaceTranslator(int which, QTranslator *next)
{
    QTranslator *&slot = installed(which);
    if (slot) {
        QCoreApplication::removeTranslator(slot);
        delete slot;
    }
    slot = next;
    if (slot)
        QCoreApplication::installTranslator(slot);
}

} // namespace

QStringList supportedLanguages()
{
    return {u"en"_s, u"ru"_s, u"uk"_s};
}

QString nativeLanguageName(const QString &code)
{
    if (code == u"ru"_s)
        return u"Русский"_s;
    if (code == u"uk"_s)
        return u"Українська"_s;
    return u"English"_s;
}

QString storedLanguage()
{
    const QString code = QSettings().value(QString::fromLatin1(kLanguageSettingKey)).toString();
    return supportedLanguages().contains(code) ? code : QString();
}

void storeLanguage(const QString &code)
{
    QSettings settings;
    if (code.isEmpty())
        settings.remove(QString::fromLatin1(kLanguageSettingKey));
    else
        settings.setValue(QString::fromLatin1(kLanguageSettingKey), code);
}

QString effectiveLanguage(const QString &stored, const QLocale &system)
{
    if (supportedLanguages().contains(stored))
        return stored;
    switch (system.language()) {
    case QLocale::Russian:
        return u"ru"_s;
    case QLocale::Ukrainian:
        return u"uk"_s;
    default:
        return u"en"_s;
    }
}

QLocale localeFor(const QString &stored, const QLocale &system)
{
    if (stored == u"ru"_s)
        return QLocale(QLocale::Russian, QLocale::Russia);
    if (stored == u"uk"_s)
        return QLocale(QLocale::Ukrainian, QLocale::Ukraine);
    if (stored == u"en"_s)
        return system.language() == QLocale::English
                   ? system
                   : QLocale(QLocale::English, QLocale::UnitedStates);
    return system;
}

bool applyLanguage(const QString &code, const QLocale &locale)
{
    QLocale::setDefault(locale);
    if (code == u"en"_s || !supportedLanguages().contains(code)) {
        replaceTranslator(0, nullptr);
        replaceTranslator(1, nullptr);
        return code == u"en"_s;
    }
    auto *console = new QTranslator;
    if (!console->load(u":/i18n/opsconsole_"_s + code)) {
        qCWarning(lcUi) << "no console translation for" << code;
        delete console;
        replaceTranslator(0, nullptr);
        return false;
    }
    replaceTranslator(0, console);
    // Qt's own strings (standard buttons, file dialogs) when the distribution ships them.
    auto *qt = new QTranslator;
    if (qt->load(u"qtbase_"_s + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        replaceTranslator(1, qt);
    else
        delete qt;
    return true;
}

} // namespace ops::ui
