// Unit tests of Slen flow executions in the simulator: pinned keys, byte-for-byte comparison,
// state derived from the simulator clock, 202/200 replays, failures that keep their key.

#include "support/slentestutil.h"

#include <QTest>

using namespace ops::sim;
using namespace ops::sim::test;

namespace {

QByteArray executeBody(const char *flow)
{
    return QByteArray(R"({"flow":")") + flow +
           R"(","input":{"messages":[{"role":"user","content":"hi"}]},)"
           R"("context":{"operation_id":"op_42"},"execution_mode":"async"})";
}

QString executionPath(const nlohmann::json &body)
{
    return QStringLiteral("/v1/executions/") +
           QString::fromStdString(body["execution_id"].get<std::string>());
}

} // namespace

class TestSlenExecutions : public QObject
{
    Q_OBJECT

private slots:
    void init() { m_f = std::make_unique<Fixture>(); }
    void cleanup() { m_f.reset(); }

    void instantFlow();
    void progression_data();
    void progression();
    void byteForByte_data();
    void byteForByte();
    void errorsBeforeCreationLeaveKeyFree_data();
    void errorsBeforeCreationLeaveKeyFree();
    void invalidFlowInputKeepsKey_data();
    void invalidFlowInputKeepsKey();
    void failureAtEndOfRun();
    void inProgress();
    void stored500();
    void stored500Applied();
    void keysAndExecutionsScopedPerProject();
    void keyPinnedBeyond24h();
    void getUnknownExecution();

private:
    std::unique_ptr<Fixture> m_f;
};

void TestSlenExecutions::instantFlow()
{
    const SimRequest request =
        post(kExecutePath, executeBody("instant"), QByteArray("order-42:email"));
    const SimResponse first = send(*m_f, request);
    QCOMPARE(first.status, 200);
    const auto body = json(first);
    QVERIFY(body["execution_id"].get<std::string>().starts_with("ex_"));
    QCOMPARE(s(body["flow"]), QLatin1String("instant"));
    QCOMPARE(s(body["status"]), QLatin1String("succeeded"));
    QCOMPARE(s(body["execution_mode"]), QLatin1String("async"));
    QCOMPARE(s(body["context"]["operation_id"]), QLatin1String("op_42"));
    QCOMPARE(s(body["result"]["text"]), QLatin1String("hello"));
    QCOMPARE(s(body["replayed"]), QLatin1String("false"));
    QVERIFY(body["finished_at"].is_string());
    QVERIFY(!body.contains("cost")); // billing follows the end of the run

    const SimResponse replay = send(*m_f, request);
    QCOMPARE(replay.status, 200);
    const auto again = json(replay);
    QCOMPARE(s(again["replayed"]), QLatin1String("true"));
    QVERIFY(again["execution_id"] == body["execution_id"]);
    QVERIFY(again["result"] == body["result"]);
    QCOMPARE(n(again["cost"]["actual"]), 7);

    // one run, recorded in the ledger with the operation id from the context
    QCOMPARE(m_f->ledgerSize(), 1);
    const Movement &ran = m_f->world.ledger.movements().front();
    QCOMPARE(ran.kind, QStringLiteral("execution"));
    QCOMPARE(ran.amount, 0);
    QCOMPARE(ran.operationId, QStringLiteral("op_42"));
    QCOMPARE(ran.idempotencyKey, QStringLiteral("order-42:email"));
}

void TestSlenExecutions::progression_data()
{
    // flow "slow": queued 2 s, waiting 3 s, finished after 10 s of simulator time
    QTest::addColumn<qint64>("advance");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("state");
    QTest::addRow("0 s") << qint64(0) << 202 << QStringLiteral("queued");
    QTest::addRow("1 s") << qint64(1) << 202 << QStringLiteral("queued");
    QTest::addRow("2 s") << qint64(2) << 202 << QStringLiteral("waiting");
    QTest::addRow("4 s") << qint64(4) << 202 << QStringLiteral("waiting");
    QTest::addRow("5 s") << qint64(5) << 202 << QStringLiteral("running");
    QTest::addRow("9 s") << qint64(9) << 202 << QStringLiteral("running");
    QTest::addRow("10 s") << qint64(10) << 200 << QStringLiteral("succeeded");
    QTest::addRow("3 days") << qint64(3 * 24 * 3600) << 200 << QStringLiteral("succeeded");
}

void TestSlenExecutions::progression()
{
    QFETCH(qint64, advance);
    QFETCH(int, status);
    QFETCH(QString, state);
    const SimRequest request = post(kExecutePath, executeBody("slow"), QByteArray("job:1:gen"));
    const SimResponse created = send(*m_f, request);
    QCOMPARE(created.status, 202);
    QCOMPARE(s(json(created)["status"]), QLatin1String("queued"));
    QCOMPARE(s(json(created)["replayed"]), QLatin1String("false"));
    QVERIFY(!json(created).contains("result"));

    m_f->world.clock.advance(advance);
    const SimResponse replay = send(*m_f, request);
    QCOMPARE(replay.status, status);
    const auto body = json(replay);
    QCOMPARE(s(body["replayed"]), QLatin1String("true"));
    QCOMPARE(s(body["status"]), state);
    QCOMPARE(body.contains("result"), status == 200);
    QVERIFY(body["execution_id"] == json(created)["execution_id"]);

    // GET shows the same state and is not a replay
    const SimResponse read = send(*m_f, get(executionPath(body)));
    QCOMPARE(read.status, 200);
    QCOMPARE(s(json(read)["status"]), state);
    QVERIFY(!json(read).contains("replayed"));
    QCOMPARE(m_f->ledgerSize(), 1);
}

void TestSlenExecutions::byteForByte_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    const QByteArray base = R"({"flow":"slow","input":{"a":1},"context":{"operation_id":"op_1"}})";
    QTest::addRow("same bytes") << base << 202;
    QTest::addRow("fields reordered")
        << QByteArray(R"({"input":{"a":1},"flow":"slow","context":{"operation_id":"op_1"}})")
        << 409;
    QTest::addRow("extra whitespace")
        << QByteArray(R"({"flow": "slow","input":{"a":1},"context":{"operation_id":"op_1"}})")
        << 409;
    QTest::addRow("other input")
        << QByteArray(R"({"flow":"slow","input":{"a":2},"context":{"operation_id":"op_1"}})")
        << 409;
    QTest::addRow("other context")
        << QByteArray(R"({"flow":"slow","input":{"a":1},"context":{"operation_id":"op_2"}})")
        << 409;
    QTest::addRow("other mode") << QByteArray(R"({"flow":"slow","input":{"a":1},)"
                                              R"("context":{"operation_id":"op_1"},)"
                                              R"("execution_mode":"sync"})")
                                << 409;
    QTest::addRow("other customer") << QByteArray(R"({"flow":"slow","input":{"a":1},)"
                                                  R"("context":{"operation_id":"op_1"},)"
                                                  R"("external_user_id":"u_1"})")
                                    << 409;
    QTest::addRow("invalid body") << QByteArray("{") << 409;
}

void TestSlenExecutions::byteForByte()
{
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    const QByteArray base = R"({"flow":"slow","input":{"a":1},"context":{"operation_id":"op_1"}})";
    QCOMPARE(send(*m_f, post(kExecutePath, base, QByteArray("k1"))).status, 202);
    m_f->world.clock.advance(1);
    const SimResponse response = send(*m_f, post(kExecutePath, body, QByteArray("k1")));
    QCOMPARE(response.status, status);
    if (status == 409)
        QCOMPARE(errorCode(response), QStringLiteral("idempotency_conflict"));
    else
        QCOMPARE(s(json(response)["replayed"]), QLatin1String("true"));
    QCOMPARE(m_f->ledgerSize(), 1);
}

void TestSlenExecutions::errorsBeforeCreationLeaveKeyFree_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::addRow("flow not found")
        << QByteArray(R"({"flow":"nope","input":{}})") << 404 << QStringLiteral("flow_not_found");
    QTest::addRow("not json") << QByteArray("flow=instant") << 400
                              << QStringLiteral("invalid_request");
    QTest::addRow("no flow") << QByteArray(R"({"input":{}})") << 400
                             << QStringLiteral("invalid_request");
    QTest::addRow("no input") << QByteArray(R"({"flow":"instant"})") << 400
                              << QStringLiteral("invalid_request");
    QTest::addRow("input not object") << QByteArray(R"({"flow":"instant","input":"x"})") << 400
                                      << QStringLiteral("invalid_request");
    QTest::addRow("context not object")
        << QByteArray(R"({"flow":"instant","input":{},"context":[1]})") << 400
        << QStringLiteral("invalid_request");
    QTest::addRow("bad mode") << QByteArray(
                                     R"({"flow":"instant","input":{},"execution_mode":"later"})")
                              << 400 << QStringLiteral("invalid_request");
}

void TestSlenExecutions::errorsBeforeCreationLeaveKeyFree()
{
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, code);
    const SimResponse refused = send(*m_f, post(kExecutePath, body, QByteArray("k1")));
    QCOMPARE(refused.status, status);
    QCOMPARE(errorCode(refused), code);
    QCOMPARE(m_f->handler.rememberedKeys(), 0);
    const SimResponse ok = send(*m_f, post(kExecutePath, executeBody("instant"), QByteArray("k1")));
    QCOMPARE(ok.status, 200);
    QCOMPARE(s(json(ok)["replayed"]), QLatin1String("false"));
}

void TestSlenExecutions::invalidFlowInputKeepsKey_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("fixedBody");
    QTest::addRow("required input missing")
        << QByteArray(R"({"flow":"picky","input":{}})")
        << QByteArray(R"({"flow":"picky","input":{"messages":[]}})");
    QTest::addRow("flow refuses input") << QByteArray(R"({"flow":"refuses","input":{}})")
                                        << QByteArray(R"({"flow":"instant","input":{}})");
}

void TestSlenExecutions::invalidFlowInputKeepsKey()
{
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, fixedBody);
    const SimResponse refused = send(*m_f, post(kExecutePath, body, QByteArray("k1")));
    QCOMPARE(refused.status, 422);
    QCOMPARE(errorCode(refused), QStringLiteral("invalid_flow_input"));
    const auto id = json(refused)["error"]["execution_id"];
    QVERIFY(id.is_string());

    const SimResponse replay = send(*m_f, post(kExecutePath, body, QByteArray("k1")));
    QCOMPARE(replay.status, 200);
    const auto closed = json(replay);
    QCOMPARE(s(closed["replayed"]), QLatin1String("true"));
    QVERIFY(closed["execution_id"] == id);
    QCOMPARE(s(closed["status"]), QLatin1String("failed"));
    QCOMPARE(s(closed["error_code"]), QLatin1String("invalid_flow_input"));

    // the failed execution keeps its key: a corrected request needs a new one
    const SimResponse corrected = send(*m_f, post(kExecutePath, fixedBody, QByteArray("k1")));
    QCOMPARE(corrected.status, 409);
    QCOMPARE(errorCode(corrected), QStringLiteral("idempotency_conflict"));
    QCOMPARE(send(*m_f, post(kExecutePath, fixedBody, QByteArray("k2"))).status, 200);
}

void TestSlenExecutions::failureAtEndOfRun()
{
    const SimRequest request = post(kExecutePath, executeBody("breaks"), QByteArray("k1"));
    const SimResponse created = send(*m_f, request);
    QCOMPARE(created.status, 202);
    QCOMPARE(s(json(created)["status"]), QLatin1String("running"));
    m_f->world.clock.advance(5);
    const SimResponse done = send(*m_f, request);
    QCOMPARE(done.status, 200);
    QCOMPARE(s(json(done)["status"]), QLatin1String("failed"));
    QCOMPARE(s(json(done)["error_code"]), QLatin1String("model_error"));
    QVERIFY(!json(done).contains("result"));
}

void TestSlenExecutions::inProgress()
{
    const SimRequest request = post(kExecutePath, executeBody("instant"), QByteArray("k1"));
    Admission first;
    QVERIFY(!m_f->handler.admit(request, first));
    Admission second;
    const auto busy = m_f->handler.admit(request, second);
    QVERIFY(busy);
    QCOMPARE(busy->status, 409);
    QCOMPARE(errorCode(*busy), QStringLiteral("idempotency_in_progress"));
    QCOMPARE(m_f->handler.execute(request, first, {}).status, 200);
    QCOMPARE(s(json(send(*m_f, request))["replayed"]), QLatin1String("true"));
    QCOMPARE(m_f->ledgerSize(), 1);
}

void TestSlenExecutions::stored500()
{
    Fault fault;
    fault.mode = FaultMode::Stored500;
    const SimRequest request = post(kExecutePath, executeBody("instant"), QByteArray("k1"));
    QCOMPARE(send(*m_f, request, fault).status, 500);
    QCOMPARE(m_f->ledgerSize(), 0); // no execution exists, so the key stays free
    const SimResponse retry = send(*m_f, request);
    QCOMPARE(retry.status, 200);
    QCOMPARE(s(json(retry)["replayed"]), QLatin1String("false"));
}

void TestSlenExecutions::stored500Applied()
{
    Fault fault;
    fault.mode = FaultMode::Stored500Applied;
    const SimRequest request = post(kExecutePath, executeBody("slow"), QByteArray("k1"));
    const SimResponse failed = send(*m_f, request, fault);
    QCOMPARE(failed.status, 500);
    QCOMPARE(errorCode(failed), QStringLiteral("internal_error"));
    QCOMPARE(m_f->ledgerSize(), 1);
    const SimResponse retry = send(*m_f, request);
    QCOMPARE(retry.status, 202);
    QCOMPARE(s(json(retry)["replayed"]), QLatin1String("true"));
    QCOMPARE(m_f->ledgerSize(), 1);
}

void TestSlenExecutions::keysAndExecutionsScopedPerProject()
{
    const QByteArray body = executeBody("slow");
    const SimResponse alpha = send(*m_f, post(kExecutePath, body, QByteArray("shared")));
    const SimResponse beta = send(*m_f, post(kExecutePath, body, QByteArray("shared"), kBetaKey));
    QCOMPARE(alpha.status, 202);
    QCOMPARE(beta.status, 202);
    QCOMPARE(s(json(beta)["replayed"]), QLatin1String("false"));
    QVERIFY(json(alpha)["execution_id"] != json(beta)["execution_id"]);
    QCOMPARE(m_f->ledgerSize(), 2);

    const SimResponse hidden = send(*m_f, get(executionPath(json(alpha)), kBetaKey));
    QCOMPARE(hidden.status, 404);
    QCOMPARE(errorCode(hidden), QStringLiteral("execution_not_found"));
}

void TestSlenExecutions::keyPinnedBeyond24h()
{
    const SimRequest request = post(kExecutePath, executeBody("instant"), QByteArray("k1"));
    const auto first = json(send(*m_f, request));
    m_f->world.clock.advance(25 * 3600);
    const SimResponse replay = send(*m_f, request);
    QCOMPARE(replay.status, 200);
    QVERIFY(json(replay)["execution_id"] == first["execution_id"]);
    QCOMPARE(s(json(replay)["replayed"]), QLatin1String("true"));
    QCOMPARE(send(*m_f, post(kExecutePath, executeBody("slow"), QByteArray("k1"))).status, 409);
    QCOMPARE(m_f->ledgerSize(), 1);
}

void TestSlenExecutions::getUnknownExecution()
{
    const SimResponse missing = send(*m_f, get(QStringLiteral("/v1/executions/ex_missing")));
    QCOMPARE(missing.status, 404);
    QCOMPARE(errorCode(missing), QStringLiteral("execution_not_found"));
}

QTEST_GUILESS_MAIN(TestSlenExecutions)
#include "tst_slenexecutions.moc"
