#include "config/engineenv.h"

#include "domain/dblocation.h"
#include "transport/connectionsettings.h"
#include "transport/secrets.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// The attempt and backoff settings every engine shares.
struct CommonSettings
{
    qint64 perCall = 0;
    qint64 perOperation = 0;
    qint64 margin = 0;
    qint64 backoffBase = 0;
    qint64 backoffCap = 0;
};

template<typename Config> std::optional<CommonSettings> commonSettings(const Config &defaults)
{
    const auto perCall = envInteger("OPS_ATTEMPTS_PER_CALL", defaults.attemptsPerCall);
    const auto perOp = envInteger("OPS_ATTEMPTS_PER_OPERATION", defaults.attemptsPerOperation);
    const auto margin = envInteger("OPS_MARGIN_SECONDS", defaults.marginSeconds);
    const auto base = envInteger("OPS_BACKOFF_BASE_MS", defaults.backoffBase.count());
    const auto cap = envInteger("OPS_BACKOFF_CAP_MS", defaults.backoffCap.count());
    if (!perCall || !perOp || !margin || !base || !cap || *perCall < 1 || *perOp < 1)
        return std::nullopt;
    return CommonSettings{*perCall, *perOp, *margin, *base, *cap};
}

template<typename Config> void apply(const CommonSettings &s, Config &c)
{
    c.attemptsPerCall = int(s.perCall);
    c.attemptsPerOperation = int(s.perOperation);
    c.marginSeconds = s.margin;
    c.backoffBase = std::chrono::milliseconds(s.backoffBase);
    c.backoffCap = std::chrono::milliseconds(s.backoffCap);
}

const QString kBadSetting = u"invalid OPS_ATTEMPTS_*, OPS_*_SECONDS or OPS_BACKOFF_* setting"_s;

// An http(s) base URL, the attempt timeout and the provider secret: what every client needs.
// The URL is the environment's, else connections.ini's (Tools → Connections), else `fallback`.
template<typename Config>
Result<void> readClientSettings(Config &c, const QString &fallback, const QString &secretName,
                                const QString &missingSecret)
{
    const ConnectionSettings settings;
    const ConnectionValue url = settings.value(secretName, u"url"_s, fallback);
    c.baseUrl = QUrl(url.value, QUrl::StrictMode);
    if (const QString problem = baseUrlProblem(url.value); !problem.isEmpty()) {
        const QString where = url.source == ConnectionValue::Source::File
                                  ? u"%1 url in %2"_s.arg(secretName, settings.path())
                                  : url.variable;
        return Failure{problem.startsWith(u'\'') ? u"%1 %2"_s.arg(where, problem)
                                                 : u"%1: %2"_s.arg(where, problem)};
    }
    const auto timeout = envInteger("OPS_ATTEMPT_TIMEOUT_MS", c.timeout.count());
    if (!timeout || *timeout < 1)
        return Failure{u"invalid OPS_ATTEMPT_TIMEOUT_MS"_s};
    c.timeout = std::chrono::milliseconds(*timeout);
    const auto secret = EnvFileSecretSource().secret(secretName);
    if (!secret)
        return Failure{secret.error()};
    if (!*secret)
        return Failure{missingSecret};
    c.secret = **secret;
    return {};
}

} // namespace

std::optional<qint64> envInteger(const char *name, qint64 fallback)
{
    if (!qEnvironmentVariableIsSet(name))
        return fallback;
    bool ok = false;
    const qint64 v = qEnvironmentVariable(name).toLongLong(&ok);
    if (!ok || v < 0)
        return std::nullopt;
    return v;
}

Result<EngineConfig> refundEngineConfigFromEnv()
{
    EngineConfig c;
    const auto common = commonSettings(c);
    const auto window = envInteger("OPS_STRIPE_WINDOW_SECONDS", c.windowSeconds);
    if (!common || !window || *window <= common->margin)
        return Failure{kBadSetting};
    apply(*common, c);
    c.windowSeconds = *window;
    return c;
}

Result<StripeConfig> stripeConfigFromEnv()
{
    StripeConfig c;
    const auto read =
        readClientSettings(c, u"https://api.stripe.com"_s, u"stripe"_s,
                           u"no Stripe secret: set OPS_STRIPE_KEY or write it to a 0600 file "
                           "~/.config/opsconsole/stripe.key"_s);
    if (!read)
        return Failure{read.error()};
    return c;
}

Result<SlenEngineConfig> slenEngineConfigFromEnv()
{
    SlenEngineConfig c;
    const auto common = commonSettings(c);
    const auto credit = envInteger("OPS_SLEN_CREDIT_WINDOW_SECONDS", c.creditWindowSeconds);
    const auto execution =
        envInteger("OPS_SLEN_EXECUTION_WINDOW_SECONDS", c.executionWindowSeconds);
    if (!common || !credit || !execution || *credit <= common->margin ||
        *execution <= common->margin)
        return Failure{kBadSetting};
    apply(*common, c);
    c.creditWindowSeconds = *credit;
    c.executionWindowSeconds = *execution;
    return c;
}

Result<QString> databaseLocation(const QString &given)
{
    if (!given.trimmed().isEmpty())
        return given.trimmed();
    const ConnectionValue saved = ConnectionSettings().value(u"database"_s, u"url"_s);
    if (saved.source == ConnectionValue::Source::Default)
        return DbLocation::defaultLocation();
    if (saved.source == ConnectionValue::Source::Environment)
        return saved.value; // OPS_DB
    const auto password = EnvFileSecretSource().secret(u"database"_s);
    if (!password)
        return Failure{password.error()};
    // PGPASSWORD is libpq's to read, as it is; only the file's password is kept beside the URL.
    const bool fromFile =
        EnvFileSecretSource().origin(u"database"_s).kind == SecretOrigin::Kind::File;
    DbLocation::rememberPassword(saved.value, fromFile ? password->value_or(QString()) : QString());
    return saved.value;
}

namespace {

const QString kAdyenTestUrl = u"https://checkout-test.adyen.com"_s;

Result<QString> adyenMerchant()
{
    const QString merchant = ConnectionSettings().value(u"adyen"_s, u"merchant"_s).value.trimmed();
    if (merchant.isEmpty())
        return Failure{u"no Adyen merchant account: set OPS_ADYEN_MERCHANT"_s};
    if (const QString problem = adyenMerchantProblem(merchant); !problem.isEmpty())
        return Failure{u"OPS_ADYEN_MERCHANT: "_s + problem};
    return merchant;
}

} // namespace

Result<AdyenConfig> adyenConfigFromEnv()
{
    AdyenConfig c;
    const auto read =
        readClientSettings(c, kAdyenTestUrl, u"adyen"_s,
                           u"no Adyen API key: set OPS_ADYEN_KEY or write it to a 0600 file "
                           "~/.config/opsconsole/adyen.key"_s);
    if (!read)
        return Failure{read.error()};
    const auto merchant = adyenMerchant();
    if (!merchant)
        return Failure{merchant.error()};
    c.merchantAccount = *merchant;
    return c;
}

Result<AdyenExpectation> adyenExpectationFromEnv()
{
    const auto merchant = adyenMerchant();
    if (!merchant)
        return Failure{merchant.error()};
    AdyenExpectation e;
    e.merchantAccounts = {*merchant};
    const QString url = ConnectionSettings().value(u"adyen"_s, u"url"_s, kAdyenTestUrl).value;
    e.live = adyenModeOf(QUrl(url)) == AdyenMode::Live;
    const auto keys = webhookSecrets(EnvFileSecretSource(), u"adyen-hmac"_s);
    if (!keys)
        return Failure{keys.error()};
    if (const QString problem = adyenHmacKeysProblem(keys->join(u',')); !problem.isEmpty())
        return Failure{u"Adyen HMAC key (OPS_ADYEN_HMAC_KEY or adyen-hmac.key): "_s + problem};
    for (const QString &key : *keys)
        e.hmacKeys << key.toLatin1();
    if (e.hmacKeys.isEmpty())
        return Failure{u"no Adyen HMAC key: set OPS_ADYEN_HMAC_KEY or write it to a 0600 file "
                       "~/.config/opsconsole/adyen-hmac.key"_s};
    return e;
}

QString adyenMerchantProblem(const QString &merchant)
{
    // Adyen's merchant account codes are letters, digits, '_' and '-' (Customer Area), up to 80.
    static const QRegularExpression shape(u"^[A-Za-z0-9_-]{1,80}$"_s);
    return shape.match(merchant).hasMatch()
               ? QString()
               : u"a merchant account is 1-80 letters, digits, '_' or '-'"_s;
}

QString adyenHmacKeysProblem(const QString &keys)
{
    for (const QString &key : splitSecrets(keys)) {
        const QByteArray hex = key.toLatin1();
        if (hex.size() != 64 || adyenHmac(hex, QByteArray()).isEmpty())
            return u"each key is the 64 hex digits Adyen's Customer Area shows"_s;
    }
    return {};
}

Result<SlenConfig> slenConfigFromEnv()
{
    SlenConfig c;
    c.project = ConnectionSettings().value(u"slen"_s, u"project"_s, c.project).value;
    // The URL is checked first, as opsctl always has: its message is the one users know.
    const auto read =
        readClientSettings(c, QString(), u"slen"_s,
                           u"no Slen API key: set OPS_SLEN_KEY or write it to a 0600 file "
                           "~/.config/opsconsole/slen.key"_s);
    if (!read)
        return Failure{read.error()};
    if (c.project.isEmpty() || c.project.size() > 128)
        return Failure{u"OPS_SLEN_PROJECT must be 1-128 characters"_s};
    return c;
}

} // namespace ops
