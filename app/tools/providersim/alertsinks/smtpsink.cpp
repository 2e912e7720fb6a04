#include "providersim/alertsinks/smtpsink.h"

#include "providersim/alertsinks/smtpsinksession.h"

#include <QFile>

namespace ops::sim {

SmtpSink::SmtpSink(FaultTable &faults, AlertLedger &ledger, SimClock &clock)
    : m_faults(faults)
    , m_ledger(ledger)
    , m_clock(clock)
{}

SmtpSink::~SmtpSink() = default;

QString SmtpSink::useTls(const QString &certificatePemPath, const QString &keyPemPath)
{
    QFile certFile(certificatePemPath);
    QFile keyFile(keyPemPath);
    if (!certFile.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read %1: %2").arg(certificatePemPath, certFile.errorString());
    if (!keyFile.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read %1: %2").arg(keyPemPath, keyFile.errorString());
    const QSslCertificate certificate(certFile.readAll(), QSsl::Pem);
    if (certificate.isNull())
        return QStringLiteral("%1 holds no PEM certificate").arg(certificatePemPath);
    const QByteArray keyPem = keyFile.readAll();
    QSslKey key(keyPem, QSsl::Ec, QSsl::Pem);
    if (key.isNull())
        key = QSslKey(keyPem, QSsl::Rsa, QSsl::Pem);
    if (key.isNull())
        return QStringLiteral("%1 holds no unencrypted PEM EC or RSA private key").arg(keyPemPath);
    m_settings.certificate = certificate;
    m_settings.key = key;
    return {};
}

quint16 SmtpSink::listenOn(const QHostAddress &address, quint16 port)
{
    return listen(address, port) ? serverPort() : 0;
}

void SmtpSink::setCredentials(QString user, QString password)
{
    m_settings.user = std::move(user);
    m_settings.password = std::move(password);
}

void SmtpSink::incomingConnection(qintptr handle)
{
    // The session owns its socket and deletes itself when the client has gone.
    new SmtpSinkSession(handle, SmtpSinkSession::Context{m_settings, m_faults, m_ledger, m_clock},
                        this);
}

} // namespace ops::sim
