#pragma once

// Slen credit movements (top-up, charge, adjust) under DESIGN rules 1–10. One call of move() is
// one tool call: it finds the live operation holding the work name or opens one, makes at most
// attemptsPerCall attempts with the stored key and bytes, and returns an honest ToolResult.

#include "slenengine.h"

namespace ops {

struct CreditInput
{
    OperationKind kind = OperationKind::CreditTopup; // CreditTopup, CreditCharge or CreditAdjust
    QString customerId;
    QString creditType;
    qint64 amount = 0; // > 0 for top-up and charge; signed, non-zero for adjust
    QString workName;  // the idempotency key
    QString note;      // the caller's note; kept as evidence, never sent (see requestBody)
};

class CreditEngine
{
public:
    CreditEngine(OperationStore &store, SlenClient &client, SlenEngineConfig config,
                 Sleeper sleeper = threadSleep);

    ToolResult move(const CreditInput &input, const QString &actor);
    // The console's operator resend (slenresend.cpp): one attempt with the stored key and bytes
    // of an open or unknown row inside its window. An unknown row is closed only through
    // closeManually with the provider's answer as evidence; otherwise it is left as it was.
    ToolResult resend(const QString &operationId, const QString &actor);

    // Checks that need neither the database nor the provider; nullopt when acceptable.
    static std::optional<ToolResult> validate(const CreditInput &input);
    // The movement body. `note` is the operation id (rule 10): provider movements and ledger
    // lines map back to rows by it.
    static QByteArray requestBody(const CreditInput &input, const QString &operationId);
    static QString pathFor(const CreditInput &input);

private:
    ToolResult openNew(const CreditInput &input, const QString &actor);
    std::optional<ToolResult> checkAccount(const CreditInput &input);
    NewOperation buildOperation(const CreditInput &input, const QString &actor) const;
    ToolResult drive(const Operation &op, const QString &actor);
    std::optional<ToolResult> settle(const Operation &op, const SlenReply &reply, Outcome outcome,
                                     const QString &actor);
    ToolResult succeed(const Operation &op, const SlenReply &reply, const QString &actor);
    ToolResult resultForRow(const QString &operationId);
    ToolResult checking(const Operation &op, const QString &reason, const QString &actor);

    OperationStore &m_store;
    SlenClient &m_client;
    SlenEngineConfig m_config;
    Sleeper m_sleeper;
    Backoff m_backoff;
};

bool isCreditKind(OperationKind kind);

} // namespace ops
