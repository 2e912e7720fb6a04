#pragma once

// A program run to the end as the command-line suites read it: exit code, stdout, stderr, and
// stdout as JSON (discarded — not an object — when it is not JSON).

#include <QProcess>
#include <nlohmann/json.hpp>

namespace ops::test {

struct ProcessRun
{
    int exitCode = -1; // -1: it did not finish in time
    QByteArray out;
    QByteArray err;
    nlohmann::json result() const { return nlohmann::json::parse(out.constData(), nullptr, false); }
    QString errText() const { return QString::fromUtf8(err).trimmed(); }
};

inline ProcessRun
runProcess(const QString &program, const QStringList &args,
           const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
           int timeoutMs = 120000)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForFinished(timeoutMs))
        return {};
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

} // namespace ops::test
