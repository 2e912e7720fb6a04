#pragma once

// Where alerts go and how to reach it (docs/alerts.md), from the environment the way the helpdesk
// settings are read (outbox/helpdeskconfig.h): OPS_ALERT_WEBHOOK_URL for a Slack-compatible
// incoming webhook, OPS_ALERT_SMTP_* for mail, OPS_ALERT_TIMEOUT_MS for both. A setting that
// cannot even be read (a port that is not a number, an unknown TLS mode, a password file others
// can read) fails the read; every other check is problem(), so a config built in code is checked
// the same way.

#include "domain/result.h"

#include <QString>
#include <QStringList>
#include <QUrl>
#include <chrono>
#include <optional>

namespace ops {

enum class SmtpTls
{
    StartTls, // plain connection, then STARTTLS before anything else (RFC 3207); the default
    Implicit, // TLS from the first byte (port 465, RFC 8314)
    None      // no TLS at all: only for a test sink on this machine (127.0.0.1, ::1, localhost)
};
QString toString(SmtpTls tls);
std::optional<SmtpTls> smtpTlsFromString(const QString &text);

struct SmtpSettings
{
    QString host;
    int port = 587;
    SmtpTls tls = SmtpTls::StartTls;
    QString user;     // empty: no AUTH
    QString password; // from OPS_ALERT_SMTP_PASSWORD_FILE or the alert-smtp secret
    QString from;     // the envelope sender and From:, a bare address
    QStringList to;   // each a bare address; every one must be accepted or nothing is sent
    QString caFile;   // PEM certificates trusted besides the system's (a private CA, a test's)
    std::chrono::milliseconds timeout{10000}; // the whole conversation, connect to final reply

    // One line saying what is wrong (an empty host, a port outside 1–65535, tls=none to another
    // machine, no recipients, an address of the wrong shape, a CA file without a certificate);
    // empty when the settings can be used.
    QString problem() const;
};

struct AlertChannelsConfig
{
    QUrl webhookUrl;   // empty: no webhook channel. The URL is a secret: never shown whole
    SmtpSettings smtp; // smtp.host empty: no mail channel
    std::chrono::milliseconds timeout{10000};

    bool hasWebhook() const { return !webhookUrl.isEmpty(); }
    bool hasSmtp() const { return !smtp.host.isEmpty(); }
    // One line for the first bad value (a webhook URL that is not https, or http to another
    // machine; the SMTP settings' problem()); empty when every configured channel can be used.
    QString problem() const;
};

// OPS_ALERT_WEBHOOK_URL; OPS_ALERT_SMTP_HOST, _PORT (587), _TLS (starttls|implicit|none), _USER,
// _PASSWORD_FILE (else the project's secret "alert-smtp": $OPS_ALERT_SMTP_KEY or
// <config dir>/alert-smtp.key, transport/secrets.h), _FROM, _TO (comma-separated), _CA_FILE;
// OPS_ALERT_TIMEOUT_MS (10000). A failure names the variable and what is wrong with it,
// including problem()'s.
Result<AlertChannelsConfig> alertChannelsConfigFromEnvironment();

// A bare address as SMTP carries it: local@domain, printable ASCII, no spaces, angle brackets,
// commas or control characters, at most 254 characters.
bool isMailAddress(const QString &address);
// 127.0.0.0/8, ::1 or "localhost".
bool isLoopbackHost(const QString &host);

} // namespace ops
