#pragma once

// provider-sim with its alert sinks up (app/tools/providersim/alertsinks): the Slack-style webhook
// sink on its HTTP port and the SMTP sink with STARTTLS under a self-signed certificate made
// with openssl for the run (its own CA), AUTH PLAIN/LOGIN as kAlertUser. For the alert channel
// and alert loop suites.

#include "alerts/alertconfig.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <memory>

namespace ops::test {

inline const QString kAlertUser = QStringLiteral("alerts");
inline const QString kAlertPassword = QStringLiteral("s3cret-pass");

class AlertSinks
{
public:
    // Makes the certificate and starts the simulator (with `seed`, if any); the error, or empty.
    QString start(const QString &seed = {})
    {
        if (!m_dir.isValid())
            return QStringLiteral("no temporary directory");
        if (const QString error = makeCertificate(); !error.isEmpty())
            return error;
        m_sim = std::make_unique<SimProcess>(providerSimPath(), seed);
        if (!m_sim->start({QStringLiteral("--smtp-listen"), QStringLiteral("127.0.0.1:0"),
                           QStringLiteral("--smtp-cert"), m_cert, QStringLiteral("--smtp-key"),
                           m_dir.filePath(QStringLiteral("key.pem"))}))
            return m_sim->error();
        // The SMTP line follows the first, printed and flushed with it.
        QProcess *p = m_sim->process();
        while (!p->canReadLine()) {
            if (!p->waitForReadyRead(10000))
                return QStringLiteral("provider-sim printed no smtp line");
        }
        const QString line = QString::fromUtf8(p->readLine()).trimmed();
        static const QRegularExpression smtp(
            QStringLiteral("^provider-sim listening on smtp://127\\.0\\.0\\.1:(\\d+)$"));
        const auto match = smtp.match(line);
        if (!match.hasMatch())
            return QStringLiteral("unexpected line: ") + line;
        m_smtpPort = quint16(match.captured(1).toUInt());
        configure();
        return m_sim->error();
    }

    // Faults and the ledger cleared, the sinks' accounts set again.
    void configure()
    {
        m_sim->admin("POST", QStringLiteral("/_sim/alerts/config"),
                     {{"slack_hooks", nlohmann::json::object()},
                      {"smtp_user", kAlertUser.toStdString()},
                      {"smtp_password", kAlertPassword.toStdString()},
                      {"smtp_auth", "PLAIN LOGIN"}});
    }

    SimProcess &sim() { return *m_sim; }
    const SimProcess &sim() const { return *m_sim; }
    QString cert() const { return m_cert; }
    QString dir() const { return m_dir.path(); }
    quint16 smtpPort() const { return m_smtpPort; }
    nlohmann::json ledger() { return m_sim->admin("GET", QStringLiteral("/_sim/alerts")); }

    QUrl hook(const QString &id) const
    {
        QUrl url = m_sim->baseUrl();
        url.setPath(QStringLiteral("/_sink/slack/") + id);
        return url;
    }

    SmtpSettings mail(std::chrono::milliseconds timeout = std::chrono::seconds(5)) const
    {
        SmtpSettings s;
        s.host = QStringLiteral("127.0.0.1");
        s.port = m_smtpPort;
        s.tls = SmtpTls::StartTls;
        s.user = kAlertUser;
        s.password = kAlertPassword;
        s.from = QStringLiteral("ops-alerts@example.com");
        s.to = {QStringLiteral("oncall@example.com"), QStringLiteral("lead@example.com")};
        s.caFile = m_cert;
        s.timeout = timeout;
        return s;
    }

private:
    QString makeCertificate()
    {
        const QString openssl = QStandardPaths::findExecutable(QStringLiteral("openssl"));
        if (openssl.isEmpty())
            return QStringLiteral("openssl is missing (scripts/deps.sh installs it)");
        QProcess make;
        make.setWorkingDirectory(m_dir.path());
        make.start(openssl,
                   {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                    QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
                    QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                    QStringLiteral("-keyout"), QStringLiteral("key.pem"), QStringLiteral("-out"),
                    QStringLiteral("cert.pem"), QStringLiteral("-days"), QStringLiteral("2"),
                    QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"),
                    QStringLiteral("-addext"),
                    QStringLiteral("subjectAltName=IP:127.0.0.1,DNS:localhost")});
        if (!make.waitForFinished(30000) || make.exitCode() != 0)
            return QStringLiteral("openssl could not make the certificate");
        m_cert = m_dir.filePath(QStringLiteral("cert.pem")); // self-signed: it is its own CA
        return {};
    }

    QTemporaryDir m_dir;
    QString m_cert;
    std::unique_ptr<SimProcess> m_sim;
    quint16 m_smtpPort = 0;
};

} // namespace ops::test
