#include "console/providerlookup.h"

#include "itemmodels/localeformat.h"
#include "stripe/stripeclient.h"

#include <QCoreApplication>
#include <QDateTime>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops::console {

namespace {

QString replyProblem(const StripeReply &reply, const QString &what)
{
    if (reply.http.status == 0)
        return QCoreApplication::translate("ops::console::ProviderLookup",
                                           "The provider did not answer while reading %1 (%2).")
            .arg(what, reply.http.errorText);
    if (reply.http.status == 401 || reply.http.status == 403)
        return QCoreApplication::translate(
                   "ops::console::ProviderLookup",
                   "The provider refused our API key while reading %1 (HTTP %2). Check "
                   "OPS_STRIPE_KEY.")
            .arg(what)
            .arg(reply.http.status);
    return QCoreApplication::translate("ops::console::ProviderLookup",
                                       "The provider answered HTTP %1 while reading %2.")
        .arg(reply.http.status)
        .arg(what);
}

json parsed(const QByteArray &body)
{
    return json::parse(body.toStdString(), nullptr, false);
}

// As the operations table writes amounts: in the console's language (QLocale's default, set with
// it), so a look-up and the row it explains read alike (issue 50 item 9). The summary is a text
// for the person, translated as it is made; the evidence keeps Stripe's own JSON.
QString money(qint64 minor, const QString &currency)
{
    return formatMoney({minor, currency}, QLocale());
}

struct Search
{
    json match; // the refund object carrying our operation id (null: none)
    int examined = 0;
    bool complete = true; // the whole list was read
    QString error;
};

Search findRefund(StripeClient &client, const Operation &op, const std::atomic_bool &cancelled)
{
    Search s;
    QString after;
    for (int page = 0; page < kMaxRefundPages; ++page) {
        if (cancelled)
            return {
                json(), s.examined, false,
                QCoreApplication::translate("ops::console::ProviderLookup", "Look-up cancelled.")};
        const StripeReply reply = client.listRefunds(op.chargeId, 100, after);
        const json list = parsed(reply.http.body);
        if (!reply.ok() || !list.is_object() || !list.contains("data") || !list["data"].is_array())
            return {json(), s.examined, false,
                    replyProblem(reply, QCoreApplication::translate("ops::console::ProviderLookup",
                                                                    "the charge's refunds"))};
        for (const json &refund : list["data"]) {
            ++s.examined;
            const auto &meta = refund.value("metadata", json::object());
            if (meta.is_object() &&
                meta.value("operation_id", std::string()) == op.id.toStdString()) {
                s.match = refund;
                return s;
            }
            after = QString::fromStdString(refund.value("id", std::string()));
        }
        if (!list.value("has_more", false))
            return s;
    }
    s.complete = false;
    return s;
}

void propose(LookupAnswer &a, const Operation &op, const json &refund)
{
    const QString id = QString::fromStdString(refund.value("id", std::string()));
    const QString status = QString::fromStdString(refund.value("status", std::string()));
    a.providerRef = id;
    if (status == u"succeeded"_s) {
        a.proposedOutcome = OperationState::Succeeded;
        a.proposedReason = u"Provider look-up: refund %1 carries this operation id and is "
                           "succeeded."_s.arg(id);
    } else if (status == u"failed"_s || status == u"canceled"_s) {
        a.proposedOutcome = OperationState::Failed;
        a.proposedReason =
            u"Provider look-up: refund %1 carries this operation id and is %2 (%3)."_s.arg(
                id, status, QString::fromStdString(refund.value("failure_reason", "")));
    }
    a.summary += QCoreApplication::translate("ops::console::ProviderLookup",
                                             "\nFound refund %1 for this operation: %2, status %3.")
                     .arg(id, money(refund.value("amount", qint64(0)), op.amount.currency), status);
    if (!a.proposedOutcome)
        a.summary += QCoreApplication::translate(
            "ops::console::ProviderLookup",
            "\nThe provider has not finished it: look up again later before closing.");
}

} // namespace

LookupAnswer lookUpRefund(StripeClient &client, const Operation &op,
                          const std::atomic_bool &cancelled)
{
    LookupAnswer a;
    a.operationId = op.id;
    if (op.chargeId.isEmpty()) {
        a.error = QCoreApplication::translate("ops::console::ProviderLookup",
                                              "Operation %1 has no charge id to look up.")
                      .arg(op.id);
        return a;
    }
    const StripeReply chargeReply = client.getCharge(op.chargeId);
    const json charge = parsed(chargeReply.http.body);
    if (!chargeReply.ok() || !charge.is_object()) {
        a.error = replyProblem(
            chargeReply,
            QCoreApplication::translate("ops::console::ProviderLookup", "charge ") + op.chargeId);
        return a;
    }
    const Search found = findRefund(client, op, cancelled);
    if (!found.error.isEmpty()) {
        a.error = found.error;
        return a;
    }
    const QString currency = QString::fromStdString(charge.value("currency", std::string("usd")));
    a.summary = QCoreApplication::translate(
                    "ops::console::ProviderLookup",
                    "Charge %1: %2 charged, %3 refunded in total (amount_refunded). Refunds "
                    "examined: %4.")
                    .arg(op.chargeId, money(charge.value("amount", qint64(0)), currency),
                         money(charge.value("amount_refunded", qint64(0)), currency))
                    .arg(found.examined);
    const json evidence = {
        {"looked_up_at", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString()},
        {"operation_id", op.id.toStdString()},
        {"charge", charge},
        {"refunds_examined", found.examined},
        {"list_complete", found.complete},
        {"matching_refund", found.match}};
    a.evidenceBody = QByteArray::fromStdString(evidence.dump(2));
    if (!found.match.is_null()) {
        propose(a, op, found.match);
        a.evidenceTitle =
            u"Stripe look-up: refund %1 on charge %2"_s.arg(a.providerRef, op.chargeId);
        return a;
    }
    a.evidenceTitle =
        u"Stripe look-up: no refund for this operation on charge %1"_s.arg(op.chargeId);
    if (!found.complete) {
        a.summary +=
            QCoreApplication::translate(
                "ops::console::ProviderLookup",
                "\nNo refund with this operation id among the first %1; the charge has more. "
                "Check the dashboard before closing.")
                .arg(found.examined);
        return a;
    }
    a.proposedOutcome = OperationState::Failed;
    a.resendHelps = true;
    a.proposedReason =
        u"Provider look-up: charge %1 has no refund carrying this operation id "
        "(amount_refunded %2); no money moved for it."_s.arg(
            op.chargeId, money(charge.value("amount_refunded", qint64(0)), currency));
    a.summary += QCoreApplication::translate(
        "ops::console::ProviderLookup",
        "\nNo refund carries this operation id: the provider shows no movement for it.");
    return a;
}

} // namespace ops::console
