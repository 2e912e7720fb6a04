#pragma once

// Slen credit movements (top-up, charge, adjust) under docs/design.md rules 1–10. One call of
// move() is one tool call: it finds the live operation holding the work name or opens one, makes at
// most attemptsPerCall attempts with the stored key and bytes, and returns an honest ToolResult.

#include "engine/creditpolicy.h"
#include "engine/enginebase.h"
#include "engine/slenengineconfig.h"

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

// resend(operationId, actor): the operator resend of a credit row (EngineBase).
class CreditEngine : public EngineBase<CreditPolicy, SlenClient, SlenEngineConfig>
{
public:
    // (store, client, config, sleeper = threadSleep)
    using EngineBase::EngineBase;

    ToolResult move(const CreditInput &input, const QString &actor);

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
};

bool isCreditKind(OperationKind kind);

} // namespace ops
