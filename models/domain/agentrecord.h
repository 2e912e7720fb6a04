#pragma once

// A named agent as the agent directory stores it (storage/access/agentdirectory.h, migration
// 0012, docs/agents.md): its limits, who made and changed it, whether it is revoked, and what add
// and rotate hand back once. Plain types: nothing here reaches the database.

#include "domain/agent.h"

#include <QString>
#include <optional>

namespace ops {

enum class AgentState
{
    Active,
    Revoked
};
QString toString(AgentState state); // "active", "revoked"

struct AgentRecord
{
    QString name;
    AgentLimits limits;
    QString createdBy;
    qint64 createdAtMs = 0;
    QString updatedBy;
    qint64 updatedAtMs = 0;
    std::optional<qint64> revokedAtMs;
    std::optional<qint64> previousValidUntilMs; // a rotated-out token works until then
    std::optional<qint64> lastUsedMs;           // the agent's newest audit entry

    AgentState state() const { return revokedAtMs ? AgentState::Revoked : AgentState::Active; }
};

// What add and rotate hand back once: the record and the only copy of the new token.
struct IssuedAgent
{
    AgentRecord record;
    QString token;
};

} // namespace ops
