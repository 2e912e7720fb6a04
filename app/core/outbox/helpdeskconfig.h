#pragma once

// Which helpdesk messages go to and how to reach it (docs/messages.md): the vendor, its URL (or a
// Zendesk, Gorgias or Freshdesk subdomain), the user and author, and the account's pace, from
// connections.ini or the environment; the token from the helpdesk secret file or
// OPS_HELPDESK_KEY (transport/secrets.h).

#include "domain/result.h"

#include <QString>
#include <QUrl>
#include <chrono>
#include <cstdint>
#include <optional>

namespace ops {

enum class HelpdeskVendor
{
    Generic, // POST {base}/v1/conversations/{id}/messages with Idempotency-Key
    Zendesk,
    Gorgias,
    Intercom,
    Freshdesk
};
QString toString(HelpdeskVendor vendor);
std::optional<HelpdeskVendor> helpdeskVendorFromString(const QString &name);

struct HelpdeskConfig
{
    HelpdeskVendor vendor = HelpdeskVendor::Generic;
    QUrl baseUrl;   // e.g. https://acme.zendesk.com, or provider-sim's http://127.0.0.1:12111
    QString user;   // Zendesk and Gorgias: the agent's e-mail the token belongs to
    QString secret; // the API token or key (generic: a bearer token, may be empty)
    QString author; // Intercom: the admin id replies are sent as; Gorgias: the sender's e-mail
    double perSecond = 0; // requests a second on this account; 0: no pacing (generic)
    std::chrono::milliseconds timeout{10000};
    int attemptsPerCall = 3;
    int attemptsPerMessage = 6;
    std::chrono::milliseconds backoffBase{250};
    std::chrono::milliseconds backoffCap{4000};
    std::uint64_t jitterSeed = 0; // 0: seeded from the clock
};

// The documented pace of each vendor, a little under its limit (docs/messages.md): Gorgias'
// leaky bucket of 40 requests per 20 s, the smallest Zendesk and Freshdesk plans' 200 a minute,
// Intercom's 10,000 a minute per app. 0 for the generic sink.
double defaultPerSecond(HelpdeskVendor vendor);

// OPS_HELPDESK_VENDOR (generic when unset), OPS_HELPDESK_URL (required; for zendesk, gorgias
// and freshdesk a bare subdomain such as "acme" means https://acme.<vendor>.com; intercom
// defaults to https://api.intercom.io), OPS_HELPDESK_USER, OPS_HELPDESK_AUTHOR,
// OPS_HELPDESK_RATE (requests a second), OPS_HELPDESK_KEY or the helpdesk key file,
// OPS_ATTEMPT_TIMEOUT_MS; each also [helpdesk] in connections.ini. A failure says what is
// missing or wrong, and nothing can be sent until it is fixed.
Result<HelpdeskConfig> helpdeskConfigFromEnvironment();

// Why `config` cannot reach its vendor (no URL, an empty token, no user or author where the
// vendor needs one); empty when it can.
QString helpdeskConfigProblem(const HelpdeskConfig &config);

// `text` (a URL or, for the vendors with one, a subdomain) as the vendor's base URL, or a
// failure that says why it is neither.
Result<QUrl> helpdeskBaseUrl(HelpdeskVendor vendor, const QString &text);

} // namespace ops
