#pragma once

// Stripe v1 objects the product reads, and their parsers. Parsers never throw: a body that is
// not the expected object yields nullopt.

#include <QByteArray>
#include <QMap>
#include <QString>
#include <optional>
#include <vector>

namespace ops {

struct StripeError
{
    QString type; // api_error, card_error, idempotency_error, invalid_request_error, …
    QString code; // amount_too_large, charge_already_refunded, resource_missing, …
    QString message;
    QString param;
};

struct StripeRefund
{
    QString id;
    qint64 amount = 0;
    QString charge;
    QString currency;
    QString status; // pending, requires_action, succeeded, failed, canceled
    QString failureReason;
    qint64 created = 0;
    QMap<QString, QString> metadata;
};

struct StripeCharge
{
    QString id;
    qint64 amount = 0;
    qint64 amountRefunded = 0;
    bool refunded = false;
    QString currency;
};

// The part of a PaymentIntent a refund by PaymentIntent needs: the charge to refund.
struct StripePaymentIntent
{
    QString id;
    QString latestCharge; // empty while the PaymentIntent has no charge
    QString currency;
};

struct StripeRefundList
{
    std::vector<StripeRefund> data;
    bool hasMore = false;
};

std::optional<StripeError> parseStripeError(const QByteArray &body);
std::optional<StripeRefund> parseStripeRefund(const QByteArray &body);
std::optional<StripeCharge> parseStripeCharge(const QByteArray &body);
std::optional<StripeRefundList> parseStripeRefundList(const QByteArray &body);
// latest_charge may be an id or, when expanded, the charge object.
std::optional<StripePaymentIntent> parseStripePaymentIntent(const QByteArray &body);

} // namespace ops
