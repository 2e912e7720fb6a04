#pragma once

// Engine and provider configuration from the environment. Every function returns a failure (a
// sentence for the operator, never containing a secret) when a setting is malformed or missing.

#include "adyen/adyenclient.h"
#include "adyen/adyennotification.h"
#include "domain/result.h"
#include "engine/creditengine.h"
#include "engine/refundengine.h"

#include <optional>

namespace ops {

// Non-negative integer from the environment, or `fallback` when unset; nullopt when malformed.
std::optional<qint64> envInteger(const char *name, qint64 fallback);

// OPS_ATTEMPTS_PER_CALL, OPS_ATTEMPTS_PER_OPERATION, OPS_STRIPE_WINDOW_SECONDS,
// OPS_MARGIN_SECONDS, OPS_BACKOFF_BASE_MS, OPS_BACKOFF_CAP_MS.
Result<EngineConfig> refundEngineConfigFromEnv();
// OPS_STRIPE_URL, OPS_ATTEMPT_TIMEOUT_MS, and the "stripe" secret (OPS_STRIPE_KEY or a 0600 file).
Result<StripeConfig> stripeConfigFromEnv();
// As the refund engine's, with OPS_SLEN_CREDIT_WINDOW_SECONDS and
// OPS_SLEN_EXECUTION_WINDOW_SECONDS for the windows.
Result<SlenEngineConfig> slenEngineConfigFromEnv();
// Where the operations database is: `given` (--db), else OPS_DB, else the team database saved in
// Tools → Connections ([database] url in connections.ini), else the embedded SQLite default. The
// saved password (PGPASSWORD, else the 0600 file database.key) goes with the saved URL only and
// is kept beside it (DbLocation::rememberPassword), never in the returned string; a URL given
// on the command line or in OPS_DB carries its own, or libpq's.
Result<QString> databaseLocation(const QString &given);
// OPS_ADYEN_URL (default https://checkout-test.adyen.com), OPS_ADYEN_MERCHANT (required),
// OPS_ATTEMPT_TIMEOUT_MS, and the "adyen" secret (OPS_ADYEN_KEY or a 0600 file adyen.key); the
// URL and merchant also from connections.ini ([adyen] url, merchant).
Result<AdyenConfig> adyenConfigFromEnv();
// What the Adyen notification receiver expects: the HMAC keys (OPS_ADYEN_HMAC_KEY or a 0600
// file adyen-hmac.key; 64 hex digits each, several comma-separated while a key is rotated), our
// merchant account (OPS_ADYEN_MERCHANT) and live mode when OPS_ADYEN_URL is Adyen's live
// endpoint.
Result<AdyenExpectation> adyenExpectationFromEnv();
// Why `merchant` cannot be an Adyen merchant account code, '' when it can: 1-80 letters, digits,
// '_' or '-'. The one check behind OPS_ADYEN_MERCHANT and Tools → Connections.
QString adyenMerchantProblem(const QString &merchant);
// Why `keys` (one HMAC key, or several comma-separated while one is rotated) cannot be Adyen's,
// '' when they can: each is the 64 hex digits the Customer Area shows. A key cut short by a paste
// would refuse every notification later, so it is refused when it is set.
QString adyenHmacKeysProblem(const QString &keys);
// OPS_SLEN_URL (required), OPS_SLEN_PROJECT, OPS_ATTEMPT_TIMEOUT_MS, and the "slen" secret.
Result<SlenConfig> slenConfigFromEnv();

} // namespace ops
