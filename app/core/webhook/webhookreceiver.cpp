#include "webhook/webhookreceiver.h"

#include "domain/storeerror.h"
#include "storage/operations/writescope.h"
#include "webhook/webhooklogging.h"
#include "webhook/webhooksignature.h"

#include <QTimer>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops {

namespace {

const HeaderList kJson = {{"Content-Type", "application/json"}};

QByteArray bytes(const json &j)
{
    return QByteArray::fromStdString(j.dump());
}

QByteArray errorBody(const QString &code, const QString &message)
{
    return bytes({{"error", {{"code", code.toStdString()}, {"message", message.toStdString()}}}});
}

QString describeRefusal(const QString &reason)
{
    static const QHash<QString, QString> text = {
        {u"missing_signature"_s, u"no Stripe-Signature header"_s},
        {u"malformed_signature"_s, u"Stripe-Signature is not t=…,v1=…"_s},
        {u"no_v1_signature"_s, u"Stripe-Signature has no v1 signature"_s},
        {u"bad_signature"_s, u"no v1 signature matches a configured secret"_s},
        {u"stale_timestamp"_s, u"the signature's timestamp is too old"_s},
        {u"future_timestamp"_s, u"the signature's timestamp is in the future"_s},
        {u"no_secret"_s, u"the receiver has no webhook secret"_s},
        {u"too_large"_s, u"the body is over the size limit"_s},
        {u"invalid_event"_s, u"the signed body is not a Stripe event"_s},
        {u"livemode_mismatch"_s, u"the event's livemode does not match the configured key"_s},
        {u"method_not_allowed"_s, u"only POST is accepted"_s},
    };
    return text.value(reason, reason);
}

} // namespace

qint64 WebhookStats::refusedTotal() const
{
    qint64 total = 0;
    for (const auto &[reason, n] : refused)
        total += n;
    return total;
}

bool isLiveKey(const QString &apiKey)
{
    return apiKey.startsWith(u"sk_live_"_s) || apiKey.startsWith(u"rk_live_"_s);
}

WebhookReceiver::WebhookReceiver(Session &session, WebhookOptions options, QObject *parent)
    : QObject(parent)
    , m_store(session.store())
    , m_options(std::move(options))
    , m_applier(session, u"system:webhook"_s)
{}

WebhookReceiver::~WebhookReceiver()
{
    flush();
}

void WebhookReceiver::refuse(const ResponderPtr &responder, int status, const QString &reason,
                             qsizetype bodyBytes, const QString &message)
{
    ++m_stats.refused[reason];
    qCWarning(lcWebhook).noquote()
        << "refused delivery:" << reason << "status" << status << "body bytes" << bodyBytes
        << "refused so far" << m_stats.refusedTotal();
    responder->send(status, kJson,
                    errorBody(reason, message.isEmpty() ? describeRefusal(reason) : message));
}

bool WebhookReceiver::handle(const HttpRequestData &request, const ResponderPtr &responder)
{
    if (request.path != kWebhookPath && request.path != kAdyenWebhookPath)
        return false;
    ++m_stats.received;
    const qsizetype size = request.body.size();
    // Adyen's refusals are counted apart from Stripe's: /healthz then names the provider.
    const QString prefix = request.path == kAdyenWebhookPath ? u"adyen_"_s : QString();
    if (request.method != "POST") {
        refuse(responder, 405, prefix + u"method_not_allowed"_s, size,
               describeRefusal(u"method_not_allowed"_s));
        return true;
    }
    if (size > m_options.maxBodyBytes) {
        refuse(responder, 413, prefix + u"too_large"_s, size, describeRefusal(u"too_large"_s));
        return true;
    }
    if (request.path == kAdyenWebhookPath)
        handleAdyen(request, responder);
    else
        handleStripe(request, responder);
    return true;
}

void WebhookReceiver::handleAdyen(const HttpRequestData &request, const ResponderPtr &responder)
{
    auto checked = checkAdyenBatch(request.body, m_options.adyen);
    if (const auto *bad = std::get_if<AdyenRefusal>(&checked)) {
        refuse(responder, bad->status, u"adyen_"_s + bad->code, request.body.size(), bad->message);
        return;
    }
    enqueue({std::get<AdyenBatch>(std::move(checked)), responder});
}

void WebhookReceiver::handleStripe(const HttpRequestData &request, const ResponderPtr &responder)
{
    const qsizetype size = request.body.size();
    const SignatureVerdict verdict =
        verifySignature(request.headers.value("stripe-signature"), request.body, m_options.secrets,
                        m_store.clock().nowMs() / 1000, m_options.toleranceSecs);
    if (verdict != SignatureVerdict::Valid) {
        refuse(responder, verdict == SignatureVerdict::NoSecret ? 503 : 400, toString(verdict),
               size);
        return;
    }
    // Only now, with the signature holding, is the body parsed.
    auto event = parseStripeEvent(request.body);
    if (!event) {
        refuse(responder, 400, u"invalid_event"_s, size);
        return;
    }
    if (event->livemode != m_options.livemode) {
        refuse(responder, 400, u"livemode_mismatch"_s, size);
        return;
    }
    enqueue({std::move(*event), responder});
}

void WebhookReceiver::enqueue(Queued queued)
{
    m_queue.push_back(std::move(queued));
    if (int(m_queue.size()) >= m_options.maxBatch) {
        flush();
    } else if (!m_flushScheduled) {
        m_flushScheduled = true;
        QTimer::singleShot(0, this, [this] { flush(); });
    }
}

std::vector<EventApplyResult> WebhookReceiver::applyLocked(const Queued &queued)
{
    if (const auto *event = std::get_if<StripeEvent>(&queued.delivery))
        return {m_applier.applyLocked(*event, EventSource::Webhook)};
    const auto &batch = std::get<AdyenBatch>(queued.delivery);
    std::vector<EventApplyResult> results;
    for (const AdyenItem &item : batch.items)
        results.push_back(m_applier.applyAdyenLocked(item, batch.live));
    return results;
}

void WebhookReceiver::flush()
{
    m_flushScheduled = false;
    if (m_queue.empty())
        return;
    std::vector<Queued> batch;
    batch.swap(m_queue);
    std::vector<std::vector<EventApplyResult>> results(batch.size());
    std::vector<bool> ok(batch.size(), false);
    try {
        WriteScope tx(m_store);
        // A step per delivery: one whose statements fail is rolled back alone (an Adyen batch
        // with all its items), and the other deliveries still commit.
        for (std::size_t i = 0; i < batch.size(); ++i) {
            const auto stored = tx.step([&] { results[i] = applyLocked(batch[i]); });
            ok[i] = stored.ok();
            if (!stored)
                qCWarning(lcWebhook).noquote() << "delivery not stored:" << stored.error();
        }
        if (m_options.hook)
            m_options.hook("before_commit");
        tx.commit();
        if (m_options.hook)
            m_options.hook("after_commit");
    } catch (const StoreError &e) {
        qCWarning(lcWebhook).noquote()
            << "group commit of" << batch.size() << "events failed:" << e.what();
        ok.assign(batch.size(), false);
        // Each is answered 5xx and redelivered by the provider, then on a working connection.
        (void)m_store.reconnect(); // or for a later batch
    }
    ++m_stats.commits;
    m_stats.largestBatch = qMax(m_stats.largestBatch, qint64(batch.size()));
    answerAll(batch, results, ok);
}

void WebhookReceiver::answerAll(const std::vector<Queued> &batch,
                                const std::vector<std::vector<EventApplyResult>> &results,
                                const std::vector<bool> &committed)
{
    for (std::size_t i = 0; i < batch.size(); ++i) {
        const ResponderPtr &r = batch[i].responder;
        if (!committed[i]) {
            ++m_stats.failed;
            r->send(500, kJson, errorBody(u"store_failed"_s, u"not stored; retry later"_s));
            continue;
        }
        for (const EventApplyResult &result : results[i])
            ++(result.duplicate ? m_stats.duplicates : m_stats.stored);
        m_lastEventAtMs = m_store.clock().nowMs();
        // Adyen retries until the answer is exactly this text.
        if (std::holds_alternative<AdyenBatch>(batch[i].delivery)) {
            r->send(200, {{"Content-Type", "text/plain"}}, "[accepted]");
            continue;
        }
        const EventApplyResult &result = results[i].front();
        const QString &op = result.operationId;
        r->send(200, kJson,
                bytes({{"received", true},
                       {"duplicate", result.duplicate},
                       {"outcome", toString(result.outcome).toStdString()},
                       {"operation_id", op.isEmpty() ? json(nullptr) : json(op.toStdString())}}));
    }
}

QByteArray WebhookReceiver::statsJson() const
{
    json refused = json::object();
    for (const auto &[reason, n] : m_stats.refused)
        refused[reason.toStdString()] = n;
    return bytes({{"received", m_stats.received},
                  {"stored", m_stats.stored},
                  {"duplicates", m_stats.duplicates},
                  {"failed", m_stats.failed},
                  {"commits", m_stats.commits},
                  {"largest_batch", m_stats.largestBatch},
                  {"refused", refused},
                  {"refused_total", m_stats.refusedTotal()}});
}

} // namespace ops
