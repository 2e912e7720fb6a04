#pragma once

// QSettings for a test process in a temporary folder (INI format): console preferences a test
// writes (the language, whether Resend asks first) never touch the real user's configuration,
// and a real user's choices never change what a test sees. Call once, before any QSettings.

#include <QSettings>
#include <QTemporaryDir>

namespace ops::test {

inline void isolateSettings()
{
    static QTemporaryDir dir;
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
}

} // namespace ops::test
