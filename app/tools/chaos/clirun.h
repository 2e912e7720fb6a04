#pragma once

// One blocking opsctl call of the harness (set-up, sweep, list, the final reconciler pass):
// its exit code and stdout. A call still running after 60 s is killed (exit -1).

#include <QByteArray>
#include <QProcessEnvironment>
#include <QStringList>

namespace ops::chaos {

struct CliResult
{
    int exitCode = -1;
    QByteArray out;
};

CliResult runCli(const QString &opsctl, const QProcessEnvironment &env, const QStringList &args);

} // namespace ops::chaos
