#pragma once

// The Stripe objects provider-sim keeps (stripestate.h): charges, refunds, events and why an
// event happened, each with its Stripe JSON shape, and a list page with its pagination.

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace ops::sim {

struct StripeCharge
{
    QString id;
    qint64 amount = 0;
    qint64 amountRefunded = 0;
    QString currency;
    QString paymentIntent;
    qint64 created = 0;
    // Outcome of refunds against this charge: succeeded (default), pending or failed, so a
    // demo or a test can exercise the other refund states.
    QString refundStatus = QStringLiteral("succeeded");
    QString refundFailureReason;

    nlohmann::json toJson() const;
};

struct StripeRefund
{
    QString id;
    qint64 amount = 0;
    QString charge;
    QString currency;
    QString paymentIntent;
    QString status;
    QString failureReason;
    QString reason;
    nlohmann::json metadata = nlohmann::json::object();
    qint64 created = 0;

    nlohmann::json toJson() const;
};

struct StripeEvent
{
    static constexpr const char *apiVersion = "2024-06-20";

    QString id;
    QString type;
    qint64 created = 0;
    nlohmann::json object;
    // Fields of `object` that this change altered, with their earlier values; null when the
    // event is not an update (refund.created), so data.previous_attributes is left out.
    nlohmann::json previousAttributes;
    QString requestId; // empty: not caused by an API request (a settle) → request.id null
    std::optional<QString> idempotencyKey;

    nlohmann::json toJson() const;
};

// What a request (or the simulator itself) caused an event by: request.id and
// request.idempotency_key of the event.
struct EventCause
{
    QString requestId;
    std::optional<QString> idempotencyKey;
};

// data.previous_attributes for a change from `before` to `after`: every top-level field whose
// value differs, with its earlier value; for object fields (metadata) only the changed keys,
// a key that did not exist before given as null.
nlohmann::json previousAttributes(const nlohmann::json &before, const nlohmann::json &after);

// One page of a list: the selected objects and whether more exist in the paging direction.
struct ListPage
{
    nlohmann::json data = nlohmann::json::array();
    bool hasMore = false;
};

// Pages `items` (already newest first). Returns nullopt when a cursor id is not among them.
template<typename T, typename Accept>
std::optional<ListPage> pageNewestFirst(const std::vector<const T *> &items, Accept accept,
                                        const QString &startingAfter, const QString &endingBefore,
                                        int limit);

} // namespace ops::sim
