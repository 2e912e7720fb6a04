#include "reconcile/refundreading.h"

#include "stripe/stripeclient.h"

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops {

namespace {

QString problem(const StripeReply &reply)
{
    if (reply.http.status == 0)
        return u"the provider did not answer (%1)"_s.arg(reply.http.errorText);
    return u"the provider answered HTTP %1"_s.arg(reply.http.status);
}

} // namespace

json ChargeReading::claiming(const QString &operationId) const
{
    json out = json::array();
    const std::string id = operationId.toStdString();
    for (const json &refund : refunds) {
        const json meta = refund.value("metadata", json::object());
        if (meta.is_object() && meta.value("operation_id", std::string()) == id)
            out.push_back(refund);
    }
    return out;
}

ChargeReading readChargeRefunds(StripeClient &client, const QString &chargeId,
                                const QDateTime &readAt, int maxPages)
{
    ChargeReading r;
    r.chargeId = chargeId;
    r.readAt = readAt;
    QString after;
    for (int page = 0; page < maxPages; ++page) {
        const StripeReply reply = client.listRefunds(chargeId, 100, after);
        ++r.requests;
        const json list = json::parse(reply.http.body.toStdString(), nullptr, false);
        if (!reply.ok() || !list.is_object() || !list.contains("data") ||
            !list["data"].is_array()) {
            r.error = problem(reply);
            return r;
        }
        for (const json &refund : list["data"]) {
            r.refunds.push_back(refund);
            after = QString::fromStdString(refund.value("id", std::string()));
        }
        if (!list.value("has_more", false)) {
            r.complete = true;
            return r;
        }
        if (list["data"].empty()) { // has_more with nothing to page on from
            r.error = u"the provider said has_more on an empty page"_s;
            return r;
        }
    }
    r.error = u"the charge has more than %1 pages of refunds"_s.arg(maxPages);
    return r;
}

} // namespace ops
