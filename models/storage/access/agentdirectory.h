#pragma once

// The agent directory (migration 0012, docs/agents.md): named agents, the hash of each one's
// bearer token, rotation grace and limits. Only a supervisor changes it (checked here, and by the
// database in team mode); every change is an audit entry that never carries a token or a hash.
// The token itself exists only in the return value of addAgent() and rotateAgent().

#include "domain/agent.h"
#include "domain/agentrecord.h"
#include "storage/db/connection.h"

#include <optional>
#include <vector>

namespace ops {

// Add, revoke, rotate and set-limits throw ActionRefused (nothing written) when `byActor` is not
// an enabled supervisor, the name is invalid or taken, or the agent is unknown or revoked.
IssuedAgent addAgent(Connection &db, qint64 nowMs, const QString &byActor, const QString &name,
                     const AgentLimits &limits);
AgentRecord revokeAgent(Connection &db, qint64 nowMs, const QString &byActor, const QString &name);
// The old token keeps working for `graceMs` (0: revoked at once); a second rotation ends the
// first one's grace.
IssuedAgent rotateAgent(Connection &db, qint64 nowMs, const QString &byActor, const QString &name,
                        qint64 graceMs);
AgentRecord setAgentLimits(Connection &db, qint64 nowMs, const QString &byActor,
                           const QString &name, const AgentLimits &limits);

std::optional<AgentRecord> findAgent(Connection &db, const QString &name);
// The same without last use: one read by the primary key (the limits check, agentquota.h).
std::optional<AgentRecord> agentRecord(Connection &db, const QString &name);
std::vector<AgentRecord> listAgents(Connection &db);

// The active agent whose current token, or rotated-out token inside its grace, is `token`;
// nullopt for a malformed, unknown, revoked or expired token. One indexed read per hash.
std::optional<AgentRecord> agentForToken(Connection &db, const QString &token, qint64 nowMs);

// How many operations the agent's calls opened at or after `sinceMs`: the audit's
// `operation.opened` entries whose actor is `agent:NAME:<client>:<request id>` (the console's
// "used in the last 24 h"). Refused calls open nothing and are not counted.
qint64 agentCallsSince(Connection &db, const QString &name, qint64 sinceMs);

} // namespace ops
