#include "transport/secrets.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr auto kOwnerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;

QString tailOf(const QString &value)
{
    return value.size() > 8 ? value.right(4) : QString();
}

} // namespace

QString opsConfigDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
           u"/opsconsole"_s;
}

QByteArray secretVariable(const QString &name)
{
    if (name == u"stripe-webhook"_s)
        return "OPS_STRIPE_WEBHOOK_SECRET";
    if (name == u"database"_s)
        return "PGPASSWORD"; // libpq's own: it would use it anyway for a URL without one
    return "OPS_" + name.toUpper().replace(u'-', u'_').toLatin1() + "_KEY";
}

QString maskedSecret(const QString &tail)
{
    return u"••••"_s + tail;
}

EnvFileSecretSource::EnvFileSecretSource(QString configDir)
    : m_configDir(configDir.isEmpty() ? opsConfigDir() : std::move(configDir))
{}

QString EnvFileSecretSource::filePath(const QString &name) const
{
    return m_configDir + u'/' + name + u".key"_s;
}

Result<std::optional<QString>> EnvFileSecretSource::secret(const QString &name) const
{
    const QString fromEnv = qEnvironmentVariable(secretVariable(name).constData()).trimmed();
    if (!fromEnv.isEmpty())
        return std::optional<QString>(fromEnv);
    return fromFile(name);
}

Result<std::optional<QString>> EnvFileSecretSource::fromFile(const QString &name) const
{
    return readSecretFile(filePath(name));
}

Result<std::optional<QString>> readSecretFile(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return std::optional<QString>();
    const auto others = QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteGroup |
                        QFileDevice::WriteOther;
    if (info.permissions() & others)
        return Failure{u"%1 is readable by other users; run chmod 600 %1"_s.arg(path)};
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Failure{u"cannot read %1: %2"_s.arg(path, f.errorString())};
    const QString value = QString::fromUtf8(f.readAll()).trimmed();
    if (value.isEmpty())
        return std::optional<QString>();
    return std::optional<QString>(value);
}

SecretOrigin EnvFileSecretSource::origin(const QString &name) const
{
    SecretOrigin o;
    o.variable = QString::fromLatin1(secretVariable(name));
    o.path = filePath(name);
    const QString fromEnv = qEnvironmentVariable(secretVariable(name).constData()).trimmed();
    if (!fromEnv.isEmpty()) {
        o.kind = SecretOrigin::Kind::Environment;
        o.tail = tailOf(fromEnv);
        return o;
    }
    const auto value = fromFile(name);
    if (!value) {
        o.kind = SecretOrigin::Kind::Refused;
        o.problem = value.error();
    } else if (*value) {
        o.kind = SecretOrigin::Kind::File;
        o.tail = tailOf(**value);
    }
    return o;
}

Result<void> EnvFileSecretSource::writeSecretFile(const QString &name, const QString &value) const
{
    const QString path = filePath(name);
    if (value.trimmed().isEmpty()) {
        if (QFile::exists(path) && !QFile::remove(path))
            return Failure{u"cannot remove %1"_s.arg(path)};
        return {};
    }
    if (!QDir().mkpath(m_configDir))
        return Failure{u"cannot create the folder %1"_s.arg(m_configDir)};
    QFile::setPermissions(m_configDir, kOwnerOnly | QFileDevice::ExeOwner);
    QSaveFile f(path);
    // Owner-only before a byte is written: the secret is never readable by others, not even
    // in the temporary file QSaveFile renames into place.
    if (!f.open(QIODevice::WriteOnly) || !f.setPermissions(kOwnerOnly))
        return Failure{u"cannot write %1: %2"_s.arg(path, f.errorString())};
    f.write(value.trimmed().toUtf8() + '\n');
    if (!f.commit())
        return Failure{u"cannot write %1: %2"_s.arg(path, f.errorString())};
    return {};
}

Result<QStringList> webhookSecrets(const EnvFileSecretSource &source, const QString &name)
{
    const auto value = source.secret(name);
    if (!value)
        return Failure{value.error()};
    return *value ? splitSecrets(**value) : QStringList();
}

QStringList splitSecrets(const QString &value)
{
    QStringList secrets;
    for (const QString &part : value.split(QRegularExpression(u"[,\\n]"_s), Qt::SkipEmptyParts)) {
        if (!part.trimmed().isEmpty())
            secrets << part.trimmed();
    }
    return secrets;
}

} // namespace ops
