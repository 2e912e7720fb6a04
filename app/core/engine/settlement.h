#pragma once

// The rules every operation kind follows once its row exists, written once (docs/design.md rules
// 3–8). Settlement drives an open row through its attempts, settles each answer, and reads the row
// back as the tool result; the operator resend is the same steps with one attempt.
// What differs per kind — how to send, what a success means, how a row reads — is the kind's
// KindPolicy (refundpolicy.h, creditpolicy.h, executionpolicy.h).
//
// The shared outcome switch:
//   Succeeded                      the policy checks the object is this operation's and closes
//   Refused                        closed failed with the provider's code (rule 5)
//   Undefined, KeyMismatch         unknown: a person checks (rule 6)
//   Credentials                    stays open, unconfirmed, with the configuration error
//   InProgress, NoAnswer, InFlight another attempt, or unknown once the cap is spent

#include "engine/attemptsupport.h"
#include "engine/toolresult.h"

#include <variant>

namespace ops {

class Settlement;

// An operator resend's success answer for an unknown row, read by the kind: the close it
// justifies (rule 8: through closeManually, the answer stored first as evidence).
struct ResendClose
{
    OperationState outcome = OperationState::Failed;
    QString providerRef; // Succeeded: the provider's object, or "key:<key>"
    // Succeeded: what the provider answered with ("refund re_1 (succeeded)"); Failed: why the
    // operation failed ("provider refused (refund failed)").
    QString answer;
    QString evidenceTitle;
    bool replayed = false;              // copied to the result (credit and execution)
    std::optional<qint64> balanceAfter; // credit: the fresh movement's balance
};
// The answer does not settle the row: it stays as it is, for this reason.
struct LeaveAsIs
{
    QString why;
};
// ToolResult: the policy settled the row itself (an execution that is still running).
using ResendVerdict = std::variant<ResendClose, LeaveAsIs, ToolResult>;

class KindPolicy
{
public:
    virtual ~KindPolicy() = default;

    virtual ToolResult::Subject subject() const = 0;
    // Sends the row's stored request with its stored key and classifies the answer.
    virtual SentAttempt send(const Operation &op) = 0;
    // The API secret kept out of attempt rows.
    virtual QString secret() const = 0;
    // A success answer for an open row: records and closes the row, or — when the object is not
    // this operation's — hands it to rules.checking().
    virtual ToolResult succeed(Settlement &rules, const Operation &op, const SentAttempt &sent,
                               const QString &actor) = 0;
    // Called before a refusal closes an open row as failed.
    virtual void noteRefusal(const Operation &op, const ProviderReply &reply, const QString &actor);
    // How a stored row reads as a tool result.
    virtual ToolResult rowResult(const Operation &row) = 0;
    // True for an open row the provider took and will settle itself (an Adyen refund answered
    // `received`): automation sends nothing more for it and reads it as it stands. A person's
    // resend still sends (Settlement::resend).
    virtual bool awaitsProvider(const Operation &row) const;
    // An operator resend's success answer for an unknown row.
    virtual ResendVerdict readResendAnswer(Settlement &rules, const Operation &op,
                                           const SentAttempt &sent, const QString &actor) = 0;
};

// A kind's policy, declared once for every kind; the kind's header names its instance
// (RefundPolicy, CreditPolicy, ExecutionPolicy). What only depends on the provider is defined
// here: the row's stored request goes to this client, and its secret stays out of attempt rows.
// What the kind decides — succeed, rowResult, readResendAnswer — has no definition here: the
// kind's file (refundpolicy.cpp, creditpolicy.cpp, executionpolicy.cpp) defines it for its
// instance (explicit specialisations), so a kind without its file does not link.
template<typename Client, ToolResult::Subject kSubject> class ProviderPolicy : public KindPolicy
{
public:
    ProviderPolicy(OperationStore &store, Client &client)
        : m_store(store)
        , m_client(client)
    {}
    ToolResult::Subject subject() const override { return kSubject; }
    SentAttempt send(const Operation &op) override { return sendStored(m_client, op); }
    QString secret() const override { return m_client.config().secret; }
    ToolResult succeed(Settlement &rules, const Operation &op, const SentAttempt &sent,
                       const QString &actor) override;
    ToolResult rowResult(const Operation &row) override;
    ResendVerdict readResendAnswer(Settlement &rules, const Operation &op, const SentAttempt &sent,
                                   const QString &actor) override;

protected:
    OperationStore &m_store;
    Client &m_client;
};

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
