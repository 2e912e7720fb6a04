#include "support/simprocess.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QRegularExpression>

namespace ops::test {

SimProcess::SimProcess(QString executable, QString seedFile)
    : m_executable(std::move(executable))
    , m_seedFile(std::move(seedFile))
{}

SimProcess::~SimProcess()
{
    stop();
}

QString SimProcess::demoSeedPath(const QString &sourceDir)
{
    return QDir(sourceDir).filePath(QStringLiteral("resources/sim/demo-seed.json"));
}

bool SimProcess::start(const QStringList &extraArgs)
{
    stop();
    m_error.clear();
    QStringList args;
    if (!m_seedFile.isEmpty())
        args << QStringLiteral("--seed") << m_seedFile;
    args << extraArgs;
    m_process = std::make_unique<QProcess>();
    // stderr goes to the test's stderr so simulator warnings show up in test logs.
    m_process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process->start(m_executable, args);
    if (!m_process->waitForStarted(5000)) {
        m_error = QStringLiteral("provider-sim did not start: ") + m_process->errorString();
        return false;
    }
    const QDeadlineTimer deadline(10000);
    while (!m_process->canReadLine()) {
        if (deadline.hasExpired() || m_process->state() != QProcess::Running) {
            m_error = QStringLiteral("provider-sim printed no first line (exit code %1)")
                          .arg(m_process->exitCode());
            return false;
        }
        m_process->waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime())));
    }
    m_firstLine = QString::fromUtf8(m_process->readLine()).trimmed();
    static const QRegularExpression pattern(
        QStringLiteral("^provider-sim listening on (http://([^:/]+):(\\d+))$"));
    const auto match = pattern.match(m_firstLine);
    if (!match.hasMatch()) {
        m_error = QStringLiteral("unexpected first line: ") + m_firstLine;
        return false;
    }
    m_baseUrl = QUrl(match.captured(1));
    m_port = quint16(match.captured(3).toUInt());
    return true;
}

void SimProcess::stop()
{
    if (!m_process)
        return;
    if (m_process->state() != QProcess::NotRunning) {
        m_process->terminate();
        if (!m_process->waitForFinished(3000)) {
            m_process->kill();
            m_process->waitForFinished(3000);
        }
    }
    m_process.reset();
}

bool SimProcess::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running;
}

HttpReply SimProcess::request(const QByteArray &method, const QString &pathAndQuery,
                              const QByteArray &body, const HeaderList &headers,
                              int timeoutMs) const
{
    return httpRequest(m_port, method, pathAndQuery, body, headers, timeoutMs);
}

nlohmann::json SimProcess::admin(const QByteArray &method, const QString &path,
                                 const nlohmann::json &body)
{
    QByteArray payload;
    HeaderList headers;
    if (!body.is_null()) {
        payload = QByteArray::fromStdString(body.dump());
        headers.append(std::pair<QByteArray, QByteArray>("Content-Type", "application/json"));
    }
    const HttpReply reply = request(method, path, payload, headers);
    if (!reply.ok()) {
        m_error = QStringLiteral("%1 %2: %3").arg(QString::fromLatin1(method), path, reply.error);
        return nlohmann::json(nlohmann::json::value_t::discarded);
    }
    if (reply.status / 100 != 2)
        m_error = QStringLiteral("%1 %2: HTTP %3 %4")
                      .arg(QString::fromLatin1(method), path)
                      .arg(reply.status)
                      .arg(QString::fromUtf8(reply.body));
    return reply.json();
}

void SimProcess::seed(const nlohmann::json &seed)
{
    admin("POST", QStringLiteral("/_sim/seed"), seed);
}

void SimProcess::addFault(const nlohmann::json &rule)
{
    admin("POST", QStringLiteral("/_sim/faults"), rule);
}

void SimProcess::clearFaults()
{
    admin("DELETE", QStringLiteral("/_sim/faults"));
}

void SimProcess::advanceClock(qint64 seconds)
{
    admin("POST", QStringLiteral("/_sim/clock"), {{"advance_seconds", seconds}});
}

void SimProcess::reset()
{
    admin("POST", QStringLiteral("/_sim/reset"));
}

nlohmann::json SimProcess::ledger()
{
    return admin("GET", QStringLiteral("/_sim/ledger"));
}

nlohmann::json SimProcess::requests()
{
    return admin("GET", QStringLiteral("/_sim/requests"));
}

int SimProcess::requestCount()
{
    return int(requests()["requests"].size());
}

int SimProcess::postCount()
{
    int n = 0;
    const nlohmann::json all = requests(); // held: a loop over a temporary's member dangles
    for (const nlohmann::json &r : all["requests"])
        n += r.value("method", "") == "POST";
    return n;
}

int SimProcess::refundsMade()
{
    int n = 0;
    const nlohmann::json held = ledger();
    for (const nlohmann::json &m : held["movements"])
        n += m.value("kind", "") == "refund";
    return n + int(admin("GET", QStringLiteral("/_sim/adyen/refunds"))["refunds"].size());
}

nlohmann::json SimProcess::messages()
{
    return admin("GET", QStringLiteral("/_sim/messages"));
}

nlohmann::json SimProcess::faultStats()
{
    return admin("GET", QStringLiteral("/_sim/faults/stats"));
}

QProcessEnvironment SimProcess::stripeEnvironment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("OPS_STRIPE_URL"), m_baseUrl.toString());
    env.insert(QStringLiteral("OPS_STRIPE_KEY"), QStringLiteral("sk_test_demo"));
    env.insert(QStringLiteral("OPS_ATTEMPT_TIMEOUT_MS"), QStringLiteral("2000"));
    env.remove(QStringLiteral("OPS_OPERATOR"));
    return env;
}

QProcessEnvironment SimProcess::withAdyen(QProcessEnvironment env) const
{
    env.insert(QStringLiteral("OPS_ADYEN_URL"), m_baseUrl.toString());
    env.insert(QStringLiteral("OPS_ADYEN_KEY"), QStringLiteral("adyen_test_demo"));
    env.insert(QStringLiteral("OPS_ADYEN_MERCHANT"), QStringLiteral("NorthwindECOM"));
    return env;
}

} // namespace ops::test
