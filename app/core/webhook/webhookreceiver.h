#pragma once

// The webhook receiver (docs/design.md §10, §15) as a component a long-running service mounts
// on its HttpWire: `opsctl webhook serve` (webhookserver.h) and the team's `opsctl serve`.
// POST /webhooks/stripe takes Stripe's events, POST /webhooks/adyen Adyen's notification batches.
//
// A delivery is refused — 4xx, nothing stored, counted, logged without its body — unless, in this
// order: the body is at most maxBodyBytes; Stripe-Signature holds for one of the secrets within
// the tolerance (webhooksignature.h); the body then parses as an event; its livemode is the mode
// of the configured key. An accepted event is queued; the queue is committed as one write
// transaction (group commit: the deliveries that arrived while the last commit ran share the
// next one), each event in its own savepoint with its row, evidence, state change and audit
// entries; every answer is written only after that commit. A duplicate event id answers 200 and
// changes nothing.
//
// An Adyen batch is refused whole — 4xx, nothing stored — unless every item passes
// checkAdyenBatch (adyen/adyennotification.h: size, shape, each item's HMAC under one of the
// keys, known event codes, our merchant account, the mode of our endpoint). An accepted batch is
// queued like a Stripe event and stored in one savepoint of the group commit, all its items or
// none; only then does Adyen hear `[accepted]`, and until it does it sends the batch again.

#include "httpserve/httpwire.h"
#include "webhook/eventapplier.h"

#include <QObject>
#include <functional>
#include <map>
#include <variant>
#include <vector>

namespace ops {

// Test hook: called at "before_commit" and "after_commit" of each group commit (a test stalls
// there and kills the process).
using CommitHook = std::function<void(const char *where)>;

struct WebhookOptions
{
    QList<QByteArray> secrets; // whsec_…; never printed, logged or stored
    bool livemode = false;     // the configured key's mode (sk_test_/rk_test_ → false)
    qint64 toleranceSecs = 300;
    qint64 maxBodyBytes = 1024 * 1024;
    int maxBatch = 256;
    // Adyen's notifications: no HMAC key answers 503 no_key (Adyen retries; nothing is lost).
    AdyenExpectation adyen;
    CommitHook hook;
};

struct WebhookStats
{
    qint64 received = 0;   // POSTs to the endpoint
    qint64 stored = 0;     // new events committed (an Adyen batch counts its items)
    qint64 duplicates = 0; // answered 200, nothing changed
    qint64 failed = 0;     // answered 500: the database failed, the provider will retry
    qint64 commits = 0;    // group commits
    qint64 largestBatch = 0;
    // By reason: bad_signature, stale_timestamp, … (Adyen's: adyen_bad_signature, …).
    std::map<QString, qint64> refused;
    qint64 refusedTotal() const;
};

inline const QString kWebhookPath = QStringLiteral("/webhooks/stripe");
inline const QString kAdyenWebhookPath = QStringLiteral("/webhooks/adyen");

class WebhookReceiver final : public QObject
{
public:
    // `store` (and its clock, which also checks the signature time) must outlive the receiver.
    WebhookReceiver(Session &session, WebhookOptions options, QObject *parent = nullptr);
    ~WebhookReceiver() override;

    // POST /webhooks/stripe and /webhooks/adyen. False when the request is for neither route (the
    // host answers).
    bool handle(const HttpRequestData &request, const ResponderPtr &responder);
    // Commits what is queued now and answers it (also run from the event loop).
    void flush();

    const WebhookStats &stats() const { return m_stats; }
    // {"received":…,"stored":…,"duplicates":…,"failed":…,"refused":{…},"refused_total":…}
    QByteArray statsJson() const;
    std::optional<qint64> lastEventAtMs() const { return m_lastEventAtMs; }

private:
    struct Queued
    {
        std::variant<StripeEvent, AdyenBatch> delivery;
        ResponderPtr responder;
    };
    void handleStripe(const HttpRequestData &request, const ResponderPtr &responder);
    void handleAdyen(const HttpRequestData &request, const ResponderPtr &responder);
    void enqueue(Queued queued);
    // Every event of one delivery (one for Stripe, the batch's items for Adyen).
    std::vector<EventApplyResult> applyLocked(const Queued &queued);
    void refuse(const ResponderPtr &responder, int status, const QString &reason,
                qsizetype bodyBytes, const QString &message = {});
    // Answers each delivery after the commit: 200 for committed ones, 500 (retry) otherwise.
    void answerAll(const std::vector<Queued> &batch,
                   const std::vector<std::vector<EventApplyResult>> &results,
                   const std::vector<bool> &committed);

    OperationStore &m_store;
    WebhookOptions m_options;
    EventApplier m_applier;
    std::vector<Queued> m_queue;
    bool m_flushScheduled = false;
    WebhookStats m_stats;
    std::optional<qint64> m_lastEventAtMs;
};

// The mode of a Stripe API key: true for sk_live_/rk_live_, false for sk_test_/rk_test_ and
// for no key at all (provider-sim keys are test keys).
bool isLiveKey(const QString &apiKey);

} // namespace ops
