#include "mcp/agentgate.h"

#include "httpserve/httpwire.h"
#include "storage/access/accessstore.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"
#include "transport/secrets.h"

using namespace Qt::StringLiterals;

namespace ops::mcp {

namespace {

// OPS_MCP_TOKEN, else the "mcp" secret (OPS_MCP_KEY or the 0600 file mcp.key); empty when none.
Result<QString> sharedToken()
{
    const QString fromEnv = qEnvironmentVariable("OPS_MCP_TOKEN").trimmed();
    if (!fromEnv.isEmpty())
        return fromEnv;
    const auto secret = EnvFileSecretSource().secret(u"mcp"_s);
    if (!secret)
        return Failure{secret.error()};
    return secret->value_or(QString());
}

} // namespace

AgentGate::~AgentGate() = default;

Result<std::unique_ptr<AgentGate>> AgentGate::open(const QString &dbLocation)
{
    std::unique_ptr<AgentGate> gate(new AgentGate);
    gate->m_session = std::make_unique<Session>(dbLocation, gate->m_clock);
    const auto shared = sharedToken();
    if (!shared)
        return Failure{shared.error()};
    gate->m_sharedAgent = qEnvironmentVariable("OPS_MCP_AGENT").trimmed();
    if (shared->isEmpty())
        return gate;
    if (gate->m_sharedAgent.isEmpty())
        return Failure{u"OPS_MCP_TOKEN (or mcp.key) is one token for every agent: name the agent "
                       "it stands for with OPS_MCP_AGENT=NAME (after opsctl agent add NAME), or "
                       "give each agent its own token with opsctl agent add and unset "
                       "OPS_MCP_TOKEN"_s};
    if (!gate->isActive(gate->m_sharedAgent))
        return Failure{u"OPS_MCP_AGENT names %1, which is not an active agent: run opsctl agent "
                       "add %1, or name another agent"_s.arg(gate->m_sharedAgent)};
    gate->m_sharedToken = shared->toUtf8();
    return gate;
}

bool AgentGate::isActive(const QString &agent)
{
    const auto record = m_session->access().agent(agent);
    return record && record->state() == AgentState::Active;
}

std::optional<QString> AgentGate::agentFor(const QByteArray &bearer)
{
    if (bearer.isEmpty())
        return std::nullopt;
    try {
        if (!m_sharedToken.isEmpty() && sameSecret(bearer, m_sharedToken))
            return isActive(m_sharedAgent) ? std::optional<QString>(m_sharedAgent) : std::nullopt;
        const auto agent = m_session->access().agentForToken(QString::fromUtf8(bearer));
        return agent ? std::optional<QString>(agent->name) : std::nullopt;
    } catch (const StoreError &) {
        // This request is answered 503; a later one finds the connection open again.
        (void)m_session->store().reconnect(); // or for a later request
        throw;
    }
}

} // namespace ops::mcp
