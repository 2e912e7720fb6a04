#pragma once

// What a Slen credit movement decides for itself under Settlement's rules: a success is a
// movement with this operation's id, amount and credit type — or, after Slen's 24 h, the account
// alone, when the key is the reference — and a row reads as the credit tool's result.

#include "engine/settlement.h"

namespace ops {

class CreditPolicy final : public ProviderPolicy<SlenClient>
{
public:
    using ProviderPolicy::ProviderPolicy;

    ToolResult::Subject subject() const override { return ToolResult::Subject::Credit; }
    ToolResult succeed(Settlement &rules, const Operation &op, const SentAttempt &sent,
                       const QString &actor) override;
    ToolResult rowResult(const Operation &row) override;
    ResendVerdict readResendAnswer(Settlement &rules, const Operation &op, const SentAttempt &sent,
                                   const QString &actor) override;
};

} // namespace ops
