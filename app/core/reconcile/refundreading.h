#pragma once

// One reading of a charge's refunds at Stripe for the reconciler: every page of
// GET /v1/refunds?charge=… (newest first, 100 a page) until has_more is false, so "nothing of
// ours found" is said only over the complete list. Reads only: nothing here can move money.

#include <QDateTime>
#include <QString>
#include <nlohmann/json.hpp>

namespace ops {

class StripeClient;

struct ChargeReading
{
    QString chargeId;
    QDateTime readAt;
    nlohmann::json refunds = nlohmann::json::array(); // every refund object read
    bool complete = false;                            // the whole list was read
    int requests = 0;                                 // HTTP requests it took
    QString error;                                    // unreachable or unreadable: why

    // The refund objects whose metadata.operation_id is `operationId`.
    nlohmann::json claiming(const QString &operationId) const;
};

// At most maxPages pages; a longer list is reported incomplete (error says so).
ChargeReading readChargeRefunds(StripeClient &client, const QString &chargeId,
                                const QDateTime &readAt, int maxPages = 1000);

} // namespace ops
