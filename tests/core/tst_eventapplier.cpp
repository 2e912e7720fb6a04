// The forward-only rules of a provider event (docs/design.md §10, issue 13 item 3) on a real
// store (SQLite, or PostgreSQL in the _pg variant): what closes a row, what raises Attention,
// what is only kept as evidence; and the event store's reads for the console.

#include "storage/events/eventstore.h"
#include "support/storefixture.h"
#include "webhook/eventapplier.h"

#include <QTest>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;

namespace {

NewOperation refundOp(const QString &id, qint64 amount = 3800)
{
    NewOperation op;
    op.id = id;
    op.unitOfWork = u"order-"_s + id + u"|"_s + QString::number(amount) + u"|usd"_s;
    op.orderId = u"order-"_s + id;
    op.chargeId = u"ch_4417"_s;
    op.amount = {amount, u"usd"_s};
    op.idempotencyKey = u"key-"_s + id;
    op.request = {"POST", u"/v1/refunds"_s, "amount=" + QByteArray::number(amount),
                  "application/x-www-form-urlencoded"};
    op.createdBy = u"agent:test"_s;
    return op;
}

struct Ev
{
    std::string id = "";
    std::string refund = "re_1";
    std::string status = "succeeded";
    qint64 created = 1000;
    std::string operationId = ""; // metadata.operation_id
    std::string key = "";         // request.idempotency_key
    qint64 amount = 3800;
    std::string currency = "usd";
    std::string failure = "";
    std::string object = "refund";
};

StripeEvent stripeEvent(const Ev &e)
{
    json metadata = json::object();
    if (!e.operationId.empty())
        metadata["operation_id"] = e.operationId;
    const json body = {
        {"id", e.id},
        {"object", "event"},
        {"type", "refund.updated"},
        {"created", e.created},
        {"livemode", false},
        {"data",
         {{"object",
           {{"id", e.refund},
            {"object", e.object},
            {"amount", e.amount},
            {"currency", e.currency},
            {"status", e.status},
            {"failure_reason", e.failure.empty() ? json(nullptr) : json(e.failure)},
            {"metadata", metadata}}}}},
        {"request",
         {{"id", nullptr}, {"idempotency_key", e.key.empty() ? json(nullptr) : json(e.key)}}}};
    return *parseStripeEvent(QByteArray::fromStdString(body.dump()));
}

} // namespace

class TestEventApplier : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void unknownRowClosesSucceededWithTheEventAsEvidence();
    void matchesByKeyThenByProviderReference();
    void failedRefundClosesFailed();
    void amountOrCurrencyDisagreeingRaisesAttention();
    void twoRefundsClaimingOneOperationRaiseAttention();
    void olderEventsAreKeptButChangeNothing();
    void succeededRowMovesForwardAndALaterFailureRaisesAttention();
    void finalFailedRowNeverReopens();
    void duplicateWritesNothing();
    void unmatchedAndUnhandledAreKept();
    void attentionIsClearedOnlyByAPersonWithTheRight();
    void receiverStatusFollowsTheHeartbeat();

private:
    EventApplyResult apply(const StripeEvent &e);
    Operation row(const QString &id) { return *m_f->store().operation(id); }
    Operation unknownRow(const QString &id, qint64 amount = 3800);
    int audits(const QString &op, const QString &action);

    std::unique_ptr<test::StoreFixture> m_f;
    std::unique_ptr<EventStore> m_events;
};

void TestEventApplier::init()
{
    m_f = std::make_unique<test::StoreFixture>();
    m_events = std::make_unique<EventStore>(connectionOf(m_f->store()), m_f->clock());
}

void TestEventApplier::cleanup()
{
    m_events.reset();
    m_f.reset();
}

EventApplyResult TestEventApplier::apply(const StripeEvent &e)
{
    EventApplier applier(m_f->store(), u"system:webhook"_s);
    WriteTransaction tx(connectionOf(m_f->store()));
    const EventApplyResult r = applier.applyLocked(e, EventSource::Webhook);
    tx.commit();
    return r;
}

Operation TestEventApplier::unknownRow(const QString &id, qint64 amount)
{
    m_f->store().openOrGet(refundOp(id, amount));
    m_f->store().markUnknown(id, u"stored 500"_s, u"system:engine"_s);
    return row(id);
}

int TestEventApplier::audits(const QString &op, const QString &action)
{
    int n = 0;
    for (const AuditEntry &a : m_f->store().audit(op))
        n += a.action == action;
    return n;
}

void TestEventApplier::unknownRowClosesSucceededWithTheEventAsEvidence()
{
    unknownRow(u"op_a"_s);
    const auto r = apply(stripeEvent({.id = "evt_1", .operationId = "op_a"}));
    QCOMPARE(toString(r.outcome), toString(EventOutcome::Applied));
    const Operation op = row(u"op_a"_s);
    QCOMPARE(toString(op.state), toString(OperationState::Succeeded));
    QCOMPARE(op.providerRef, u"re_1"_s);
    QCOMPARE(op.closedBy, u"system:webhook"_s);
    const auto evidence = m_f->store().evidence(u"op_a"_s);
    QCOMPARE(evidence.size(), 1u);
    QCOMPARE(evidence[0].kind, u"provider_event"_s);
    QVERIFY(evidence[0].body.contains("evt_1"));
    QCOMPARE(audits(u"op_a"_s, u"state.succeeded"_s), 1);
    QCOMPARE(audits(u"op_a"_s, u"event.applied"_s), 1);
    QCOMPARE(m_events->eventsOf(u"op_a"_s).size(), 1u);
    QCOMPARE(toString(m_events->eventsOf(u"op_a"_s)[0].matchedBy), toString(MatchedBy::Metadata));
}

void TestEventApplier::matchesByKeyThenByProviderReference()
{
    unknownRow(u"op_k"_s);
    QCOMPARE(apply(stripeEvent({.id = "evt_k", .refund = "re_k", .key = "key-op_k"})).operationId,
             u"op_k"_s);
    QCOMPARE(toString(row(u"op_k"_s).state), toString(OperationState::Succeeded));
    // No metadata, no key (a settle): the provider reference the close stored.
    const auto r = apply(stripeEvent({.id = "evt_r", .refund = "re_k", .created = 2000}));
    QCOMPARE(r.operationId, u"op_k"_s);
    QCOMPARE(toString(m_events->event(u"evt_r"_s)->matchedBy), toString(MatchedBy::ProviderRef));
}

void TestEventApplier::failedRefundClosesFailed()
{
    m_f->store().openOrGet(refundOp(u"op_f"_s));
    const auto r = apply(stripeEvent({.id = "evt_f",
                                      .status = "failed",
                                      .operationId = "op_f",
                                      .failure = "expired_or_canceled_card"}));
    QCOMPARE(toString(r.outcome), toString(EventOutcome::Applied));
    QCOMPARE(toString(row(u"op_f"_s).state), toString(OperationState::Failed));
    QCOMPARE(row(u"op_f"_s).failureCode, u"expired_or_canceled_card"_s);
}

void TestEventApplier::amountOrCurrencyDisagreeingRaisesAttention()
{
    unknownRow(u"op_m"_s);
    unknownRow(u"op_c"_s, 1000);
    QCOMPARE(
        toString(
            apply(stripeEvent({.id = "evt_m", .operationId = "op_m", .amount = 3700})).outcome),
        toString(EventOutcome::Attention));
    QCOMPARE(toString(apply(stripeEvent({.id = "evt_c",
                                         .refund = "re_c",
                                         .operationId = "op_c",
                                         .amount = 1000,
                                         .currency = "eur"}))
                          .outcome),
             toString(EventOutcome::Attention));
    for (const QString &id : {u"op_m"_s, u"op_c"_s}) {
        QCOMPARE(toString(row(id).state), toString(OperationState::Unknown));
        QVERIFY(m_events->attentionOf(id));
        QCOMPARE(audits(id, u"attention.raised"_s), 1);
    }
    QCOMPARE(m_events->attentionCount(), qint64(2));
    QCOMPARE(m_events->attentionQueue().size(), 2u);
}

void TestEventApplier::twoRefundsClaimingOneOperationRaiseAttention()
{
    unknownRow(u"op_two"_s);
    QCOMPARE(toString(apply(stripeEvent({.id = "evt_a",
                                         .refund = "re_a",
                                         .status = "requires_action",
                                         .operationId = "op_two"}))
                          .outcome),
             toString(EventOutcome::Ignored));
    QCOMPARE(
        toString(
            apply(stripeEvent({.id = "evt_b", .refund = "re_b", .operationId = "op_two"})).outcome),
        toString(EventOutcome::Attention));
    QCOMPARE(toString(row(u"op_two"_s).state), toString(OperationState::Unknown));
    QVERIFY(m_events->attentionOf(u"op_two"_s)->reason.contains(u"re_a"_s));
}

void TestEventApplier::olderEventsAreKeptButChangeNothing()
{
    unknownRow(u"op_o"_s);
    QCOMPARE(
        toString(
            apply(stripeEvent({.id = "evt_new", .created = 2000, .operationId = "op_o"})).outcome),
        toString(EventOutcome::Applied));
    // Delivered late: the refund as it was before. Kept as evidence, nothing moves back.
    const auto r = apply(stripeEvent(
        {.id = "evt_old", .status = "pending", .created = 1000, .operationId = "op_o"}));
    QCOMPARE(toString(r.outcome), toString(EventOutcome::Ignored));
    QCOMPARE(row(u"op_o"_s).providerStatus, u"succeeded"_s);
    QCOMPARE(m_f->store().evidence(u"op_o"_s).size(), 2u);
}

void TestEventApplier::succeededRowMovesForwardAndALaterFailureRaisesAttention()
{
    unknownRow(u"op_p"_s);
    apply(
        stripeEvent({.id = "evt_p1", .status = "pending", .created = 100, .operationId = "op_p"}));
    QCOMPARE(row(u"op_p"_s).providerStatus, u"pending"_s);
    QCOMPARE(
        toString(
            apply(stripeEvent({.id = "evt_p2", .created = 200, .operationId = "op_p"})).outcome),
        toString(EventOutcome::Applied));
    QCOMPARE(row(u"op_p"_s).providerStatus, u"succeeded"_s);
    QVERIFY(!m_events->attentionOf(u"op_p"_s));
    const auto r = apply(stripeEvent({.id = "evt_p3",
                                      .status = "failed",
                                      .created = 300,
                                      .operationId = "op_p",
                                      .failure = "lost_or_stolen_card"}));
    QCOMPARE(toString(r.outcome), toString(EventOutcome::Attention));
    QCOMPARE(toString(row(u"op_p"_s).state), toString(OperationState::Succeeded));
    QCOMPARE(row(u"op_p"_s).providerStatus, u"failed"_s);
    QVERIFY(m_events->attentionOf(u"op_p"_s)->reason.contains(u"lost_or_stolen_card"_s));
}

void TestEventApplier::finalFailedRowNeverReopens()
{
    m_f->store().openOrGet(refundOp(u"op_x"_s));
    m_f->store().closeFailed(u"op_x"_s, u"declined"_s, u"system:engine"_s, u"refused"_s);
    QCOMPARE(toString(apply(stripeEvent({.id = "evt_x", .operationId = "op_x"})).outcome),
             toString(EventOutcome::Attention));
    QCOMPARE(toString(row(u"op_x"_s).state), toString(OperationState::Failed));
}

void TestEventApplier::duplicateWritesNothing()
{
    unknownRow(u"op_d"_s);
    apply(stripeEvent({.id = "evt_d", .operationId = "op_d"}));
    const auto before = m_f->store().audit(u"op_d"_s).size();
    const auto again = apply(stripeEvent({.id = "evt_d", .operationId = "op_d"}));
    QVERIFY(again.duplicate);
    QCOMPARE(m_f->store().audit(u"op_d"_s).size(), before);
    QCOMPARE(m_f->store().evidence(u"op_d"_s).size(), 1u);
}

void TestEventApplier::unmatchedAndUnhandledAreKept()
{
    unknownRow(u"op_u"_s);
    QVERIFY(apply(stripeEvent({.id = "evt_dash", .refund = "re_dash"})).operationId.isEmpty());
    QVERIFY(
        apply(stripeEvent(
                  {.id = "evt_ch", .refund = "ch_9", .operationId = "op_u", .object = "charge"}))
            .operationId.isEmpty());
    QCOMPARE(toString(row(u"op_u"_s).state), toString(OperationState::Unknown));
    const auto unmatched = m_events->unmatched();
    QCOMPARE(unmatched.size(), 1u);
    QCOMPARE(unmatched[0].id, u"evt_dash"_s);
    QCOMPARE(m_events->unmatchedCount(), qint64(1));
    QVERIFY(m_events->hasEvent(u"evt_ch"_s));
}

void TestEventApplier::attentionIsClearedOnlyByAPersonWithTheRight()
{
    unknownRow(u"op_att"_s);
    QVERIFY(m_events->raiseAttention(u"op_att"_s, u"customer disputes"_s, u"system:reconciler"_s));
    QVERIFY(!m_events->raiseAttention(u"op_att"_s, u"customer disputes"_s, u"system:reconciler"_s));
    QCOMPARE(toString(row(u"op_att"_s).state), toString(OperationState::Unknown));
    QVERIFY_THROWS_EXCEPTION(ActionRefused,
                             m_events->clearAttention(u"op_att"_s, u"system:x"_s, u"done"_s));
    QVERIFY_THROWS_EXCEPTION(ActionRefused,
                             m_events->clearAttention(u"op_att"_s, u"operator:carol"_s, u"done"_s));
    QVERIFY(m_events->attentionOf(u"op_att"_s));
    QVERIFY(m_events->clearAttention(u"op_att"_s, u"operator:alice"_s, u"called the customer"_s));
    QVERIFY(!m_events->attentionOf(u"op_att"_s));
    QCOMPARE(audits(u"op_att"_s, u"attention.raised"_s), 1);
    QCOMPARE(audits(u"op_att"_s, u"attention.cleared"_s), 1);
}

void TestEventApplier::receiverStatusFollowsTheHeartbeat()
{
    QVERIFY(!m_events->receiverStatus().running);
    m_events->beat(u"host:1:0"_s, u"http://127.0.0.1:9"_s, m_f->clock().nowMs());
    QVERIFY(m_events->receiverStatus().running);
    m_f->clock().advanceSecs(120);
    QVERIFY(!m_events->receiverStatus().running);
    m_events->beat(u"host:1:0"_s, u"http://127.0.0.1:9"_s, 0);
    m_events->stopped(u"host:1:0"_s);
    QVERIFY(!m_events->receiverStatus().running);
}

QTEST_GUILESS_MAIN(TestEventApplier)
#include "tst_eventapplier.moc"
