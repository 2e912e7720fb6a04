#pragma once

// What differs per operation kind under Settlement's shared rules (settlement.h): how a row is
// sent, what a success means, how a row reads, and how an operator resend's answer closes it.

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

} // namespace ops
