#include "chaos/simchild.h"

#include <QElapsedTimer>
#include <stdexcept>

using namespace Qt::StringLiterals;

namespace ops::chaos {

SimChild::SimChild(const QString &simPath, quint32 faultSeed, const QString &logFile)
{
    m_process.setStandardErrorFile(logFile.isEmpty() ? QProcess::nullDevice() : logFile);
    m_process.start(simPath, {u"--fault-seed"_s, QString::number(faultSeed)});
    if (!m_process.waitForStarted(10000))
        throw std::runtime_error("cannot start provider-sim at " + simPath.toStdString());
    // "provider-sim listening on http://127.0.0.1:PORT" is its first line, flushed at once; a
    // wrapper (gdb, valgrind) may print before it, so earlier lines are skipped.
    QElapsedTimer t;
    t.start();
    QString line;
    while (!line.startsWith(u"provider-sim listening on http://"_s) && t.elapsed() < 10000) {
        if (!m_process.canReadLine() && !m_process.waitForReadyRead(200))
            continue;
        line = QString::fromUtf8(m_process.readLine()).trimmed();
    }
    m_port = quint16(line.section(u':', -1).toUInt());
    if (!line.startsWith(u"provider-sim listening on http://"_s) || m_port == 0)
        throw std::runtime_error("provider-sim did not report its port: " + line.toStdString());
}

SimChild::~SimChild()
{
    m_process.kill();
    m_process.waitForFinished(5000);
}

} // namespace ops::chaos
