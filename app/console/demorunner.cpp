#include "console/demorunner.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace ops::console {

namespace {

constexpr int kStartTimeoutMs = 10000;

// `path` made absolute and clean when it is an executable file, else ''.
QString executableAt(const QString &path)
{
    const QFileInfo info(path);
    return info.isFile() && info.isExecutable() ? QDir::cleanPath(info.absoluteFilePath())
                                                : QString();
}

} // namespace

DemoRunner::~DemoRunner()
{
    stop();
}

QString DemoRunner::databasePath() const
{
    return m_dir ? m_dir->filePath(u"demo.sqlite"_s) : QString();
}

QString DemoRunner::findSimulator(const QString &applicationDir)
{
    // The installed layout first: the package puts provider-sim beside opsconsole.
    if (const QString beside = executableAt(applicationDir + u"/provider-sim"_s); !beside.isEmpty())
        return beside;
    if (const QString onPath = QStandardPaths::findExecutable(u"provider-sim"_s); !onPath.isEmpty())
        return onPath;
#ifdef OPS_BUILD_TREE_PROVIDER_SIM
    // Last, the build tree: CMake hands in provider-sim's path relative to opsconsole's folder
    // (../tools/providersim/provider-sim), not its absolute path. An absolute build path baked
    // into the binary would ship in the package, where it names a folder on the build machine
    // (say /tmp/build/...) that any local user could create on the operator's machine and fill
    // with a program the console would then start; it would also make the build
    // irreproducible and stop working when the build tree is moved. The relative path moves
    // with the tree, and installed it points inside the install prefix (/usr/tools/...), which
    // only the prefix's owner (root) can write and where nothing is installed.
    return executableAt(applicationDir + u"/"_s + QStringLiteral(OPS_BUILD_TREE_PROVIDER_SIM));
#else
    return {};
#endif
}

QString DemoRunner::start(const QString &operatorName, QTextStream &log)
{
    m_dir = std::make_unique<QTemporaryDir>();
    if (!m_dir->isValid())
        return u"cannot create a temporary folder for the demo database: %1"_s.arg(
            m_dir->errorString());
    const QString program = findSimulator(QCoreApplication::applicationDirPath());
    if (program.isEmpty())
        return u"provider-sim was found neither next to %1 nor on PATH"_s.arg(
            QCoreApplication::applicationFilePath());
    if (const QString failed = startSimulator(program); !failed.isEmpty())
        return failed;
    log << "demo: provider-sim (" << program << ") at " << m_url << Qt::endl;
    useSimulatorEnvironment(m_url);
    const QString failed = buildDemoStory({m_url, databasePath(), operatorName, m_opsctl}, log);
    if (!failed.isEmpty())
        stop();
    return failed;
}

QString DemoRunner::startSimulator(const QString &program)
{
    m_sim.setProgram(program);
    m_sim.setArguments({u"--listen"_s, u"127.0.0.1:0"_s});
    m_sim.setProcessChannelMode(QProcess::SeparateChannels);
    m_sim.start();
    if (!m_sim.waitForStarted(kStartTimeoutMs))
        return u"cannot start %1: %2"_s.arg(program, m_sim.errorString());
    // Its first stdout line is exactly "provider-sim listening on http://HOST:PORT".
    static const QRegularExpression listening(u"^provider-sim listening on (http://\\S+)"_s);
    const QDeadlineTimer deadline(kStartTimeoutMs);
    while (!m_sim.canReadLine() && !deadline.hasExpired() && m_sim.state() == QProcess::Running)
        m_sim.waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime())));
    const auto match = listening.match(QString::fromUtf8(m_sim.readLine()).trimmed());
    if (!match.hasMatch()) {
        const QString why = QString::fromUtf8(m_sim.readAllStandardError()).trimmed();
        stop();
        return u"%1 did not say where it listens%2"_s.arg(program, why.isEmpty() ? QString()
                                                                                 : u": "_s + why);
    }
    m_url = match.captured(1);
    return {};
}

void DemoRunner::stop()
{
    if (m_sim.state() == QProcess::NotRunning)
        return;
    m_sim.terminate();
    if (!m_sim.waitForFinished(3000)) {
        m_sim.kill();
        m_sim.waitForFinished(3000);
    }
}

} // namespace ops::console
