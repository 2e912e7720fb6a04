#pragma once

// What every engine is made of: the kind's policy and Settlement over it, built from the session,
// the provider's client and the engine's pacing configuration (attemptsPerCall, backoff, jitter).
// The operator resend is Settlement's, unchanged. An engine derives from EngineBase and keeps
// only what is its own: its input checks and how it finds or opens a row.

#include "engine/settlement.h"
#include "storage/session.h"

namespace ops {

template<typename Policy, typename Client, typename Config> class EngineBase
{
public:
    EngineBase(Session &session, Client &client, Config config, Sleeper sleeper = threadSleep)
        : m_session(session)
        , m_store(session.store())
        , m_client(client)
        , m_config(std::move(config))
        , m_policy(m_store, client)
        , m_rules(m_store, m_policy, m_config, std::move(sleeper))
    {}
    // m_rules holds a reference to m_policy: a copy would settle through the original's policy.
    EngineBase(const EngineBase &) = delete;
    EngineBase &operator=(const EngineBase &) = delete;

    // The operator resend of one of this kind's rows (Settlement::resend). The caller holds the
    // lease.
    ToolResult resend(const QString &operationId, const QString &actor)
    {
        return m_rules.resend(operationId, actor);
    }

protected:
    ~EngineBase() = default;

    Session &m_session;      // the other stores: events, the repeat window (refundunit.h)
    OperationStore &m_store; // m_session's
    Client &m_client;
    Config m_config;
    Policy m_policy;
    Settlement m_rules;
};

} // namespace ops
