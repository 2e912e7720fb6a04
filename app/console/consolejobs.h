#pragma once

// The console's network work, written as plain blocking functions that run on a worker thread.
// Each job opens its own database connection and its own HTTP transport (neither may cross
// threads) and closes them before it returns.

#include "adyen/adyenclient.h"
#include "domain/clock.h"
#include "domain/lookupanswer.h"
#include "engine/refunddispatch.h"
#include "engine/toolresult.h"
#include "outbox/messagesender.h"
#include "slen/slenclient.h"
#include "storage/operations/resendlease.h"
#include "stripe/stripeclient.h"

#include <atomic>

namespace ops::console {

struct JobConfig
{
    QString dbLocation;
    StripeConfig stripe;
    QString stripeProblem; // not empty: the provider cannot be reached as configured (why)
    EngineConfig engine;
    qint64 leaseSeconds = kResendLeaseSeconds;
    // Slen, for look-ups of credit movements and executions. An empty base URL counts as not
    // configured (slenProblem says why when read from the environment).
    SlenConfig slen;
    QString slenProblem;
    // Adyen, for resends of Adyen refund rows (docs/adyen.md); empty: adyenProblem says why.
    std::optional<AdyenConfig> adyen;
    QString adyenProblem;
    // The helpdesk customer messages go to (issue 6); helpdeskProblem says why it cannot be used.
    HelpdeskConfig helpdesk;
    QString helpdeskProblem;
};

// The refund clients `config` provides, on `transport` (refunddispatch.h): Stripe's always (its
// problem, if any, is checked before a send), Adyen's when it is configured. They point into
// `holder`, which must outlive them.
struct RefundClientHolder
{
    std::optional<StripeClient> stripe;
    std::optional<AdyenClient> adyen;
};
RefundClients refundClients(const JobConfig &config, HttpTransport &transport,
                            RefundClientHolder &holder);

// A resend's result as a value: the engine's answer and the row as it stands after the job
// (read once after its last commit; the row as found when nothing was written), with the
// operator-facing text worked out from them.
struct ResendOutcome
{
    bool sent = false; // an attempt was counted and sent
    QString message;   // what happened, for the status bar
    QString error;     // not empty: shown as an error …
    QString next;      // … with what to do next
    ToolResult result; // the engine's answer (rejected when the job refused before it)
    std::optional<Operation> operation; // empty: the row is gone, or the job could not read it
    OperationState stateBefore = OperationState::Open; // as the job found the row
    // Approval (issue 6): the store recorded (or found) a pending resend approval; nothing sent.
    bool awaitingApproval = false;
    // Another connection committed while the job ran (SQLite's data_version on the job's own
    // connection moved; always true on PostgreSQL, whose change counter counts every commit).
    // False: the job's commits were the only ones, and `operation` is all they changed on screen.
    bool othersWrote = true;
};

// Reads the operation and asks the provider about it.
LookupAnswer runLookup(const JobConfig &config, const Clock &clock, const QString &operationId,
                       const std::atomic_bool &cancelled);

// Claims the resend lease, makes one operator attempt with the stored key and bytes, releases
// the lease. A lease held by another console refuses without sending.
ResendOutcome runResend(const JobConfig &config, const Clock &clock, const QString &operationId,
                        const QString &actor, const QString &leaseHolder);

// OPS_STRIPE_URL, OPS_STRIPE_KEY (or the key file), OPS_ATTEMPT_TIMEOUT_MS, OPS_SLEN_URL,
// OPS_SLEN_KEY (or the key file), OPS_SLEN_PROJECT, OPS_HELPDESK_URL — as opsctl reads them.
JobConfig jobConfigFromEnvironment(const QString &dbLocation);

} // namespace ops::console
