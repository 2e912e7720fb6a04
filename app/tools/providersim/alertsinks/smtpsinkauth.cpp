// SmtpSinkSession's AUTH (RFC 4954): PLAIN with or without an initial response, and LOGIN.

#include "providersim/alertsinks/smtpsinksession.h"

namespace ops::sim {

namespace {

std::optional<QByteArray> base64(const QByteArray &text)
{
    auto decoded = QByteArray::fromBase64Encoding(text, QByteArray::AbortOnBase64DecodingErrors);
    return decoded ? std::optional<QByteArray>(*decoded) : std::nullopt;
}

} // namespace

void SmtpSinkSession::auth(const QByteArray &argument)
{
    const SmtpSinkSettings &s = m_context.settings;
    if (s.user.isEmpty())
        return reply("503 5.5.1 Authentication is not enabled");
    if (s.offersTls() && !m_tls)
        return reply("538 5.7.11 Encryption required for requested authentication mechanism");
    if (m_authed)
        return reply("503 5.5.1 Already authenticated");
    const QList<QByteArray> parts = argument.trimmed().split(' ');
    const QByteArray mechanism = parts.value(0).toUpper();
    if (!s.mechanisms.contains(mechanism))
        return reply("504 5.5.4 Unrecognized authentication type");
    if (mechanism == "PLAIN") {
        if (parts.size() > 1)
            return checkPlain(parts[1]);
        m_mode = Mode::AuthPlain;
        return reply("334 ");
    }
    if (mechanism != "LOGIN")
        return reply("504 5.5.4 Unrecognized authentication type");
    m_mode = Mode::AuthLoginUser;
    if (parts.size() > 1)
        return onAuthLine(parts[1]);
    reply("334 VXNlcm5hbWU6"); // "Username:"
}

void SmtpSinkSession::onAuthLine(const QByteArray &line)
{
    const Mode mode = m_mode;
    m_mode = Mode::Command;
    if (line == "*")
        return reply("501 5.7.0 Authentication cancelled");
    const auto decoded = base64(line);
    if (!decoded)
        return reply("501 5.5.2 Cannot decode the response");
    if (mode == Mode::AuthPlain)
        return checkPlain(line);
    if (mode == Mode::AuthLoginUser) {
        m_loginUser = QString::fromUtf8(*decoded);
        m_mode = Mode::AuthLoginPassword;
        return reply("334 UGFzc3dvcmQ6"); // "Password:"
    }
    checkLogin(m_loginUser, QString::fromUtf8(*decoded));
}

void SmtpSinkSession::checkPlain(const QByteArray &response)
{
    const auto decoded = base64(response);
    const QList<QByteArray> parts = decoded ? decoded->split('\0') : QList<QByteArray>();
    if (parts.size() != 3)
        return reply("501 5.5.2 Cannot decode the response");
    checkLogin(QString::fromUtf8(parts[1]), QString::fromUtf8(parts[2]));
}

void SmtpSinkSession::checkLogin(const QString &user, const QString &password)
{
    const SmtpSinkSettings &s = m_context.settings;
    m_mode = Mode::Command;
    if (user == s.user && password == s.password) {
        m_authed = true;
        return reply("235 2.7.0 Authentication successful");
    }
    m_context.ledger.refused();
    reply("535 5.7.8 Authentication credentials invalid");
}

} // namespace ops::sim
