#pragma once

// The customer-message sink of provider-sim: POST /v1/conversations/{id}/messages with a JSON
// body {"body":"…"} stands in for the chat/e-mail provider the console messages customers
// through. It honours Idempotency-Key like Stripe does (same key and body → the first stored
// answer replayed with Idempotent-Replayed: true and no second message; same key with another
// body or conversation → 400 idempotency_error; concurrent → 409), so tests can prove a
// customer never gets the same message twice. GET /_sim/messages lists what arrived.
// No API key is required.

#include "providersim/idempotencystore.h"
#include "providersim/providerhandler.h"

#include <deque>

namespace ops::sim {

class MessageSink final : public ProviderHandler
{
public:
    static constexpr std::size_t capacity = 10000;

    explicit MessageSink(SimWorld &world);

    bool matches(const SimRequest &request) const override;
    std::optional<SimResponse> admit(const SimRequest &request, Admission &admission) override;
    SimResponse execute(const SimRequest &request, const Admission &admission,
                        const Fault &fault) override;
    void abandon(const SimRequest &request, const Admission &admission) override;
    void seed(const nlohmann::json &seed) override { Q_UNUSED(seed); }
    void forgetKey(const QString &project, const QString &key) override;

    // {"messages":[{"id","conversation","body","idempotency_key","at"}]}, oldest first.
    nlohmann::json toJson() const;
    void clear();

private:
    struct Message
    {
        QString id;
        QString conversation;
        QString body;
        QString key;
        QDateTime at;
    };

    static QString conversationOf(const SimRequest &request);

    SimWorld &m_world;
    IdempotencyStore m_keys;
    std::deque<Message> m_messages;
    qint64 m_nextId = 1;
};

} // namespace ops::sim
