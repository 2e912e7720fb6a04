#pragma once

// Rows the reconciler would leave behind, made the way the store makes them: an unknown refund
// (a stored 500), a reading of the provider as evidence, and a proposal resting on it. Shared by
// the proposal suites (tst_proposals) and the console's bulk flow (tst_bulkapply). On a
// RolesFixture each is written by its role's login (issue 50): the row by the agent, the reading
// and the proposal by the service.

#include "storage/reconcile/proposals.h"
#include "support/rolesfixture.h"

namespace ops::test {

// The refund row `id` as an agent opens it, not sent yet.
inline NewOperation openedRefund(const QString &id, qint64 amount, const QString &agent,
                                 const QString &actor)
{
    NewOperation op;
    op.id = id;
    op.unitOfWork = id + QStringLiteral("|") + QString::number(amount) + QStringLiteral("|usd");
    op.orderId = id;
    op.chargeId = QStringLiteral("ch_") + id;
    op.amount = {amount, QStringLiteral("usd")};
    op.idempotencyKey = QStringLiteral("key-") + id;
    op.request = {"POST", QStringLiteral("/v1/refunds"), "amount=" + QByteArray::number(amount),
                  "application/x-www-form-urlencoded"};
    op.createdBy = actor;
    op.agent = agent;
    return op;
}

// On `store`, whose login is an agent's in team mode (tests/support/teamfixture.h): `agent`
// names that login (migration 0013 refuses an agent's row that names none); `actor` is the
// agent's tool call that opens it and sends the attempt.
inline QString unknownRefund(OperationStore &store, const QString &id, qint64 amount = 3800,
                             const QString &agent = {},
                             const QString &actor = QStringLiteral("agent:test"))
{
    store.openOrGet(openedRefund(id, amount, agent, actor));
    const AttemptTicket t = store.beginAttempt(id, actor);
    store.finishAttempt(id, t.attemptId, {500, Outcome::Undefined, {}, {}, false, 5, {}, {}});
    store.markUnknown(id, QStringLiteral("stored 500"), actor);
    return id;
}

// Opened and sent by the agent, as on a StoreFixture (agent:test on SQLite).
inline QString unknownRefund(RolesFixture &f, const QString &id, qint64 amount = 3800)
{
    return unknownRefund(f.as(QStringLiteral("agent")), id, amount, f.agentOf(),
                         f.agentActor(QStringLiteral("test")));
}

inline QString unknownRefund(StoreFixture &f, const QString &id, qint64 amount = 3800)
{
    return unknownRefund(f.store(), id, amount);
}

// On `store`, whose login is the service's in team mode.
inline qint64 reading(OperationStore &store, const QString &id,
                      const QString &createdBy = QStringLiteral("system:reconciler"))
{
    Evidence e;
    e.operationId = id;
    e.kind = QStringLiteral("provider_object");
    e.title = QStringLiteral("refund list");
    e.contentType = QStringLiteral("application/json");
    e.body = R"({"claiming_refunds":[]})";
    e.createdBy = createdBy;
    return store.addEvidence(e);
}

inline qint64 reading(StoreFixture &f, const QString &id,
                      const QString &createdBy = QStringLiteral("system:reconciler"))
{
    return reading(f.store(), id, createdBy);
}

// Stored by the login of `createdBy` (the service for system:*, a person for operator:…).
inline qint64 reading(RolesFixture &f, const QString &id,
                      const QString &createdBy = QStringLiteral("system:reconciler"))
{
    return reading(f.by(createdBy), id, createdBy);
}

// The reconciler's proposal at `nowMs` on `store`, whose login is the service's in team mode.
inline Proposal propose(OperationStore &store, qint64 nowMs, const QString &id,
                        OperationState outcome = OperationState::Failed,
                        ProposalAction action = ProposalAction::Close)
{
    NewProposal p;
    p.operationId = id;
    p.action = action;
    if (action == ProposalAction::Close)
        p.outcome = outcome;
    p.providerRef = outcome == OperationState::Succeeded ? QStringLiteral("re_1") : QString();
    p.evidenceIds = {reading(store, id)};
    p.reason = QStringLiteral("No refund at the provider (list complete at T)");
    return storeProposal(connectionOf(store), nowMs, p);
}

inline Proposal propose(StoreFixture &f, const QString &id,
                        OperationState outcome = OperationState::Failed,
                        ProposalAction action = ProposalAction::Close)
{
    return propose(f.store(), f.clock().nowMs(), id, outcome, action);
}

// The reconciler's proposal, written as the service.
inline Proposal propose(RolesFixture &f, const QString &id,
                        OperationState outcome = OperationState::Failed,
                        ProposalAction action = ProposalAction::Close)
{
    return propose(f.as(QStringLiteral("svc")), f.clock().nowMs(), id, outcome, action);
}

} // namespace ops::test
