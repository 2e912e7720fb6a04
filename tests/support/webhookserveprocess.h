#pragma once

// `opsctl webhook serve` as a child process for a test: started on a loopback port (0 = pick
// one), its first stdout line read for the URL, killed (SIGKILL) or terminated on request. The
// test's own signing helper is independent of the receiver's code: hex HMAC-SHA256(secret,
// "<t>.<body>") as Stripe documents it.

#include <QCryptographicHash>
#include <QDateTime>
#include <QDeadlineTimer>
#include <QMessageAuthenticationCode>
#include <QProcess>
#include <QRegularExpression>
#include <memory>

namespace ops::test {

inline QByteArray stripeV1(const QByteArray &secret, qint64 t, const QByteArray &body)
{
    return QMessageAuthenticationCode::hash(QByteArray::number(t) + '.' + body, secret,
                                            QCryptographicHash::Sha256)
        .toHex();
}

inline QByteArray stripeSignature(const QByteArray &secret, qint64 t, const QByteArray &body)
{
    return "t=" + QByteArray::number(t) + ",v1=" + stripeV1(secret, t, body);
}

inline qint64 unixNow()
{
    return QDateTime::currentSecsSinceEpoch();
}

class WebhookServeProcess
{
public:
    WebhookServeProcess(QString opsctl, QProcessEnvironment env)
        : m_opsctl(std::move(opsctl))
        , m_env(std::move(env))
    {}
    ~WebhookServeProcess() { kill(); }

    bool start(quint16 port = 0, const QStringList &extra = {})
    {
        m_process = std::make_unique<QProcess>();
        m_process->setProcessEnvironment(m_env);
        m_process->start(m_opsctl, QStringList{QStringLiteral("webhook"), QStringLiteral("serve"),
                                               QStringLiteral("--listen"),
                                               QStringLiteral("127.0.0.1:%1").arg(port)} +
                                       extra);
        if (!m_process->waitForStarted(10000))
            return false;
        while (!m_process->canReadLine()) {
            if (!m_process->waitForReadyRead(15000))
                return false;
        }
        m_firstLine = QString::fromUtf8(m_process->readLine()).trimmed();
        const auto m =
            QRegularExpression(
                QStringLiteral("^opsctl webhook listening on http://127\\.0\\.0\\.1:(\\d+)$"))
                .match(m_firstLine);
        if (!m.hasMatch())
            return false;
        m_port = quint16(m.captured(1).toUInt());
        return true;
    }
    // Waits until stderr shows `text` (e.g. "test stall after_commit").
    bool waitForStderr(const QString &text, int timeoutMs = 20000)
    {
        QDeadlineTimer deadline(timeoutMs);
        while (!m_stderr.contains(text.toUtf8())) {
            if (deadline.hasExpired())
                return false;
            m_process->waitForReadyRead(100);
            m_stderr += m_process->readAllStandardError();
        }
        return true;
    }
    void kill()
    {
        if (!m_process || m_process->state() == QProcess::NotRunning)
            return;
        m_process->kill(); // SIGKILL
        m_process->waitForFinished(5000);
    }
    void terminate()
    {
        if (!m_process)
            return;
        m_process->terminate();
        if (!m_process->waitForFinished(10000))
            kill();
    }
    quint16 port() const { return m_port; }
    QString url() const
    {
        return QStringLiteral("http://127.0.0.1:%1/webhooks/stripe").arg(m_port);
    }
    QString firstLine() const { return m_firstLine; }
    QProcess *process() const { return m_process.get(); }

private:
    QString m_opsctl;
    QProcessEnvironment m_env;
    std::unique_ptr<QProcess> m_process;
    QString m_firstLine;
    QByteArray m_stderr;
    quint16 m_port = 0;
};

} // namespace ops::test
