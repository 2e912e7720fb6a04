#pragma once

// The Slack-style incoming-webhook sink of provider-sim: POST /_sink/slack/<hook-id> with
// {"text": "…"} as Slack, Mattermost and Rocket.Chat take it. Answers as Slack's hooks do, in
// plain text (Slack's changelog of 2016-05-17 on incoming webhook errors):
//   200 ok                   stored in the alert ledger (alertledger.h)
//   400 invalid_payload      the body is not a JSON object, or its "text" is not a string
//   400 no_text              "text" is missing or empty
//   404 no_service           a hook id not in the configured list (any id is taken while the
//                            list is empty: POST /_sim/alerts/config {"slack_hooks": {…}})
//   403 action_prohibited    a hook configured "prohibited"
//   410 channel_is_archived  a hook configured "archived"
// Faults come from the sim's fault table on the route "POST /_sink/slack/<hook-id>", as on every
// provider route (simrouter.h): stored_500 answers 500 rollup_error and stores nothing; with
// "apply": true it stores, then answers 500 (the ambiguous case); 429 answers rate_limited with
// Retry-After; 503 service_unavailable; hang_before_commit holds the answer and stores nothing;
// commit_then_hang stores and holds the answer (late, or never with delay_ms -1); latency;
// drop_connection. A hook honours no idempotency key: the ledger counts what arrived twice.

#include "providersim/alertsinks/alertledger.h"
#include "providersim/providerhandler.h"

#include <QHash>

namespace ops::sim {

class SlackSink final : public ProviderHandler
{
public:
    SlackSink(SimWorld &world, AlertLedger &ledger);

    bool matches(const SimRequest &request) const override;
    std::optional<SimResponse> admit(const SimRequest &request, Admission &admission) override;
    SimResponse execute(const SimRequest &request, const Admission &admission,
                        const Fault &fault) override;
    void abandon(const SimRequest &request, const Admission &admission) override;
    void seed(const nlohmann::json &seed) override { Q_UNUSED(seed); }
    std::optional<SimResponse> faultAnswer(const SimRequest &request, int status) const override;

    // {"hook-id": "active" | "prohibited" | "archived", …}; an empty object takes any hook id.
    // An error text when the value is not of that shape (nothing changed then).
    std::optional<QString> configure(const nlohmann::json &hooks);
    nlohmann::json hooksJson() const;

    static SimResponse text(int status, const QByteArray &words);

private:
    static QString hookOf(const SimRequest &request);
    std::optional<SimResponse> refusal(const SimRequest &request) const;

    SimWorld &m_world;
    AlertLedger &m_ledger;
    QHash<QString, QString> m_hooks; // id → state; empty: every id is an active hook
};

} // namespace ops::sim
