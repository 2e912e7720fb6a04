#include "storage/db/dblocation.h"

#include "storage/db/database.h"

#include <QStandardPaths>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// libpq settings an operator may put in the URL's query; anything else is a typo to report.
const QStringList &allowedOptions()
{
    static const QStringList options = {
        u"sslmode"_s,
        u"sslrootcert"_s,
        u"sslcert"_s,
        u"sslkey"_s,
        u"connect_timeout"_s,
        u"application_name"_s,
        u"target_session_attrs"_s,
        u"keepalives_idle"_s,
    };
    return options;
}

// A bounded wait for an unreachable server: the console retries, the agent gets an error.
constexpr int kDefaultConnectTimeoutSeconds = 5;

QString optionsFrom(const QUrl &url)
{
    QStringList parts;
    bool timeoutGiven = false;
    const auto items = QUrlQuery(url).queryItems(QUrl::FullyDecoded);
    for (const auto &[key, value] : items) {
        if (!allowedOptions().contains(key))
            throw StoreError(
                u"unknown PostgreSQL option '%1' in the database URL (allowed: %2)"_s.arg(
                    key, allowedOptions().join(u", "_s)));
        if (value.contains(u';') || value.contains(u' '))
            throw StoreError(u"PostgreSQL option '%1' has a value with ';' or a space"_s.arg(key));
        timeoutGiven = timeoutGiven || key == u"connect_timeout"_s;
        parts << key + u'=' + value;
    }
    if (!timeoutGiven)
        parts << u"connect_timeout=%1"_s.arg(kDefaultConnectTimeoutSeconds);
    return parts.join(u';');
}

DbLocation parsePostgres(const QString &location)
{
    const QUrl url(location, QUrl::StrictMode);
    const QString hint = u" (expected postgresql://user[:password]@host[:port]/database)"_s;
    if (!url.isValid())
        throw StoreError(u"malformed PostgreSQL URL"_s + hint);
    DbLocation l;
    l.backend = DbLocation::Backend::Postgres;
    l.host = url.host(QUrl::FullyDecoded);
    if (l.host.isEmpty())
        throw StoreError(u"the PostgreSQL URL names no host"_s + hint);
    l.port = url.port(5432);
    if (l.port <= 0 || l.port > 65535)
        throw StoreError(u"the PostgreSQL URL has an invalid port"_s + hint);
    l.database = url.path(QUrl::FullyDecoded).mid(1);
    if (l.database.isEmpty() || l.database.contains(u'/'))
        throw StoreError(u"the PostgreSQL URL names no database"_s + hint);
    l.user = url.userName(QUrl::FullyDecoded);
    l.password = url.password(QUrl::FullyDecoded);
    l.connectOptions = optionsFrom(url);
    return l;
}

} // namespace

bool DbLocation::isPostgresUrl(const QString &location)
{
    return location.startsWith(u"postgresql://"_s, Qt::CaseInsensitive) ||
           location.startsWith(u"postgres://"_s, Qt::CaseInsensitive);
}

DbLocation DbLocation::parse(const QString &location)
{
    if (location.trimmed().isEmpty())
        throw StoreError(u"no database location given"_s);
    if (isPostgresUrl(location))
        return parsePostgres(location.trimmed());
    if (location.contains(u"://"_s))
        throw StoreError(u"unsupported database URL scheme in '%1': use a file path or "
                         "postgresql://…"_s.arg(location.section(u"://"_s, 0, 0)));
    DbLocation l;
    l.path = location;
    return l;
}

QString DbLocation::display() const
{
    if (backend == Backend::Sqlite)
        return path;
    const QString who = user.isEmpty() ? QString() : user + u'@';
    return u"postgresql://%1%2:%3/%4"_s.arg(who, host).arg(port).arg(database);
}

QString DbLocation::defaultLocation()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return dir + u"/opsconsole/operations.sqlite"_s;
}

} // namespace ops
