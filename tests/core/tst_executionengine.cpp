// Flow executions against the real provider-sim over loopback HTTP, on real SQLite files (or
// PostgreSQL, where the engine logs in as the agent: issue 50): finished, running, refused and
// conflicting executions.

#include "support/slenenginefixture.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;
using ops::test::field;
using ops::test::status;
using ops::test::str;
using Harness = ops::test::SlenEngineHarness;

class TestExecutionEngine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void execution_finishesAtOnce();
    void execution_runningIsCompletedByALaterCall();
    void execution_errorBeforeCreationFailsAndKeepsTheWorkName();
    void execution_invalidFlowInputFailsWithTheExecution();
    void execution_fieldsInAnotherOrderAreAConflict();
    void execution_conflictAtTheProviderGoesToAPerson();
    void execution_outcomes_data();
    void execution_outcomes();
    void execution_badInputStoresAndSendsNothing_data();
    void execution_badInputStoresAndSendsNothing();
};

void TestExecutionEngine::initTestCase()
{
    const QString error = ops::test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestExecutionEngine::cleanupTestCase()
{
    const QString error = ops::test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestExecutionEngine::execution_finishesAtOnce()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult r =
        h.execute(u"generate_email"_s, {{"to", "a@example.com"}}, u"order-42:email"_s);
    QCOMPARE(status(r), u"succeeded"_s);
    QVERIFY(r.executionId.startsWith(u"ex_"_s));
    const Operation op = h.row(r.operationId);
    QCOMPARE(toString(op.state), toString(OperationState::Succeeded));
    QCOMPARE(op.providerRef, r.executionId);
    const json ledger = h.movements();
    QCOMPARE(ledger.size(), size_t(1));
    QCOMPARE(str(ledger[0]["operation_id"]), op.id); // rule 10: context.operation_id
    const ToolResult again =
        h.execute(u"generate_email"_s, {{"to", "a@example.com"}}, u"order-42:email"_s);
    QCOMPARE(again.operationId, r.operationId);
    QCOMPARE(status(again), u"succeeded"_s);
    QCOMPARE(h.posts().size(), size_t(1));
}

void TestExecutionEngine::execution_runningIsCompletedByALaterCall()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult first = h.execute(u"slow_report"_s, {{"month", "2026-11"}}, u"report:11"_s);
    QVERIFY2(status(first) == u"queued"_s || status(first) == u"running"_s,
             first.toJson().dump().c_str());
    QVERIFY(first.executionId.startsWith(u"ex_"_s));
    const Operation open = h.row(first.operationId);
    QCOMPARE(toString(open.state), toString(OperationState::Open));
    QCOMPARE(open.providerRef, first.executionId);
    QVERIFY(!open.providerStatus.isEmpty());
    QCOMPARE(h.fixture.agent().attempts(open.id).size(), size_t(1));

    h.sim.advanceClock(31);
    const ToolResult done = h.execute(u"slow_report"_s, {{"month", "2026-11"}}, u"report:11"_s);
    QCOMPARE(status(done), u"succeeded"_s);
    QCOMPARE(done.operationId, first.operationId);
    QCOMPARE(done.executionId, first.executionId);
    QCOMPARE(toString(h.row(first.operationId).state), toString(OperationState::Succeeded));
    QCOMPARE(h.posts().size(), size_t(1)); // moved on with GET /v1/executions/{id}
    QCOMPARE(h.fixture.agent().attempts(open.id).size(), size_t(1));
}

void TestExecutionEngine::execution_errorBeforeCreationFailsAndKeepsTheWorkName()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult r = h.execute(u"no_such_flow"_s, json::object(), u"job:3:run"_s);
    QCOMPARE(status(r), u"failed"_s);
    QCOMPARE(r.reason, u"flow_not_found"_s);
    QCOMPARE(field(r, "note"), QString::fromLatin1(kExecutionFailedNote));
    // The provider left the key free, our row keeps it: the same call is answered from the row.
    const ToolResult again = h.execute(u"no_such_flow"_s, json::object(), u"job:3:run"_s);
    QCOMPARE(again.operationId, r.operationId);
    QCOMPARE(status(again), u"failed"_s);
    QCOMPARE(h.posts().size(), size_t(1));
    // A new work name is a new operation.
    QCOMPARE(status(h.execute(u"generate_email"_s, json::object(), u"job:3:run-2"_s)),
             u"succeeded"_s);
}

void TestExecutionEngine::execution_invalidFlowInputFailsWithTheExecution()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult r = h.execute(u"broken_flow"_s, {{"x", 1}}, u"job:4:run"_s);
    QCOMPARE(status(r), u"failed"_s);
    QCOMPARE(r.reason, u"invalid_flow_input"_s);
    QVERIFY(r.executionId.startsWith(u"ex_"_s));
    QCOMPARE(toString(h.row(r.operationId).state), toString(OperationState::Failed));
}

void TestExecutionEngine::execution_fieldsInAnotherOrderAreAConflict()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const ToolResult r = h.execute(u"generate_email"_s, {{"a", 1}, {"b", 2}}, u"job:6:email"_s);
    QCOMPARE(status(r), u"succeeded"_s);
    const Operation op = h.row(r.operationId);
    json body = json::parse(op.request.body.toStdString());
    // Same fields, another order: another request for Slen.
    nlohmann::ordered_json reordered = {{"execution_mode", body["execution_mode"]},
                                        {"context", body["context"]},
                                        {"input", body["input"]},
                                        {"flow", body["flow"]}};
    const QByteArray bytes = QByteArray::fromStdString(reordered.dump());
    QVERIFY(bytes != op.request.body);
    const auto headers = ops::test::HeaderList{{"Authorization", "Bearer sk_test_demo"},
                                               {"Content-Type", "application/json"},
                                               {"Idempotency-Key", op.idempotencyKey.toUtf8()}};
    const auto conflict = h.sim.request("POST", u"/v1/operations/execute"_s, bytes, headers);
    QCOMPARE(conflict.status, 409);
    QVERIFY(conflict.body.contains("idempotency_conflict"));
    // The stored bytes replay.
    const auto replay =
        h.sim.request("POST", u"/v1/operations/execute"_s, op.request.body, headers);
    QCOMPARE(replay.status, 200);
    QVERIFY(replay.body.contains("\"replayed\":true"));
}

void TestExecutionEngine::execution_conflictAtTheProviderGoesToAPerson()
{
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    const auto raw = h.sim.request("POST", u"/v1/operations/execute"_s,
                                   R"({"input":{},"flow":"generate_email"})",
                                   {{"Authorization", "Bearer sk_test_demo"},
                                    {"Content-Type", "application/json"},
                                    {"Idempotency-Key", "job:8:email"}});
    QCOMPARE(raw.status, 200);
    const ToolResult r = h.execute(u"generate_email"_s, json::object(), u"job:8:email"_s);
    QCOMPARE(status(r), u"checking"_s);
    QCOMPARE(field(r, "note"), QString::fromLatin1(kExecutionCheckingNote));
}

void TestExecutionEngine::execution_outcomes_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<int>("posts");
    QTest::addRow("503 backs off") << u"503"_s << u"succeeded"_s << 2;
    QTest::addRow("timeout after commit replays") << u"commit_then_hang"_s << u"succeeded"_s << 2;
    QTest::addRow("500 is unknown") << u"stored_500"_s << u"checking"_s << 1;
}

void TestExecutionEngine::execution_outcomes()
{
    QFETCH(QString, mode);
    QFETCH(QString, expected);
    QFETCH(int, posts);
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    h.fault("POST /v1/operations/execute", mode.toUtf8().constData(), 1);
    const ToolResult r = h.execute(u"generate_email"_s, json::object(), u"job:9:email"_s);
    QCOMPARE(status(r), expected);
    QCOMPARE(int(h.posts().size()), posts);
    QVERIFY(h.movements().size() <= 1);
}

void TestExecutionEngine::execution_badInputStoresAndSendsNothing_data()
{
    QTest::addColumn<QString>("flow");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("context");
    QTest::addColumn<QString>("mode");
    QTest::addRow("input is an array")
        << u"generate_email"_s << QByteArray("[]") << QByteArray() << u"sync"_s;
    QTest::addRow("context is a string")
        << u"generate_email"_s << QByteArray("{}") << QByteArray(R"("x")") << u"sync"_s;
    QTest::addRow("context claims operation_id")
        << u"generate_email"_s << QByteArray("{}") << QByteArray(R"({"operation_id":"op_x"})")
        << u"sync"_s;
    QTest::addRow("unknown mode") << u"generate_email"_s << QByteArray("{}") << QByteArray()
                                  << u"later"_s;
    QTest::addRow("empty flow") << QString() << QByteArray("{}") << QByteArray() << u"sync"_s;
    QTest::addRow("flow with spaces")
        << u"generate email"_s << QByteArray("{}") << QByteArray() << u"sync"_s;
    QTest::addRow("oversized input")
        << u"generate_email"_s
        << QByteArray(R"({"text":")") + QByteArray(ExecutionEngine::kMaxInputBytes, 'a') + "\"}"
        << QByteArray() << u"sync"_s;
}

void TestExecutionEngine::execution_badInputStoresAndSendsNothing()
{
    QFETCH(QString, flow);
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, context);
    QFETCH(QString, mode);
    Harness h;
    QVERIFY2(h.start(), qPrintable(h.sim.error()));
    ExecutionInput in;
    in.flow = flow;
    in.input = json::parse(input.toStdString());
    if (!context.isEmpty())
        in.context = json::parse(context.toStdString());
    in.mode = mode;
    in.workName = u"job:10:run"_s;
    const ToolResult r = h.executions->execute(in, u"agent:toolu_01"_s);
    QCOMPARE(status(r), u"rejected"_s);
    QCOMPARE(h.rows(), 0);
    QCOMPARE(h.sim.requests()["requests"].size(), size_t(0));
}

QTEST_GUILESS_MAIN(TestExecutionEngine)
#include "tst_executionengine.moc"
