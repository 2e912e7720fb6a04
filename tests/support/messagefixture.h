#pragma once

// Operations in each state for the message tests, on a fresh migrated SQLite file.

#include "storage/operations/operationstore.h"

using namespace Qt::StringLiterals;

namespace ops::test {

inline NewOperation refundOperation(const QString &id, const QString &order = u"4417"_s)
{
    NewOperation op;
    op.id = id;
    op.kind = OperationKind::Refund;
    op.provider = Provider::Stripe;
    op.unitOfWork = order + u"|3800|usd"_s;
    op.orderId = order;
    op.chargeId = u"ch_"_s + order;
    op.customerId = u"cus_"_s + order;
    op.amount = {3800, u"usd"_s};
    op.idempotencyKey = u"key-"_s + id;
    op.request = {"POST", u"/v1/refunds"_s, "amount=3800", "application/x-www-form-urlencoded"};
    op.createdBy = u"agent:test"_s;
    return op;
}

inline NewOperation creditOperation(const QString &id, const QString &work)
{
    NewOperation op = refundOperation(id);
    op.kind = OperationKind::CreditTopup;
    op.provider = Provider::Slen;
    op.project = u"demo"_s;
    op.unitOfWork = work;
    op.idempotencyKey = work;
    op.orderId.clear();
    op.chargeId.clear();
    op.customerId = u"u_1"_s;
    op.amount = {500, u"credits"_s};
    return op;
}

// Opens `op` and moves it to `state` the way the engine would; a succeeded row gets
// `providerStatus` as the provider's sub-status ("pending": accepted, money not arrived).
inline Operation operationIn(OperationStore &store, const NewOperation &op, OperationState state,
                             const QString &providerStatus = u"succeeded"_s)
{
    const QString id = store.openOrGet(op).operation.id;
    if (state == OperationState::Unknown)
        store.markUnknown(id, u"stored 500"_s, u"agent:test"_s);
    else if (state == OperationState::Succeeded)
        store.closeSucceeded(id, u"re_3Q9x"_s, providerStatus, u"agent:test"_s, u"provider"_s);
    else if (state == OperationState::Failed)
        store.closeFailed(id, u"card_declined"_s, u"agent:test"_s, u"provider"_s);
    return *store.operation(id);
}

// Opens `op` and leaves it unknown the way a stored 500 does: one attempt answered HTTP 500.
inline void unknownAfterStored500(OperationStore &store, const NewOperation &op,
                                  const QString &reason = u"provider answered HTTP 500"_s)
{
    store.openOrGet(op);
    const AttemptTicket t = store.beginAttempt(op.id, u"agent:toolu_u"_s);
    AttemptResult r;
    r.httpStatus = 500;
    r.outcome = Outcome::Undefined;
    store.finishAttempt(op.id, t.attemptId, r);
    store.markUnknown(op.id, reason, u"agent:toolu_u"_s);
}

// `actor` closes `id` by hand as succeeded (re_3Q9x) on one provider-object evidence item, as the
// console's close does; the close's result.
inline ManualCloseResult closeByHand(OperationStore &store, const QString &id, const QString &actor,
                                     const QString &reason = u"the provider shows it refunded"_s)
{
    Evidence e;
    e.operationId = id;
    e.kind = u"provider_object"_s;
    e.title = u"refund re_3Q9x"_s;
    e.contentType = u"application/json"_s;
    e.body = R"({"id":"re_3Q9x","status":"succeeded"})";
    e.createdBy = actor;
    ManualClose c;
    c.operationId = id;
    c.outcome = OperationState::Succeeded;
    c.providerRef = u"re_3Q9x"_s;
    c.evidenceIds = {store.addEvidence(e)};
    c.actor = actor;
    c.reason = reason;
    return store.closeManually(c);
}

} // namespace ops::test
