#pragma once

// The operation store: the "form on the desk". Every write is one short IMMEDIATE transaction
// that also appends its audit entry, so a committed state change always has its audit line.
// Returns plain values; throws StoreError when the database itself fails.

#include "domain/clock.h"
#include "domain/manualclose.h"
#include "domain/operation.h"
#include "domain/result.h"
#include "storage/db/connection.h"
#include "storage/operations/operationtypes.h"

#include <optional>
#include <vector>

namespace ops {

// Why `ticket` cannot name a helpdesk ticket ('' when it can, and for none): at most 190
// letters, digits and _ - . : @, as a message's conversation id.
QString ticketProblem(const QString &ticket);

class OperationStore
{
public:
    OperationStore(const Connection &db, const Clock &clock);

    // Rule 2: inserts the row, or — when the partial unique index says a live row for the same
    // unit of work exists — returns that row. Never two live rows, never a second key.
    // With firstAttemptBy, attempt 1 is counted for that actor in the same durable commit as the
    // row, its key and both audit entries, all before anything is sent (rules 1 and 4).
    // A new row for an agent (op.agent) passes its limits first (agentquota.h): over the rate
    // nothing is stored; over an amount limit the row is stored awaiting_approval, with no
    // attempt counted. So is a person's refund above the four-eyes threshold (hold four_eyes).
    // op.replaces is checked here (replacementAllowed); a refusal throws ActionRefused.
    OpenResult openOrGet(const NewOperation &op, const std::optional<BalanceGuard> &guard = {},
                         const QString &firstAttemptBy = {});

    // Links the row to helpdesk ticket `ticket` (empty: unlinks it), audited with the ticket it
    // replaced; '' on success (also when it was already linked there), else why nothing changed.
    // Throws ActionRefused when `actor` lacks the message right.
    QString linkTicket(const QString &id, const QString &ticket, const QString &actor);
    // The rows linked to `ticket`, newest first, at most `limit`, as read by `actor` for a
    // helpdesk (the ticket view): the read is audited (ticket.viewed, with the ids it showed).
    std::vector<Operation> viewTicket(const QString &ticket, int limit, const QString &actor,
                                      const QString &via);

    std::optional<Operation> operation(const QString &id);
    // A refund's unit of work is (unitOfWork, reference): order, amount, currency, reference.
    std::optional<Operation> findLiveRefund(Provider provider, const QString &project,
                                            const QString &unitOfWork,
                                            const QString &reference = {});
    std::optional<Operation> findByKey(OperationKind kind, Provider provider,
                                       const QString &project, const QString &key);
    // Sum of open, unknown and held refunds against a charge (rule 9), and with succeededSince
    // those that succeeded after it too (the money a provider's figures read then lack).
    qint64 liveRefundTotal(Provider provider, const QString &chargeId,
                           const std::optional<QDateTime> &succeededSince = std::nullopt);
    // A refund for the same unit that succeeded after `since` (a concurrent caller's).
    std::optional<Operation> succeededRefundSince(Provider provider, const QString &project,
                                                  const QString &unitOfWork, const QDateTime &since,
                                                  const QString &reference = {});
    // Rule 13: the newest refund row of a unit of work, whatever its state.
    std::optional<Operation> latestRefund(Provider provider, const QString &project,
                                          const QString &unitOfWork, const QString &reference);

    // Rule 4: counts and commits the attempt before anything is sent. Refuses (and, for an open
    // row, marks it unknown) when the cap is reached or the retention window has closed.
    AttemptTicket beginAttempt(const QString &operationId, const QString &actor,
                               AttemptMode mode = AttemptMode::Automation);
    void finishAttempt(const QString &operationId, qint64 attemptId, const AttemptResult &result);

    // Automation's close on the provider's answer to its counted attempt: from `open`, or from
    // `unknown` when the row turned unknown while that attempt was in flight; the answer is proof,
    // as a provider event is (rule 6). False when the row was already final.
    bool closeSucceeded(const QString &id, const QString &providerRef,
                        const QString &providerStatus, const QString &actor, const QString &reason);
    bool closeFailed(const QString &id, const QString &code, const QString &actor,
                     const QString &reason);
    bool markUnknown(const QString &id, const QString &reason, const QString &actor);
    bool setProviderStatus(const QString &id, const QString &status, const QString &actor);
    // The same writes inside the caller's WriteTransaction (the webhook receiver commits an event,
    // its evidence and the close together). False, nothing written, when the row is not in a
    // state `from` allows; setProviderStatusLocked changes only a row in state `on`.
    bool closeSucceededLocked(const QString &id, const QString &providerRef,
                              const QString &providerStatus, const QString &actor,
                              const QString &reason, CloseFrom from);
    bool closeFailedLocked(const QString &id, const QString &code, const QString &actor,
                           const QString &reason, CloseFrom from);
    bool setProviderStatusLocked(const QString &id, const QString &status, const QString &actor,
                                 OperationState on);

    // An agent's refund held over its limits (DESIGN §13) closed failed ("rejected"), nothing
    // sent; false when not held. Needs a reason and the Approve right (else ActionRefused);
    // audited. Approving is an operator resend (beginAttempt, OperatorResend).
    bool rejectAgentRequest(const QString &id, const QString &actor, const QString &reason);

    // DESIGN §16: whether a new refund of (orderId, currency) may replace `replacedId` (a failed
    // refund of them, not replaced by a row that is not failed); openOrGet checks it again.
    Result<void> replacementAllowed(const QString &replacedId, const QString &orderId,
                                    const QString &currency);
    // The refunds started to replace `id`, oldest first (the detail pane's "Replaced by").
    std::vector<Operation> replacementsOf(const QString &id);
    // The refunds of an order, newest first (check_reply's order look-up; order_id is indexed).
    std::vector<Operation> refundsOfOrder(const QString &orderId);
    // A person's refund held above the four-eyes threshold: a second person with the Approve
    // right sends it (beginAttempt, OperatorResend); the person who started it may not.
    static bool isFourEyesHold(const Operation &op);

    // AwaitingApproval above the four-eyes threshold (approval stored); NotPermitted without Close.
    ManualCloseResult closeManually(const ManualClose &close);

    // Rule 7: open rows whose deadline has passed become unknown. Returns how many.
    int sweep(const QString &actor);

    qint64 addEvidence(const Evidence &evidence);
    std::vector<Evidence> evidence(const QString &operationId);
    // Newest first (created_at, then id, both descending), at most filter.limit rows.
    std::vector<Operation> list(const OperationFilter &filter);
    // How many rows list() would give without the limit.
    qint64 count(const OperationFilter &filter);
    std::vector<Attempt> attempts(const QString &operationId);
    std::vector<AuditEntry> audit(const QString &operationId);

    // Slen (operationprogress.cpp): the live credit movement holding `key`, whatever its kind.
    std::optional<Operation> findLiveCredit(Provider provider, const QString &project,
                                            const QString &key);
    // A live row's provider object exists but is not final (an execution queued or running):
    // keeps its id and sub-status for a later look-up. False when final or nothing changed.
    bool recordProviderObject(const QString &id, const QString &providerRef, const QString &status,
                              const QString &actor);

    const Clock &clock() const { return m_clock; }

    // After a StoreError in a long-running loop (reconciler, receiver, sequencer, MCP tokens):
    // reopens the connection for every store on it when the server session is gone, with
    // back-off (Database::reopenIfLost); fails with why it does not answer yet.
    Result<void> reconnect();

private:
    // The connection, for storage code and tests only (storage/db/sqlconnection.h).
    friend Connection &connectionOf(OperationStore &store);
    // openOrGet's steps, in the order the rules run (operationopening.h).
    class Opening;
    // The first refund row of (unitOfWork, reference) matching `tail` ("AND … ORDER BY …").
    std::optional<Operation> refundOfUnit(Provider provider, const QString &project,
                                          const QString &unitOfWork, const QString &reference,
                                          const QString &tail, const QVariantList &extra = {});
    void approveHeldLocked(const Operation &op, const QString &actor, qint64 nowMs);
    void markUnknownLocked(const Operation &op, const QString &reason, const QString &actor,
                           qint64 nowMs);
    // Counts attempt op.attempts + 1 inside the caller's write transaction; returns its id.
    qint64 countAttemptLocked(const Operation &op, const QString &actor, AttemptMode mode,
                              qint64 nowMs);
    // The attempt's own row and audit entry, for a row whose counters already include it (an
    // opening inserts its row counted); returns the attempt's id.
    qint64 recordAttemptLocked(const Operation &op, const QString &actor, AttemptMode mode,
                               qint64 nowMs);

    // ops::replicationAllowsOpenings, read again only when the last read is a few seconds old.
    Result<void> replicationAllowsOpenings();

    ConnectionHold m_db;
    const Clock &m_clock;
    qint64 m_replicationReadAtMs = -1;
    Result<void> m_replication;
};

} // namespace ops
