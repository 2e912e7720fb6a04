#pragma once

// One blocking opsctl call of the harness (set-up, sweep, list, the final reconciler pass):
// its exit code, stdout and stderr. A call still running after 60 s is killed (exit -1).

#include <QByteArray>
#include <QProcessEnvironment>
#include <QStringList>

namespace ops::chaos {

struct CliResult
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

CliResult runCli(const QString &opsctl, const QProcessEnvironment &env, const QStringList &args);

// The run's supervisor, who changes settings and adds agents: added to the database the first
// time it is asked for (the bootstrap rule lets the first operator add itself), found there
// after that. Returns its name; throws std::runtime_error when it cannot be added.
QString chaosSupervisor(const QString &opsctl, const QProcessEnvironment &env);

} // namespace ops::chaos
