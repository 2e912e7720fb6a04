#include "providersim/adyen/adyenhandler.h"

#include "providersim/simlog.h"

#include <QRandomGenerator>

namespace ops::sim {

namespace {

struct RefundRoute
{
    bool valid = false;
    QString payment;
};

RefundRoute routeOf(const SimRequest &request)
{
    const QStringList parts = request.path.split(u'/', Qt::SkipEmptyParts);
    RefundRoute route;
    route.valid = parts.size() == 4 && parts[1] == QLatin1String("payments") &&
                  parts[3] == QLatin1String("refunds") && !parts[2].isEmpty();
    if (route.valid)
        route.payment = parts[2];
    return route;
}

// Adyen's pspReferences are 16 characters of digits and upper-case letters.
QString newPspReference()
{
    static const char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    QString id;
    for (int i = 0; i < 16; ++i)
        id += QLatin1Char(alphabet[QRandomGenerator::global()->bounded(36)]);
    return id;
}

// {"status","errorCode","message","errorType","pspReference"}: Adyen's error shape. `status`
// repeats the HTTP status because @adyen/api-library reads the status from the body.
SimResponse adyenError(int status, const char *code, const QString &message,
                       const char *type = "validation")
{
    return SimResponse::json(status, {{"status", status},
                                      {"errorCode", code},
                                      {"message", message.toStdString()},
                                      {"errorType", type},
                                      {"pspReference", newPspReference().toStdString()}});
}

// The ledger's record of a settled refund (kind "refund") or of its money coming back (kind
// "reversal", a negative amount).
Movement movementOf(const AdyenRefund &refund, const QString &kind, qint64 amount,
                    const QDateTime &at)
{
    Movement m;
    m.provider = QStringLiteral("adyen");
    m.kind = kind;
    m.id = refund.pspReference;
    m.charge = refund.paymentPspReference;
    m.project = refund.project;
    m.amount = amount;
    m.currency = refund.currency;
    m.idempotencyKey = refund.idempotencyKey;
    m.operationId = refund.reference;
    m.at = at;
    return m;
}

std::string text(const nlohmann::json &j, const char *key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace

AdyenHandler::AdyenHandler(SimWorld &world, Later later)
    : m_world(world)
    , m_later(std::move(later))
{}

bool AdyenHandler::matches(const SimRequest &request) const
{
    return request.path.startsWith(QLatin1String("/v71/payments/")) ||
           request.path.startsWith(QLatin1String("/v72/payments/")) || isPaymentMethods(request);
}

bool AdyenHandler::isPaymentMethods(const SimRequest &request)
{
    return request.path == QLatin1String("/v71/paymentMethods") ||
           request.path == QLatin1String("/v72/paymentMethods");
}

SimResponse AdyenHandler::paymentMethods(const SimRequest &request) const
{
    if (request.method != "POST")
        return adyenError(405, "000", QStringLiteral("Method not allowed"));
    if (!m_world.projectFor(request))
        return adyenError(401, "000", QStringLiteral("HTTP Status Response - Unauthorized"),
                          "security");
    const auto body = nlohmann::json::parse(request.body.toStdString(), nullptr, false);
    if (body.is_discarded() || !body.is_object())
        return adyenError(400, "702", QStringLiteral("The request body is not a JSON object"));
    const QString merchant = QString::fromStdString(text(body, "merchantAccount"));
    if (merchant.isEmpty())
        return adyenError(422, "901", QStringLiteral("Invalid Merchant Account"));
    if (!m_book.hasMerchant(merchant))
        return adyenError(403, "901", QStringLiteral("Invalid Merchant Account"), "security");
    return SimResponse::json(
        200,
        {{"paymentMethods",
          nlohmann::json::array(
              {{{"name", "Cards"}, {"type", "scheme"}, {"brands", {"visa", "mc", "amex"}}}})}});
}

std::optional<SimResponse> AdyenHandler::admit(const SimRequest &request, Admission &admission)
{
    if (isPaymentMethods(request))
        return paymentMethods(request);
    const RefundRoute route = routeOf(request);
    if (!route.valid)
        return adyenError(404, "000", QStringLiteral("No such route"));
    if (request.method != "POST")
        return adyenError(405, "000", QStringLiteral("Method not allowed"));
    const auto project = m_world.projectFor(request);
    if (!project)
        return adyenError(401, "000", QStringLiteral("HTTP Status Response - Unauthorized"),
                          "security");
    admission.project = *project;
    admission.key = QString::fromUtf8(request.header("idempotency-key")).trimmed();
    if (admission.key.size() > maxKeyChars)
        return adyenError(422, "702",
                          QStringLiteral("Idempotency-Key is longer than 64 characters"));
    // Refusals of the request come before the key: they are kept under no key.
    const auto body = nlohmann::json::parse(request.body.toStdString(), nullptr, false);
    if (auto refused = validate(route.payment, body))
        return refused;
    if (admission.key.isEmpty())
        return std::nullopt;
    const auto claim = m_keys.claim(admission.project, admission.key, QStringLiteral("refund"), {},
                                    m_world.clock.nowSecs());
    if (claim.outcome == IdempotencyStore::Outcome::InUse) {
        SimResponse busy =
            adyenError(422, "704", QStringLiteral("request already processed or in progress"));
        busy.setHeader("transient-error", "true");
        return busy;
    }
    if (claim.outcome != IdempotencyStore::Outcome::Claimed) {
        SimResponse replay = claim.stored;
        replay.setHeader("Idempotent-Replayed", "true"); // the simulator's own marker
        return replay;
    }
    admission.claimed = true;
    admission.token = claim.token;
    return std::nullopt;
}

std::optional<SimResponse> AdyenHandler::validate(const QString &payment,
                                                  const nlohmann::json &body) const
{
    if (body.is_discarded() || !body.is_object())
        return adyenError(400, "702", QStringLiteral("The request body is not a JSON object"));
    const std::string merchant = text(body, "merchantAccount");
    if (merchant.empty())
        return adyenError(422, "901", QStringLiteral("Invalid Merchant Account"));
    const auto amount = body.find("amount");
    if (amount == body.end() || !amount->is_object() ||
        !amount->value("value", nlohmann::json()).is_number_integer() ||
        (*amount)["value"].get<qint64>() <= 0)
        return adyenError(422, "137", QStringLiteral("Invalid amount specified"));
    const QString currency = QString::fromStdString(text(*amount, "currency"));
    if (text(body, "reference").size() > 80)
        return adyenError(422, "702", QStringLiteral("reference is longer than 80 characters"));
    const AdyenPayment *paid = m_book.payment(payment);
    if (!paid)
        return adyenError(422, "167",
                          QStringLiteral("Original pspReference required for this operation"));
    if (paid->merchantAccount != QString::fromStdString(merchant))
        return adyenError(403, "901", QStringLiteral("Invalid Merchant Account"), "security");
    if (paid->currency != currency)
        return adyenError(422, "137",
                          QStringLiteral("Invalid amount specified: the currency is "
                                         "not the payment's"));
    return std::nullopt;
}

SimResponse AdyenHandler::execute(const SimRequest &request, const Admission &admission,
                                  const Fault &fault)
{
    SimResponse response;
    if (fault.mode == FaultMode::Stored500) {
        response = adyenError(500, "905", QStringLiteral("Internal error"), "internal");
    } else {
        const auto body = nlohmann::json::parse(request.body.toStdString(), nullptr, false);
        AdyenRefund refund;
        refund.pspReference = newPspReference();
        refund.paymentPspReference = routeOf(request).payment;
        refund.merchantAccount = QString::fromStdString(text(body, "merchantAccount"));
        refund.reference = QString::fromStdString(text(body, "reference"));
        refund.value = body["amount"]["value"].get<qint64>();
        refund.currency = QString::fromStdString(text(body["amount"], "currency"));
        refund.idempotencyKey = admission.key;
        refund.project = admission.project;
        refund.createdAt = m_world.clock.now();
        const AdyenRefund &made = m_book.add(refund);
        settleLater(made.pspReference);
        qCInfo(lcSim) << "adyen refund received" << made.pspReference << "of"
                      << made.paymentPspReference << made.value << made.currency;
        response = SimResponse::json(
            201, {{"merchantAccount", made.merchantAccount.toStdString()},
                  {"paymentPspReference", made.paymentPspReference.toStdString()},
                  {"pspReference", made.pspReference.toStdString()},
                  {"reference", made.reference.toStdString()},
                  {"status", "received"},
                  {"amount", {{"value", made.value}, {"currency", made.currency.toStdString()}}}});
        if (fault.mode == FaultMode::Stored500Applied)
            response = adyenError(500, "905", QStringLiteral("Internal error"), "internal");
    }
    if (admission.claimed)
        m_keys.store(admission.project, admission.key, admission.token, response,
                     request.requestId);
    return response;
}

void AdyenHandler::abandon(const SimRequest &, const Admission &admission)
{
    if (admission.claimed)
        m_keys.release(admission.project, admission.key, admission.token);
}

void AdyenHandler::seed(const nlohmann::json &seed)
{
    if (const auto it = seed.find("adyen_payments"); it != seed.end())
        m_book.seed(*it);
}

void AdyenHandler::forgetKey(const QString &project, const QString &key)
{
    m_keys.forget(project, key);
}

std::optional<SimResponse> AdyenHandler::faultAnswer(const SimRequest &, int status) const
{
    return status == 429 ? adyenError(429, "000", QStringLiteral("Too many requests (simulated)"))
                         : adyenError(503, "000",
                                      QStringLiteral("Service unavailable "
                                                     "(simulated)"),
                                      "internal");
}

void AdyenHandler::settleLater(const QString &pspReference)
{
    if (m_autoSettleMs < 0)
        return;
    m_later(m_autoSettleMs, [this, pspReference] {
        AdyenRefund *refund = m_book.refund(pspReference);
        if (refund && m_book.settle(*refund, true, {}))
            settled(*refund);
    });
}

void AdyenHandler::settled(const AdyenRefund &refund)
{
    const bool success = refund.state == AdyenRefund::State::Succeeded;
    if (success)
        m_world.ledger.record(
            movementOf(refund, QStringLiteral("refund"), refund.value, m_world.clock.now()));
    notify(refund, QStringLiteral("REFUND"), success);
}

void AdyenHandler::notify(const AdyenRefund &refund, const QString &eventCode, bool success)
{
    if (!m_sink)
        return;
    nlohmann::json item = {
        {"eventCode", eventCode.toStdString()},
        {"pspReference", refund.pspReference.toStdString()},
        {"originalReference", refund.paymentPspReference.toStdString()},
        {"merchantAccountCode", refund.merchantAccount.toStdString()},
        {"success", success ? "true" : "false"},
        {"amount", {{"value", refund.value}, {"currency", refund.currency.toStdString()}}},
        {"eventDate", m_world.clock.now().toString(Qt::ISODate).toStdString()}};
    if (!refund.reference.isEmpty())
        item["merchantReference"] = refund.reference.toStdString();
    if (!refund.reason.isEmpty())
        item["reason"] = refund.reason.toStdString();
    m_sink(item);
}

SimResponse AdyenHandler::settle(const QString &pspReference, const nlohmann::json &body)
{
    AdyenRefund *refund = m_book.refund(pspReference);
    if (!refund)
        return adyenError(404, "000", QStringLiteral("no Adyen refund %1").arg(pspReference));
    if (!body.is_object() || !body.value("success", nlohmann::json()).is_boolean())
        return adyenError(400, "000", QStringLiteral("send {\"success\":true|false,\"reason\"?}"));
    const QString reason = QString::fromStdString(text(body, "reason"));
    if (!m_book.settle(*refund, body["success"].get<bool>(), reason))
        return adyenError(
            409, "000",
            QStringLiteral("refund %1 is already %2").arg(pspReference, toString(refund->state)));
    settled(*refund);
    return SimResponse::json(200, {{"pspReference", pspReference.toStdString()},
                                   {"state", toString(refund->state).toStdString()},
                                   {"reason", refund->reason.toStdString()}});
}

SimResponse AdyenHandler::failLater(const QString &pspReference, const nlohmann::json &body)
{
    AdyenRefund *refund = m_book.refund(pspReference);
    if (!refund)
        return adyenError(404, "000", QStringLiteral("no Adyen refund %1").arg(pspReference));
    const std::string event = body.is_object() ? text(body, "event") : std::string();
    if (event != "REFUND_FAILED" && event != "REFUNDED_REVERSED")
        return adyenError(400, "000",
                          QStringLiteral("send {\"event\":\"REFUND_FAILED\"|"
                                         "\"REFUNDED_REVERSED\",\"reason\"?}"));
    const bool failed = event == "REFUND_FAILED";
    const auto to = failed ? AdyenRefund::State::FailedLater : AdyenRefund::State::ReversedLater;
    if (!m_book.unsettle(*refund, to, QString::fromStdString(text(body, "reason"))))
        return adyenError(409, "000",
                          QStringLiteral("refund %1 is %2, not succeeded")
                              .arg(pspReference, toString(refund->state)));
    m_world.ledger.record(
        movementOf(*refund, QStringLiteral("reversal"), -refund->value, m_world.clock.now()));
    // Adyen marks these events success "true": the event itself happened.
    notify(*refund, QString::fromStdString(event), true);
    return SimResponse::json(200, {{"pspReference", pspReference.toStdString()},
                                   {"state", toString(refund->state).toStdString()}});
}

SimResponse AdyenHandler::configure(const nlohmann::json &body)
{
    const auto ms = body.is_object() ? body.find("auto_settle_ms") : body.end();
    // An unsigned JSON number is read as one: a huge one must not wrap to -1.
    const bool inRange =
        ms != body.end() && ms->is_number_integer() &&
        (ms->is_number_unsigned() ? ms->get<quint64>() <= 600000 : ms->get<qint64>() >= -1);
    if (!body.is_object() || !inRange)
        return adyenError(400, "000",
                          QStringLiteral("send {\"auto_settle_ms\":N} with N from -1 "
                                         "(settle by hand) to 600000"));
    m_autoSettleMs = ms->get<int>();
    return SimResponse::json(200, {{"auto_settle_ms", m_autoSettleMs}});
}

} // namespace ops::sim
