#include "alerts/smtpmessage.h"

#include <QCryptographicHash>
#include <QLocale>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ops::smtpmessage {

namespace {

// RFC 5322 §2.1.1's 78 columns: "Subject: " and 69, or and one encoded-word of 42 bytes (56 base64
// characters, 68 with its frame; RFC 2047 allows 75); quoted-printable lines of 75 and a soft "="
// (RFC 2045 §6.7).
constexpr qsizetype kPlainSubject = 69;
constexpr qsizetype kWordBytes = 42;
constexpr qsizetype kQuotedPrintable = 75;

bool isPlainAscii(const QString &text)
{
    for (QChar c : text) {
        if (c.unicode() < 0x20 || c.unicode() > 0x7e)
            return false;
    }
    return !text.contains(u"=?"_s); // would read as the start of an encoded-word
}

QByteArray encodedWord(const QByteArray &utf8)
{
    return "=?UTF-8?B?" + utf8.toBase64() + "?=";
}

// One quoted-printable line (no line break inside `line`), soft-broken under 77 columns.
QByteArray encodeLine(const QByteArray &line)
{
    QByteArray out;
    qsizetype column = 0;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const auto byte = static_cast<unsigned char>(line[i]);
        const bool last = i + 1 == line.size();
        const bool literal =
            (byte >= 33 && byte <= 126 && byte != '=') || ((byte == ' ' || byte == '\t') && !last);
        const QByteArray token =
            literal ? QByteArray(1, char(byte))
                    : '=' + QByteArray::number(byte, 16).rightJustified(2, '0').toUpper();
        if (column + token.size() > kQuotedPrintable) {
            out += "=\r\n";
            column = 0;
        }
        out += token;
        column += token.size();
    }
    return out;
}

} // namespace

QString oneLine(const QString &subject)
{
    QString out = subject;
    for (QChar &c : out) {
        if (c.category() == QChar::Other_Control || c == QChar::LineSeparator ||
            c == QChar::ParagraphSeparator)
            c = u' ';
    }
    return out.trimmed();
}

QByteArray subjectValue(const QString &subject)
{
    const QString line = oneLine(subject);
    if (isPlainAscii(line) && line.size() <= kPlainSubject)
        return line.toLatin1();
    // Whole characters per word: a word never splits a character's UTF-8 bytes.
    QList<QByteArray> words;
    QByteArray word;
    for (const uint codePoint : line.toUcs4()) {
        const char32_t one = codePoint;
        const QByteArray bytes = QString::fromUcs4(&one, 1).toUtf8();
        if (word.size() + bytes.size() > kWordBytes) {
            words << encodedWord(word);
            word.clear();
        }
        word += bytes;
    }
    if (!word.isEmpty() || words.isEmpty())
        words << encodedWord(word);
    return words.join("\r\n ");
}

QByteArray quotedPrintable(const QString &text)
{
    static const QRegularExpression lineEnd(u"\r\n|\r|\n"_s);
    QList<QByteArray> lines;
    for (const QString &line : text.split(lineEnd))
        lines << encodeLine(line.toUtf8());
    return lines.join("\r\n");
}

QByteArray dotStuffed(const QByteArray &crlfText)
{
    QByteArray out;
    out.reserve(crlfText.size() + 16);
    bool lineStart = true;
    for (const char c : crlfText) {
        if (lineStart && c == '.')
            out += '.';
        out += c;
        lineStart = c == '\n';
    }
    return out;
}

QByteArray messageId(const QString &key)
{
    const QByteArray hash = QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha256);
    return '<' + hash.toHex().left(32) + "@ops-console>";
}

QByteArray dateValue(const QDateTime &date)
{
    return QLocale::c().toString(date.toUTC(), u"ddd, dd MMM yyyy hh:mm:ss"_s).toLatin1() +
           " +0000";
}

QByteArray wireData(const QString &from, const QStringList &to, const AlertMessage &message,
                    const QDateTime &date)
{
    QList<QByteArray> recipients;
    for (const QString &address : to)
        recipients << address.toLatin1();
    QByteArray text = "Date: " + dateValue(date) + "\r\n";
    text += "From: " + from.toLatin1() + "\r\n";
    text += "To: " + recipients.join(",\r\n ") + "\r\n";
    text += "Subject: " + subjectValue(message.subject) + "\r\n";
    text += "Message-ID: " + messageId(message.key) + "\r\n";
    text += "Auto-Submitted: auto-generated\r\n";
    text += "MIME-Version: 1.0\r\n";
    text += "Content-Type: text/plain; charset=UTF-8\r\n";
    text += "Content-Transfer-Encoding: quoted-printable\r\n";
    text += "\r\n" + quotedPrintable(message.text) + "\r\n";
    return dotStuffed(text);
}

} // namespace ops::smtpmessage
