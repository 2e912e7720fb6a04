// An agent's limits where its refunds open (issue 27 items 3 and 4, DESIGN §13): over a limit the
// row is held awaiting_approval and nothing reaches the provider; over the rate nothing is stored;
// a supervisor's approval sends the stored request through the operator resend (four-eyes above
// the threshold), a rejection closes it failed. Real provider-sim over loopback, real SQLite file
// and, as tst_agentlimits_pg, PostgreSQL; the 24 h window and the second run on the test clock.
// On PostgreSQL each actor logs in as itself (refundharness.h, issue 50): the engine and the 16
// callers as the agent's login (an ops_agent login that names the agent "bot" it runs for, as
// the MCP HTTP server does, so migration 0013 checks bot's limits too), alice and bob as theirs.

#include "refundharness.h"
#include "storage/access/accessstore.h"
#include "storage/db/sqlconnection.h"
#include "storage/operations/closeapproval.h"
#include "support/onthreads.h"

#include <QSqlQuery>
#include <QTest>
#include <mutex>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test::refund;
using nlohmann::json;

namespace {

const QString kBot = u"agent:bot:test:1"_s;
// The people (rolesfixture.h): alice and bob supervise, carol supports.
const QString kAlice = u"alice"_s;
const QString kBob = u"bob"_s;
const QString kCarol = u"carol"_s;

using test::personActorOf;
using test::personName;

AgentLimits limits(std::optional<qint64> maxUsd, std::optional<qint64> dailyUsd,
                   std::optional<int> rate = {})
{
    AgentLimits l;
    if (maxUsd)
        l.maxRefund = Money{*maxUsd, u"usd"_s};
    if (dailyUsd)
        l.daily = Money{*dailyUsd, u"usd"_s};
    l.ratePerSecond = rate;
    return l;
}

qint64 scalar(OperationStore &store, const QString &sql)
{
    QSqlQuery q(connectionOf(store));
    if (!q.exec(sql) || !q.next())
        return -1;
    return q.value(0).toLongLong();
}

// A refund row of the bot's as the engine builds it, for the store-level cases.
NewOperation botOperation(const QString &id, const QString &order, qint64 amount)
{
    NewOperation op;
    op.id = id;
    op.unitOfWork = u"%1|%2|usd"_s.arg(order).arg(amount);
    op.orderId = order;
    op.chargeId = u"ch_"_s + order;
    op.amount = {amount, u"usd"_s};
    op.idempotencyKey = u"key-"_s + id;
    op.request = {"POST", u"/v1/refunds"_s, "id=" + id.toUtf8(),
                  "application/x-www-form-urlencoded"};
    op.createdBy = kBot;
    op.agent = u"bot"_s;
    return op;
}

// alice adds the agent "bot" with `l`.
void addBot(test::RolesFixture &f, const AgentLimits &l)
{
    f.sessionAs(kAlice).access().addAgent(personActorOf(kAlice), u"bot"_s, l);
}

ToolResult botRefund(Harness &h, const QString &order, const QString &charge, qint64 amount,
                     const QString &currency = u"usd"_s)
{
    return h.engine->refund({order, charge, amount, currency}, kBot);
}

} // namespace

class TestAgentLimits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void perRefund_holdsTheRowSendsNothingAndAnswersItsRepeat();
    void perRefund_anotherCurrencyIsHeld();
    void daily_countsSucceededAndLiveRefundsOnly();
    void rate_rejectsWithRetryAfterAndStoresNothing();
    void revokedAgent_isRejectedWithNothingStored();
    void approve_sendsTheStoredRequestWithItsKey();
    void approve_aboveTheThresholdTakesASecondSupervisor();
    void approveAndReject_areRefusedWithoutTheApproveRight();
    void reject_closesFailedWithTheReason();
    void concurrentCalls_cannotOverrunTheDailyLimit();
};

void TestAgentLimits::initTestCase()
{
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAgentLimits::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAgentLimits::perRefund_holdsTheRowSendsNothingAndAnswersItsRepeat()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    addBot(h.fixture, limits(1000, {}));

    const ToolResult held = botRefund(h, u"7001"_s, u"ch_1002"_s, 1500);
    const json j = held.toJson();
    QCOMPARE(status(held), u"needs_approval"_s);
    QCOMPARE(str(j["note"]), u"A person must approve this refund. Tell the customer it is being "
                             "reviewed; do not say it is done."_s);
    QCOMPARE(j.size(), 3u); // status, operation_id, note
    const Operation row = *h.fixture.agent().operation(held.operationId);
    QCOMPARE(toString(row.state), toString(OperationState::AwaitingApproval));
    QCOMPARE(row.hold, u"max_refund"_s);
    QCOMPARE(row.agent, u"bot"_s);
    QCOMPARE(row.attempts + row.operatorAttempts, 0);
    QVERIFY(!row.deadline); // the key's window starts with its first send
    QCOMPARE(h.refundPosts().size(), 0u);

    // The same unit again: the row as it is, nothing new stored or sent.
    const ToolResult again = botRefund(h, u"7001"_s, u"ch_1002"_s, 1500);
    QCOMPARE(status(again), u"needs_approval"_s);
    QCOMPARE(again.operationId, held.operationId);
    QCOMPARE(scalar(h.fixture.agent(), u"SELECT COUNT(*) FROM operations"_s), 1);
    QCOMPARE(h.refundPosts().size(), 0u);

    // Within the limit the agent refunds alone.
    QCOMPARE(status(botRefund(h, u"7002"_s, u"ch_1002"_s, 1000)), u"refunded"_s);
    const auto opened = h.audit(held.operationId, u"operation.opened"_s);
    QCOMPARE(opened.size(), 1u);
    QVERIFY2(opened.at(0).detail.contains(u"\"hold\":\"max_refund\""_s),
             qPrintable(opened.at(0).detail));
}

void TestAgentLimits::perRefund_anotherCurrencyIsHeld()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    addBot(h.fixture, limits(1000, {}));
    // No rate converts 500 EUR into the USD limit: a person decides.
    const ToolResult r = botRefund(h, u"7003"_s, u"ch_eur"_s, 500, u"eur"_s);
    QCOMPARE(status(r), u"needs_approval"_s);
    QCOMPARE(h.fixture.agent().operation(r.operationId)->hold, u"max_refund"_s);
    QCOMPARE(h.refundPosts().size(), 0u);
}

void TestAgentLimits::daily_countsSucceededAndLiveRefundsOnly()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    OperationStore &store = h.fixture.agent();
    addBot(h.fixture, limits({}, 3000));

    // A refund of the agent's that failed moved nothing: it does not count.
    const OpenResult failed = store.openOrGet(botOperation(u"op_failed"_s, u"x"_s, 2500));
    QCOMPARE(toString(failed.operation.state), toString(OperationState::Open));
    QVERIFY(store.closeFailed(failed.operation.id, u"expired_or_canceled_card"_s, kBot,
                              u"provider refused"_s));
    QCOMPARE(status(botRefund(h, u"a"_s, u"ch_1002"_s, 2000)), u"refunded"_s);

    const ToolResult over = botRefund(h, u"b"_s, u"ch_1002"_s, 1500); // 3500 > 3000
    QCOMPARE(status(over), u"needs_approval"_s);
    QCOMPARE(store.operation(over.operationId)->hold, u"daily"_s);
    // The held 1500 was not sent, so it does not count: 2000 + 1000 = 3000 is allowed.
    QCOMPARE(status(botRefund(h, u"c"_s, u"ch_1002"_s, 1000)), u"refunded"_s);
    QCOMPARE(status(botRefund(h, u"d"_s, u"ch_1001"_s, 1)), u"needs_approval"_s);

    // 24 hours after the first refund it leaves the window.
    h.fixture.clock().advanceSecs(24 * 3600 + 1);
    QCOMPARE(status(botRefund(h, u"f"_s, u"ch_1001"_s, 2000)), u"refunded"_s);
    QCOMPARE(h.refundPosts().size(), 3u);
}

void TestAgentLimits::rate_rejectsWithRetryAfterAndStoresNothing()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    OperationStore &store = h.fixture.agent();
    addBot(h.fixture, limits({}, {}, 2));

    QCOMPARE(status(botRefund(h, u"r1"_s, u"ch_1002"_s, 100)), u"refunded"_s);
    h.fixture.clock().advanceMs(300);
    QCOMPARE(status(botRefund(h, u"r2"_s, u"ch_1002"_s, 100)), u"refunded"_s);
    h.fixture.clock().advanceMs(100);
    const qint64 auditBefore = scalar(store, u"SELECT COUNT(*) FROM audit"_s);
    const ToolResult limited = botRefund(h, u"r3"_s, u"ch_1002"_s, 100);
    const json j = limited.toJson();
    QCOMPARE(status(limited), u"rejected"_s);
    QCOMPARE(str(j["error"]["code"]), u"rate_limited"_s);
    QCOMPARE(j["error"]["retry_after_ms"].get<qint64>(), 600); // the first call leaves the second
    QCOMPARE(scalar(store, u"SELECT COUNT(*) FROM operations"_s), 2);
    QCOMPARE(scalar(store, u"SELECT COUNT(*) FROM audit"_s), auditBefore);
    QCOMPARE(h.refundPosts().size(), 2u);

    // A call for a row that exists opens nothing and is not limited by the rate.
    QCOMPARE(status(botRefund(h, u"r1"_s, u"ch_1002"_s, 100)), u"refunded"_s);
    h.fixture.clock().advanceMs(600);
    QCOMPARE(status(botRefund(h, u"r3"_s, u"ch_1002"_s, 100)), u"refunded"_s);
}

void TestAgentLimits::revokedAgent_isRejectedWithNothingStored()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    OperationStore &store = h.fixture.agent();
    addBot(h.fixture, {});
    h.fixture.sessionAs(kAlice).access().revokeAgent(personActorOf(kAlice), u"bot"_s);
    const ToolResult r = botRefund(h, u"v1"_s, u"ch_1002"_s, 100);
    QCOMPARE(status(r), u"rejected"_s);
    QCOMPARE(str(r.toJson()["error"]["code"]), u"agent_revoked"_s);
    QCOMPARE(scalar(store, u"SELECT COUNT(*) FROM operations"_s), 0);
    QCOMPARE(h.refundPosts().size(), 0u);
}

void TestAgentLimits::approve_sendsTheStoredRequestWithItsKey()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    OperationStore &store = h.fixture.agent();
    addBot(h.fixture, limits(1000, {}));
    const ToolResult held = botRefund(h, u"7101"_s, u"ch_1002"_s, 1500);
    const Operation before = *store.operation(held.operationId);

    const ToolResult sent = h.resend(held.operationId, kAlice);
    QCOMPARE(status(sent), u"refunded"_s);
    QVERIFY(h.transport->violations.isEmpty());
    const json posts = h.refundPosts();
    QCOMPARE(posts.size(), 1u);
    QCOMPARE(bytes(posts.at(0)["body"]), before.request.body);
    QCOMPARE(str(posts.at(0)["idempotency_key"]), before.idempotencyKey);
    const Operation after = *store.operation(held.operationId);
    QCOMPARE(toString(after.state), toString(OperationState::Succeeded));
    QCOMPARE(after.operatorAttempts, 1);
    QCOMPARE(h.audit(held.operationId, u"agent_request.approved"_s).size(), 1u);
    QCOMPARE(h.audit(held.operationId, u"agent_request.approved"_s).at(0).actor,
             personActorOf(kAlice));
    // The agent's status call now reads the refund.
    QCOMPARE(status(botRefund(h, u"7101"_s, u"ch_1002"_s, 1500)), u"refunded"_s);
}

void TestAgentLimits::approve_aboveTheThresholdTakesASecondSupervisor()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    OperationStore &store = h.fixture.agent();
    addBot(h.fixture, limits(1000, {}));
    h.fixture.sessionAs(kAlice).access().setApprovalThreshold(personActorOf(kAlice), u"usd"_s,
                                                              1200);
    const ToolResult held = botRefund(h, u"7201"_s, u"ch_1002"_s, 1500);

    const ToolResult first = h.resend(held.operationId, kAlice);
    QCOMPARE(str(first.toJson()["error"]["code"]), u"awaiting_approval"_s);
    QCOMPARE(toString(store.operation(held.operationId)->state),
             toString(OperationState::AwaitingApproval));
    QCOMPARE(h.refundPosts().size(), 0u);
    const auto pending = h.fixture.agentSession().access().approvals(ApprovalState::Pending);
    QCOMPARE(pending.size(), 1u);
    QCOMPARE(pending.at(0).operationId, held.operationId);

    approveRequest(h.fixture.as(kBob), pending.at(0).id, personActorOf(kBob), {});
    QCOMPARE(status(h.resend(held.operationId, kAlice)), u"refunded"_s);
    QCOMPARE(h.refundPosts().size(), 1u);
}

void TestAgentLimits::approveAndReject_areRefusedWithoutTheApproveRight()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    OperationStore &store = h.fixture.agent();
    addBot(h.fixture, limits(1000, {}));
    const ToolResult held = botRefund(h, u"7301"_s, u"ch_1002"_s, 1500);
    QVERIFY_THROWS_EXCEPTION(ActionRefused, h.resend(held.operationId, kCarol));
    QVERIFY_THROWS_EXCEPTION(ActionRefused, h.fixture.as(kCarol).rejectAgentRequest(
                                                held.operationId, personActorOf(kCarol), u"no"_s));
    QVERIFY_THROWS_EXCEPTION(ActionRefused, h.fixture.as(kAlice).rejectAgentRequest(
                                                held.operationId, personActorOf(kAlice), u"  "_s));
    const Operation row = *store.operation(held.operationId);
    QCOMPARE(toString(row.state), toString(OperationState::AwaitingApproval));
    QCOMPARE(row.operatorAttempts, 0);
    QCOMPARE(h.refundPosts().size(), 0u);
}

void TestAgentLimits::reject_closesFailedWithTheReason()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    OperationStore &store = h.fixture.agent();
    addBot(h.fixture, limits(1000, {}));
    const ToolResult held = botRefund(h, u"7401"_s, u"ch_1002"_s, 1500);
    OperationStore &alice = h.fixture.as(kAlice);
    QVERIFY(alice.rejectAgentRequest(held.operationId, personActorOf(kAlice),
                                     u"customer already credited"_s));
    const Operation row = *store.operation(held.operationId);
    QCOMPARE(toString(row.state), toString(OperationState::Failed));
    QCOMPARE(row.failureCode, u"rejected"_s);
    QCOMPARE(row.closedBy, personActorOf(kAlice));
    QCOMPARE(row.closeReason,
             u"rejected by %1: customer already credited"_s.arg(personName(kAlice)));
    QCOMPARE(h.audit(held.operationId, u"agent_request.rejected"_s).size(), 1u);
    // Decided: a second rejection changes nothing.
    QVERIFY(!alice.rejectAgentRequest(held.operationId, personActorOf(kAlice), u"again"_s));
    const json j = h.resend(held.operationId, kAlice).toJson();
    QCOMPARE(str(j["status"]), u"failed"_s); // a final row is not sent
    QCOMPARE(h.refundPosts().size(), 0u);
}

void TestAgentLimits::concurrentCalls_cannotOverrunTheDailyLimit()
{
    // 16 callers of one agent at once, each with its own connection, each asking 1000 of a
    // 5000 daily limit for its own order: exactly five open, the other eleven are held.
    test::RolesFixture fx;
    addBot(fx, limits({}, 5000));
    constexpr int kCallers = 16;
    std::mutex mutex;
    std::vector<OpenResult> results;
    const QStringList errors =
        test::onThreads(fx.agentLocation(), kCallers, [&](Connection &db, int i) {
            OperationStore store(db, fx.clock());
            const NewOperation op = botOperation(u"op_c%1"_s.arg(i), u"order-%1"_s.arg(i), 1000);
            const OpenResult r = store.openOrGet(op);
            std::lock_guard lock(mutex);
            results.push_back(r);
        });
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(u"; "_s)));
    QCOMPARE(int(results.size()), kCallers);
    const auto inState = [&](OperationState s) {
        return std::count_if(results.begin(), results.end(),
                             [s](const OpenResult &r) { return r.operation.state == s; });
    };
    QCOMPARE(inState(OperationState::Open), 5);
    QCOMPARE(inState(OperationState::AwaitingApproval), 11);
    QCOMPARE(scalar(fx.agent(), u"SELECT COALESCE(SUM(amount_minor), 0) FROM operations WHERE "
                                "state = 'open'"_s),
             5000);
}

QTEST_GUILESS_MAIN(TestAgentLimits)
#include "tst_agentlimits.moc"
