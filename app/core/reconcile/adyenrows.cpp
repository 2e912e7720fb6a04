#include "reconcile/adyenrows.h"

#include "domain/money.h"
#include "reconcile/adyenproof.h"
#include "reconcile/reconcilerpass.h"
#include "storage/events/eventstore.h"
#include "storage/operations/operationstore.h"
#include "storage/operations/writescope.h"
#include "storage/reconcile/proposals.h"
#include "storage/session.h"

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops {

namespace {

QString iso(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

} // namespace

RowReport Reconciler::reconcileAdyen(Pass &pass, const Operation &op)
{
    std::optional<AdyenProof> proof;
    if (!isFinal(op.state))
        proof = adyenProof(op, m_session.events().eventsOf(op.id));
    // The reading, the decision and the next slot of the row: one durable commit.
    WriteScope tx(m_store);
    RowReport r = proof ? decideFromAdyen(pass, op, *proof) : adyenWithoutProof(pass, op);
    schedule(pass, op, r, true);
    tx.commit();
    return r;
}

RowReport Reconciler::decideFromAdyen(Pass &pass, const Operation &op, const AdyenProof &proof)
{
    const AdyenItem &item = proof.item;
    const QString received = proof.receivedAt.toString(Qt::ISODateWithMs);
    json body = adyenProofReading(proof);
    body["reader"] = m_config.actor.toStdString();
    body["read_at"] = iso(pass.nowMs).toStdString();
    body["operation_id"] = op.id.toStdString();
    const qint64 evidenceId = storeReading(op, u"Reconciler: "_s + adyenProofTitle(proof), body);
    const QString why =
        u"Reconciler: Adyen notification %1 (stored %2) shows refund %3 of payment %4, %5, %6; "
        "Adyen cannot be read, and its notification is the answer."_s.arg(
            proof.eventId, received, item.pspReference, item.originalReference,
            formatMoney({item.value, item.currency}),
            proof.outcome == OperationState::Succeeded ? u"succeeded"_s : proof.failureCode);
    RowReport r = close(pass, op, proof.outcome, item.pspReference, proof.providerStatus,
                        proof.failureCode, why, evidenceId);
    if (r.proposalId > 0 && awaitsProviderNotification(op)) // as the event applier marks it
        m_store.markUnknown(op.id, autoCloseOffUnknownReason(), m_config.actor);
    return r;
}

RowReport Reconciler::adyenWithoutProof(Pass &pass, const Operation &op)
{
    // Notifications that prove nothing (two refunds, another amount) raised Attention as they
    // came: the row is a person's, and neither a queue move nor a resend would settle it.
    int refundNotes = 0;
    for (const StoredEvent &e : m_session.events().eventsOf(op.id))
        refundNotes += e.provider == Provider::Adyen && adyenSettlesRefund(e.type);
    if (refundNotes > 0 && !isFinal(op.state))
        return reportFor(op, u"no_decision"_s,
                         u"the row's %1 Adyen refund notification(s) prove no outcome (see its "
                         "Attention)"_s.arg(refundNotes));
    if (op.state == OperationState::Open) {
        const QString why = awaitsProviderNotification(op)
                                ? u"Adyen received refund %1 but no REFUND notification came by "
                                  "its reconciler slot"_s.arg(op.providerRef)
                                : u"no answer from Adyen by its reconciler slot"_s;
        m_store.markUnknown(op.id, why, m_config.actor);
        return reportFor(op, u"checking"_s, why);
    }
    if (isFinal(op.state))
        return reportFor(op, u"unsupported"_s,
                         u"an Adyen refund is settled by its notifications as they arrive"_s);
    const qint64 deadline = deadlineOf(op);
    const json reading = {{"reader", m_config.actor.toStdString()},
                          {"read_at", iso(pass.nowMs).toStdString()},
                          {"operation_id", op.id.toStdString()},
                          {"source", "stored_adyen_notifications"},
                          {"refund_psp_reference", op.providerRef.toStdString()},
                          {"refund_notifications_stored", 0}};
    const qint64 evidenceId = storeReading(
        op, u"Reconciler: no Adyen refund notification stored for this operation"_s, reading);
    // A 5xx Adyen keeps under the key, or another request there: a resend only replays it, so the
    // step is Stripe's (DESIGN §16), decided by the one rule (keyMemoryFor).
    if (const KeyMemory memory = keyMemoryFor(op, m_store.attempts(op.id));
        memory != KeyMemory::Nothing)
        return propose(op, false, OperationState::Failed, {},
                       u"No REFUND notification is stored for this refund."_s +
                           closeFailedStep(memory, deadline),
                       evidenceId);
    if (pass.nowMs >= deadline)
        return reportFor(
            op, u"no_decision"_s,
            u"no REFUND notification, and the key's window closed at %1: look the "
            "refund up in Adyen's Customer Area and close the row with it"_s.arg(iso(deadline)),
            evidenceId);
    return propose(op, true, std::nullopt, {},
                   u"No REFUND notification is stored for this refund. Resend it with the stored "
                   "key before %1: Adyen answers a repeated key with the first request's refund, "
                   "so the resend reads its answer and refunds nothing twice."_s.arg(iso(deadline)),
                   evidenceId);
}

} // namespace ops
