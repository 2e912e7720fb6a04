#pragma once

// Where provider secrets come from. Headless machines have no keychain, so the order is: the
// environment variable, then a file readable by its owner only (0600). A file that others can
// read is refused rather than used.

#include <QString>
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

private:
    QString m_configDir;
};

} // namespace ops
