#pragma once

// Slen v1 subset served by provider-sim: credit movements (topup/charge/adjust), flow
// executions, and the reads that go with them. Contracts: DESIGN.md §5 and the Slen seeds.

#include "../providerhandler.h"

namespace ops::sim {

class SlenHandler final : public ProviderHandler
{
public:
    explicit SlenHandler(SimWorld &world);
    ~SlenHandler() override;

    bool matches(const SimRequest &request) const override;
    std::optional<SimResponse> admit(const SimRequest &request, Admission &admission) override;
    SimResponse execute(const SimRequest &request, const Admission &admission,
                        const Fault &fault) override;
    void abandon(const SimRequest &request, const Admission &admission) override;
    void seed(const nlohmann::json &seed) override;

    // PruneKey fault: the router calls this before admit() so the key runs as if 24 h passed.
    void forgetKey(const QString &project, const QString &key);

private:
    SimWorld &m_world;
};

} // namespace ops::sim
