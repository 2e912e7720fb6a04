#pragma once

// The objects behind the Stripe routes of provider-sim: seeded charges, the refunds made
// against them and the events those refunds produced, with their Stripe JSON shapes and
// list pagination (newest first, starting_after / ending_before / limit).

#include "providersim/stripeobjects.h"

#include <QHash>
#include <QString>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace ops::sim {

class StripeState
{
public:
    static constexpr qint64 eventRetentionSecs = 30 * 24 * 3600;

    // {"charges":[{"id","amount","currency","payment_intent"?,"amount_refunded"?,
    //   "refund_status"?,"refund_failure_reason"?}]}; a known id is replaced.
    void seed(const nlohmann::json &seed, qint64 nowSecs);
    void clear();

    StripeCharge *charge(const QString &id);
    StripeCharge *chargeForPaymentIntent(const QString &paymentIntent);
    const StripeRefund *refund(const QString &id) const;
    StripeRefund *refund(const QString &id);

    StripeRefund &addRefund(StripeRefund refund);
    // Records an event and hands it to the event sink (webhook delivery). `previous` is
    // data.previous_attributes (null for none).
    const StripeEvent &addEvent(const QString &type, nlohmann::json object, qint64 created,
                                const EventCause &cause,
                                nlohmann::json previous = nlohmann::json());
    // Drops events older than 30 days of simulator time.
    void pruneEvents(qint64 nowSecs);
    const StripeEvent *event(const QString &id) const;
    // Called once for every event recorded (never for replays, which record nothing).
    void setEventSink(std::function<void(const StripeEvent &)> sink) { m_sink = std::move(sink); }

    // Newest first; each entry valid until the next mutation.
    std::vector<const StripeRefund *> refundsNewestFirst() const;
    std::vector<const StripeEvent *> eventsNewestFirst() const;

    QString nextId(const char *prefix);

private:
    QHash<QString, StripeCharge> m_charges;
    std::vector<StripeRefund> m_refunds; // creation order
    QHash<QString, std::size_t> m_refundIndex;
    std::vector<StripeEvent> m_events; // creation order
    std::function<void(const StripeEvent &)> m_sink;
    qint64 m_nextId = 1;
};

template<typename T, typename Accept>
std::optional<ListPage> pageNewestFirst(const std::vector<const T *> &items, Accept accept,
                                        const QString &startingAfter, const QString &endingBefore,
                                        int limit)
{
    std::vector<const T *> matching;
    for (const T *item : items) {
        if (accept(*item))
            matching.push_back(item);
    }
    auto indexOf = [&matching](const QString &id) -> std::optional<std::size_t> {
        for (std::size_t i = 0; i < matching.size(); ++i) {
            if (matching[i]->id == id)
                return i;
        }
        return std::nullopt;
    };
    std::size_t begin = 0;
    std::size_t end = matching.size();
    ListPage page;
    if (!endingBefore.isEmpty()) {
        // The `limit` items just newer than the cursor, still newest first.
        const auto cursor = indexOf(endingBefore);
        if (!cursor)
            return std::nullopt;
        end = *cursor;
        begin = end > std::size_t(limit) ? end - std::size_t(limit) : 0;
        page.hasMore = begin > 0;
    } else {
        if (!startingAfter.isEmpty()) {
            const auto cursor = indexOf(startingAfter);
            if (!cursor)
                return std::nullopt;
            begin = *cursor + 1;
        }
        end = std::min(matching.size(), begin + std::size_t(limit));
        page.hasMore = end < matching.size();
    }
    for (std::size_t i = begin; i < end; ++i)
        page.data.push_back(matching[i]->toJson());
    return page;
}

} // namespace ops::sim
