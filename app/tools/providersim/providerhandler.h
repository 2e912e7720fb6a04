#pragma once

// A provider family served by provider-sim (Stripe, Slen, admin). The server calls a handler
// in two phases so that faults can sit between "the key is claimed" and "the endpoint ran":
//
//   admit()   on arrival: authentication, body limits, validation, idempotency key claim.
//             Returns a response to send now (error, replay, in-progress conflict), or
//             nullopt when the request now holds its key and must be executed or abandoned.
//   execute() runs the endpoint (applies money movements, stores the response under the key
//             where the provider would) and releases the claim. Reads fault.mode for
//             Stored500 / Stored500Applied.
//   abandon() releases the claim without applying anything (hang_before_commit, dropped
//             connection before execution).
//
// Exactly one of execute() / abandon() follows an admit() that returned nullopt, with the same
// Admission object.

#include "providersim/simtypes.h"

namespace ops::sim {

struct Admission
{
    QString project; // project of the API key
    QString key;     // idempotency key as received (may be empty where optional)
    bool claimed = false;
    qint64 token = 0; // handler-private
};

class ProviderHandler
{
public:
    virtual ~ProviderHandler() = default;
    virtual bool matches(const SimRequest &request) const = 0;
    virtual std::optional<SimResponse> admit(const SimRequest &request, Admission &admission) = 0;
    virtual SimResponse execute(const SimRequest &request, const Admission &admission,
                                const Fault &fault) = 0;
    virtual void abandon(const SimRequest &request, const Admission &admission) = 0;
    // Seed data for this family (charges, customers, flows); unknown fields ignored.
    virtual void seed(const nlohmann::json &seed) = 0;
    // The answer of a 503 or 429 fault on this family's routes, when its error shape differs
    // from the shared one (SimRouter::beforeClaimError).
    virtual std::optional<SimResponse> faultAnswer(const SimRequest &request, int status) const
    {
        Q_UNUSED(request);
        Q_UNUSED(status);
        return std::nullopt;
    }
    // PruneKey fault: called before admit() so the key runs as if its 24 h had passed.
    // project is the API key's project (empty when the request is not authenticated).
    virtual void forgetKey(const QString &project, const QString &key)
    {
        Q_UNUSED(project);
        Q_UNUSED(key);
    }
};

} // namespace ops::sim
