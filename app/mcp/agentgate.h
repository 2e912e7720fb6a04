#pragma once

// Who an HTTP request acts for (docs/agents.md, DESIGN §13): the agent whose token it carries.
// An agent's own token is looked up by its hash in the agent directory on every request, so a
// revocation or the end of a rotation's grace takes effect on the next request. The old shared
// OPS_MCP_TOKEN (or the 0600 file mcp.key) is accepted only when OPS_MCP_AGENT names the
// registered agent it stands for; that agent's revocation cuts it off too.

#include "domain/clock.h"
#include "domain/result.h"

#include <QByteArray>
#include <QString>
#include <memory>
#include <optional>

namespace ops {
class Session;
}

namespace ops::mcp {

class AgentGate
{
public:
    // Opens its own connection to `dbLocation` (for the thread that calls agentFor). A failure —
    // a sentence with the fix — when the shared token has no agent, or names an agent that is
    // missing or revoked.
    static Result<std::unique_ptr<AgentGate>> open(const QString &dbLocation);
    ~AgentGate();
    AgentGate(const AgentGate &) = delete;
    AgentGate &operator=(const AgentGate &) = delete;

    // The agent `bearer` acts for; nullopt for a missing, malformed, unknown, revoked or
    // rotated-out token. Throws StoreError when the directory cannot be read.
    std::optional<QString> agentFor(const QByteArray &bearer);

private:
    AgentGate() = default;
    bool isActive(const QString &agent);

    SystemClock m_clock;
    std::unique_ptr<Session> m_session;
    QByteArray m_sharedToken; // OPS_MCP_TOKEN; empty when not set
    QString m_sharedAgent;    // OPS_MCP_AGENT
};

} // namespace ops::mcp
