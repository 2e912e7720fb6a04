#include "providersim/alertsinks/smtpsink.h"

#include "httpserve/httpwire.h"
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
    auto read = readPemPair(certificatePemPath, keyPemPath);
    if (const QString *error = std::get_if<QString>(&read))
        return *error;
    m_settings.certificate = std::get<PemPair>(read).certificate;
    m_settings.key = std::get<PemPair>(read).key;
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
