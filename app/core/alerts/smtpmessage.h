#pragma once

// The mail an alert becomes (RFC 5322 headers, MIME per RFC 2045 and 2047), as the SMTP client
// writes it after DATA. Pure functions: no socket, no clock of their own.
//
//   Date: <the send's time, UTC>             Message-ID: <32 hex of SHA-256(key)@ops-console>
//   From: <from>                            MIME-Version: 1.0
//   To: <to>, <to>                          Content-Type: text/plain; charset=UTF-8
//   Subject: <ASCII, or encoded-words>      Content-Transfer-Encoding: quoted-printable
//   Auto-Submitted: auto-generated          (RFC 3834: no out-of-office replies to alerts)
//
// Every header is written by us from checked values: the addresses are checked by
// SmtpSettings::problem(), the Message-ID is a hash, and the subject's CR, LF and other controls
// become spaces, so nothing in an alert can start a header of its own. The body is quoted-
// printable: 7-bit, no line over 76 characters whatever the alert holds (the 998-octet limit of
// RFC 5321 §4.5.3.1.6 never bites), and no dependence on the server's 8BITMIME.

#include "alerts/alertchannel.h"

#include <QByteArray>
#include <QDateTime>
#include <QStringList>

namespace ops::smtpmessage {

// The whole message with CRLF line ends and a final CRLF, dot-stuffed (RFC 5321 §4.5.2), ready
// to be followed by ".\r\n".
QByteArray wireData(const QString &from, const QStringList &to, const AlertMessage &message,
                    const QDateTime &date);
// "<" + the first 32 hex digits of SHA-256 over the UTF-8 key + "@ops-console>": the same key
// gives the same Message-ID, so a mailbox sees that two copies are one alert.
QByteArray messageId(const QString &key);
// The Subject's value: printable ASCII up to 69 characters as it is; anything else as RFC 2047
// "B" encoded-words of at most 75 characters, folded onto continuation lines.
QByteArray subjectValue(const QString &subject);
// The subject as one line: controls (CR, LF, TAB, …) and line separators become spaces.
QString oneLine(const QString &subject);
// `text` (any line ends) as quoted-printable UTF-8 with CRLF line ends and no final CRLF.
QByteArray quotedPrintable(const QString &text);
// Each line of `crlfText` that starts with "." gets one more in front.
QByteArray dotStuffed(const QByteArray &crlfText);
// "Mon, 07 Dec 2026 10:00:00 +0000".
QByteArray dateValue(const QDateTime &date);

} // namespace ops::smtpmessage
