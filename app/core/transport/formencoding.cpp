#include "transport/formencoding.h"

#include <QStringDecoder>

namespace ops {

namespace {

// Like stripe-node: RFC 3986 percent-encoding (space is %20), but the brackets of nested keys
// stay literal so the body reads metadata[operation_id]=….
QByteArray encodeKey(const QString &s)
{
    return s.toUtf8().toPercentEncoding("[]");
}
QByteArray encodeValue(const QString &s)
{
    return s.toUtf8().toPercentEncoding();
}

std::optional<QString> decodeComponent(QByteArray part)
{
    part.replace('+', ' ');
    for (qsizetype i = 0; i < part.size(); ++i) {
        if (part.at(i) != '%')
            continue;
        if (i + 2 >= part.size() || !isxdigit(uchar(part.at(i + 1))) ||
            !isxdigit(uchar(part.at(i + 2))))
            return std::nullopt;
    }
    const QByteArray raw = QByteArray::fromPercentEncoding(part);
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString text = decoder.decode(raw);
    if (decoder.hasError())
        return std::nullopt;
    return text;
}

} // namespace

QByteArray formEncode(const FormFields &fields)
{
    QByteArray out;
    for (const auto &[key, value] : fields) {
        if (!out.isEmpty())
            out += '&';
        out += encodeKey(key) + '=' + encodeValue(value);
    }
    return out;
}

std::optional<FormFields> formDecode(const QByteArray &body)
{
    FormFields fields;
    if (body.isEmpty())
        return fields;
    for (const QByteArray &pair : body.split('&')) {
        const qsizetype eq = pair.indexOf('=');
        if (eq <= 0)
            return std::nullopt;
        auto key = decodeComponent(pair.left(eq));
        auto value = decodeComponent(pair.mid(eq + 1));
        if (!key || !value)
            return std::nullopt;
        fields.append({*key, *value});
    }
    return fields;
}

} // namespace ops
