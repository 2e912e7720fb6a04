#include "providersim/stripehandler.h"

#include "providersim/simlog.h"

#include <QSet>
#include <algorithm>

namespace ops::sim {

namespace {

// Parameters POST /v1/refunds accepts besides metadata[…]; the last four are accepted and
// ignored (they do not change what the simulator does).
const QSet<QString> refundParams = {
    QStringLiteral("charge"),           QStringLiteral("payment_intent"),
    QStringLiteral("amount"),           QStringLiteral("reason"),
    QStringLiteral("metadata"),         QStringLiteral("instructions_email"),
    QStringLiteral("reverse_transfer"), QStringLiteral("refund_application_fee"),
    QStringLiteral("origin"),
};

const QSet<QString> refundReasons = {QStringLiteral("duplicate"), QStringLiteral("fraudulent"),
                                     QStringLiteral("requested_by_customer")};

QString formValue(const FormPairs &form, const QString &name)
{
    for (const auto &[k, v] : form) {
        if (k == name)
            return v;
    }
    return {};
}

bool formHas(const FormPairs &form, const QString &name)
{
    return std::any_of(form.begin(), form.end(), [&](const auto &p) { return p.first == name; });
}

std::optional<QString> metadataKey(const QString &name)
{
    if (!name.startsWith(QLatin1String("metadata[")) || !name.endsWith(u']'))
        return std::nullopt;
    return name.mid(9, name.size() - 10);
}

// Order-independent identity of a parameter set: two requests "have the same parameters"
// when their decoded pairs are equal as a multiset.
QByteArray fingerprint(FormPairs form)
{
    std::sort(form.begin(), form.end());
    QByteArray out;
    for (const auto &[k, v] : form)
        out += k.toUtf8() + '\0' + v.toUtf8() + '\n';
    return out;
}

std::optional<QString> idempotencyKey(const SimRequest &request)
{
    if (!request.headers.contains("idempotency-key"))
        return std::nullopt;
    const QString key = QString::fromUtf8(request.header("idempotency-key")).trimmed();
    if (key.isEmpty())
        return std::nullopt;
    return key;
}

QString masked(const QString &key)
{
    return key.left(8) + QStringLiteral("****") + key.right(4);
}

} // namespace

SimResponse stripeError(int status, const char *type, const QString &message, const char *code,
                        const char *param)
{
    nlohmann::json error = {{"type", type}, {"message", message.toStdString()}};
    if (code)
        error["code"] = code;
    if (param)
        error["param"] = param;
    SimResponse r = SimResponse::json(status, {{"error", error}});
    const bool retry = status == 409 || status == 429 || status == 503;
    r.setHeader("Stripe-Should-Retry", retry ? "true" : "false");
    return r;
}

StripeHandler::StripeHandler(SimWorld &world)
    : m_world(world)
{}

bool StripeHandler::matches(const SimRequest &request) const
{
    const QString &p = request.path;
    return p == QLatin1String("/v1/refunds") || p.startsWith(QLatin1String("/v1/refunds/")) ||
           p.startsWith(QLatin1String("/v1/charges/")) || p == QLatin1String("/v1/charges") ||
           p.startsWith(QLatin1String("/v1/payment_intents/")) ||
           p == QLatin1String("/v1/events") || p.startsWith(QLatin1String("/v1/events/"));
}

StripeHandler::Route StripeHandler::routeOf(const SimRequest &request)
{
    const QStringList parts = request.path.split(u'/', Qt::SkipEmptyParts);
    const bool get = request.method == "GET";
    const bool post = request.method == "POST";
    if (parts.size() == 2 && parts[1] == QLatin1String("refunds"))
        return post ? Route::CreateRefund : get ? Route::ListRefunds : Route::Unknown;
    if (parts.size() == 3 && parts[1] == QLatin1String("refunds"))
        return get ? Route::GetRefund : post ? Route::UpdateRefund : Route::Unknown;
    if (parts.size() == 3 && parts[1] == QLatin1String("charges") && get)
        return Route::GetCharge;
    if (parts.size() == 3 && parts[1] == QLatin1String("payment_intents") && get)
        return Route::GetPaymentIntent;
    if (parts.size() == 2 && parts[1] == QLatin1String("events") && get)
        return Route::ListEvents;
    if (parts.size() == 3 && parts[1] == QLatin1String("events") && get)
        return Route::GetEvent;
    return Route::Unknown;
}

std::optional<SimResponse> StripeHandler::admit(const SimRequest &request, Admission &admission)
{
    const QString apiKey = SimWorld::apiKeyOf(request);
    if (apiKey.isEmpty())
        return stripeError(401, "invalid_request_error",
                           QStringLiteral("No API key provided. Send your secret key as "
                                          "'Authorization: Bearer sk_…' (or as the Basic "
                                          "auth user name)."));
    const auto project = m_world.projectFor(request);
    if (!project)
        return stripeError(401, "invalid_request_error",
                           QStringLiteral("Invalid API Key provided: ") + masked(apiKey));
    admission.project = *project;
    const Route route = routeOf(request);
    if (route == Route::Unknown)
        return stripeError(404, "invalid_request_error",
                           QStringLiteral("Unrecognized request URL (%1: %2).")
                               .arg(QString::fromLatin1(request.method), request.path));
    if (route != Route::CreateRefund && route != Route::UpdateRefund)
        return std::nullopt; // reads run in execute() so latency faults apply to them too

    const auto form = parseForm(request.body);
    if (!form)
        return stripeError(400, "invalid_request_error",
                           QStringLiteral("The request body could not be decoded as "
                                          "application/x-www-form-urlencoded."));
    auto invalid = route == Route::CreateRefund ? validateCreateRefund(*form)
                                                : validateUpdateRefund(request, *form);
    if (invalid)
        return invalid;
    return claimKey(request, *form, admission);
}

std::optional<SimResponse> StripeHandler::validateCreateRefund(const FormPairs &form)
{
    int metadataCount = 0;
    for (const auto &[name, value] : form) {
        if (const auto mk = metadataKey(name)) {
            ++metadataCount;
            if (mk->isEmpty() || mk->size() > 40 || value.size() > 500)
                return stripeError(400, "invalid_request_error",
                                   QStringLiteral("Metadata keys are 1-40 characters and values "
                                                  "at most 500 characters."),
                                   "parameter_invalid_string", "metadata");
            continue;
        }
        if (!refundParams.contains(name))
            return stripeError(400, "invalid_request_error",
                               QStringLiteral("Received unknown parameter: ") + name,
                               "parameter_unknown", nullptr);
    }
    if (metadataCount > 50)
        return stripeError(400, "invalid_request_error",
                           QStringLiteral("Metadata is limited to 50 keys."), "parameter_invalid",
                           "metadata");
    const QString charge = formValue(form, QStringLiteral("charge"));
    const QString pi = formValue(form, QStringLiteral("payment_intent"));
    if (charge.isEmpty() == pi.isEmpty())
        return stripeError(400, "invalid_request_error",
                           QStringLiteral("Provide exactly one of charge or payment_intent."),
                           "parameter_missing", "charge");
    if (formHas(form, QStringLiteral("amount"))) {
        bool ok = false;
        const qint64 amount = formValue(form, QStringLiteral("amount")).toLongLong(&ok);
        if (!ok || amount < 1)
            return stripeError(400, "invalid_request_error",
                               QStringLiteral("Invalid positive integer"),
                               "parameter_invalid_integer", "amount");
    }
    const QString reason = formValue(form, QStringLiteral("reason"));
    if (!reason.isEmpty() && !refundReasons.contains(reason))
        return stripeError(400, "invalid_request_error",
                           QStringLiteral("Invalid reason: must be one of duplicate, fraudulent, "
                                          "or requested_by_customer"),
                           "parameter_invalid_string", "reason");
    const bool known = charge.isEmpty() ? m_state.chargeForPaymentIntent(pi) != nullptr
                                        : m_state.charge(charge) != nullptr;
    if (!known)
        return charge.isEmpty()
                   ? stripeError(404, "invalid_request_error",
                                 QStringLiteral("No such payment_intent: '%1'").arg(pi),
                                 "resource_missing", "payment_intent")
                   : stripeError(404, "invalid_request_error",
                                 QStringLiteral("No such charge: '%1'").arg(charge),
                                 "resource_missing", "charge");
    return std::nullopt;
}

std::optional<SimResponse> StripeHandler::claimKey(const SimRequest &request, const FormPairs &form,
                                                   Admission &admission)
{
    const auto key = idempotencyKey(request);
    if (!key)
        return std::nullopt; // no key: runs every time, nothing stored
    if (key->size() > maxKeyLength)
        return stripeError(400, "invalid_request_error",
                           QStringLiteral("Idempotency-Key is too long (at most 255 characters)."),
                           "idempotency_key_too_long", nullptr);
    admission.key = *key;
    // The endpoint is method and path as sent: POST /v1/refunds, POST /v1/refunds/re_….
    const auto claim = m_keys.claim(admission.project, *key, request.routeLabel(),
                                    fingerprint(form), m_world.clock.nowSecs());
    switch (claim.outcome) {
    case IdempotencyStore::Outcome::Claimed:
        admission.claimed = true;
        admission.token = claim.token;
        return std::nullopt;
    case IdempotencyStore::Outcome::InUse:
        return stripeError(409, "idempotency_error",
                           QStringLiteral("There is currently another in-progress request using "
                                          "this Idempotency-Key. Try again later."),
                           "idempotency_key_in_use", nullptr);
    case IdempotencyStore::Outcome::OtherEndpoint:
        return stripeError(400, "idempotency_error",
                           QStringLiteral("Keys for idempotent requests can only be used for the "
                                          "endpoint they were first used with (%1).")
                               .arg(claim.firstEndpoint),
                           "idempotency_error", nullptr);
    case IdempotencyStore::Outcome::OtherParameters:
        return stripeError(400, "idempotency_error",
                           QStringLiteral("Keys for idempotent requests can only be used with the "
                                          "same parameters they were first used with. Use "
                                          "another key than '%1' for a different request.")
                               .arg(*key),
                           "idempotency_error", nullptr);
    case IdempotencyStore::Outcome::Replay:
        break;
    }
    SimResponse replay = claim.stored;
    replay.setHeader("Idempotent-Replayed", "true");
    replay.setHeader("Original-Request", claim.originalRequestId.toUtf8());
    return replay;
}

SimResponse StripeHandler::execute(const SimRequest &request, const Admission &admission,
                                   const Fault &fault)
{
    switch (routeOf(request)) {
    case Route::CreateRefund:
        return createRefund(request, admission, fault);
    case Route::UpdateRefund:
        return storeUnderKey(request, admission,
                             fault.mode == FaultMode::Stored500
                                 ? stripeError(500, "api_error",
                                               QStringLiteral("An unknown error occurred "
                                                              "(simulated)."))
                                 : updateRefund(request, admission));
    case Route::ListRefunds:
        return listRefunds(request);
    case Route::GetRefund:
        return getRefund(request);
    case Route::GetCharge:
        return getCharge(request);
    case Route::GetPaymentIntent:
        return getPaymentIntent(request);
    case Route::ListEvents:
        return listEvents(request);
    case Route::GetEvent:
        return getEvent(request);
    case Route::Unknown:
        break;
    }
    return stripeError(404, "invalid_request_error", QStringLiteral("Unrecognized request URL."));
}

SimResponse StripeHandler::createRefund(const SimRequest &request, const Admission &admission,
                                        const Fault &fault)
{
    const FormPairs form = parseForm(request.body).value_or(FormPairs{});
    SimResponse response;
    if (fault.mode == FaultMode::Stored500) {
        response =
            stripeError(500, "api_error", QStringLiteral("An unknown error occurred (simulated)."));
    } else {
        response = applyRefund(request, admission, form);
        if (fault.mode == FaultMode::Stored500Applied)
            response = stripeError(500, "api_error",
                                   QStringLiteral("An unknown error occurred (simulated)."));
    }
    return storeUnderKey(request, admission, response);
}

SimResponse StripeHandler::storeUnderKey(const SimRequest &request, const Admission &admission,
                                         SimResponse response)
{
    // The endpoint ran: whatever it answered (500 included) is what the key now means.
    if (admission.claimed)
        m_keys.store(admission.project, admission.key, admission.token, response,
                     request.requestId);
    return response;
}

std::optional<SimResponse> StripeHandler::validateUpdateRefund(const SimRequest &request,
                                                               const FormPairs &form)
{
    for (const auto &[name, value] : form) {
        const auto mk = metadataKey(name);
        if (!mk && name != QLatin1String("metadata"))
            return stripeError(400, "invalid_request_error",
                               QStringLiteral("Received unknown parameter: ") + name,
                               "parameter_unknown", nullptr);
        if (mk && (mk->isEmpty() || mk->size() > 40 || value.size() > 500))
            return stripeError(400, "invalid_request_error",
                               QStringLiteral("Metadata keys are 1-40 characters and values "
                                              "at most 500 characters."),
                               "parameter_invalid_string", "metadata");
    }
    const QString id = request.path.section(u'/', 3, 3);
    if (!m_state.refund(id))
        return stripeError(404, "invalid_request_error",
                           QStringLiteral("No such refund: '%1'").arg(id), "resource_missing",
                           "id");
    return std::nullopt;
}

SimResponse StripeHandler::updateRefund(const SimRequest &request, const Admission &admission)
{
    Q_UNUSED(admission);
    StripeRefund *refund = m_state.refund(request.path.section(u'/', 3, 3));
    if (!refund)
        return stripeError(404, "invalid_request_error", QStringLiteral("No such refund"),
                           "resource_missing", "id");
    const FormPairs form = parseForm(request.body).value_or(FormPairs{});
    const nlohmann::json before = refund->toJson();
    for (const auto &[name, value] : form) {
        const auto mk = metadataKey(name);
        if (name == QLatin1String("metadata") && value.isEmpty())
            refund->metadata = nlohmann::json::object(); // metadata= unsets every key
        else if (mk && value.isEmpty())
            refund->metadata.erase(mk->toStdString());
        else if (mk)
            refund->metadata[mk->toStdString()] = value.toStdString();
    }
    const nlohmann::json after = refund->toJson();
    if (after == before) // an update that changes nothing emits nothing
        return SimResponse::json(200, after);
    const qint64 now = m_world.clock.nowSecs();
    m_state.pruneEvents(now);
    const nlohmann::json previous = previousAttributes(before, after);
    for (const auto &type :
         {QStringLiteral("refund.updated"), QStringLiteral("charge.refund.updated")})
        m_state.addEvent(type, after, now, causeOf(request), previous);
    return SimResponse::json(200, after);
}

SimResponse StripeHandler::applyRefund(const SimRequest &request, const Admission &admission,
                                       const FormPairs &form)
{
    const QString chargeId = formValue(form, QStringLiteral("charge"));
    StripeCharge *charge =
        chargeId.isEmpty()
            ? m_state.chargeForPaymentIntent(formValue(form, QStringLiteral("payment_intent")))
            : m_state.charge(chargeId);
    if (!charge) // removed by a reseed between admit and execute
        return stripeError(404, "invalid_request_error", QStringLiteral("No such charge"),
                           "resource_missing", "charge");
    const qint64 remaining = charge->amount - charge->amountRefunded;
    if (remaining <= 0)
        return stripeError(400, "invalid_request_error",
                           QStringLiteral("Charge %1 has already been refunded.").arg(charge->id),
                           "charge_already_refunded", "charge");
    const bool hasAmount = formHas(form, QStringLiteral("amount"));
    const qint64 amount =
        hasAmount ? formValue(form, QStringLiteral("amount")).toLongLong() : remaining;
    if (amount > remaining)
        return stripeError(400, "invalid_request_error",
                           QStringLiteral("Refund amount (%1) is greater than the unrefunded "
                                          "amount on charge %2 (%3).")
                               .arg(amount)
                               .arg(charge->id)
                               .arg(remaining),
                           "amount_too_large", "amount");

    StripeRefund refund;
    refund.id = m_state.nextId("re_");
    refund.amount = amount;
    refund.charge = charge->id;
    refund.currency = charge->currency;
    refund.paymentIntent = charge->paymentIntent;
    refund.status = charge->refundStatus;
    refund.reason = formValue(form, QStringLiteral("reason"));
    refund.created = m_world.clock.nowSecs();
    for (const auto &[name, value] : form) {
        if (const auto mk = metadataKey(name))
            refund.metadata[mk->toStdString()] = value.toStdString();
    }
    const bool failed = refund.status == QLatin1String("failed");
    const nlohmann::json chargeBefore = charge->toJson();
    if (failed)
        refund.failureReason = charge->refundFailureReason.isEmpty() ? QStringLiteral("unknown")
                                                                     : charge->refundFailureReason;
    else
        charge->amountRefunded += amount;
    const StripeRefund &stored = m_state.addRefund(refund);

    if (!failed) {
        Movement m;
        m.provider = QStringLiteral("stripe");
        m.kind = QStringLiteral("refund");
        m.id = stored.id;
        m.charge = stored.charge;
        m.amount = stored.amount;
        m.currency = stored.currency;
        m.idempotencyKey = admission.key;
        m.operationId = formValue(form, QStringLiteral("metadata[operation_id]"));
        m.at = m_world.clock.now();
        m_world.ledger.record(m);
    }
    recordRefundEvents(stored, *charge, chargeBefore, request);
    qCInfo(lcSim) << "refund" << stored.id << stored.amount << stored.currency << "on"
                  << stored.charge << stored.status;
    return SimResponse::json(200, stored.toJson());
}

EventCause StripeHandler::causeOf(const SimRequest &request)
{
    return {request.requestId, idempotencyKey(request)};
}

void StripeHandler::recordRefundEvents(const StripeRefund &refund, const StripeCharge &charge,
                                       const nlohmann::json &chargeBefore,
                                       const SimRequest &request)
{
    // A refund that fails at once moved no money: the charge did not change, so there is no
    // charge.refunded, only the refund's failure.
    const EventCause cause = causeOf(request);
    const qint64 now = m_world.clock.nowSecs();
    m_state.pruneEvents(now);
    m_state.addEvent(QStringLiteral("refund.created"), refund.toJson(), now, cause);
    if (refund.status == QLatin1String("failed")) {
        m_state.addEvent(QStringLiteral("refund.failed"), refund.toJson(), now, cause);
        return;
    }
    const nlohmann::json after = charge.toJson();
    m_state.addEvent(QStringLiteral("charge.refunded"), after, now, cause,
                     previousAttributes(chargeBefore, after));
}

void StripeHandler::setEventSink(std::function<void(const StripeEvent &)> sink)
{
    m_state.setEventSink(std::move(sink));
}

void StripeHandler::abandon(const SimRequest &request, const Admission &admission)
{
    Q_UNUSED(request);
    if (admission.claimed)
        m_keys.release(admission.project, admission.key, admission.token);
}

void StripeHandler::seed(const nlohmann::json &seed)
{
    m_state.seed(seed, m_world.clock.nowSecs());
}

void StripeHandler::forgetKey(const QString &project, const QString &key)
{
    m_keys.forget(project, key);
}

} // namespace ops::sim
