#include "providersim/helpdesk/helpdeskformat.h"

#include <QRegularExpression>

namespace ops::sim {

std::optional<std::pair<QString, QString>> basicCredentials(const SimRequest &request)
{
    const QByteArray auth = request.header("authorization").trimmed();
    if (!auth.startsWith("Basic "))
        return std::nullopt;
    const auto decoded = QByteArray::fromBase64Encoding(auth.mid(6).trimmed(),
                                                        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    const QString pair = QString::fromUtf8(decoded.decoded);
    const qsizetype colon = pair.indexOf(u':');
    if (colon < 0)
        return std::nullopt;
    return std::pair{pair.left(colon), pair.mid(colon + 1)};
}

QString bearerToken(const SimRequest &request)
{
    const QByteArray auth = request.header("authorization").trimmed();
    return auth.startsWith("Bearer ") ? QString::fromUtf8(auth.mid(7)).trimmed() : QString();
}

QString plainTextOf(const QString &html)
{
    static const QRegularExpression comments(QStringLiteral("<!--.*?-->"),
                                             QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression breaks(QStringLiteral("<br\\s*/?>|</p>|</div>"),
                                           QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression tags(QStringLiteral("<[^>]*>"));
    QString text = html;
    text.remove(comments);
    text.replace(breaks, QStringLiteral("\n"));
    text.remove(tags);
    // &amp; last, so that "&amp;lt;" becomes "&lt;" and not "<".
    text.replace(QLatin1String("&lt;"), QLatin1String("<"))
        .replace(QLatin1String("&gt;"), QLatin1String(">"))
        .replace(QLatin1String("&quot;"), QLatin1String("\""))
        .replace(QLatin1String("&#39;"), QLatin1String("'"))
        .replace(QLatin1String("&nbsp;"), QLatin1String(" "))
        .replace(QLatin1String("&amp;"), QLatin1String("&"));
    return text.trimmed();
}

QString htmlOf(const QString &text)
{
    return QStringLiteral("<p>%1</p>").arg(text.toHtmlEscaped());
}

std::string isoSeconds(const QDateTime &at)
{
    return at.toUTC().toString(Qt::ISODate).toStdString();
}

QString absoluteUrl(const SimRequest &request, const QString &pathAndQuery)
{
    QString host = QString::fromUtf8(request.header("host")).trimmed();
    if (host.isEmpty())
        host = QStringLiteral("127.0.0.1");
    return QStringLiteral("http://") + host + pathAndQuery;
}

QString textOf(const nlohmann::json &object, const char *name)
{
    if (!object.is_object())
        return {};
    const auto it = object.find(name);
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                                 : QString();
}

std::optional<nlohmann::json> jsonObject(const QByteArray &body)
{
    auto json = nlohmann::json::parse(body.toStdString(), nullptr, false);
    if (json.is_discarded() || !json.is_object())
        return std::nullopt;
    return json;
}

std::optional<int> positiveParam(const SimRequest &request, const QString &name, int fallback,
                                 int max)
{
    if (!request.query.hasQueryItem(name))
        return std::min(fallback, max);
    bool ok = false;
    const int value = request.query.queryItemValue(name).toInt(&ok);
    if (!ok || value < 1)
        return std::nullopt;
    return std::min(value, max);
}

} // namespace ops::sim
