#include "chaos/clirun.h"

#include <QProcess>

namespace ops::chaos {

CliResult runCli(const QString &opsctl, const QProcessEnvironment &env, const QStringList &args)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(opsctl, args);
    if (!p.waitForFinished(60000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput()};
}

} // namespace ops::chaos
