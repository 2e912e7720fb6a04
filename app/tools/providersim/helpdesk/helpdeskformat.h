#pragma once

// Small pieces the four helpdesk vendors' routes share: credentials out of Authorization,
// HTML and plain text of a post, times, absolute links and paging parameters.

#include "providersim/simtypes.h"

#include <optional>
#include <utility>

namespace ops::sim {

// User and password of "Authorization: Basic base64(user:password)"; nullopt when absent,
// malformed or without a ':'.
std::optional<std::pair<QString, QString>> basicCredentials(const SimRequest &request);
// The token of "Authorization: Bearer <token>"; empty when there is none.
QString bearerToken(const SimRequest &request);

// What a vendor returns as the plain form of an HTML body: comments and tags dropped, the
// common entities decoded, outer whitespace trimmed.
QString plainTextOf(const QString &html);
// A plain text as one escaped HTML paragraph.
QString htmlOf(const QString &text);

// "2026-11-29T12:00:00Z": the vendors give seconds, not milliseconds.
std::string isoSeconds(const QDateTime &at);
// "http://<Host header><pathAndQuery>": the absolute next-page links Zendesk and Freshdesk give.
QString absoluteUrl(const SimRequest &request, const QString &pathAndQuery);

// The string member `name` of a JSON object, or an empty string.
QString textOf(const nlohmann::json &object, const char *name);
// The body as a JSON object; nullopt when it is not JSON or not an object.
std::optional<nlohmann::json> jsonObject(const QByteArray &body);
// A query parameter that must be a whole number >= 1: `fallback` when absent, nullopt when
// malformed. The result is capped at `max`.
std::optional<int> positiveParam(const SimRequest &request, const QString &name, int fallback,
                                 int max);

} // namespace ops::sim
