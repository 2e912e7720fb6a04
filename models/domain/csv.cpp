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
    explicit Parser(QString text)
        : m_text(std::move(text))
    {}

    Result<std::vector<QStringList>> run()
    {
        while (m_pos < m_text.size()) {
            if (const auto read = readField(); !read)
                return Failure{read.error()};
            const QChar c = m_pos < m_text.size() ? m_text.at(m_pos) : u'\n';
            if (c == u',') {
                ++m_pos;
                if (m_pos == m_text.size())
                    m_record << QString(); // "a," ends with an empty field
                continue;
            }
            endRecord();
        }
        return std::move(m_records);
    }

private:
    void endRecord()
    {
        if (m_pos < m_text.size() && m_text.at(m_pos) == u'\r')
            ++m_pos;
        if (m_pos < m_text.size() && m_text.at(m_pos) == u'\n')
            ++m_pos;
        m_records.push_back(std::move(m_record));
        m_record.clear();
    }

    bool atFieldEnd() const
    {
        if (m_pos >= m_text.size())
            return true;
        const QChar c = m_text.at(m_pos);
        return c == u',' || c == u'\r' || c == u'\n';
    }

    Result<void> readField()
    {
        if (m_pos < m_text.size() && m_text.at(m_pos) == u'"')
            return readQuoted();
        const qsizetype start = m_pos;
        while (!atFieldEnd()) {
            if (m_text.at(m_pos) == u'"')
                return Failure{
                    u"record %1: a quote inside an unquoted field"_s.arg(recordNumber())};
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
                return Failure{u"record %1: a quoted field is not closed"_s.arg(recordNumber())};
            value += QStringView(m_text).mid(m_pos, quote - m_pos);
            m_pos = quote + 1;
            if (m_pos < m_text.size() && m_text.at(m_pos) == u'"') {
                value += u'"';
                ++m_pos;
                continue;
            }
            break;
        }
        if (!atFieldEnd())
            return Failure{u"record %1: text after a closing quote"_s.arg(recordNumber())};
        m_record << value;
        return {};
    }

    qsizetype recordNumber() const { return qsizetype(m_records.size()) + 1; }

    QString m_text;
    qsizetype m_pos = 0;
    QStringList m_record;
    std::vector<QStringList> m_records;
};

} // namespace

Result<std::vector<QStringList>> parse(const QByteArray &utf8)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString text = decoder.decode(utf8);
    if (decoder.hasError())
        return Failure{u"the file is not UTF-8 text"_s};
    return Parser(std::move(text)).run();
}

} // namespace ops::csv
