#pragma once

// Alerts by e-mail: a small SMTP client (RFC 5321) over QSslSocket.
//
// Why our own client: Qt has no SMTP, and the other choice was libcurl's smtp:// or libesmtp
// from Debian. A few hundred lines over QSslSocket keep one TLS stack (Qt's: the same
// certificate store and checks as every HTTPS call of the product), add no dependency to the
// build or the Debian package, and cover the few verbs an alert needs: EHLO, STARTTLS (RFC 3207),
// AUTH PLAIN or LOGIN (RFC 4954), MAIL, RCPT, DATA, QUIT.
//
// One send() is one conversation, blocking, with one deadline (SmtpSettings::timeout) from the
// connect to the final reply. It runs on a worker thread, never the UI thread, and needs no
// event loop (QSslSocket's waitFor… calls):
//
//   connect (implicit: TLS at once) → 220 → EHLO → STARTTLS → TLS → EHLO again → AUTH PLAIN (LOGIN
//   when only that is offered) when a user is set → MAIL FROM → RCPT TO each → DATA → the message
//   (smtpmessage.h) → "." → QUIT
//
// Certificates are verified, always (VerifyPeer, the host name as connected to); the CA file of
// the settings is trusted besides the system's, and no TLS error is ever ignored.
//
// What a conversation proves (docs/alerts.md):
//   a 2xx reply to the final "."                       Delivered
//   a 5xx reply before or to the final "." (greeting,  Refused, with the server's words
//     EHLO, AUTH, MAIL, RCPT, DATA)
//   a 4xx reply before or to the final "."             Retry
//   refused, timed out, reset or garbled before the     Retry: nothing is delivered before the
//     final "." went; a TLS handshake that failed        final "." has gone
//   a certificate that does not verify                 Refused: a retry cannot succeed until a
//                                                      person trusts its CA
//                                                      (OPS_ALERT_SMTP_CA_FILE) or fixes the host,
//                                                      and a silent retry would hide an
//                                                      interception
//   STARTTLS required and not offered                  Refused: never sent in clear
//   silence or a close after the final "." went        Unknown: the only ambiguous case
// Every recipient must be accepted: one refused RCPT ends the conversation before DATA, so an
// alert never reaches some recipients and then goes again to all.

#include "alerts/alertchannel.h"
#include "alerts/alertconfig.h"

#include <QByteArray>
#include <QList>
#include <optional>

namespace ops {

class SmtpClient final : public AlertChannel
{
public:
    explicit SmtpClient(SmtpSettings settings);

    QString name() const override;
    // Settings with a problem() are refused before anything is sent.
    AlertAnswer send(const AlertMessage &message) override;
    // SMTP has no read of what a mailbox holds (alertchannel.h).
    bool readsBack() const override { return false; }

    // One reply: its code and the text of each line ("250-…" lines up to "250 …").
    struct Reply
    {
        int code = 0;
        QList<QByteArray> lines;
        // "535 5.7.8 Authentication credentials invalid": printable, one line, at most 300
        // characters.
        QString said() const;
    };
    // Takes one whole reply off the front of `buffer`. nullopt while its last line has not
    // arrived, and also when the bytes are not an SMTP reply: `garbled` is then set.
    static std::optional<Reply> takeReply(QByteArray &buffer, bool &garbled);
    // The EHLO reply's keywords after its first line, upper-case: "STARTTLS", "AUTH PLAIN LOGIN".
    static QStringList capabilities(const Reply &ehlo);

private:
    SmtpSettings m_settings;
};

} // namespace ops
