#pragma once

// What the vendor connectors share (helpdeskconnector.h): building a JSON request on the
// account's base URL, Basic credentials, and the one reading of an answer to a post, so that a
// 429, a timeout or a 5xx means the same whichever helpdesk gave it.

#include "outbox/helpdeskconnector.h"

#include <QUrlQuery>
#include <nlohmann/json.hpp>

namespace ops::helpdeskwire {

// `path` (already percent-encoded where it holds a ticket id) under the base URL's own path.
QUrl urlFor(const QUrl &base, const QString &path, const QUrlQuery &query = {});
// A request with an `Accept: application/json` header, `authorization` unless it is empty, and
// `body` as JSON unless it is null.
HttpRequest jsonRequest(const QByteArray &method, const QUrl &url, const nlohmann::json &body,
                        const QByteArray &authorization);
QByteArray basicAuth(const QString &user, const QString &password);
// A ticket id as one path segment.
QString segment(const QString &ticket);

// Retry-After in seconds, else Intercom's X-RateLimit-Reset (epoch seconds), else one second.
std::chrono::milliseconds retryAfterOf(const HttpResponse &http);
// The longest 429 wait a send waits out in its call (a console job, a command); longer ones end
// the call with nothing stored.
inline constexpr std::chrono::milliseconds kLongestRetryAfter{60'000};
// "HTTP 404: Not found", or what the transport saw when nothing answered.
QString describe(const HttpResponse &http, const QString &vendorWords);
// The reading every vendor shares: `vendorId` is what the vendor's 2xx body names (empty when
// it could not be read: still stored), `vendorWords` its own error text.
PostAnswer classifyPost(const HttpResponse &http, const QString &vendorId,
                        const QString &vendorWords);
// A page that did not prove anything: not a 2xx, or not the shape the vendor documents.
ReadBackPage failedRead(const HttpResponse &http, const QString &vendorWords);
ReadBackPage foundOrNext(const QString &vendorId, const QString &nextCursor);

// Whether an HTML or text body carries the marker.
bool carries(const nlohmann::json &reply, std::initializer_list<const char *> fields,
             const QString &marker);

} // namespace ops::helpdeskwire
