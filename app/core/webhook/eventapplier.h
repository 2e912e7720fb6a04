#pragma once

// What a provider event may change (docs/design.md §10, issue 13 item 3), applied inside the
// caller's WriteTransaction together with the event row, its evidence and the audit entries.
// Forward only: an event never moves a row backwards and never reopens a final row. Closing
// goes through the store's own closes (closeSucceededLocked / closeFailedLocked), from `open`
// or `unknown`: an event is positive, machine-checked evidence (rule 6). Applying evidence is
// not sending — nothing here talks to a provider.
//
//   row open/unknown, refund succeeded|pending  → succeeded with the provider reference
//   row open/unknown, refund failed|canceled    → failed with the failure reason
//   row succeeded, sub-status forward           → sub-status moves (pending → succeeded)
//   row succeeded, refund later failed|canceled → Attention (the money did not arrive)
//   row failed, refund succeeded|pending        → Attention (the row says no money moved)
//   amount/currency disagree, two refunds claim → Attention, no close
//   older than the last applied event (created) → kept as evidence, no change
//   not a refund object / unmatched             → kept, no change
//
// With reconcile-auto-close off (§10: every outcome is a proposal) the two closes above become a
// close proposal for a person instead, made by the reconciler's own rule over the row's stored
// events (eventproof.h: the newest by `created` wins), resting on this event's evidence item and
// audited as proposal.made; the row stays as it was and the event is kept with outcome ignored.
// An event older than a stored one of the same refund proposes nothing (it would turn a proposal
// back). Sub-status moves and Attention are not closes: they happen whatever the setting.

#include "adyen/adyennotification.h"
#include "storage/events/eventstore.h"
#include "storage/operations/operationstore.h"
#include "storage/reconcile/proposals.h"
#include "storage/session.h"
#include "stripe/stripeevents.h"

namespace ops {

struct EventApplyResult
{
    bool duplicate = false; // an event with this id was already stored: nothing written
    EventOutcome outcome = EventOutcome::Ignored;
    QString reason;
    QString operationId;   // empty: unmatched
    qint64 proposalId = 0; // auto-close off: the proposal made instead of a close
};

class EventApplier
{
public:
    // actor: "system:webhook" for the receiver, "system:events-import" for the backfill.
    EventApplier(Session &session, QString actor);

    // Inside the caller's WriteTransaction; throws StoreError when the database fails.
    EventApplyResult applyLocked(const StripeEvent &event, EventSource source);
    // One item of a checked Adyen batch (adyenapplier.cpp, the rule of reconcile/adyenproof.h);
    // the receiver stores a batch's items in one step, so a batch is kept whole or not at all.
    EventApplyResult applyAdyenLocked(const AdyenItem &item, bool live);

    const QString &actor() const { return m_actor; }

private:
    struct Decision
    {
        Decision(EventOutcome o, QString r, std::optional<NewProposal> p = std::nullopt)
            : outcome(o)
            , reason(std::move(r))
            , proposal(std::move(p))
        {}
        EventOutcome outcome = EventOutcome::Ignored;
        QString reason;
        // Auto-close off: the close held back; stored once the event's evidence exists.
        std::optional<NewProposal> proposal;
    };
    // The stored event row, its evidence, the proposal and the audit entry of a decision.
    EventApplyResult recordLocked(StoredEvent &row, const std::optional<Operation> &op,
                                  Decision decision);
    Decision decide(const StripeEvent &event, const StoredEvent &row, const Operation &op);
    // Adyen (adyenapplier.cpp).
    Decision decideAdyen(const AdyenItem &item, const StoredEvent &row, const Operation &op);
    Decision onLiveAdyenRow(const StoredEvent &row, const Operation &op);
    Decision onSettledAdyenRow(const AdyenItem &item, const Operation &op);
    Decision onLiveRow(const StripeEvent &event, const StoredEvent &row, const StripeRefund &refund,
                       const Operation &op);
    // Auto-close off: the proposal the stored events and this one prove, or why none.
    Decision proposeInstead(const StoredEvent &row, const Operation &op);
    qint64 storeProposal(NewProposal proposal, qint64 evidenceId);
    Decision onSucceededRow(const StripeEvent &event, const StripeRefund &refund,
                            const Operation &op);
    Decision attention(const Operation &op, const QString &reason);

    OperationStore &m_store;
    EventStore &m_events;
    ReconcileStore &m_reconcile; // auto-close on or off, and the proposals made instead
    QString m_actor;
};

} // namespace ops
