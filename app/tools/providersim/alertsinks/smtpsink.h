#pragma once

// The SMTP sink of provider-sim: a QTcpServer that speaks enough SMTP (RFC 5321) for the alert
// client: EHLO (multi-line, STARTTLS and AUTH PLAIN LOGIN advertised), HELO, STARTTLS (RFC 3207)
// with the certificate and key of --smtp-cert/--smtp-key, AUTH PLAIN and LOGIN (RFC 4954; or
// only the ones configured) checked against the configured user and password (POST
// /_sim/alerts/config), MAIL, RCPT, DATA
// with dot-unstuffing, RSET, NOOP, QUIT. Without a certificate it offers no STARTTLS; with one,
// AUTH is offered and taken only after STARTTLS (538 before). With a user configured, MAIL
// needs AUTH first (530). Each mail goes to the alert ledger (alertledger.h) under its
// Message-ID; a mail line over 998 characters is refused at the final "." (554 5.6.0).
//
// Faults come from the sim's fault table (faulttable.h) on the route labels "SMTP CONNECT" (the
// greeting), "SMTP MAIL", "SMTP RCPT" and "SMTP DATA" (the reply to the final "."); a rule on
// "*" meets them too. What each mode does here:
//   503, 429            451 4.3.0 (at CONNECT: 421 4.3.2 and close)       — temporary, nothing kept
//   stored_500          554 5.7.1, nothing kept                          — refused
//   stored_500 + apply  at DATA: the mail is kept, then 451 4.3.0        — a duplicate to come
//   hang_before_commit  no answer, nothing kept (closed after delay_ms unless -1)
//   commit_then_hang    at DATA: the mail is kept, then no answer (250 after delay_ms unless -1)
//                       — the ambiguous case; elsewhere the answer comes after delay_ms or never
//   latency             the answer after delay_ms
//   drop_connection     the connection is closed at once, no answer

#include "providersim/alertsinks/alertledger.h"
#include "providersim/faulttable.h"

#include <QHostAddress>
#include <QSslCertificate>
#include <QSslKey>
#include <QTcpServer>

namespace ops::sim {

struct SmtpSinkSettings
{
    QSslCertificate certificate; // null: no STARTTLS
    QSslKey key;
    QString user; // empty: no AUTH offered or needed
    QString password;
    QList<QByteArray> mechanisms = {"PLAIN", "LOGIN"}; // what EHLO offers and AUTH takes

    bool offersTls() const { return !certificate.isNull() && !key.isNull(); }
};

class SmtpSink final : public QTcpServer
{
public:
    SmtpSink(FaultTable &faults, AlertLedger &ledger, SimClock &clock);
    ~SmtpSink() override;

    // STARTTLS with this PEM certificate and unencrypted PEM key (EC or RSA); an error text, or
    // empty when both were read.
    QString useTls(const QString &certificatePemPath, const QString &keyPemPath);
    // The port listened on (the chosen one when `port` is 0), 0 when listening failed.
    quint16 listenOn(const QHostAddress &address, quint16 port);
    void setCredentials(QString user, QString password);
    void setMechanisms(QList<QByteArray> mechanisms)
    {
        m_settings.mechanisms = std::move(mechanisms);
    }
    const SmtpSinkSettings &settings() const { return m_settings; }

protected:
    void incomingConnection(qintptr handle) override;

private:
    FaultTable &m_faults;
    AlertLedger &m_ledger;
    SimClock &m_clock;
    SmtpSinkSettings m_settings;
};

} // namespace ops::sim
