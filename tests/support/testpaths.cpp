#include "support/testpaths.h"

// This file alone is compiled with the absolute paths (tests/support/CMakeLists.txt); the
// declarations are guarded per suite, so define them here unconditionally.

namespace ops::test {

QString sourceDir()
{
    return QStringLiteral(OPS_SOURCE_DIR);
}

QString providerSimPath()
{
    return QStringLiteral(OPS_PROVIDER_SIM_PATH);
}

QString opsctlPath()
{
    return QStringLiteral(OPS_OPSCTL_PATH);
}

QString consolePath()
{
    return QStringLiteral(OPS_CONSOLE_PATH);
}

} // namespace ops::test
