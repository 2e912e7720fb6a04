#include "outbox/helpdeskwire.h"

#include "engine/attemptsupport.h"
#include "transport/jsonfields.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace ops::helpdeskwire {

QUrl urlFor(const QUrl &base, const QString &path, const QUrlQuery &query)
{
    QUrl url = base;
    const QString root = url.path().endsWith(u'/') ? url.path().chopped(1) : url.path();
    url.setPath(root + path, QUrl::StrictMode);
    url.setQuery(query);
    return url;
}

HttpRequest jsonRequest(const QByteArray &method, const QUrl &url, const nlohmann::json &body,
                        const QByteArray &authorization)
{
    HttpRequest r;
    r.method = method;
    r.url = url;
    r.headers = {{"Accept", "application/json"}};
    if (!authorization.isEmpty())
        r.headers.emplaceBack("Authorization", authorization);
    if (!body.is_null()) {
        r.body = QByteArray::fromStdString(body.dump());
        r.headers.emplaceBack("Content-Type", "application/json");
    }
    return r;
}

QByteArray basicAuth(const QString &user, const QString &password)
{
    return "Basic " + (user + u':' + password).toUtf8().toBase64();
}

QString segment(const QString &ticket)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(ticket));
}

std::chrono::milliseconds retryAfterOf(const HttpResponse &http)
{
    bool ok = false;
    const qint64 seconds = http.header("retry-after").trimmed().toLongLong(&ok);
    if (ok && seconds >= 0)
        return std::chrono::seconds(std::max<qint64>(seconds, 1));
    const qint64 reset = http.header("x-ratelimit-reset").trimmed().toLongLong(&ok);
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    if (ok && reset > now)
        return std::chrono::seconds(reset - now);
    return std::chrono::seconds(1);
}

QString describe(const HttpResponse &http, const QString &vendorWords)
{
    ProviderReply reply;
    reply.http = http;
    QString text = ops::describe(reply);
    if (!vendorWords.isEmpty())
        text += u": "_s + vendorWords;
    return text;
}

PostAnswer classifyPost(const HttpResponse &http, const QString &vendorId,
                        const QString &vendorWords)
{
    PostAnswer a;
    a.error = describe(http, vendorWords);
    const int s = http.status;
    if (s == 0) {
        // A connection that never opened carried nothing; any other silence may follow a store.
        a.kind = http.error == TransportError::ConnectionFailed ? PostAnswer::Kind::Retry
                                                                : PostAnswer::Kind::Unknown;
        return a;
    }
    if (s >= 200 && s < 300) {
        // The vendor took it: never posted again, even when its answer names no reply (its id
        // is then left empty on the row).
        a.vendorId = vendorId;
        a.kind = PostAnswer::Kind::Stored;
        a.error.clear();
        return a;
    }
    if (s == 429) {
        a.kind = PostAnswer::Kind::Busy;
        a.retryAfter = retryAfterOf(http);
        return a;
    }
    if (s == 409) // Zendesk's safe_update: the ticket changed meanwhile and nothing was stored
        a.kind = PostAnswer::Kind::Retry;
    else if (s == 408 || s >= 500)
        a.kind = PostAnswer::Kind::Unknown;
    else
        a.kind = PostAnswer::Kind::Refused;
    if (s == 401 || s == 403)
        a.error += u" — check the helpdesk user and token"_s;
    return a;
}

ReadBackPage failedRead(const HttpResponse &http, const QString &vendorWords)
{
    ReadBackPage page;
    page.kind = ReadBackPage::Kind::Failed;
    page.error = u"reading the ticket back: "_s +
                 (http.status >= 200 && http.status < 300 && vendorWords.isEmpty()
                      ? u"HTTP %1 with an answer of an unexpected shape"_s.arg(http.status)
                      : describe(http, vendorWords));
    return page;
}

ReadBackPage foundOrNext(const QString &vendorId, const QString &nextCursor)
{
    ReadBackPage page;
    if (!vendorId.isEmpty()) {
        page.kind = ReadBackPage::Kind::Found;
        page.vendorId = vendorId;
    } else {
        page.kind = nextCursor.isEmpty() ? ReadBackPage::Kind::Absent : ReadBackPage::Kind::More;
        page.cursor = nextCursor;
    }
    return page;
}

bool carries(const nlohmann::json &reply, std::initializer_list<const char *> fields,
             const QString &marker)
{
    for (const char *field : fields) {
        if (jsonfields::text(reply, field).contains(marker))
            return true;
    }
    return false;
}

} // namespace ops::helpdeskwire
