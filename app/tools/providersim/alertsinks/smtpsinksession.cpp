#include "providersim/alertsinks/smtpsinksession.h"

#include "providersim/alertsinks/receivedmail.h"
#include "providersim/simlog.h"

#include <QRegularExpression>
#include <QTimer>

namespace ops::sim {

namespace {

const QString kConnect = QStringLiteral("SMTP CONNECT");
const QString kMail = QStringLiteral("SMTP MAIL");
const QString kRcpt = QStringLiteral("SMTP RCPT");
const QString kData = QStringLiteral("SMTP DATA");

constexpr qsizetype kMaxCommandLine = 510; // 512 with CRLF (RFC 5321 §4.5.3.1.4)
constexpr qsizetype kMaxTextLine = 998;    // 1000 with CRLF (RFC 5321 §4.5.3.1.6)
constexpr qsizetype kMaxMail = 10 * 1024 * 1024;
constexpr qsizetype kMaxPending = 1024 * 1024;
constexpr int kMaxRecipients = 100;

// The address of "FROM:<a@b> …" / "TO:<a@b>", or empty when the argument is not of that shape.
QString addressOf(const QByteArray &argument, const char *prefix)
{
    static const QRegularExpression shape(QStringLiteral("^<([^<> ]*)>( .*)?$"));
    const QString text = QString::fromUtf8(argument).trimmed();
    if (!text.startsWith(QLatin1String(prefix), Qt::CaseInsensitive))
        return {};
    const auto m = shape.match(text.mid(qsizetype(qstrlen(prefix))).trimmed());
    return m.hasMatch() ? m.captured(1) : QString();
}

} // namespace

SmtpSinkSession::SmtpSinkSession(qintptr handle, Context context, QObject *parent)
    : QObject(parent)
    , m_context(context)
    , m_socket(new QSslSocket(this))
{
    if (!m_socket->setSocketDescriptor(handle)) {
        deleteLater();
        return;
    }
    connect(m_socket, &QSslSocket::readyRead, this, &SmtpSinkSession::readInput);
    connect(m_socket, &QSslSocket::encrypted, this, &SmtpSinkSession::onEncrypted);
    connect(m_socket, &QAbstractSocket::disconnected, this, &QObject::deleteLater);
    connect(m_socket, &QAbstractSocket::errorOccurred, this, [this](auto error) {
        if (error != QAbstractSocket::RemoteHostClosedError)
            qCInfo(lcSim) << "smtp sink:" << m_socket->errorString();
        if (error == QAbstractSocket::SslHandshakeFailedError)
            close();
    });
    if (!faulted(kConnect, {}, [this] { greet(); }))
        greet();
}

void SmtpSinkSession::greet()
{
    reply("220 provider-sim ESMTP alert sink");
}

void SmtpSinkSession::reply(const QByteArray &line)
{
    if (m_socket->state() == QAbstractSocket::ConnectedState)
        m_socket->write(line + "\r\n");
}

void SmtpSinkSession::close()
{
    m_mode = Mode::Closed;
    m_socket->disconnectFromHost();
}

void SmtpSinkSession::resetTransaction()
{
    m_inMail = false;
    m_from.clear();
    m_recipients.clear();
    m_data.clear();
    m_longLine = m_tooBig = false;
}

void SmtpSinkSession::readInput()
{
    const QByteArray bytes = m_socket->readAll();
    if (m_mode == Mode::Closed)
        return;
    m_input += bytes;
    takeLines();
}

void SmtpSinkSession::takeLines()
{
    while (!m_paused && m_mode != Mode::Closed) {
        const qsizetype end = m_input.indexOf('\n');
        if (end < 0) {
            if (m_input.size() > kMaxPending) {
                reply("500 5.5.2 Line too long");
                close();
            }
            return;
        }
        QByteArray line = m_input.left(end);
        m_input.remove(0, end + 1);
        if (line.endsWith('\r'))
            line.chop(1);
        onLine(line);
    }
}

void SmtpSinkSession::onLine(const QByteArray &line)
{
    switch (m_mode) {
    case Mode::Command:
        return onCommand(line);
    case Mode::Data:
        return onDataLine(line);
    case Mode::AuthPlain:
    case Mode::AuthLoginUser:
    case Mode::AuthLoginPassword:
        return onAuthLine(line);
    case Mode::Closed:
        return;
    }
}

void SmtpSinkSession::onCommand(const QByteArray &line)
{
    if (line.size() > kMaxCommandLine)
        return reply("500 5.5.2 Line too long");
    const qsizetype space = line.indexOf(' ');
    const QByteArray verb = (space < 0 ? line : line.left(space)).toUpper();
    const QByteArray argument = space < 0 ? QByteArray() : line.mid(space + 1);
    if (verb == "EHLO")
        return ehlo(argument);
    if (verb == "HELO") {
        m_helo = true;
        resetTransaction();
        return reply("250 provider-sim");
    }
    if (verb == "STARTTLS")
        return startTls();
    if (verb == "AUTH")
        return auth(argument);
    if (verb == "MAIL")
        return mail(argument);
    if (verb == "RCPT")
        return rcpt(argument);
    if (verb == "DATA")
        return data();
    if (verb == "RSET") {
        resetTransaction();
        return reply("250 2.0.0 OK");
    }
    if (verb == "NOOP")
        return reply("250 2.0.0 OK");
    if (verb == "VRFY")
        return reply("252 2.5.2 Cannot VRFY user");
    if (verb == "QUIT") {
        reply("221 2.0.0 Bye");
        return close();
    }
    reply("500 5.5.2 Command not recognized");
}

void SmtpSinkSession::ehlo(const QByteArray &argument)
{
    m_helo = true;
    resetTransaction();
    QList<QByteArray> lines = {"provider-sim greets " + argument.trimmed(), "SIZE 10485760",
                               "8BITMIME", "ENHANCEDSTATUSCODES"};
    const SmtpSinkSettings &s = m_context.settings;
    if (s.offersTls() && !m_tls)
        lines << "STARTTLS";
    if (!s.user.isEmpty() && (m_tls || !s.offersTls()))
        lines << "AUTH " + s.mechanisms.join(' ');
    lines << "HELP";
    for (qsizetype i = 0; i < lines.size(); ++i)
        reply((i + 1 < lines.size() ? "250-" : "250 ") + lines[i]);
}

void SmtpSinkSession::startTls()
{
    const SmtpSinkSettings &s = m_context.settings;
    if (!s.offersTls())
        return reply("454 4.7.0 TLS not available");
    if (m_tls)
        return reply("503 5.5.1 TLS already active");
    reply("220 2.0.0 Ready to start TLS");
    m_socket->flush();
    // Whatever the client sent after STARTTLS in clear is not read (RFC 3207 §4.2).
    m_input.clear();
    m_paused = true; // until the handshake is done
    m_socket->setLocalCertificate(s.certificate);
    m_socket->setPrivateKey(s.key);
    m_socket->startServerEncryption();
}

void SmtpSinkSession::onEncrypted()
{
    // A new start: the client must say EHLO again and authenticate over TLS.
    m_tls = true;
    m_helo = m_authed = false;
    resetTransaction();
    m_paused = false;
    takeLines();
}

void SmtpSinkSession::mail(const QByteArray &argument)
{
    if (!m_helo)
        return reply("503 5.5.1 Send EHLO first");
    if (!m_context.settings.user.isEmpty() && !m_authed) {
        m_context.ledger.refused();
        return reply("530 5.7.0 Authentication required");
    }
    if (m_inMail)
        return reply("503 5.5.1 Nested MAIL command");
    const QString from = addressOf(argument, "FROM:");
    if (from.isEmpty() && !argument.trimmed().toUpper().startsWith("FROM:<>"))
        return reply("501 5.5.4 Syntax: MAIL FROM:<address>");
    const auto accept = [this, from] {
        m_inMail = true;
        m_from = from;
        reply("250 2.1.0 Sender OK");
    };
    if (!faulted(kMail, {}, accept))
        accept();
}

void SmtpSinkSession::rcpt(const QByteArray &argument)
{
    if (!m_inMail)
        return reply("503 5.5.1 Need MAIL before RCPT");
    const QString to = addressOf(argument, "TO:");
    if (to.isEmpty())
        return reply("501 5.5.4 Syntax: RCPT TO:<address>");
    if (m_recipients.size() >= kMaxRecipients)
        return reply("452 4.5.3 Too many recipients");
    const auto accept = [this, to] {
        m_recipients << to;
        reply("250 2.1.5 Recipient OK");
    };
    if (!faulted(kRcpt, {}, accept))
        accept();
}

void SmtpSinkSession::data()
{
    if (m_recipients.isEmpty())
        return reply("503 5.5.1 Need RCPT before DATA");
    m_mode = Mode::Data;
    m_data.clear();
    reply("354 End data with <CR><LF>.<CR><LF>");
}

void SmtpSinkSession::onDataLine(const QByteArray &line)
{
    if (line == ".")
        return endOfData();
    const QByteArray text = line.startsWith('.') ? line.mid(1) : line; // dot-unstuffing
    m_longLine = m_longLine || line.size() > kMaxTextLine;
    m_tooBig = m_tooBig || m_data.size() + text.size() + 2 > kMaxMail;
    if (!m_tooBig)
        m_data += text + "\r\n";
}

void SmtpSinkSession::endOfData()
{
    m_mode = Mode::Command;
    const QString from = m_from;
    const QStringList to = m_recipients;
    const QByteArray data = m_data;
    const bool longLine = m_longLine;
    const bool tooBig = m_tooBig;
    resetTransaction();
    if (tooBig || longLine) {
        m_context.ledger.refused();
        return reply(tooBig ? "552 5.3.4 Message too big"
                            : "554 5.6.0 A line is longer than 998 characters");
    }
    const QByteArray id = QByteArray::number(++m_queued);
    const Keep keepIt = [this, from, to, data](bool held, int answer) {
        keep(from, to, data, held, answer);
    };
    const auto answer = [this, id] {
        reply("250 2.0.0 OK queued as " + id);
    };
    if (!faulted(kData, keepIt, answer)) {
        keepIt(false, 250);
        answer();
    }
}

void SmtpSinkSession::keep(const QString &from, const QStringList &to, const QByteArray &data,
                           bool held, int answer)
{
    const ReceivedMail mail = ReceivedMail::parse(data);
    AlertDelivery d;
    d.channel = QStringLiteral("smtp");
    d.key = mail.messageId;
    d.text = mail.body;
    d.subject = mail.subject;
    d.from = from;
    d.recipients = to;
    d.headers = mail.headers;
    d.answer = answer;
    d.held = held;
    d.at = m_context.clock.now();
    m_context.ledger.deliver(d);
}

bool SmtpSinkSession::faulted(const QString &phase, const Keep &keep,
                              const std::function<void()> &answer)
{
    const FaultDecision decision = m_context.faults.decide(phase);
    const Fault &fault = decision.fault;
    if (!decision.name.isEmpty())
        qCInfo(lcSim) << "fault" << decision.name << "on" << phase;
    const bool atData = phase == kData;
    switch (fault.mode) {
    case FaultMode::Latency:
        later(qMax(0, fault.delayMs), [keep, answer] {
            if (keep)
                keep(false, 250);
            answer();
        });
        return true;
    case FaultMode::Unavailable503:
    case FaultMode::TooMany429:
        m_context.ledger.refused();
        if (phase == kConnect) {
            reply("421 4.3.2 Service not available (simulated)");
            close();
        } else {
            reply("451 4.3.0 Temporary failure (simulated)");
        }
        return true;
    case FaultMode::Stored500Applied:
        if (atData) {
            keep(false, 451);
            reply("451 4.3.0 Temporary failure (simulated), the mail was kept");
            return true;
        }
        [[fallthrough]];
    case FaultMode::Stored500:
        m_context.ledger.refused();
        reply("554 5.7.1 Refused (simulated)");
        if (phase == kConnect)
            close();
        return true;
    case FaultMode::DropConnection:
        m_mode = Mode::Closed;
        m_socket->abort();
        deleteLater();
        return true;
    case FaultMode::HangBeforeCommit:
        m_context.ledger.timedOut();
        later(fault.delayMs, [this] { close(); });
        return true;
    case FaultMode::CommitThenHang:
        m_context.ledger.timedOut();
        if (keep)
            keep(true, 250);
        later(fault.delayMs, answer);
        return true;
    default:
        return false;
    }
}

void SmtpSinkSession::later(int delayMs, std::function<void()> fn)
{
    m_paused = true;
    if (delayMs < 0)
        return; // never: the client gives up and leaves
    QTimer::singleShot(delayMs, this, [this, fn = std::move(fn)] {
        m_paused = false;
        fn();
        takeLines();
    });
}

} // namespace ops::sim
