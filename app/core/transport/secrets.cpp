#include "secrets.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace ops {

EnvFileSecretSource::EnvFileSecretSource(QString configDir)
    : m_configDir(configDir.isEmpty()
                      ? QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
                            u"/opsconsole"_s
                      : std::move(configDir))
{}

std::optional<QString> EnvFileSecretSource::secret(const QString &name, QString *error) const
{
    return secretFrom("OPS_" + name.toUpper().toLatin1() + "_KEY", name + u".key"_s, error);
}

std::optional<QString> EnvFileSecretSource::secretFrom(const QByteArray &envVar,
                                                       const QString &fileName,
                                                       QString *error) const
{
    const QString fromEnv = qEnvironmentVariable(envVar.constData()).trimmed();
    if (!fromEnv.isEmpty())
        return fromEnv;
    const QString path = m_configDir + u'/' + fileName;
    const QFileInfo info(path);
    if (!info.exists())
        return std::nullopt;
    const auto others = QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteGroup |
                        QFileDevice::WriteOther;
    if (info.permissions() & others) {
        *error = u"%1 is readable by other users; run chmod 600 on it"_s.arg(path);
        return std::nullopt;
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = u"cannot read %1"_s.arg(path);
        return std::nullopt;
    }
    const QString value = QString::fromUtf8(f.readAll()).trimmed();
    if (value.isEmpty())
        return std::nullopt;
    return value;
}

QStringList webhookSecrets(const EnvFileSecretSource &source, QString *error)
{
    const auto value =
        source.secretFrom("OPS_STRIPE_WEBHOOK_SECRET", u"stripe-webhook.key"_s, error);
    if (!value)
        return {};
    QStringList secrets;
    for (const QString &part : value->split(QRegularExpression(u"[,\\n]"_s), Qt::SkipEmptyParts)) {
        if (!part.trimmed().isEmpty())
            secrets << part.trimmed();
    }
    return secrets;
}

} // namespace ops
