#include "domain/dblocation.h"

#include "domain/storeerror.h"

#include <QHash>
#include <QMutex>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

QMutex g_passwordsLock;
QHash<QString, QString> &passwords()
{
    static QHash<QString, QString> kept;
    return kept;
}

QString rememberedPassword(const QString &location)
{
    const QMutexLocker lock(&g_passwordsLock);
    return passwords().value(location);
}

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
        u"keepalives_interval"_s,
        u"keepalives_count"_s,
        u"tcp_user_timeout"_s,
    };
    return options;
}

// A bounded wait for an unreachable server: the console retries, the agent gets an error.
// libpq applies it to each host of a multi-host URL in turn.
constexpr int kDefaultConnectTimeoutSeconds = 5;

const QString kHint = u" (expected postgresql://user[:password]@host[:port][,host[:port]…]/"
                      "database)"_s;

// What target_session_attrs may ask for: the operations database is written to, so only a
// server that takes writes will do. "any" is libpq's default, fit for one host only: with
// several it may settle on a standby.
void checkSessionAttrs(const QString &value, qsizetype hostCount)
{
    const QStringList writable = {u"read-write"_s, u"primary"_s};
    if (writable.contains(value) || (value == u"any"_s && hostCount == 1))
        return;
    throw StoreError(u"target_session_attrs=%1 is not supported: the operations database takes "
                     "writes, so use read-write or primary%2"_s.arg(
                         value, hostCount > 1 ? u" with several hosts"_s : QString()));
}

QString optionsFrom(const QUrl &url, qsizetype hostCount)
{
    QStringList parts;
    bool timeoutGiven = false;
    bool attrsGiven = false;
    const auto items = QUrlQuery(url).queryItems(QUrl::FullyDecoded);
    for (const auto &[key, value] : items) {
        if (!allowedOptions().contains(key))
            throw StoreError(
                u"unknown PostgreSQL option '%1' in the database URL (allowed: %2)"_s.arg(
                    key, allowedOptions().join(u", "_s)));
        if (value.contains(u';') || value.contains(u' '))
            throw StoreError(u"PostgreSQL option '%1' has a value with ';' or a space"_s.arg(key));
        if (key == u"target_session_attrs"_s)
            checkSessionAttrs(value, hostCount);
        timeoutGiven = timeoutGiven || key == u"connect_timeout"_s;
        attrsGiven = attrsGiven || key == u"target_session_attrs"_s;
        parts << key + u'=' + value;
    }
    if (!timeoutGiven)
        parts << u"connect_timeout=%1"_s.arg(kDefaultConnectTimeoutSeconds);
    if (!attrsGiven && hostCount > 1)
        parts << u"target_session_attrs=read-write"_s;
    return parts.join(u';');
}

// One "host[:port]" of the list, the `index`th of `count`; an IPv6 address is written in
// brackets. Messages number the host rather than quote it: a password with an unencoded '/'
// would otherwise land in the host list and be printed.
void addHost(DbLocation &l, const QString &item, qsizetype index, qsizetype count)
{
    QString name = item;
    QString portText;
    const qsizetype close = item.lastIndexOf(u']');
    const qsizetype colon = item.lastIndexOf(u':');
    if (colon > close && (close >= 0 || item.count(u':') == 1)) {
        name = item.left(colon);
        portText = item.mid(colon + 1);
    }
    QUrl check;
    check.setHost(name, QUrl::StrictMode);
    const QString which = count > 1 ? u"host %1 of %2"_s.arg(index + 1).arg(count) : u"host"_s;
    if (name.isEmpty() || !check.isValid() || check.host().isEmpty())
        throw StoreError(u"the PostgreSQL URL has an invalid %1"_s.arg(which) + kHint);
    bool ok = portText.isEmpty();
    const int port = ok ? 5432 : portText.toInt(&ok);
    if (!ok || port <= 0 || port > 65535)
        throw StoreError(u"the PostgreSQL URL has an invalid port for %1"_s.arg(which) + kHint);
    l.hosts << check.host(QUrl::FullyDecoded);
    l.ports << port;
}

// QUrl takes one host only, so the host list is cut out and parsed here, and the rest (user,
// password, database, options) goes through QUrl with a stand-in host.
DbLocation parsePostgres(const QString &location)
{
    const qsizetype schemeEnd = location.indexOf(u"://"_s) + 3;
    static const QRegularExpression end(u"[/?#]"_s);
    qsizetype authorityEnd = location.indexOf(end, schemeEnd);
    if (authorityEnd < 0)
        authorityEnd = location.size();
    const QString authority = location.mid(schemeEnd, authorityEnd - schemeEnd);
    const qsizetype at = authority.lastIndexOf(u'@');
    if (at < 0 && location.indexOf(u'@', authorityEnd) >= 0)
        throw StoreError(u"malformed PostgreSQL URL: percent-encode '/', '?' and '#' in the user "
                         "name and password"_s +
                         kHint);
    const QString userInfo = at >= 0 ? authority.left(at + 1) : QString();
    const QString hostList = authority.mid(at + 1);
    if (hostList.isEmpty())
        throw StoreError(u"the PostgreSQL URL names no host"_s + kHint);
    const QUrl url(location.left(schemeEnd) + userInfo + u"host"_s + location.mid(authorityEnd),
                   QUrl::StrictMode);
    if (!url.isValid())
        throw StoreError(u"malformed PostgreSQL URL"_s + kHint);
    DbLocation l;
    l.backend = DbLocation::Backend::Postgres;
    const auto items = hostList.split(u',');
    for (qsizetype i = 0; i < items.size(); ++i)
        addHost(l, items.at(i), i, items.size());
    l.database = url.path(QUrl::FullyDecoded).mid(1);
    if (l.database.isEmpty() || l.database.contains(u'/'))
        throw StoreError(u"the PostgreSQL URL names no database"_s + kHint);
    l.user = url.userName(QUrl::FullyDecoded);
    l.password = url.password(QUrl::FullyDecoded);
    if (l.password.isEmpty())
        l.password = rememberedPassword(location);
    l.connectOptions = optionsFrom(url, l.hosts.size());
    return l;
}

} // namespace

void DbLocation::rememberPassword(const QString &location, const QString &password)
{
    const QMutexLocker lock(&g_passwordsLock);
    if (password.isEmpty())
        passwords().remove(location.trimmed());
    else
        passwords().insert(location.trimmed(), password);
}

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
    QStringList servers;
    for (qsizetype i = 0; i < hosts.size(); ++i) {
        const QString name = hosts.at(i).contains(u':') ? u'[' + hosts.at(i) + u']' : hosts.at(i);
        servers << u"%1:%2"_s.arg(name).arg(ports.at(i));
    }
    return u"postgresql://%1%2/%3"_s.arg(who, servers.join(u','), database);
}

QString DbLocation::defaultLocation()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return dir + u"/opsconsole/operations.sqlite"_s;
}

} // namespace ops
