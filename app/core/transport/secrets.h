#pragma once

// Where provider secrets come from. Headless machines have no keychain, so the order is: the
// environment variable, then a file readable by its owner only (0600). A file that others can
// read is refused rather than used.

#include <QString>
#include <QStringList>
#include <optional>

namespace ops {

class SecretSource
{
public:
    virtual ~SecretSource() = default;
    // nullopt when no secret is configured; *error explains a refused source.
    virtual std::optional<QString> secret(const QString &name, QString *error) const = 0;
};

// name "stripe" → $OPS_STRIPE_KEY, else <config dir>/opsconsole/stripe.key
class EnvFileSecretSource final : public SecretSource
{
public:
    explicit EnvFileSecretSource(QString configDir = {});
    std::optional<QString> secret(const QString &name, QString *error) const override;
    // The one mechanism behind secret(): $envVar, else <config dir>/opsconsole/<fileName>
    // (refused, with how to fix it, when group or others may read or write it).
    std::optional<QString> secretFrom(const QByteArray &envVar, const QString &fileName,
                                      QString *error) const;

private:
    QString m_configDir;
};

// The Stripe webhook endpoint secrets (whsec_…): $OPS_STRIPE_WEBHOOK_SECRET, else
// <config dir>/opsconsole/stripe-webhook.key; several, comma- or newline-separated, during a
// rotation. Empty list (and *error when a source was refused) when none is configured.
QStringList webhookSecrets(const EnvFileSecretSource &source, QString *error);

} // namespace ops
