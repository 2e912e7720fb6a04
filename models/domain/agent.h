#pragma once

// An AI agent as a principal (docs/design.md §13): a name, a bearer token shown once, and the
// limits a person set. The token is `opsa_` + 43 base64url characters (256 random bits from the
// operating system); storage keeps only its SHA-256, so a token that leaks from nowhere but the
// agent's host can be revoked without anything to rotate on our side.

#include "domain/money.h"
#include "domain/result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>

namespace ops {

// 1–64 of a-z, 0-9, _ and -: the name is also a PostgreSQL login and a part of the actor
// `agent:NAME:<client>:<request id>`, so it carries no dot, colon or upper case. "mcp" is
// reserved: stdio calls outside team mode act as agent:mcp:….
bool isValidAgentName(QStringView name);
// Why `name` is not an agent name; empty when it is one.
QString agentNameProblem(QStringView name);

// The agent an actor names: NAME of agent:NAME:<client>:<request id> (or of agent:NAME); empty
// for anyone else.
QString agentOfActor(QStringView actor);

// A new token: "opsa_" + base64url(32 random bytes), 48 characters.
QString newAgentToken();
// Lower-case hex SHA-256 of the token's UTF-8 bytes: what storage keeps and looks up.
QString agentTokenHash(QStringView token);
// The token's shape, before any lookup: a malformed bearer is refused without a database read.
bool looksLikeAgentToken(QStringView token);

struct AgentLimits
{
    std::optional<Money> maxRefund;   // per refund
    std::optional<Money> daily;       // rolling 24 h, one currency
    std::optional<int> ratePerSecond; // calls that open an operation, per second

    friend bool operator==(const AgentLimits &, const AgentLimits &) = default;
};

// "5000 usd" as two words: a whole number of minor units (no decimals, no sign, not zero) and
// a known ISO 4217 code. The failure names the flag (`what`) and says why.
Result<Money> parseLimitMoney(const QString &what, const QString &amount, const QString &currency);
// 1–1000 calls per second.
Result<int> parseRateLimit(const QString &text);
// "max 50.00 USD · 200.00 USD a day · 5/s", or "no limits".
QString describeLimits(const AgentLimits &limits);

} // namespace ops
