#pragma once

// A mail as the SMTP sink received it after DATA (dot-unstuffed, CRLF line ends), read back for
// the alert ledger: the headers unfolded, the subject decoded (RFC 2047 "B" and "Q" words in
// UTF-8, US-ASCII or ISO-8859-1), and the body decoded by its Content-Transfer-Encoding
// (quoted-printable, base64, else as it came) as UTF-8 with "\n" line ends and without the line
// end before the final ".".

#include <QByteArray>
#include <QList>
#include <QString>
#include <utility>

namespace ops::sim {

struct ReceivedMail
{
    QList<std::pair<QString, QString>> headers;
    QString subject;
    QString messageId;
    QString body;

    // The first header of that name (case-insensitive), or empty.
    QString header(const QString &name) const;

    static ReceivedMail parse(const QByteArray &data);
    static QString decodeWords(const QString &value);
    static QByteArray decodeQuotedPrintable(const QByteArray &text);
};

} // namespace ops::sim
