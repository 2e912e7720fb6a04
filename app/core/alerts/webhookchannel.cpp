#include "alerts/webhookchannel.h"

#include "transport/ratepacer.h"

#include <QDateTime>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

QString slackEscaped(QString text)
{
    return text.replace(u'&', u"&amp;"_s).replace(u'<', u"&lt;"_s).replace(u'>', u"&gt;"_s);
}

// The subject as one line: line breaks and other controls become spaces.
QString oneLine(const QString &text)
{
    QString out = text;
    for (QChar &c : out) {
        if (c.category() == QChar::Other_Control || c == QChar::LineSeparator ||
            c == QChar::ParagraphSeparator)
            c = u' ';
    }
    return out.trimmed();
}

// The hook's own words: the first line of its body, at most 200 characters.
QString wordsOf(const HttpResponse &http)
{
    const QString body = QString::fromUtf8(http.body).trimmed();
    return oneLine(body.section(u'\n', 0, 0)).left(200);
}

// Retry-After in seconds or as an HTTP date; one second when absent or unreadable.
std::chrono::milliseconds retryAfterOf(const HttpResponse &http)
{
    const QByteArray value = http.header("retry-after").trimmed();
    bool ok = false;
    const qint64 seconds = value.toLongLong(&ok);
    if (ok && seconds >= 0)
        return std::chrono::seconds(std::max<qint64>(seconds, 1));
    const QDateTime at = QDateTime::fromString(QString::fromLatin1(value), Qt::RFC2822Date);
    const qint64 wait = at.isValid() ? QDateTime::currentDateTimeUtc().secsTo(at) : 0;
    return std::chrono::seconds(std::max<qint64>(wait, 1));
}

AlertAnswer answer(AlertOutcome outcome, QString detail)
{
    AlertAnswer a;
    a.outcome = outcome;
    a.detail = std::move(detail);
    return a;
}

AlertAnswer withoutStatus(const HttpResponse &http)
{
    // A connection that never opened carried nothing; any other silence may follow a post.
    const AlertOutcome outcome = http.error == TransportError::ConnectionFailed
                                     ? AlertOutcome::Retry
                                     : AlertOutcome::Unknown;
    return answer(outcome, u"%1: %2"_s.arg(toString(http.error), http.errorText));
}

} // namespace

WebhookChannel::WebhookChannel(QUrl url, std::chrono::milliseconds timeout,
                               std::unique_ptr<HttpTransport> transport)
    : m_url(std::move(url))
    , m_timeout(timeout)
    , m_transport(transport ? std::move(transport) : std::make_unique<QtHttpTransport>())
{}

WebhookChannel::~WebhookChannel() = default;

QString WebhookChannel::name() const
{
    return u"webhook"_s;
}

QString WebhookChannel::textOf(const AlertMessage &message)
{
    const QString subject = oneLine(message.subject);
    QString text = message.text;
    text.replace(u"\r\n"_s, u"\n"_s).replace(u'\r', u'\n');
    if (subject.isEmpty() || text.isEmpty())
        return slackEscaped(subject + text);
    return slackEscaped(subject + u'\n' + text);
}

HttpRequest WebhookChannel::request(const QUrl &url, const AlertMessage &message)
{
    HttpRequest r;
    r.method = "POST";
    r.url = url;
    r.headers = {{"Content-Type", "application/json; charset=utf-8"}};
    const nlohmann::json body = {{"text", textOf(message).toStdString()}};
    r.body = QByteArray::fromStdString(body.dump());
    return r;
}

AlertAnswer WebhookChannel::classify(const HttpResponse &http)
{
    const int s = http.status;
    if (s == 0)
        return withoutStatus(http);
    if (s >= 200 && s < 300)
        return answer(AlertOutcome::Delivered, {});
    const QString detail = u"HTTP %1: %2"_s.arg(s).arg(wordsOf(http));
    if (s == 429) {
        AlertAnswer a = answer(AlertOutcome::Retry, detail);
        a.retryAfter = retryAfterOf(http);
        return a;
    }
    if (s == 408 || s >= 500)
        return answer(AlertOutcome::Unknown, detail);
    return answer(AlertOutcome::Refused, detail);
}

AlertAnswer WebhookChannel::send(const AlertMessage &message)
{
    if (m_pacer)
        m_pacer->wait();
    const HttpResponse http = m_transport->send(request(m_url, message), m_timeout);
    AlertAnswer a = classify(http);
    if (a.outcome == AlertOutcome::Retry && a.retryAfter.count() > 0 && m_pacer)
        m_pacer->holdFor(a.retryAfter);
    qCInfo(lcAlerts) << "webhook" << m_url.host() << message.key << toString(a.outcome) << a.detail;
    return a;
}

} // namespace ops
