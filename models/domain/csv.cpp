#include "domain/csv.h"

#include <QStringDecoder>

using namespace Qt::StringLiterals;

namespace ops::csv {

QByteArray field(const QString &text)
{
    QByteArray out;
    appendField(out, text.toUtf8());
    return out;
}

void appendField(QByteArray &out, QByteArrayView utf8)
{
    const bool quote =
        utf8.contains('"') || utf8.contains(',') || utf8.contains('\r') || utf8.contains('\n');
    if (!quote) {
        out += utf8;
        return;
    }
    out += '"';
    for (const char c : utf8) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

QByteArray record(const QStringList &fields)
{
    QByteArray out;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i > 0)
            out += ',';
        out += field(fields.at(i));
    }
    return out + "\r\n";
}

namespace {

// A small state machine over the decoded text.
class Parser
{
public:
    Parser(QString text, QChar separator)
        : m_text(std::move(text))
        , m_separator(separator)
    {}

    Result<std::vector<Record>> run()
    {
        while (m_pos < m_text.size()) {
            if (m_record.isEmpty())
                m_recordLine = m_line;
            if (const auto read = readField(); !read)
                return Failure{read.error()};
            const QChar c = m_pos < m_text.size() ? m_text.at(m_pos) : u'\n';
            if (c == m_separator) {
                ++m_pos;
                if (m_pos == m_text.size())
                    m_record << QString(); // "a," ends with an empty field
                continue;
            }
            endRecord();
        }
        if (!m_record.isEmpty()) // "a," at the very end: its record has no line end to close it
            endRecord();
        return std::move(m_records);
    }

private:
    void endRecord()
    {
        if (m_pos < m_text.size() && m_text.at(m_pos) == u'\r')
            ++m_pos;
        if (m_pos < m_text.size() && m_text.at(m_pos) == u'\n')
            ++m_pos;
        ++m_line;
        m_records.push_back({m_recordLine, std::move(m_record)});
        m_record.clear();
    }

    bool atFieldEnd() const
    {
        if (m_pos >= m_text.size())
            return true;
        const QChar c = m_text.at(m_pos);
        return c == m_separator || c == u'\r' || c == u'\n';
    }

    Result<void> readField()
    {
        if (m_pos < m_text.size() && m_text.at(m_pos) == u'"')
            return readQuoted();
        const qsizetype start = m_pos;
        while (!atFieldEnd()) {
            if (m_text.at(m_pos) == u'"')
                return Failure{u"line %1: a quote inside an unquoted field"_s.arg(m_line)};
            ++m_pos;
        }
        m_record << m_text.mid(start, m_pos - start);
        return {};
    }

    Result<void> readQuoted()
    {
        ++m_pos; // opening quote
        QString value;
        for (;;) {
            const qsizetype quote = m_text.indexOf(u'"', m_pos);
            if (quote < 0)
                return Failure{u"line %1: a quoted field is not closed"_s.arg(m_line)};
            const QStringView part = QStringView(m_text).mid(m_pos, quote - m_pos);
            m_line += int(part.count(u'\n'));
            value += part;
            m_pos = quote + 1;
            if (m_pos < m_text.size() && m_text.at(m_pos) == u'"') {
                value += u'"';
                ++m_pos;
                continue;
            }
            break;
        }
        if (!atFieldEnd())
            return Failure{u"line %1: text after a closing quote"_s.arg(m_line)};
        m_record << value;
        return {};
    }

    QString m_text;
    QChar m_separator = u',';
    qsizetype m_pos = 0;
    int m_line = 1;       // the line m_pos is on
    int m_recordLine = 1; // the line the record being read started on
    QStringList m_record;
    std::vector<Record> m_records;
};

// The 1-based line holding the first byte sequence that is not UTF-8.
int firstLineNotUtf8(const QByteArray &utf8)
{
    int line = 1;
    for (const QByteArray &part : utf8.split('\n')) {
        QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        const QString decoded = decoder.decode(part); // decoding happens on conversion
        Q_UNUSED(decoded);
        if (decoder.hasError())
            return line;
        ++line;
    }
    return line - 1;
}

} // namespace

Result<std::vector<Record>> parseRecords(const QByteArray &utf8, QChar separator)
{
    // Stateless: a leading byte-order mark is data, skipped here rather than by the decoder.
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString text = decoder.decode(utf8.startsWith("\xEF\xBB\xBF") ? utf8.mid(3) : utf8);
    if (decoder.hasError())
        return Failure{u"line %1: the text is not UTF-8"_s.arg(firstLineNotUtf8(utf8))};
    return Parser(std::move(text), separator).run();
}

Result<std::vector<QStringList>> parse(const QByteArray &utf8)
{
    auto records = parseRecords(utf8);
    if (!records)
        return Failure{records.error()};
    std::vector<QStringList> fields;
    fields.reserve(records->size());
    for (Record &r : std::move(records).value())
        fields.push_back(std::move(r.fields));
    return fields;
}

} // namespace ops::csv
