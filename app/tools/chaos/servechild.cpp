#include "chaos/servechild.h"

#include <QElapsedTimer>
#include <QFile>
#include <QThread>
#include <stdexcept>

using namespace Qt::StringLiterals;

namespace ops::chaos {

namespace {

QString listeningLine(const QString &outFile, const QString &announces)
{
    QFile f(outFile);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.startsWith(announces))
            return line;
    }
    return {};
}

} // namespace

ServeChild::ServeChild(const QString &opsctlPath, const QProcessEnvironment &env,
                       const QString &outFile, const QString &logFile, const QStringList &args,
                       const QString &announces)
    : m_outFile(outFile)
{
    QFile::remove(outFile);
    m_process.setProcessEnvironment(env);
    m_process.setStandardOutputFile(outFile);
    m_process.setStandardErrorFile(logFile);
    m_process.start(opsctlPath, args);
    const std::string what = "opsctl " + args.value(0).toStdString();
    if (!m_process.waitForStarted(10000))
        throw std::runtime_error("cannot start " + what + " at " + opsctlPath.toStdString());
    QElapsedTimer t;
    t.start();
    QString line;
    while (line.isEmpty() && t.elapsed() < 15000 && m_process.state() == QProcess::Running) {
        QThread::msleep(50);
        line = listeningLine(outFile, announces);
    }
    // "… http://127.0.0.1:PORT" or "… http://127.0.0.1:PORT/mcp"
    m_port = quint16(line.section(u':', -1).section(u'/', 0, 0).toUInt());
    if (m_port == 0)
        throw std::runtime_error(what + " did not report its port (see " + logFile.toStdString() +
                                 ")");
}

ServeChild::~ServeChild()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.kill();
    m_process.waitForFinished(5000);
}

QString ServeChild::webhookUrl() const
{
    return u"http://127.0.0.1:%1/webhooks/stripe"_s.arg(m_port);
}

QString ServeChild::adyenWebhookUrl() const
{
    return u"http://127.0.0.1:%1/webhooks/adyen"_s.arg(m_port);
}

bool ServeChild::stop(int timeoutMs)
{
    if (m_process.state() == QProcess::NotRunning)
        return false;
    m_process.terminate();
    if (!m_process.waitForFinished(timeoutMs)) {
        m_process.kill();
        m_process.waitForFinished(5000);
        return false;
    }
    return m_process.exitStatus() == QProcess::NormalExit && m_process.exitCode() == 0;
}

} // namespace ops::chaos
