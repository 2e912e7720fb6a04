// The forward-only rules of a provider event (docs/design.md §10, issue 13 item 3) on a real
// store (SQLite, or PostgreSQL in the _pg variant): what closes a row, what raises Attention,
// what is only kept as evidence; and the event store's reads for the console. With
// reconcile-auto-close off (issue 31 item 8) a close becomes a proposal, delivered signed through
// the real receiver. Each actor in its role (rolesfixture.h, issue 50): on PostgreSQL the agent
// opens the rows and its engine leaves them unknown or closed, the receiver (applier, heartbeat,
// attention it raises) writes as the service, and alice and carol set and clear as themselves.

#include "storage/audit/auditlog.h"
#include "storage/events/eventstore.h"
#include "storage/reconcile/reconcilestore.h"
#include "support/rolesfixture.h"
#include "support/webhookserveprocess.h"
#include "webhook/eventapplier.h"
#include "webhook/webhookreceiver.h"

#include <QTest>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;

namespace {

// The row as the agent's call `actor` opens it, naming the agent `agent` (its login on
// PostgreSQL, migration 0013).
NewOperation refundOp(const QString &id, const QString &actor, const QString &agent,
                      qint64 amount = 3800)
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
    op.createdBy = actor;
    op.agent = agent;
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

QByteArray eventBody(const Ev &e)
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
    return QByteArray::fromStdString(body.dump());
}

StripeEvent stripeEvent(const Ev &e)
{
    return *parseStripeEvent(eventBody(e));
}

const QByteArray kSecret = "whsec_eventapplier";

} // namespace

class TestEventApplier : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
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
    void autoCloseOffProposesWithTheSignedEventAsEvidence();
    void autoCloseOffTheNewestEventDecidesTheProposal();
    void autoCloseOffStillMovesASucceededRowForward();
    void autoCloseOnClosesAsBefore();

private:
    EventApplyResult apply(const StripeEvent &e);
    Operation row(const QString &id) { return *m_f->store().operation(id); }
    // Opened by the agent's call, not sent yet.
    void openRow(const QString &id, qint64 amount = 3800);
    // Opened, then left unknown by the agent's engine (a stored 500).
    Operation unknownRow(const QString &id, qint64 amount = 3800);
    // The agent's call that opens the rows and answers for its engine.
    QString agent() const { return m_f->agentActor(u"test"_s); }
    int audits(const QString &op, const QString &action);
    // Each body signed with kSecret and posted to a real receiver on the fixture's store.
    WebhookStats deliver(const QList<QByteArray> &bodies);
    void setAutoClose(bool on)
    {
        m_f->sessionAs(u"alice"_s).reconcile().setAutoClose(m_f->person(u"alice"_s), on);
    }
    std::vector<Proposal> proposalsOf(const QString &op);

    std::unique_ptr<test::RolesFixture> m_f;
    // The receiver's event store, on the service's login.
    std::unique_ptr<EventStore> m_events;
};

void TestEventApplier::initTestCase()
{
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestEventApplier::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestEventApplier::init()
{
    m_f = std::make_unique<test::RolesFixture>();
    m_events = std::make_unique<EventStore>(connectionOf(m_f->as(u"svc"_s)), m_f->clock());
}

void TestEventApplier::cleanup()
{
    m_events.reset();
    m_f.reset();
}

EventApplyResult TestEventApplier::apply(const StripeEvent &e)
{
    Session &receiver = m_f->sessionAs(u"svc"_s);
    EventApplier applier(receiver, u"system:webhook"_s);
    WriteTransaction tx(connectionOf(receiver.store()));
    const EventApplyResult r = applier.applyLocked(e, EventSource::Webhook);
    tx.commit();
    return r;
}

void TestEventApplier::openRow(const QString &id, qint64 amount)
{
    m_f->as(u"agent"_s).openOrGet(refundOp(id, agent(), m_f->agentOf(), amount));
}

Operation TestEventApplier::unknownRow(const QString &id, qint64 amount)
{
    openRow(id, amount);
    m_f->as(u"agent"_s).markUnknown(id, u"stored 500"_s, agent());
    return row(id);
}

int TestEventApplier::audits(const QString &op, const QString &action)
{
    int n = 0;
    for (const AuditEntry &a : m_f->store().audit(op))
        n += a.action == action;
    return n;
}

WebhookStats TestEventApplier::deliver(const QList<QByteArray> &bodies)
{
    WebhookOptions options;
    options.secrets = {kSecret};
    WebhookReceiver receiver(m_f->sessionAs(u"svc"_s), options);
    for (const QByteArray &body : bodies) {
        HttpRequestData request;
        request.method = "POST";
        request.path = kWebhookPath;
        request.body = body;
        request.headers.insert("stripe-signature",
                               test::stripeSignature(kSecret, m_f->clock().nowMs() / 1000, body));
        [&] {
            QVERIFY(receiver.handle(request, std::make_shared<Responder>(nullptr)));
        }();
    }
    receiver.flush();
    return receiver.stats();
}

std::vector<Proposal> TestEventApplier::proposalsOf(const QString &op)
{
    std::vector<Proposal> out;
    for (Proposal &p : m_f->session().reconcile().proposals())
        if (p.operationId == op)
            out.push_back(std::move(p));
    return out;
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
    openRow(u"op_f"_s);
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
    openRow(u"op_x"_s);
    m_f->as(u"agent"_s).closeFailed(u"op_x"_s, u"declined"_s, agent(), u"refused"_s);
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
    EventStore carol(connectionOf(m_f->as(u"carol"_s)), m_f->clock());
    QVERIFY_THROWS_EXCEPTION(ActionRefused,
                             carol.clearAttention(u"op_att"_s, m_f->person(u"carol"_s), u"done"_s));
    QVERIFY(m_events->attentionOf(u"op_att"_s));
    EventStore alice(connectionOf(m_f->as(u"alice"_s)), m_f->clock());
    QVERIFY(alice.clearAttention(u"op_att"_s, m_f->person(u"alice"_s), u"called the customer"_s));
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

void TestEventApplier::autoCloseOffProposesWithTheSignedEventAsEvidence()
{
    unknownRow(u"op_a"_s);
    openRow(u"op_b"_s);
    setAutoClose(false);
    const WebhookStats stats = deliver({eventBody({.id = "evt_1", .operationId = "op_a"}),
                                        eventBody({.id = "evt_2",
                                                   .refund = "re_2",
                                                   .status = "failed",
                                                   .operationId = "op_b",
                                                   .failure = "expired_or_canceled_card"})});
    QCOMPARE(stats.stored, qint64(2));
    QCOMPARE(stats.refusedTotal(), qint64(0));
    // The rows stay as they were: nothing closed, no provider reference.
    QCOMPARE(toString(row(u"op_a"_s).state), toString(OperationState::Unknown));
    QVERIFY(row(u"op_a"_s).providerRef.isEmpty());
    QCOMPARE(toString(row(u"op_b"_s).state), toString(OperationState::Open));
    QCOMPARE(audits(u"op_a"_s, u"state.succeeded"_s), 0);
    QCOMPARE(audits(u"op_b"_s, u"state.failed"_s), 0);
    QCOMPARE(toString(m_events->event(u"evt_1"_s)->outcome), toString(EventOutcome::Ignored));

    // One open close proposal, resting on the event's own evidence item, audited.
    const auto evidence = m_f->store().evidence(u"op_a"_s);
    QCOMPARE(evidence.size(), 1u);
    QCOMPARE(evidence[0].kind, u"provider_event"_s);
    QVERIFY(evidence[0].body.contains("evt_1"));
    const auto made = proposalsOf(u"op_a"_s);
    QCOMPARE(made.size(), 1u);
    const Proposal &p = made[0];
    QCOMPARE(toString(p.state), toString(ProposalState::Open));
    QCOMPARE(toString(p.action), toString(ProposalAction::Close));
    QCOMPARE(toString(*p.outcome), toString(OperationState::Succeeded));
    QCOMPARE(p.providerRef, u"re_1"_s);
    QCOMPARE(p.evidenceIds, QList<qint64>{evidence[0].id});
    QCOMPARE(p.newestEvidenceId, evidence[0].id); // not stale: it can be applied
    QCOMPARE(p.createdBy, u"system:webhook"_s);
    QVERIFY(p.reason.contains(u"evt_1"_s));
    QVERIFY(p.reason.contains(u"Automatic closes are off"_s));
    QCOMPARE(audits(u"op_a"_s, u"proposal.made"_s), 1);
    QCOMPARE(audits(u"op_a"_s, u"event.ignored"_s), 1);
    for (const AuditEntry &a : m_f->store().audit(u"op_a"_s)) {
        const json detail = json::parse(a.detail.toStdString());
        if (a.action == u"proposal.made"_s)
            QVERIFY(detail["evidence_ids"] == json::array({evidence[0].id}));
        if (a.action == u"event.ignored"_s)
            QVERIFY(detail["proposal_id"] == p.id);
    }

    const auto failed = proposalsOf(u"op_b"_s);
    QCOMPARE(failed.size(), 1u);
    QCOMPARE(toString(*failed[0].outcome), toString(OperationState::Failed));
    QVERIFY(failed[0].providerRef.isEmpty());
    QVERIFY(failed[0].reason.contains(u"expired_or_canceled_card"_s));
    QCOMPARE(failed[0].evidenceIds, QList<qint64>{m_f->store().evidence(u"op_b"_s)[0].id});

    // The provider delivers again: 200, nothing more.
    const auto auditBefore = m_f->store().audit(u"op_a"_s).size();
    QCOMPARE(deliver({eventBody({.id = "evt_1", .operationId = "op_a"})}).duplicates, qint64(1));
    QCOMPARE(m_f->session().reconcile().proposals().size(), 2u);
    QCOMPARE(m_f->store().audit(u"op_a"_s).size(), auditBefore);
    QVERIFY(AuditLog::verify(connectionOf(m_f->store())).holds());
}

void TestEventApplier::autoCloseOffTheNewestEventDecidesTheProposal()
{
    unknownRow(u"op_n"_s);
    setAutoClose(false);
    const auto pending = apply(
        stripeEvent({.id = "evt_p", .status = "pending", .created = 100, .operationId = "op_n"}));
    QVERIFY(pending.proposalId > 0);
    QCOMPARE(toString(pending.outcome), toString(EventOutcome::Ignored));
    const auto failed = apply(stripeEvent({.id = "evt_f",
                                           .status = "failed",
                                           .created = 300,
                                           .operationId = "op_n",
                                           .failure = "lost_or_stolen_card"}));
    QVERIFY(failed.proposalId > pending.proposalId);
    // Delivered late, older than evt_f: kept, and it does not turn the proposal back.
    const auto late = apply(stripeEvent({.id = "evt_late", .created = 200, .operationId = "op_n"}));
    QCOMPARE(late.proposalId, qint64(0));
    QVERIFY(late.reason.contains(u"evt_f"_s));
    const auto all = proposalsOf(u"op_n"_s);
    QCOMPARE(all.size(), 2u);
    QCOMPARE(toString(all[0].state), toString(ProposalState::Superseded));
    QCOMPARE(all[0].supersededBy, failed.proposalId);
    QCOMPARE(all[1].id, failed.proposalId);
    QCOMPARE(toString(all[1].state), toString(ProposalState::Open));
    QCOMPARE(toString(*all[1].outcome), toString(OperationState::Failed));
    QCOMPARE(audits(u"op_n"_s, u"proposal.made"_s), 2);
    QCOMPARE(toString(row(u"op_n"_s).state), toString(OperationState::Unknown));
    QCOMPARE(m_f->store().evidence(u"op_n"_s).size(), 3u);
}

void TestEventApplier::autoCloseOffStillMovesASucceededRowForward()
{
    // Sub-status moves and Attention close nothing: they do not wait for a person.
    unknownRow(u"op_p"_s);
    apply(
        stripeEvent({.id = "evt_p1", .status = "pending", .created = 100, .operationId = "op_p"}));
    QCOMPARE(toString(row(u"op_p"_s).state), toString(OperationState::Succeeded));
    setAutoClose(false);
    QCOMPARE(
        toString(
            apply(stripeEvent({.id = "evt_p2", .created = 200, .operationId = "op_p"})).outcome),
        toString(EventOutcome::Applied));
    QCOMPARE(row(u"op_p"_s).providerStatus, u"succeeded"_s);
    QCOMPARE(
        toString(
            apply(stripeEvent(
                      {.id = "evt_p3", .status = "failed", .created = 300, .operationId = "op_p"}))
                .outcome),
        toString(EventOutcome::Attention));
    QCOMPARE(toString(row(u"op_p"_s).state), toString(OperationState::Succeeded));
    QVERIFY(m_events->attentionOf(u"op_p"_s));
    QVERIFY(proposalsOf(u"op_p"_s).empty());
}

void TestEventApplier::autoCloseOnClosesAsBefore()
{
    unknownRow(u"op_on"_s);
    setAutoClose(false);
    setAutoClose(true);
    QCOMPARE(deliver({eventBody({.id = "evt_on", .operationId = "op_on"})}).stored, qint64(1));
    QCOMPARE(toString(row(u"op_on"_s).state), toString(OperationState::Succeeded));
    QCOMPARE(row(u"op_on"_s).closedBy, u"system:webhook"_s);
    QCOMPARE(audits(u"op_on"_s, u"event.applied"_s), 1);
    QVERIFY(proposalsOf(u"op_on"_s).empty());
}

QTEST_GUILESS_MAIN(TestEventApplier)
#include "tst_eventapplier.moc"
