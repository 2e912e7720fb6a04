#include "chaos/clirun.h"

#include <QProcess>
#include <stdexcept>

namespace ops::chaos {

CliResult runCli(const QString &opsctl, const QProcessEnvironment &env, const QStringList &args)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(opsctl, args);
    if (!p.waitForFinished(60000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

QString chaosSupervisor(const QString &opsctl, const QProcessEnvironment &env)
{
    const QString name = QStringLiteral("chaos-supervisor");
    const CliResult r = runCli(opsctl, env,
                               {QStringLiteral("--operator"), name, QStringLiteral("operator"),
                                QStringLiteral("add"), name, QStringLiteral("--role"),
                                QStringLiteral("supervisor")});
    if (r.exitCode != 0 && !r.err.contains("already exists"))
        throw std::runtime_error("could not add the run's supervisor: " + r.err.toStdString());
    return name;
}

} // namespace ops::chaos
