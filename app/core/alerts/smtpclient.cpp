#include "alerts/smtpclient.h"

#include "alerts/smtpmessage.h"

#include <QDeadlineTimer>
#include <QHostAddress>
#include <QHostInfo>
#include <QNetworkProxy>
#include <QRegularExpression>
#include <QSslConfiguration>
#include <QSslSocket>
#include <climits>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr qsizetype kMaxReplyBytes = 64 * 1024;
constexpr int kQuitWaitMs = 1000;

AlertAnswer answer(AlertOutcome outcome, QString detail)
{
    AlertAnswer a;
    a.outcome = outcome;
    a.detail = std::move(detail);
    return a;
}

bool isDigits(const QByteArray &text)
{
    for (const char c : text) {
        if (c < '0' || c > '9')
            return false;
    }
    return !text.isEmpty();
}

// One conversation: a socket, a deadline, and what was read but not yet taken as a reply. Each
// step answers nullopt to go on, or the answer that ends the conversation there.
class Conversation
{
public:
    explicit Conversation(const SmtpSettings &settings)
        : m_settings(settings)
        , m_deadline(settings.timeout)
    {}

    AlertAnswer run(const QByteArray &data)
    {
        using Step = std::optional<AlertAnswer> (Conversation::*)();
        for (const Step step : {&Conversation::open, &Conversation::greet, &Conversation::hello,
                                &Conversation::authenticate, &Conversation::envelope}) {
            if (const auto stop = (this->*step)()) {
                quit();
                return *stop;
            }
        }
        const AlertAnswer end = transmit(data);
        if (end.outcome != AlertOutcome::Unknown)
            quit();
        return end;
    }

private:
    using Reply = SmtpClient::Reply;

    int remainingMs() const
    {
        return int(qBound(qint64(0), m_deadline.remainingTime(), qint64(INT_MAX)));
    }

    QString where() const { return m_settings.host + u':' + QString::number(m_settings.port); }

    std::optional<AlertAnswer> open()
    {
        if (m_settings.tls != SmtpTls::None && !QSslSocket::supportsSsl())
            return answer(AlertOutcome::Refused, u"this build has no TLS support"_s);
        if (isLoopbackHost(m_settings.host))
            m_socket.setProxy(QNetworkProxy::NoProxy);
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setPeerVerifyMode(QSslSocket::VerifyPeer);
        if (!m_settings.caFile.isEmpty() && !tls.addCaCertificates(m_settings.caFile))
            return answer(AlertOutcome::Refused,
                          u"the CA file %1 holds no PEM certificate"_s.arg(m_settings.caFile));
        m_socket.setSslConfiguration(tls);
        const auto port = quint16(m_settings.port);
        if (m_settings.tls == SmtpTls::Implicit) {
            m_socket.connectToHostEncrypted(m_settings.host, port);
            return m_socket.waitForEncrypted(remainingMs()) ? std::nullopt : tlsFailed();
        }
        m_socket.connectToHost(m_settings.host, port);
        if (m_socket.waitForConnected(remainingMs()))
            return std::nullopt;
        return answer(AlertOutcome::Retry,
                      u"cannot connect to %1: %2"_s.arg(where(), m_socket.errorString()));
    }

    std::optional<AlertAnswer> tlsFailed() const
    {
        QStringList errors;
        for (const QSslError &e : m_socket.sslHandshakeErrors())
            errors << e.errorString();
        if (!errors.isEmpty())
            return answer(AlertOutcome::Refused,
                          u"the certificate of %1 does not verify (%2); trust its CA with "
                          "OPS_ALERT_SMTP_CA_FILE or use the name it was issued to"_s.arg(
                              where(), errors.join(u"; "_s)));
        return answer(AlertOutcome::Retry,
                      u"TLS with %1 failed: %2"_s.arg(where(), m_socket.errorString()));
    }

    std::optional<AlertAnswer> greet() { return expect(readReply(), 2, u"greeting"_s); }

    std::optional<AlertAnswer> ehlo()
    {
        const auto reply = command("EHLO " + heloName().toLatin1());
        if (auto stop = expect(reply, 2, u"EHLO"_s))
            return stop;
        m_capabilities = SmtpClient::capabilities(*reply);
        return std::nullopt;
    }

    std::optional<AlertAnswer> hello()
    {
        if (auto stop = ehlo())
            return stop;
        if (m_settings.tls != SmtpTls::StartTls)
            return std::nullopt;
        if (!m_capabilities.contains(u"STARTTLS"_s))
            return answer(AlertOutcome::Refused,
                          u"%1 offers no STARTTLS; alerts are never sent in clear "
                          "(OPS_ALERT_SMTP_TLS)"_s.arg(where()));
        if (auto stop = expect(command("STARTTLS"), 2, u"STARTTLS"_s))
            return stop;
        // Nothing said before TLS is trusted after it (RFC 3207 §4.2): not a byte, not a
        // capability.
        m_buffer.clear();
        m_capabilities.clear();
        m_socket.startClientEncryption();
        if (!m_socket.waitForEncrypted(remainingMs()))
            return tlsFailed();
        return ehlo();
    }

    std::optional<AlertAnswer> authenticate()
    {
        if (m_settings.user.isEmpty())
            return std::nullopt;
        QStringList mechanisms;
        for (const QString &c : std::as_const(m_capabilities)) {
            if (c.startsWith(u"AUTH "_s) || c.startsWith(u"AUTH="_s))
                mechanisms << c.mid(5).split(u' ', Qt::SkipEmptyParts);
        }
        const QByteArray user = m_settings.user.toUtf8();
        const QByteArray password = m_settings.password.toUtf8();
        if (mechanisms.contains(u"PLAIN"_s)) {
            const QByteArray plain = '\0' + user + '\0' + password;
            return expect(command("AUTH PLAIN " + plain.toBase64()), 2, u"AUTH PLAIN"_s);
        }
        if (!mechanisms.contains(u"LOGIN"_s))
            return answer(AlertOutcome::Refused,
                          u"%1 offers neither AUTH PLAIN nor AUTH LOGIN"_s.arg(where()));
        if (auto stop = expect(command("AUTH LOGIN"), 334, u"AUTH LOGIN"_s))
            return stop;
        if (auto stop = expect(command(user.toBase64()), 334, u"AUTH LOGIN"_s))
            return stop;
        return expect(command(password.toBase64()), 2, u"AUTH LOGIN"_s);
    }

    std::optional<AlertAnswer> envelope()
    {
        const QByteArray from = m_settings.from.toLatin1();
        if (auto stop = expect(command("MAIL FROM:<" + from + '>'), 2, u"MAIL FROM"_s))
            return stop;
        for (const QString &to : m_settings.to) {
            const QByteArray line = "RCPT TO:<" + to.toLatin1() + '>';
            if (auto stop = expect(command(line), 2, QString::fromLatin1(line)))
                return stop;
        }
        return expect(command("DATA"), 354, u"DATA"_s);
    }

    // The message, then the final "." and its reply: the one step after which silence means
    // the mail may have been delivered.
    AlertAnswer transmit(const QByteArray &data)
    {
        if (!write(data))
            return answer(AlertOutcome::Retry,
                          u"sending the message to %1: %2"_s.arg(where(), m_lost));
        const bool ended = write(".\r\n");
        const auto reply = ended ? readReply() : std::nullopt;
        if (!reply)
            return answer(AlertOutcome::Unknown,
                          u"no reply from %1 to the end of the message (%2): it may have been "
                          "delivered"_s.arg(where(), m_lost));
        if (reply->code / 100 == 2)
            return answer(AlertOutcome::Delivered, reply->said());
        return classified(*reply, u"end of data"_s);
    }

    // nullopt when `reply` is the one wanted (a class like 2, or an exact code like 354).
    std::optional<AlertAnswer> expect(const std::optional<Reply> &reply, int want,
                                      const QString &step) const
    {
        if (!reply)
            return answer(AlertOutcome::Retry, u"%1 at %2: %3"_s.arg(step, where(), m_lost));
        if (want < 10 ? reply->code / 100 == want : reply->code == want)
            return std::nullopt;
        return classified(*reply, step);
    }

    AlertAnswer classified(const Reply &reply, const QString &step) const
    {
        const QString detail = u"%1 at %2: %3"_s.arg(step, where(), reply.said());
        return answer(reply.code / 100 == 4 ? AlertOutcome::Retry : AlertOutcome::Refused, detail);
    }

    std::optional<Reply> command(const QByteArray &line)
    {
        if (!write(line + "\r\n"))
            return std::nullopt;
        return readReply();
    }

    bool write(const QByteArray &bytes)
    {
        if (m_socket.write(bytes) != bytes.size()) {
            m_lost = m_socket.errorString();
            return false;
        }
        while (m_socket.bytesToWrite() > 0) {
            if (m_socket.waitForBytesWritten(remainingMs()))
                continue;
            m_lost = m_deadline.hasExpired()
                         ? u"nothing moved within %1 ms"_s.arg(m_settings.timeout.count())
                         : u"connection lost: %1"_s.arg(m_socket.errorString());
            return false;
        }
        return true;
    }

    std::optional<Reply> readReply()
    {
        for (;;) {
            bool garbled = false;
            if (auto reply = SmtpClient::takeReply(m_buffer, garbled))
                return reply;
            if (garbled || m_buffer.size() > kMaxReplyBytes) {
                m_lost = u"the server's answer is not an SMTP reply"_s;
                return std::nullopt;
            }
            if (m_socket.bytesAvailable() == 0 && !m_socket.waitForReadyRead(remainingMs())) {
                m_buffer += m_socket.readAll(); // what arrived together with a close
                if (auto reply = SmtpClient::takeReply(m_buffer, garbled))
                    return reply;
                if (m_socket.state() == QAbstractSocket::ConnectedState && !m_deadline.hasExpired())
                    continue;
                m_lost = m_deadline.hasExpired()
                             ? u"no reply within %1 ms"_s.arg(m_settings.timeout.count())
                             : u"the server closed the connection"_s;
                return std::nullopt;
            }
            m_buffer += m_socket.readAll();
        }
    }

    // Polite, short and never decisive: the outcome is already known.
    void quit()
    {
        if (m_socket.state() != QAbstractSocket::ConnectedState || m_deadline.hasExpired())
            return;
        m_deadline = QDeadlineTimer(qMin(remainingMs(), kQuitWaitMs));
        if (write("QUIT\r\n"))
            readReply();
        m_socket.disconnectFromHost();
    }

    // Our name in EHLO: this machine's domain name, else the address literal of our end
    // (RFC 5321 §4.1.4).
    QString heloName() const
    {
        const QString host = QHostInfo::localHostName();
        static const QRegularExpression domain(u"^[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+$"_s);
        if (domain.match(host).hasMatch())
            return host;
        const QHostAddress local = m_socket.localAddress();
        if (local.protocol() == QAbstractSocket::IPv6Protocol)
            return u"[IPv6:"_s + local.toString() + u']';
        return u'[' + local.toString() + u']';
    }

    const SmtpSettings &m_settings;
    QSslSocket m_socket;
    QDeadlineTimer m_deadline;
    QByteArray m_buffer;
    QString m_lost;
    QStringList m_capabilities;
};

} // namespace

QString SmtpClient::Reply::said() const
{
    QStringList parts;
    for (const QByteArray &line : lines)
        parts << QString::fromUtf8(line).trimmed();
    QString text = QString::number(code) + u' ' + parts.join(u' ');
    for (QChar &c : text) {
        if (c.category() == QChar::Other_Control)
            c = u' ';
    }
    return text.trimmed().left(300);
}

std::optional<SmtpClient::Reply> SmtpClient::takeReply(QByteArray &buffer, bool &garbled)
{
    Reply reply;
    qsizetype pos = 0;
    for (;;) {
        const qsizetype end = buffer.indexOf('\n', pos);
        if (end < 0)
            return std::nullopt;
        QByteArray line = buffer.mid(pos, end - pos);
        if (line.endsWith('\r'))
            line.chop(1);
        const bool shaped = line.size() >= 3 && isDigits(line.left(3)) &&
                            (line.size() == 3 || line[3] == ' ' || line[3] == '-');
        const int code = shaped ? line.left(3).toInt() : 0;
        if (!shaped || (reply.code != 0 && code != reply.code)) {
            garbled = true;
            return std::nullopt;
        }
        reply.code = code;
        reply.lines << line.mid(4);
        pos = end + 1;
        if (line.size() == 3 || line[3] == ' ') {
            buffer.remove(0, pos);
            return reply;
        }
    }
}

QStringList SmtpClient::capabilities(const Reply &ehlo)
{
    QStringList keywords;
    for (qsizetype i = 1; i < ehlo.lines.size(); ++i)
        keywords << QString::fromLatin1(ehlo.lines[i]).trimmed().toUpper();
    return keywords;
}

SmtpClient::SmtpClient(SmtpSettings settings)
    : m_settings(std::move(settings))
{}

QString SmtpClient::name() const
{
    return u"smtp"_s;
}

AlertAnswer SmtpClient::send(const AlertMessage &message)
{
    if (const QString problem = m_settings.problem(); !problem.isEmpty())
        return answer(AlertOutcome::Refused, problem);
    const QByteArray data = smtpmessage::wireData(m_settings.from, m_settings.to, message,
                                                  QDateTime::currentDateTimeUtc());
    Conversation conversation(m_settings);
    const AlertAnswer a = conversation.run(data);
    qCInfo(lcAlerts) << "smtp" << m_settings.host << message.key << toString(a.outcome) << a.detail;
    return a;
}

} // namespace ops
