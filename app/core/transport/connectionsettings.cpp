#include "transport/connectionsettings.h"

#include "transport/secrets.h"

#include <QDir>
#include <QHostAddress>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace ops {

ConnectionSettings::ConnectionSettings(QString configDir)
    : m_configDir(configDir.isEmpty() ? opsConfigDir() : std::move(configDir))
{}

QString ConnectionSettings::path() const
{
    return m_configDir + u"/connections.ini"_s;
}

ConnectionValue ConnectionSettings::value(const QString &provider, const QString &key,
                                          const QString &fallback) const
{
    ConnectionValue v;
    v.variable = provider == u"database"_s ? u"OPS_DB"_s
                                           : u"OPS_%1_%2"_s.arg(provider.toUpper(), key.toUpper());
    const QString fromEnv = qEnvironmentVariable(v.variable.toLatin1().constData()).trimmed();
    if (!fromEnv.isEmpty()) {
        v.value = fromEnv;
        v.source = ConnectionValue::Source::Environment;
        return v;
    }
    const QString stored =
        QSettings(path(), QSettings::IniFormat).value(provider + u'/' + key).toString().trimmed();
    if (!stored.isEmpty()) {
        v.value = stored;
        v.source = ConnectionValue::Source::File;
        return v;
    }
    v.value = fallback;
    return v;
}

Result<void> ConnectionSettings::store(const QString &provider, const QString &key,
                                       const QString &value) const
{
    if (!QDir().mkpath(m_configDir))
        return Failure{u"cannot create the folder %1"_s.arg(m_configDir)};
    QSettings s(path(), QSettings::IniFormat);
    if (value.trimmed().isEmpty())
        s.remove(provider + u'/' + key);
    else
        s.setValue(provider + u'/' + key, value.trimmed());
    s.sync();
    if (s.status() != QSettings::NoError)
        return Failure{u"cannot write %1"_s.arg(path())};
    return {};
}

QString baseUrlProblem(const QString &url)
{
    const QString text = url.trimmed();
    if (text.isEmpty())
        return u"the base URL is empty"_s;
    const QUrl u(text, QUrl::StrictMode);
    if (!u.isValid() || (u.scheme() != u"http"_s && u.scheme() != u"https"_s))
        return u"'%1' is not an http(s) URL"_s.arg(text);
    if (u.host().isEmpty())
        return u"'%1' has no host"_s.arg(text);
    if (!u.userInfo().isEmpty())
        return u"the URL carries credentials; put the secret in its own field, not in the URL"_s;
    return {};
}

bool isLoopbackUrl(const QUrl &url)
{
    const QString host = url.host().toLower();
    if (host == u"localhost"_s)
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

} // namespace ops
