#include "providersim/formdecode.h"

#include <QStringDecoder>

namespace ops::sim {

namespace {

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

} // namespace

std::optional<QString> decodeFormComponent(const QByteArray &component)
{
    QByteArray bytes;
    bytes.reserve(component.size());
    for (qsizetype i = 0; i < component.size(); ++i) {
        const char c = component.at(i);
        if (c == '+') {
            bytes.append(' ');
            continue;
        }
        if (c != '%') {
            bytes.append(c);
            continue;
        }
        if (i + 2 >= component.size())
            return std::nullopt;
        const int hi = hexValue(component.at(i + 1));
        const int lo = hexValue(component.at(i + 2));
        if (hi < 0 || lo < 0)
            return std::nullopt;
        bytes.append(char(hi * 16 + lo));
        i += 2;
    }
    QStringDecoder decoder(QStringDecoder::Utf8);
    QString text = decoder.decode(bytes);
    if (decoder.hasError())
        return std::nullopt;
    return text;
}

std::optional<FormPairs> parseForm(const QByteArray &encoded)
{
    FormPairs pairs;
    if (encoded.isEmpty())
        return pairs;
    for (const QByteArray &part : encoded.split('&')) {
        if (part.isEmpty())
            continue; // "a=1&&b=2" is tolerated, as by most form parsers
        const qsizetype eq = part.indexOf('=');
        const auto name = decodeFormComponent(eq < 0 ? part : part.left(eq));
        const auto value = decodeFormComponent(eq < 0 ? QByteArray() : part.mid(eq + 1));
        if (!name || !value || name->isEmpty())
            return std::nullopt;
        pairs.append({*name, *value});
    }
    return pairs;
}

} // namespace ops::sim

namespace ops::sim {

bool globMatches(const QString &pattern, const QString &text)
{
    // Iterative wildcard match with backtracking to the last '*': linear in practice and
    // needs no regular expression per call.
    qsizetype p = 0, t = 0, star = -1, mark = 0;
    while (t < text.size()) {
        if (p < pattern.size() && pattern.at(p) != u'*' && pattern.at(p) == text.at(t)) {
            ++p;
            ++t;
        } else if (p < pattern.size() && pattern.at(p) == u'*') {
            star = p++;
            mark = t;
        } else if (star >= 0) {
            p = star + 1;
            t = ++mark;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern.at(p) == u'*')
        ++p;
    return p == pattern.size();
}

} // namespace ops::sim
