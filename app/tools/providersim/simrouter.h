#pragma once

// The request pipeline of provider-sim. For a provider route:
//
//   log it → decide its fault → (drop | 503 | 429 answered before any claim) →
//   (prune_key: forget the key) → handler.admit() (auth, validation, key claim, replays) →
//   by fault: latency (hold the claim, then execute and answer) · commit_then_hang (execute,
//   answer late or never) · hang_before_commit (hold the claim, then abandon and drop) ·
//   otherwise execute and answer at once.
//
// Routes under /_sim/ go to AdminRoutes and never meet faults. Every provider response gets
// Request-Id and, when the request had one, the echoed Idempotency-Key.

#include "providersim/adminroutes.h"
#include "providersim/faulttable.h"
#include "providersim/messagesink.h"
#include "providersim/providerhandler.h"
#include "providersim/requestlog.h"
#include "providersim/simserver.h"
#include "providersim/simtypes.h"
#include "providersim/webhookdispatcher.h"

#include <QObject>
#include <memory>
#include <vector>

namespace ops::sim {

class StripeHandler;
class SlenHandler;
class AdyenHandler;
class HelpdeskHandler;
class AlertSinks;

class SimRouter final : public QObject
{
    Q_OBJECT

public:
    // Bodies above this size are answered 413 on every route, before anything else.
    static constexpr qsizetype maxBodyBytes = 1024 * 1024;

    explicit SimRouter(QObject *parent = nullptr);
    ~SimRouter() override;

    void dispatch(SimRequest request, ReplyChannelPtr channel);

    // Validates and applies a seed ({"api_keys","charges","customers","flows",
    // "adyen_payments","helpdesk"}); returns an error message when the seed is malformed (nothing
    // applied then).
    std::optional<QString> applySeed(const nlohmann::json &seed);
    // Back to the state right after start-up and all seeds applied since: no refunds, events,
    // keys, movements, messages, helpdesk posts and counts, alert deliveries, logged requests,
    // fault rules, webhook endpoints or delivery attempts; full helpdesk rate buckets; clock offset
    // zero; the fault random source reseeded with the start-up seed.
    void reset();
    void setStartupFaultSeed(quint64 seed);

    SimWorld &world() { return m_world; }
    FaultTable &faults() { return m_faults; }
    RequestLog &requestLog() { return m_log; }
    MessageSink &messages() { return *m_sink; }
    StripeHandler &stripe() { return *m_stripe; }
    AdyenHandler &adyen() { return *m_adyen; }
    HelpdeskHandler &helpdesk() { return *m_helpdesk; }
    WebhookDispatcher &webhooks() { return *m_webhooks; }
    AlertSinks &alerts() { return *m_alerts; }

private:
    void createHandlers();
    ProviderHandler *handlerFor(const SimRequest &request) const;
    void proceed(ProviderHandler *handler, const SimRequest &request, const Admission &admission,
                 const Fault &fault, const ReplyChannelPtr &channel, qint64 seq);
    void reply(qint64 seq, const SimRequest &request, const ReplyChannelPtr &channel,
               SimResponse response);
    SimResponse beforeClaimError(const ProviderHandler &handler, const SimRequest &request,
                                 FaultMode mode) const;

    SimWorld m_world;
    FaultTable m_faults;
    RequestLog m_log;
    std::unique_ptr<WebhookDispatcher> m_webhooks; // outlives handler generations
    std::unique_ptr<StripeHandler> m_stripe;
    std::unique_ptr<SlenHandler> m_slen;
    std::unique_ptr<AdyenHandler> m_adyen;
    std::unique_ptr<MessageSink> m_sink;
    std::unique_ptr<HelpdeskHandler> m_helpdesk;
    std::unique_ptr<AlertSinks> m_alerts; // the webhook and SMTP sinks; outlive resets
    std::vector<nlohmann::json> m_seeds;  // every seed applied, replayed by reset()
    quint64 m_startupFaultSeed = FaultTable::defaultSeed;
    quint64 m_generation = 0; // bumped by reset(): delayed work of older handlers is dropped
    AdminRoutes m_admin;
};

// "req_" + 14 random letters and digits.
QString newRequestId();

} // namespace ops::sim
