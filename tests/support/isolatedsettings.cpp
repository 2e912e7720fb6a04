#include "support/isolatedsettings.h"

#include <QCoreApplication>
#include <QSettings>
#include <QTemporaryDir>

namespace ops::test {

void isolateSettings()
{
    static QTemporaryDir dir;
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
}

// Linked into every test as an object (tests/CMakeLists.txt), so the registration is never
// dropped the way an unreferenced member of a static library would be.
Q_COREAPP_STARTUP_FUNCTION(isolateSettings)

} // namespace ops::test
