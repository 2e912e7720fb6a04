#pragma once

// The helpdesk row of Tools → Connections (docs/messages.md): its vendor, its URL or subdomain,
// the user the token belongs to and the author replies go out as, beside the token in its 0600
// file. What opsctl reads (outbox/helpdeskconfig.h) is what this row shows and saves:
// [helpdesk] vendor, url, user, author in connections.ini, each overridden by OPS_HELPDESK_*.
// Check connection asks the vendor who the token belongs to, and moves nothing.

#include "console/connectionsservice.h"

namespace ops::console {

// Adds the vendor, user and author fields, and the URL's label, to the helpdesk row.
void addHelpdeskFields(ui::ConnectionRow &row, const QString &configDir);

// Why the edit (its URL and secret already the effective ones) cannot reach its helpdesk; ''
// when it can, or when nothing is configured (the helpdesk is optional).
QString helpdeskEditProblem(const ui::ConnectionEdit &edit);

// The base URL `url` means under `vendor` ("acme" under zendesk is https://acme.zendesk.com);
// `url` itself when it means nothing there.
QString helpdeskPlace(const QString &vendor, const QString &url);

// Saves the vendor, user and author that no environment variable overrides.
QString saveHelpdeskFields(const ui::ConnectionEdit &edit, const QString &configDir);

// The blocking check (a worker thread): the vendor's "who am I".
CheckOutcome checkHelpdeskEdit(const ui::ConnectionEdit &edit, std::chrono::milliseconds timeout);

} // namespace ops::console
