#pragma once

// Where provider secrets come from. Headless machines have no keychain, so the order is: the
// environment variable, then a file readable by its owner only (0600) in the user's config
// folder (QStandardPaths::GenericConfigLocation/opsconsole). A file that others can read is
// refused rather than used. opsctl, the MCP server and the console read the same files; the
// console's Tools → Connections writes them (writeSecretFile), never QSettings or the database.

#include "domain/result.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace ops {

class SecretSource
{
public:
    virtual ~SecretSource() = default;
    // The secret, or nullopt when none is configured; a failure says why a source was refused
    // (a file others can read), which is not the same as none.
    virtual Result<std::optional<QString>> secret(const QString &name) const = 0;
};

// <GenericConfigLocation>/opsconsole: the secret files and connections.ini (connectionsettings.h).
QString opsConfigDir();

// The environment variable that overrides secret `name`: "stripe" → OPS_STRIPE_KEY,
// "stripe-webhook" → OPS_STRIPE_WEBHOOK_SECRET (design §10), "database" (the team database's
// password) → PGPASSWORD, others OPS_<NAME>_KEY.
QByteArray secretVariable(const QString &name);

// Where secret `name` comes from, without its value: for the Connections dialog.
struct SecretOrigin
{
    enum class Kind
    {
        None,        // not configured
        Environment, // the variable is set and wins over the file
        File,        // the 0600 file
        Refused      // the file exists but cannot be used (problem says why and how to fix)
    };
    Kind kind = Kind::None;
    QString variable; // OPS_…
    QString path;     // the file, whether or not it exists
    QString problem;
    QString tail; // the last four characters of the value in use, for "saved ••••1234"
};

// name "stripe" → $OPS_STRIPE_KEY, else <config dir>/stripe.key
// A secret kept in the file `path`, trimmed: nullopt when there is no such file or it is empty;
// a failure when others may read or write it (chmod 600) or it cannot be read.
Result<std::optional<QString>> readSecretFile(const QString &path);

class EnvFileSecretSource final : public SecretSource
{
public:
    explicit EnvFileSecretSource(QString configDir = {});
    Result<std::optional<QString>> secret(const QString &name) const override;

    QString filePath(const QString &name) const;
    SecretOrigin origin(const QString &name) const;
    // Writes the secret to its file with owner-only permissions (0600, the folder 0700),
    // replacing it atomically; an empty value removes the file.
    Result<void> writeSecretFile(const QString &name, const QString &value) const;

private:
    Result<std::optional<QString>> fromFile(const QString &name) const;

    QString m_configDir;
};

// "••••1234": what the console shows of a saved secret (never more than the last four).
QString maskedSecret(const QString &tail);

// A webhook's signing secrets: for "stripe-webhook" (whsec_…) $OPS_STRIPE_WEBHOOK_SECRET, for
// "adyen-hmac" (hex HMAC keys) $OPS_ADYEN_HMAC_KEY, else <config dir>/opsconsole/<name>.key;
// several, comma- or newline-separated, during a rotation. An empty list when none is
// configured; a failure when a source was refused.
Result<QStringList> webhookSecrets(const EnvFileSecretSource &source,
                                   const QString &name = QStringLiteral("stripe-webhook"));
// The secrets in one value: comma- or newline-separated, trimmed, empty parts dropped.
QStringList splitSecrets(const QString &value);

} // namespace ops
