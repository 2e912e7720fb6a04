#include "alerts/alertconfig.h"

#include "transport/secrets.h"

#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QRegularExpression>
#include <QSslCertificate>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// `text` fit for a one-line message: control characters (an injected CR/LF) shown as spaces.
QString printable(const QString &text)
{
    QString out = text;
    for (QChar &c : out) {
        if (c.category() == QChar::Other_Control)
            c = u' ';
    }
    return out;
}

QString webhookProblem(const QUrl &url)
{
    // The path is Slack's token: a message names the scheme and the host only.
    if (!url.isValid())
        return u"the alert webhook URL (OPS_ALERT_WEBHOOK_URL) is not a valid URL"_s;
    const QString scheme = url.scheme().toLower();
    const QString host = url.host();
    if (scheme != u"https"_s && scheme != u"http"_s)
        return u"the alert webhook URL must be https, not '%1:'"_s.arg(printable(url.scheme()));
    if (host.isEmpty())
        return u"the alert webhook URL has no host"_s;
    if (!url.userInfo().isEmpty())
        return u"the alert webhook URL carries a user name or password; it takes none"_s;
    if (scheme == u"http"_s && !isLoopbackHost(host))
        return u"the alert webhook URL must be https: http is allowed only to a test sink on this "
               "machine, not to %1"_s.arg(host);
    return {};
}

QString addressProblem(const SmtpSettings &s)
{
    if (!isMailAddress(s.from))
        return u"the sender '%1' is not a mail address (OPS_ALERT_SMTP_FROM)"_s.arg(
            printable(s.from));
    if (s.to.isEmpty())
        return u"no recipients: OPS_ALERT_SMTP_TO names none"_s;
    for (const QString &to : s.to) {
        if (!isMailAddress(to))
            return u"the recipient '%1' is not a mail address (OPS_ALERT_SMTP_TO)"_s.arg(
                printable(to));
    }
    return {};
}

// The password in `path`: refused when others may read it, as the project's secret files are.
Result<QString> readPasswordFile(const QString &path)
{
    const auto value = readSecretFile(path);
    if (!value)
        return Failure{value.error()};
    if (!*value)
        return Failure{u"OPS_ALERT_SMTP_PASSWORD_FILE: %1 does not exist or is empty"_s.arg(path)};
    return **value;
}

Result<QString> smtpPassword(const QString &user)
{
    const QString file = qEnvironmentVariable("OPS_ALERT_SMTP_PASSWORD_FILE").trimmed();
    if (!file.isEmpty())
        return readPasswordFile(file);
    if (user.isEmpty())
        return QString();
    const auto secret = EnvFileSecretSource().secret(u"alert-smtp"_s);
    if (!secret)
        return Failure{secret.error()};
    return secret->value_or(QString());
}

Result<std::chrono::milliseconds> timeoutFromEnvironment()
{
    const QString text = qEnvironmentVariable("OPS_ALERT_TIMEOUT_MS").trimmed();
    if (text.isEmpty())
        return std::chrono::milliseconds(10000);
    bool ok = false;
    const qint64 ms = text.toLongLong(&ok);
    if (!ok || ms <= 0)
        return Failure{u"OPS_ALERT_TIMEOUT_MS '%1' is not a positive number of milliseconds"_s.arg(
            printable(text))};
    return std::chrono::milliseconds(ms);
}

Result<SmtpSettings> smtpFromEnvironment()
{
    const auto env = [](const char *name) {
        return qEnvironmentVariable(name).trimmed();
    };
    SmtpSettings s;
    s.host = env("OPS_ALERT_SMTP_HOST");
    const QString tls = env("OPS_ALERT_SMTP_TLS");
    const auto mode = tls.isEmpty() ? SmtpTls::StartTls : smtpTlsFromString(tls);
    if (!mode)
        return Failure{u"OPS_ALERT_SMTP_TLS '%1' is not one of starttls, implicit, none"_s.arg(
            printable(tls))};
    s.tls = *mode;
    s.port = s.tls == SmtpTls::Implicit ? 465 : 587;
    if (const QString port = env("OPS_ALERT_SMTP_PORT"); !port.isEmpty()) {
        bool ok = false;
        s.port = port.toInt(&ok);
        if (!ok)
            return Failure{
                u"OPS_ALERT_SMTP_PORT '%1' is not a port number (1–65535)"_s.arg(printable(port))};
    }
    s.user = env("OPS_ALERT_SMTP_USER");
    s.from = env("OPS_ALERT_SMTP_FROM");
    for (const QString &to : env("OPS_ALERT_SMTP_TO").split(u',', Qt::SkipEmptyParts)) {
        if (!to.trimmed().isEmpty())
            s.to << to.trimmed();
    }
    s.caFile = env("OPS_ALERT_SMTP_CA_FILE");
    const auto password = smtpPassword(s.user);
    if (!password)
        return Failure{password.error()};
    s.password = *password;
    return s;
}

} // namespace

QString toString(SmtpTls tls)
{
    switch (tls) {
    case SmtpTls::StartTls:
        return u"starttls"_s;
    case SmtpTls::Implicit:
        return u"implicit"_s;
    case SmtpTls::None:
        return u"none"_s;
    }
    return {};
}

std::optional<SmtpTls> smtpTlsFromString(const QString &text)
{
    for (SmtpTls tls : {SmtpTls::StartTls, SmtpTls::Implicit, SmtpTls::None}) {
        if (text.trimmed().compare(toString(tls), Qt::CaseInsensitive) == 0)
            return tls;
    }
    return std::nullopt;
}

bool isLoopbackHost(const QString &host)
{
    const QString h = host.trimmed().toLower();
    if (h == u"localhost"_s)
        return true;
    const QHostAddress address(h.startsWith(u'[') && h.endsWith(u']') ? h.mid(1, h.size() - 2) : h);
    return !address.isNull() && address.isLoopback();
}

bool isMailAddress(const QString &address)
{
    static const QRegularExpression shape(
        u"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
        "@(([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}"
        "[A-Za-z0-9])?)*|\\[(IPv6:)?[0-9A-Fa-f:.]+\\])$"_s);
    return address.size() <= 254 && shape.match(address).hasMatch();
}

QString SmtpSettings::problem() const
{
    static const QRegularExpression hostShape(u"^[A-Za-z0-9.:\\[\\]_-]+$"_s);
    if (host.trimmed().isEmpty())
        return u"no SMTP host is configured (OPS_ALERT_SMTP_HOST)"_s;
    if (!hostShape.match(host).hasMatch())
        return u"the SMTP host '%1' is not a host name or address"_s.arg(printable(host));
    if (port < 1 || port > 65535)
        return u"the SMTP port %1 is outside 1–65535 (OPS_ALERT_SMTP_PORT)"_s.arg(port);
    if (tls == SmtpTls::None && !isLoopbackHost(host))
        return u"tls=none would send the password and the alerts in clear text; it is allowed "
               "only to a test sink on this machine (127.0.0.1, ::1, localhost), not to %1: use "
               "starttls or implicit (OPS_ALERT_SMTP_TLS)"_s.arg(host);
    if (const QString bad = addressProblem(*this); !bad.isEmpty())
        return bad;
    if (!user.isEmpty() && password.isEmpty())
        return u"the SMTP user %1 has no password (OPS_ALERT_SMTP_PASSWORD_FILE)"_s.arg(
            printable(user));
    if (!caFile.isEmpty() && QSslCertificate::fromPath(caFile).isEmpty())
        return u"the CA file %1 holds no PEM certificate (OPS_ALERT_SMTP_CA_FILE)"_s.arg(caFile);
    if (timeout.count() <= 0)
        return u"the SMTP timeout must be a positive number of milliseconds"_s;
    return {};
}

QString AlertChannelsConfig::problem() const
{
    if (hasWebhook()) {
        if (const QString bad = webhookProblem(webhookUrl); !bad.isEmpty())
            return bad;
    }
    if (timeout.count() <= 0)
        return u"the alert timeout must be a positive number of milliseconds"_s;
    return hasSmtp() ? smtp.problem() : QString();
}

Result<AlertChannelsConfig> alertChannelsConfigFromEnvironment()
{
    AlertChannelsConfig c;
    const QString url = qEnvironmentVariable("OPS_ALERT_WEBHOOK_URL").trimmed();
    if (!url.isEmpty())
        c.webhookUrl = QUrl(url, QUrl::StrictMode);
    if (!url.isEmpty() && !c.webhookUrl.isValid())
        return Failure{u"OPS_ALERT_WEBHOOK_URL is not a valid URL"_s};
    const auto timeout = timeoutFromEnvironment();
    if (!timeout)
        return Failure{timeout.error()};
    c.timeout = *timeout;
    const auto smtp = smtpFromEnvironment();
    if (!smtp)
        return Failure{smtp.error()};
    c.smtp = *smtp;
    c.smtp.timeout = c.timeout;
    if (const QString bad = c.problem(); !bad.isEmpty())
        return Failure{bad};
    return c;
}

} // namespace ops
