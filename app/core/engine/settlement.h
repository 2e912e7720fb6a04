#pragma once

// The rules every operation kind follows once its row exists, written once (docs/design.md rules
// 3–8). Settlement drives an open row through its attempts, settles each answer, and reads the row
// back as the tool result; the operator resend is the same steps with one attempt.
// What differs per kind — how to send, what a success means, how a row reads — is the kind's
// KindPolicy (kindpolicy.h; refundpolicy.h, creditpolicy.h, executionpolicy.h).
//
// The shared outcome switch:
//   Succeeded                      the policy checks the object is this operation's and closes
//   Refused                        closed failed with the provider's code (rule 5)
//   Undefined, KeyMismatch         unknown: a person checks (rule 6)
//   Credentials                    stays open, unconfirmed, with the configuration error
//   InProgress, NoAnswer, InFlight another attempt, or unknown once the cap is spent

#include "engine/attemptsupport.h"
#include "engine/kindpolicy.h"
#include "engine/toolresult.h"

namespace ops {

class Settlement
{
public:
    Settlement(OperationStore &store, KindPolicy &policy, int attemptsPerCall, Backoff backoff,
               Sleeper sleeper);
    // Paced by an engine configuration's attemptsPerCall, backoffBase, backoffCap and jitterSeed.
    template<typename Config>
    Settlement(OperationStore &store, KindPolicy &policy, const Config &config, Sleeper sleeper)
        : Settlement(store, policy, config.attemptsPerCall,
                     Backoff(config.backoffBase, config.backoffCap, jitterSeed(config.jitterSeed)),
                     std::move(sleeper))
    {}

    // Rule 4 and 6: at most attemptsPerCall counted attempts of an open row; any other row, and
    // an open one awaiting the provider, is reported as it stands (unknown is sticky, final is
    // final). Each answer is recorded in one
    // transaction with what it settles (attempt finished, evidence, close, audit entries).
    ToolResult drive(const Operation &op, const QString &actor);
    // The same for a row openOrGet just created with its first attempt already counted
    // (OpenResult::firstAttemptId): that attempt is sent without counting another.
    ToolResult drive(const OpenResult &opened, const QString &actor);
    // One answer for an open row by the outcome switch above; nullopt: try again in this call.
    std::optional<ToolResult> settle(const Operation &op, const SentAttempt &sent,
                                     const QString &actor);
    // Marks the row unknown with the reason and reports it.
    ToolResult checking(const Operation &op, const QString &reason, const QString &actor);
    ToolResult resultForRow(const QString &operationId);

    // The operator resend (operatorresend.cpp): exactly one attempt of an open or unknown row
    // inside its window with the stored key and bytes (AttemptMode::OperatorResend). An open row
    // settles by the rules above; an unknown row leaves `unknown` only through closeManually with
    // the provider's answer stored first as evidence; otherwise the row is left as it was and
    // the result says why. The caller holds the resend lease. Throws ActionRefused when the
    // operator may not resend.
    ToolResult resend(const QString &operationId, const QString &actor);

private:
    ToolResult driveFrom(const Operation &start, std::optional<AttemptTicket> counted,
                         const QString &actor);
    // Sends a counted attempt and records its answer on the attempt row.
    SentAttempt sendCounted(const AttemptTicket &ticket);
    // Sends a counted attempt, then records the answer and settles it in one transaction.
    std::optional<ToolResult> sendAndSettle(const AttemptTicket &ticket, const QString &actor);
    ToolResult refuse(const Operation &op, const ProviderReply &reply, const QString &actor);
    ToolResult credentialsProblem(const Operation &op, const ProviderReply &reply) const;
    ToolResult resendUnknown(const Operation &op, const SentAttempt &sent, const QString &actor);
    ToolResult closeWithAnswer(const Operation &op, const SentAttempt &sent,
                               const ResendClose &close, const QString &actor);

    OperationStore &m_store;
    KindPolicy &m_policy;
    int m_attemptsPerCall = 3;
    Backoff m_backoff;
    Sleeper m_sleeper;
};

} // namespace ops
