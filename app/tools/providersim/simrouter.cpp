#include "providersim/simrouter.h"

#include "providersim/adyen/adyenhandler.h"
#include "providersim/alertsinks/alertsinks.h"
#include "providersim/helpdesk/helpdeskhandler.h"
#include "providersim/simlog.h"
#include "providersim/slen/slenhandler.h"
#include "providersim/stripehandler.h"

#include <QRandomGenerator>
#include <QTimer>

namespace ops::sim {

QString newRequestId()
{
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    QString id = QStringLiteral("req_");
    for (int i = 0; i < 14; ++i)
        id += QLatin1Char(alphabet[QRandomGenerator::global()->bounded(62)]);
    return id;
}

SimRouter::SimRouter(QObject *parent)
    : QObject(parent)
    , m_webhooks(std::make_unique<WebhookDispatcher>(m_world, m_faults))
    , m_alerts(std::make_unique<AlertSinks>(m_world, m_faults))
    , m_admin(*this)
{
    createHandlers();
}

SimRouter::~SimRouter() = default;

void SimRouter::createHandlers()
{
    m_stripe = std::make_unique<StripeHandler>(m_world);
    m_stripe->setEventSink([this](const StripeEvent &event) { m_webhooks->publish(event); });
    m_slen = std::make_unique<SlenHandler>(m_world);
    // Adyen settles its refunds later; work of an older generation (before a reset) is dropped.
    m_adyen = std::make_unique<AdyenHandler>(m_world, [this](int ms, std::function<void()> fn) {
        QTimer::singleShot(ms, this, [this, generation = m_generation, fn = std::move(fn)] {
            if (generation == m_generation)
                fn();
        });
    });
    m_adyen->setNotificationSink(
        [this](const nlohmann::json &item) { m_webhooks->publishAdyen(item); });
    m_sink = std::make_unique<MessageSink>(m_world);
    m_helpdesk = std::make_unique<HelpdeskHandler>(m_world);
}

ProviderHandler *SimRouter::handlerFor(const SimRequest &request) const
{
    for (ProviderHandler *h : {static_cast<ProviderHandler *>(m_stripe.get()),
                               static_cast<ProviderHandler *>(m_slen.get()),
                               static_cast<ProviderHandler *>(m_adyen.get()),
                               static_cast<ProviderHandler *>(m_sink.get()),
                               static_cast<ProviderHandler *>(m_helpdesk.get()),
                               static_cast<ProviderHandler *>(&m_alerts->slack())}) {
        if (h->matches(request))
            return h;
    }
    return nullptr;
}

void SimRouter::dispatch(SimRequest request, ReplyChannelPtr channel)
{
    request.requestId = newRequestId();
    if (request.body.size() > maxBodyBytes) {
        qCInfo(lcSim) << "413 for" << request.routeLabel() << request.body.size() << "bytes";
        SimResponse tooLarge =
            SimResponse::json(413, {{"error",
                                     {{"type", "invalid_request_error"},
                                      {"code", "payload_too_large"},
                                      {"message", "Request bodies are limited to 1 MiB."},
                                      {"request_id", request.requestId.toStdString()}}}});
        tooLarge.setHeader("Request-Id", request.requestId.toUtf8());
        tooLarge.setHeader("Stripe-Should-Retry", "false");
        request.body.clear(); // the log keeps the request, not its megabytes
        const qint64 seq = m_log.append(request, m_world.clock.now());
        if (channel->send(tooLarge))
            m_log.setReply(seq, 413, false);
        return;
    }
    if (request.path == QLatin1String("/_sim") ||
        request.path.startsWith(QLatin1String("/_sim/"))) {
        channel->send(AlertSinks::isAdminRoute(request) ? m_alerts->admin(request)
                                                        : m_admin.handle(request));
        return;
    }
    const qint64 seq = m_log.append(request, m_world.clock.now());
    ProviderHandler *handler = handlerFor(request);
    if (!handler) {
        reply(seq, request, channel,
              stripeError(404, "invalid_request_error",
                          QStringLiteral("Unrecognized request URL (%1: %2).")
                              .arg(QString::fromLatin1(request.method), request.path)));
        return;
    }
    const FaultDecision decision = m_faults.decide(request.routeLabel());
    if (!decision.name.isEmpty()) {
        m_log.setFault(seq, decision.name);
        qCInfo(lcSim) << "fault" << decision.name << "on" << request.routeLabel();
    }
    switch (decision.fault.mode) {
    case FaultMode::DropConnection:
        channel->drop();
        return;
    case FaultMode::Unavailable503:
    case FaultMode::TooMany429:
        reply(seq, request, channel, beforeClaimError(*handler, request, decision.fault.mode));
        return;
    case FaultMode::PruneKey:
        handler->forgetKey(m_world.projectFor(request).value_or(QString()),
                           QString::fromUtf8(request.header("idempotency-key")).trimmed());
        break;
    default:
        break;
    }
    Admission admission;
    if (auto early = handler->admit(request, admission)) {
        reply(seq, request, channel, std::move(*early));
        return;
    }
    proceed(handler, request, admission, decision.fault, channel, seq);
}

void SimRouter::proceed(ProviderHandler *handler, const SimRequest &request,
                        const Admission &admission, const Fault &fault,
                        const ReplyChannelPtr &channel, qint64 seq)
{
    const quint64 generation = m_generation;
    switch (fault.mode) {
    case FaultMode::HangBeforeCommit: {
        // The key stays claimed (concurrent requests get 409) until the delay ends, or until
        // the client leaves when there is no delay; then nothing is applied and the
        // connection is dropped without an answer.
        auto release = [this, generation, handler, request, admission, channel] {
            if (generation == m_generation)
                handler->abandon(request, admission);
            channel->drop();
        };
        if (fault.delayMs >= 0)
            QTimer::singleShot(fault.delayMs, this, release);
        else
            channel->whenGone(this, release);
        return;
    }
    case FaultMode::Latency:
        // The claim is held during the delay, like a slow endpoint. The endpoint runs even
        // if the client has gone meanwhile: the server cannot know.
        QTimer::singleShot(qMax(0, fault.delayMs), this,
                           [this, generation, handler, request, admission, fault, channel, seq] {
                               if (generation != m_generation)
                                   return channel->drop();
                               reply(seq, request, channel,
                                     handler->execute(request, admission, fault));
                           });
        return;
    case FaultMode::CommitThenHang: {
        SimResponse response = handler->execute(request, admission, fault);
        if (fault.delayMs < 0)
            return; // never answer; the socket closes when the client gives up
        QTimer::singleShot(fault.delayMs, this, [this, request, channel, seq, response] {
            reply(seq, request, channel, response);
        });
        return;
    }
    default:
        reply(seq, request, channel, handler->execute(request, admission, fault));
        return;
    }
}

void SimRouter::reply(qint64 seq, const SimRequest &request, const ReplyChannelPtr &channel,
                      SimResponse response)
{
    response.setHeader("Request-Id", request.requestId.toUtf8());
    const QByteArray key = request.header("idempotency-key");
    if (!key.isEmpty())
        response.setHeader("Idempotency-Key", key);
    bool replayed = false;
    for (const auto &[name, value] : response.headers)
        replayed = replayed || (name.compare("Idempotent-Replayed", Qt::CaseInsensitive) == 0 &&
                                value == "true");
    // A delayed reply to a client that has gone is dropped here (ReplyChannel checks the
    // socket), and the log keeps status null for it.
    if (channel->send(response))
        m_log.setReply(seq, response.status, replayed);
}

SimResponse SimRouter::beforeClaimError(const ProviderHandler &handler, const SimRequest &request,
                                        FaultMode mode) const
{
    const bool busy = mode == FaultMode::TooMany429;
    if (auto own = handler.faultAnswer(request, busy ? 429 : 503)) {
        own->setHeader("Retry-After", "1");
        return *own;
    }
    // One body that fits Stripe's and Slen's error shapes: Stripe reads type/code/message, Slen
    // reads code/message/request_id.
    SimResponse r = SimResponse::json(
        busy ? 429 : 503,
        {{"error",
          {{"type", busy ? "invalid_request_error" : "api_error"},
           {"code", busy ? "rate_limit" : "service_unavailable"},
           {"message", busy ? "Too many requests (simulated). Retry later."
                            : "The service is unavailable (simulated). Retry later."},
           {"request_id", request.requestId.toStdString()}}}});
    r.setHeader("Stripe-Should-Retry", "true");
    r.setHeader("Retry-After", "1");
    return r;
}

std::optional<QString> SimRouter::applySeed(const nlohmann::json &seed)
{
    if (!seed.is_object())
        return QStringLiteral("a seed is a JSON object");
    const auto keys = seed.find("api_keys");
    if (keys != seed.end()) {
        if (!keys->is_array())
            return QStringLiteral("api_keys must be an array");
        for (const auto &k : *keys) {
            if (!k.is_object() || !k.value("key", nlohmann::json()).is_string() ||
                !k.value("project", nlohmann::json()).is_string())
                return QStringLiteral("each api_keys entry needs string key and project");
        }
    }
    const auto charges = seed.find("charges");
    if (charges != seed.end()) {
        if (!charges->is_array())
            return QStringLiteral("charges must be an array");
        for (const auto &c : *charges) {
            if (!c.is_object() || !c.value("id", nlohmann::json()).is_string() ||
                !c.value("amount", nlohmann::json()).is_number_integer() ||
                c["amount"].get<qint64>() < 0)
                return QStringLiteral("each charge needs a string id and an integer amount >= 0");
        }
    }
    for (const char *list : {"customers", "flows"}) {
        if (seed.contains(list) && !seed[list].is_array())
            return QStringLiteral("%1 must be an array").arg(QLatin1String(list));
    }
    if (seed.contains("adyen_payments")) {
        if (const auto error = AdyenBook::validateSeed(seed["adyen_payments"]))
            return error;
    }
    if (seed.contains("helpdesk")) {
        if (const auto error = HelpdeskDesk::validateSeed(seed["helpdesk"]))
            return error;
    }
    if (keys != seed.end()) {
        for (const auto &k : *keys)
            m_world.apiKeyProject.insert(QString::fromStdString(k["key"].get<std::string>()),
                                         QString::fromStdString(k["project"].get<std::string>()));
    }
    m_stripe->seed(seed);
    m_slen->seed(seed);
    m_adyen->seed(seed);
    m_helpdesk->seed(seed);
    m_seeds.push_back(seed);
    return std::nullopt;
}

void SimRouter::setStartupFaultSeed(quint64 seed)
{
    m_startupFaultSeed = seed;
    m_faults.reseed(seed);
}

void SimRouter::reset()
{
    ++m_generation;
    createHandlers();
    m_world.ledger.clear();
    m_world.clock.set(QDateTime::currentDateTimeUtc());
    m_world.apiKeyProject.clear();
    m_faults.clear();
    m_faults.clearStats();
    m_faults.reseed(m_startupFaultSeed);
    m_log.clear();
    m_webhooks->clear();
    m_alerts->reset();
    const auto seeds = std::move(m_seeds);
    m_seeds.clear();
    for (const auto &seed : seeds)
        applySeed(seed);
}

} // namespace ops::sim
