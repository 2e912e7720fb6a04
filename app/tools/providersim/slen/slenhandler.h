#pragma once

// Slen v1 subset served by provider-sim: credit movements, flow executions and the reads that
// go with them, with Slen's idempotency rules (docs/design.md §5; seeds 001 and 003).
//
//   POST /v1/customers/{externalUserId}/topup|charge|adjust   Idempotency-Key required
//   POST /v1/operations/execute                                Idempotency-Key required
//   GET  /v1/customers/{externalUserId}
//   GET  /v1/executions/{executionId}
//
// Keys are scoped to the project of the API key. Credit movements store only their first
// successful response (replayed for 24 h, then the account as it is now); executions pin their
// key as soon as they exist. Field names and codes: slenrequests.h and the README.

#include "providersim/providerhandler.h"
#include "providersim/slen/slenaccounts.h"
#include "providersim/slen/slenexecutions.h"
#include "providersim/slen/slenkeystore.h"
#include "providersim/slen/slenrequests.h"

namespace ops::sim {

class SlenHandler final : public ProviderHandler
{
public:
    explicit SlenHandler(SimWorld &world);
    ~SlenHandler() override;

    bool matches(const SimRequest &request) const override;
    std::optional<SimResponse> admit(const SimRequest &request, Admission &admission) override;
    // fault.mode Stored500: answer 500, apply and store nothing (Slen keeps no failed movement,
    // and no execution exists yet), so the key stays free. Stored500Applied: apply and store
    // as on success, then answer 500; a retry under the key gets the stored success / the
    // execution. Other modes are timing and handled by the server.
    SimResponse execute(const SimRequest &request, const Admission &admission,
                        const Fault &fault) override;
    void abandon(const SimRequest &request, const Admission &admission) override;
    // {"customers":[{"id","project","balances":{…}}],"flows":[{"id","run_seconds",…}]}
    void seed(const nlohmann::json &seed) override;

    // prune_key fault: the router calls this before admit() so that the key is handled as if
    // Slen had never seen it. A claim held by a request in flight is kept.
    void forgetKey(const QString &project, const QString &key) override;

    // Introspection for tests.
    const SlenAccounts &accounts() const { return m_accounts; }
    qsizetype rememberedKeys() const { return m_keys.recordCount(); }

private:
    std::optional<SimResponse> admitPost(const SimRequest &request, const slen::Route &route,
                                         Admission &admission);
    std::optional<SimResponse> validateFresh(const SimRequest &request,
                                             const slen::Route &route) const;
    SimResponse answerUsedKey(const SimRequest &request, const slen::Route &route,
                              const SlenKeyRecord &record, const QString &project) const;
    SimResponse answerMovementAfterWindow(const SimRequest &request, const slen::Route &route,
                                          const SlenKeyRecord &record,
                                          const QString &project) const;
    SimResponse executeMovement(const SimRequest &request, const slen::Route &route,
                                const Admission &admission, const Fault &fault);
    SimResponse executeFlow(const SimRequest &request, const Admission &admission,
                            const Fault &fault);
    SimResponse customerReply(const SimRequest &request, const QString &project,
                              const QString &id) const;
    SimResponse executionReply(const SimRequest &request, const QString &project,
                               const QString &id) const;
    void sweepIfDue();

    SimWorld &m_world;
    SlenKeyStore m_keys;
    SlenAccounts m_accounts;
    SlenExecutions m_executions;
    QDateTime m_lastSweep;
};

} // namespace ops::sim
