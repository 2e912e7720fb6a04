#pragma once

// One helpdesk's reply API behind one interface (docs/design.md §17, docs/messages.md). A
// connector only builds requests and reads answers; MessageSender owns the discipline: the row
// first, each attempt counted, the account paced, and a read-back before any second send.
//
// None of the four helpdesks honours an idempotency key on a reply, so every post carries a
// marker derived from the message's key where the vendor keeps it and hands it back on a read:
// Gorgias' `external_id`, else a hidden element at the end of the HTML body. The generic
// connector (provider-sim's sink, or a team's own system) honours Idempotency-Key instead and
// reads nothing back.

#include "outbox/helpdeskconfig.h"
#include "transport/httptransport.h"

#include <QString>
#include <QUrl>
#include <chrono>
#include <memory>
#include <optional>

namespace ops {

// What one post is: the ticket (or conversation), the customer's text, the marker, and whether
// it is an internal note the customer does not see.
struct OutgoingPost
{
    QString ticket;
    QString text;
    QString marker;
    QString idempotencyKey; // the message's key (the generic sink honours it)
    bool internal = false;
};

// What an answer to a post proves.
struct PostAnswer
{
    enum class Kind
    {
        Stored,  // the vendor stored it (any 2xx): vendorId names it, when the answer did
        Retry,   // nothing was stored (refused connection, conflict): post again
        Busy,    // 429: nothing was stored; wait retryAfter, then post again
        Unknown, // it may have been stored (timeout, reset, 408, 5xx): read back before all else
        Refused  // the vendor refused it for good (auth, no such ticket, closed, too long)
    };
    Kind kind = Kind::Unknown;
    QString vendorId;
    QString error; // one line for the operator: status, the vendor's own words
    std::chrono::milliseconds retryAfter{0};
};

// What one page of a ticket's replies says about a marker.
struct ReadBackPage
{
    enum class Kind
    {
        Found,  // vendorId is the reply that carries the marker
        Absent, // the last page was read and no reply carries it
        More,   // not on this page; read `cursor` next
        Failed  // the read did not complete: nothing is proven
    };
    Kind kind = Kind::Failed;
    QString vendorId;
    QString cursor;
    QString error;
};

class HelpdeskConnector
{
public:
    virtual ~HelpdeskConnector() = default;
    virtual HttpRequest post(const OutgoingPost &post) const = 0;
    // What the answer to post() proves; `marker` is the post's, to find it in an answer that
    // holds more than the new reply.
    virtual PostAnswer answer(const HttpResponse &http, const QString &marker) const = 0;
    // false: a repeat of the same key is the vendor's to deduplicate (generic), so an Unknown
    // answer cannot be settled by reading and a person decides.
    virtual bool readsBack() const { return true; }
    // false: the vendor has no internal notes (generic), so none is ever posted there.
    virtual bool takesNotes() const { return true; }
    // The page of `ticket`'s replies at `cursor` (empty: the first page).
    virtual HttpRequest readPage(const QString &ticket, const QString &cursor) const = 0;
    virtual ReadBackPage scanPage(const HttpResponse &http, const QString &marker) const = 0;
    // A request that moves nothing and proves the URL and credentials: "who am I".
    virtual HttpRequest check() const = 0;
};

// The connector of config.vendor.
std::unique_ptr<HelpdeskConnector> makeHelpdeskConnector(const HelpdeskConfig &config);

// The marker of a message key: "ops-" and 24 hex digits of SHA-256 over the key. Never the key.
QString markerOf(const QString &idempotencyKey);
// The text as HTML paragraphs, the marker in a hidden element after them.
QString htmlWithMarker(const QString &text, const QString &marker);

} // namespace ops
