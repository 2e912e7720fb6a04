#include "providersim/alertsinks/receivedmail.h"

#include <QRegularExpression>

namespace ops::sim {

namespace {

QString decodeCharset(const QByteArray &bytes, const QString &charset)
{
    const QString c = charset.toLower();
    if (c == QLatin1String("iso-8859-1") || c == QLatin1String("latin1"))
        return QString::fromLatin1(bytes);
    return QString::fromUtf8(bytes); // UTF-8, and US-ASCII as its subset
}

QByteArray decodeQ(QByteArray text)
{
    text.replace('_', ' ');
    return ReceivedMail::decodeQuotedPrintable(text);
}

// Splits the head into unfolded headers; returns where the body starts.
qsizetype readHeaders(const QByteArray &data, QList<std::pair<QString, QString>> &headers)
{
    qsizetype pos = 0;
    while (pos < data.size()) {
        qsizetype end = data.indexOf("\r\n", pos);
        if (end < 0)
            end = data.size();
        const QByteArray line = data.mid(pos, end - pos);
        pos = end + 2;
        if (line.isEmpty())
            return pos;
        if ((line.startsWith(' ') || line.startsWith('\t')) && !headers.isEmpty()) {
            headers.last().second += QString::fromUtf8(line); // unfolded: the CRLF goes
            continue;
        }
        const qsizetype colon = line.indexOf(':');
        headers.append({QString::fromUtf8(line.left(qMax<qsizetype>(colon, 0))).trimmed(),
                        QString::fromUtf8(colon < 0 ? line : line.mid(colon + 1)).trimmed()});
    }
    return data.size();
}

} // namespace

QString ReceivedMail::header(const QString &name) const
{
    for (const auto &[n, v] : headers) {
        if (n.compare(name, Qt::CaseInsensitive) == 0)
            return v;
    }
    return {};
}

QByteArray ReceivedMail::decodeQuotedPrintable(const QByteArray &text)
{
    QByteArray out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] != '=') {
            out += text[i];
            continue;
        }
        if (text.mid(i + 1, 2) == "\r\n") { // a soft line break
            i += 2;
            continue;
        }
        bool ok = false;
        const int byte = text.mid(i + 1, 2).toInt(&ok, 16);
        if (ok && i + 2 < text.size()) {
            out += char(byte);
            i += 2;
        } else {
            out += '=';
        }
    }
    return out;
}

QString ReceivedMail::decodeWords(const QString &value)
{
    static const QRegularExpression word(
        QStringLiteral("=\\?([^?]+)\\?([BbQq])\\?([^?]*)\\?=(\\s+(?==\\?))?"));
    QString out;
    qsizetype last = 0;
    auto it = word.globalMatch(value);
    while (it.hasNext()) {
        const auto m = it.next();
        out += value.mid(last, m.capturedStart() - last);
        const QByteArray encoded = m.captured(3).toLatin1();
        const bool base64 = m.captured(2).compare(QLatin1String("b"), Qt::CaseInsensitive) == 0;
        out += decodeCharset(base64 ? QByteArray::fromBase64(encoded) : decodeQ(encoded),
                             m.captured(1));
        last = m.capturedEnd();
    }
    return out + value.mid(last);
}

ReceivedMail ReceivedMail::parse(const QByteArray &data)
{
    ReceivedMail mail;
    const qsizetype bodyStart = readHeaders(data, mail.headers);
    mail.subject = decodeWords(mail.header(QStringLiteral("Subject")));
    mail.messageId = mail.header(QStringLiteral("Message-ID"));
    QByteArray body = data.mid(bodyStart);
    if (body.endsWith("\r\n"))
        body.chop(2);
    const QString encoding = mail.header(QStringLiteral("Content-Transfer-Encoding")).toLower();
    if (encoding == QLatin1String("quoted-printable"))
        body = decodeQuotedPrintable(body);
    else if (encoding == QLatin1String("base64"))
        body = QByteArray::fromBase64(body);
    mail.body = QString::fromUtf8(body).replace(QLatin1String("\r\n"), QLatin1String("\n"));
    return mail;
}

} // namespace ops::sim
