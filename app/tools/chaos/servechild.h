#pragma once

// A long-running opsctl as a child process on 127.0.0.1 with a free port: `opsctl serve` (the
// webhook receiver and the reconciler loop of one database, --with-reconciler) or
// `opsctl mcp --http` (--mcp-percent). Its stdout and stderr go to files (a pipe nobody drains
// would stall it); the port is read from the line it announces. stop() is SIGTERM and a drain;
// the destructor kills what is still running.

#include <QProcess>
#include <QString>

namespace ops::chaos {

class ServeChild
{
public:
    // Throws std::runtime_error when the service does not start or report its port within 15 s.
    // `args`: the opsctl command; `announces`: the start of the line that names its address.
    ServeChild(const QString &opsctlPath, const QProcessEnvironment &env, const QString &outFile,
               const QString &logFile,
               const QStringList &args = {QStringLiteral("serve"), QStringLiteral("--listen"),
                                          QStringLiteral("127.0.0.1:0")},
               const QString &announces = QStringLiteral("opsctl webhook listening on http://"));
    ~ServeChild();
    ServeChild(const ServeChild &) = delete;
    ServeChild &operator=(const ServeChild &) = delete;

    quint16 port() const { return m_port; }
    bool running() const { return m_process.state() == QProcess::Running; }
    QString webhookUrl() const;
    QString adyenWebhookUrl() const;
    // SIGTERM, then waits for the drain; true when it exited 0 on its own.
    bool stop(int timeoutMs = 15000);

private:
    QProcess m_process;
    QString m_outFile;
    quint16 m_port = 0;
};

} // namespace ops::chaos
