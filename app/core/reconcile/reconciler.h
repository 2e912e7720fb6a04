#pragma once

// The reconciler (docs/design.md §10, issue 14): reads the provider for the rows nobody knows the
// outcome of, stores each reading as evidence first, then closes a row only on positive,
// machine-checked evidence, raises Attention when the evidence disagrees, and otherwise leaves a
// proposal for a person. It never sends a request that could move money (rule 6) and never
// touches a row a person holds (a resend lease, a pending approval).
//
// Per refund row, first the provider events already stored for it (eventproof.h): when they
// prove the outcome, that is the reading and no request is made. Otherwise over the charge's
// complete refund list (one reading per charge per pass):
//   one refund of ours, same amount and currency, succeeded/pending → close succeeded
//   one refund of ours, same amount and currency, failed/canceled   → close failed
//   two or more claiming the operation, or amount/currency differ   → Attention, no close
//   none of ours in the complete list → a proposal "no refund at the provider (list complete
//     at T)" naming the step that finishes the refund (DESIGN §16): resend with the stored key
//     when nothing is stored under it and its window is open; otherwise close failed, so that
//     a new refund with a new key can be started
//   provider unreachable                                           → the next slot
// With automatic closes off (reconcile-auto-close off) every close above is a proposal. A
// succeeded row still `pending` at the provider is followed forward; a later failed/canceled
// raises Attention. Credit movements: the account is recorded (a balance proves nothing) and,
// inside the key's 24 h, a resend with the stored key is proposed (Slen replays the first
// success and stores no rejection). Executions are read by id when the id is known.

#include "storage/reconcile/reconcilerows.h"

#include <QDateTime>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace ops {

class OperationStore;
class Session;
class SlenClient;
class StripeClient;
struct ChargeReading;
struct AdyenProof;
struct EventProof;
struct ReconcileSettings;
class ReconcileSchedule;

struct ReconcilerConfig
{
    QString actor = QStringLiteral("system:reconciler");
    qint64 openStaleSeconds = 5 * 60; // an open row is read once its last attempt is this old
    int maxPages = 1000;              // refund list pages per charge
    int batch = 100'000;              // rows per pass
};

// What the reconciler did with one row: one JSON line of `opsctl reconcile --json`.
struct RowReport
{
    QString operationId;
    QString kind;
    QString state; // before the reading
    // scheduled, closed_succeeded, closed_failed, proposal, attention, status_advanced,
    // rescheduled (unreachable), no_decision, skipped_leased, skipped_approval, unsupported,
    // checking (an open Adyen row moved to the Checking queue)
    QString result;
    QString detail;
    QString providerRef;
    QString providerStatus; // the provider object's status, when one was read
    qint64 evidenceId = 0;
    qint64 proposalId = 0;
    std::optional<qint64> nextCheckAtMs;

    nlohmann::ordered_json toJson() const;
};

// One row's report, before the schedule adds its next slot.
RowReport reportFor(const Operation &op, const QString &result, const QString &detail,
                    qint64 evidenceId = 0);
// When the row's key window closes: its stored deadline.
qint64 deadlineOf(const Operation &op);

struct PassReport
{
    std::vector<RowReport> rows;
    int providerRequests = 0;
    int chargesRead = 0;

    int count(const QString &result) const;
};

class Reconciler
{
public:
    // Either client may be null: rows of that provider are then reported `unsupported`.
    Reconciler(Session &session, StripeClient *stripe, SlenClient *slen,
               ReconcilerConfig config = {});

    // One pass over the rows whose slot has come; with ignoreSlots over every eligible row now
    // (opsctl reconcile --once). onRow sees each report as it is made.
    PassReport pass(bool ignoreSlots, const std::function<void(const RowReport &)> &onRow = {});

private:
    struct Pass;
    RowReport reconcileRow(Pass &pass, const ReconcileCandidate &c);
    // Refund rows: the provider read (when no stored event proves the outcome) happens first,
    // outside any transaction; the reading, the decision and the schedule are one commit.
    RowReport reconcileRefund(Pass &pass, const ReconcileCandidate &c);
    void readCharge(Pass &pass, const QString &chargeId);
    RowReport decideFromReading(Pass &pass, const Operation &op);
    RowReport decideRefund(Pass &pass, const Operation &op, const ChargeReading &reading,
                           qint64 evidenceId);
    // A stored provider event settles the row: stored as a reading, then closed, no request.
    RowReport proposeWithoutRefund(const Pass &pass, const Operation &op,
                                   const ChargeReading &reading, qint64 evidenceId);
    RowReport decideFromEvent(Pass &pass, const Operation &op, const EventProof &proof);
    // Adyen rows (adyenrows.h).
    RowReport reconcileAdyen(Pass &pass, const Operation &op);
    RowReport decideFromAdyen(Pass &pass, const Operation &op, const AdyenProof &proof);
    RowReport adyenWithoutProof(Pass &pass, const Operation &op);
    RowReport followSucceeded(const Operation &op, const nlohmann::json &refund, qint64 evidenceId);
    RowReport reconcileCredit(Pass &pass, const ReconcileCandidate &c);
    RowReport reconcileExecution(Pass &pass, const ReconcileCandidate &c);
    RowReport close(Pass &pass, const Operation &op, OperationState outcome,
                    const QString &providerRef, const QString &providerStatus,
                    const QString &failureCode, const QString &reason, qint64 evidenceId);
    // The engine's close of an open or unknown row (CloseFrom::OpenOrUnknown), inside one write
    // transaction that first re-checks a person's hold; the reason why not, or empty when closed.
    QString closeUnlessHeld(const Operation &op, OperationState outcome, const QString &providerRef,
                            const QString &providerStatus, const QString &failureCode,
                            const QString &reason);
    bool advancePending(const QString &operationId, const QString &status);
    RowReport propose(const Operation &op, bool resend, std::optional<OperationState> outcome,
                      const QString &providerRef, const QString &reason, qint64 evidenceId);
    RowReport attention(const Operation &op, const QString &reason, qint64 evidenceId);
    qint64 storeReading(const Operation &op, const QString &title, const nlohmann::json &body);
    void schedule(Pass &pass, const Operation &op, RowReport &report, bool counted);

    Session &m_session;      // events, the reconciler's own storage, approvals
    OperationStore &m_store; // m_session's
    StripeClient *m_stripe = nullptr;
    SlenClient *m_slen = nullptr;
    ReconcilerConfig m_config;
};

} // namespace ops
