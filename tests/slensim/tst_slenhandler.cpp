// Unit tests of the Slen simulator's pure logic: authentication, Idempotency-Key rules and
// credit movements, driven straight through SlenHandler::admit()/execute()/abandon().

#include "support/slentestutil.h"

#include <QTest>

using namespace ops::sim;
using namespace ops::sim::test;

namespace {

const QByteArray kTopup100 =
    QByteArrayLiteral(R"({"credit_type":"credits","amount":100,"note":"op_7"})");

} // namespace

class TestSlenHandler : public QObject
{
    Q_OBJECT

private slots:
    void init() { m_f = std::make_unique<Fixture>(); }
    void cleanup() { m_f.reset(); }

    void matchesOnlySlenRoutes();
    void routing_data();
    void routing();
    void unauthenticated_data();
    void unauthenticated();
    void keyRequired_data();
    void keyRequired();
    void keyLength_data();
    void keyLength();
    void movementSucceeds();
    void movementValidationLeavesKeyFree_data();
    void movementValidationLeavesKeyFree();
    void replayWithin24h();
    void conflictWithin24h_data();
    void conflictWithin24h();
    void afterWindow_data();
    void afterWindow();
    void rejectedMovementIsNotStored();
    void unknownCustomerIsNotStored();
    void inProgress();
    void abandonFreesKey();
    void keysScopedPerProject();
    void stored500_data();
    void stored500();
    void forgetKey();
    void getCustomer();
    void requestIdOnEveryResponse();
    void memoryBounded();

private:
    std::unique_ptr<Fixture> m_f;
};

void TestSlenHandler::matchesOnlySlenRoutes()
{
    QVERIFY(m_f->handler.matches(post(topupPath(), {}, {})));
    QVERIFY(m_f->handler.matches(post(kExecutePath, {}, {})));
    QVERIFY(m_f->handler.matches(get(QStringLiteral("/v1/executions/ex_1"))));
    QVERIFY(!m_f->handler.matches(post(QStringLiteral("/v1/refunds"), {}, {})));
    QVERIFY(!m_f->handler.matches(get(QStringLiteral("/_sim/ledger"))));
}

void TestSlenHandler::routing_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::addRow("GET on topup") << QByteArray("GET") << topupPath() << 405
                                  << QStringLiteral("method_not_allowed");
    QTest::addRow("POST on customer") << QByteArray("POST") << QStringLiteral("/v1/customers/u_1")
                                      << 405 << QStringLiteral("method_not_allowed");
    QTest::addRow("unknown movement")
        << QByteArray("POST") << QStringLiteral("/v1/customers/u_1/refund") << 404
        << QStringLiteral("not_found");
    QTest::addRow("empty customer") << QByteArray("GET") << QStringLiteral("/v1/customers/") << 404
                                    << QStringLiteral("not_found");
}

void TestSlenHandler::routing()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(int, status);
    QFETCH(QString, code);
    SimRequest request = post(path, kTopup100, QByteArray("k1"));
    request.method = method;
    const SimResponse response = send(*m_f, request);
    QCOMPARE(response.status, status);
    QCOMPARE(errorCode(response), code);
}

void TestSlenHandler::unauthenticated_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("authorization");
    const QByteArray post = "POST";
    const QByteArray get = "GET";
    QTest::addRow("topup, no header") << post << topupPath() << QByteArray();
    QTest::addRow("topup, unknown key") << post << topupPath() << QByteArray("Bearer sk_nope");
    QTest::addRow("execute, empty bearer") << post << kExecutePath << QByteArray("Bearer ");
    QTest::addRow("customer, wrong scheme")
        << get << QStringLiteral("/v1/customers/u_1") << QByteArray("Token sk_test_alpha");
    QTest::addRow("execution, no header")
        << get << QStringLiteral("/v1/executions/ex_1") << QByteArray();
}

void TestSlenHandler::unauthenticated()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(QByteArray, authorization);
    SimRequest request = post(path, kTopup100, QByteArray("k1"));
    request.method = method;
    request.headers.remove("authorization");
    if (!authorization.isEmpty())
        request.headers.insert("authorization", authorization);
    const SimResponse response = send(*m_f, request);
    QCOMPARE(response.status, 401);
    QCOMPARE(errorCode(response), QStringLiteral("unauthorized"));
    QVERIFY(json(response)["error"].contains("request_id"));
    QCOMPARE(m_f->ledgerSize(), 0);
    QCOMPARE(m_f->balance(QStringLiteral("alpha"), QStringLiteral("u_1")), 1000);
}

void TestSlenHandler::keyRequired_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<std::optional<QByteArray>>("key");
    const QByteArray exec = R"({"flow":"instant","input":{}})";
    QTest::addRow("topup, no header") << topupPath() << kTopup100 << std::optional<QByteArray>();
    QTest::addRow("topup, empty") << topupPath() << kTopup100 << std::optional(QByteArray());
    QTest::addRow("topup, blank") << topupPath() << kTopup100 << std::optional(QByteArray("  "));
    QTest::addRow("execute, no header") << kExecutePath << exec << std::optional<QByteArray>();
    QTest::addRow("execute, empty") << kExecutePath << exec << std::optional(QByteArray());
}

void TestSlenHandler::keyRequired()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QFETCH(std::optional<QByteArray>, key);
    const SimResponse response = send(*m_f, post(path, body, key));
    QCOMPARE(response.status, 400);
    QCOMPARE(errorCode(response), QStringLiteral("idempotency_key_required"));
    QCOMPARE(m_f->ledgerSize(), 0);
    QCOMPARE(m_f->handler.rememberedKeys(), 0);
}

void TestSlenHandler::keyLength_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("key");
    QTest::addColumn<int>("status");
    const QByteArray exec = R"({"flow":"instant","input":{}})";
    const QByteArray cyr = QStringLiteral("ж").toUtf8(); // two UTF-8 bytes, one character
    QTest::addRow("topup, 190") << topupPath() << kTopup100 << QByteArray(190, 'k') << 200;
    QTest::addRow("topup, 191") << topupPath() << kTopup100 << QByteArray(191, 'k') << 422;
    QTest::addRow("topup, 190 cyrillic") << topupPath() << kTopup100 << cyr.repeated(190) << 200;
    QTest::addRow("topup, 191 cyrillic") << topupPath() << kTopup100 << cyr.repeated(191) << 422;
    QTest::addRow("execute, 190") << kExecutePath << exec << QByteArray(190, 'k') << 200;
    QTest::addRow("execute, 191") << kExecutePath << exec << QByteArray(191, 'k') << 422;
}

void TestSlenHandler::keyLength()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, key);
    QFETCH(int, status);
    const SimResponse response = send(*m_f, post(path, body, key));
    QCOMPARE(response.status, status);
    if (status == 200)
        return;
    QCOMPARE(errorCode(response), QStringLiteral("invalid_request"));
    // Refused before anything is reserved: no movement, no execution, no key, no claim.
    QCOMPARE(m_f->ledgerSize(), 0);
    QCOMPARE(m_f->balance(QStringLiteral("alpha"), QStringLiteral("u_1")), 1000);
    QCOMPARE(m_f->handler.rememberedKeys(), 0);
    QCOMPARE(send(*m_f, post(path, body, key)).status, 422); // not 409 in progress
}

void TestSlenHandler::movementSucceeds()
{
    const SimResponse response =
        send(*m_f, post(topupPath(), kTopup100, QByteArray("inv-1:topup")));
    QCOMPARE(response.status, 200);
    const auto body = json(response);
    QCOMPARE(s(body["replayed"]), QLatin1String("false"));
    const auto &mv = body["movement"];
    QVERIFY(mv["id"].get<std::string>().starts_with("mv_"));
    QCOMPARE(s(mv["kind"]), QLatin1String("topup"));
    QCOMPARE(s(mv["external_user_id"]), QLatin1String("u_1"));
    QCOMPARE(s(mv["credit_type"]), QLatin1String("credits"));
    QCOMPARE(n(mv["amount"]), 100);
    QCOMPARE(s(mv["note"]), QLatin1String("op_7"));
    QCOMPARE(n(mv["balance_after"]), 1100);
    QVERIFY(mv["created_at"].is_string());
    QCOMPARE(s(body["account"]["external_user_id"]), QLatin1String("u_1"));
    QCOMPARE(n(body["account"]["balances"]["credits"]), 1100);
    QCOMPARE(n(body["account"]["balances"]["minutes"]), 10);

    QCOMPARE(m_f->ledgerSize(), 1);
    const Movement &m = m_f->world.ledger.movements().front();
    QCOMPARE(m.provider, QStringLiteral("slen"));
    QCOMPARE(m.kind, QStringLiteral("topup"));
    QCOMPARE(m.customer, QStringLiteral("u_1"));
    QCOMPARE(m.project, QStringLiteral("alpha"));
    QCOMPARE(m.creditType, QStringLiteral("credits"));
    QCOMPARE(m.amount, 100);
    QCOMPARE(m.idempotencyKey, QStringLiteral("inv-1:topup"));
    QCOMPARE(m.operationId, QStringLiteral("op_7"));
    QCOMPARE(m.id, QString::fromStdString(mv["id"].get<std::string>()));

    // charge and a negative adjust; a note without the op_ prefix carries no operation id
    const QString base = QStringLiteral("/v1/customers/u_1/");
    QCOMPARE(send(*m_f, post(base + QStringLiteral("charge"),
                             R"({"credit_type":"credits","amount":300})", QByteArray("c1")))
                 .status,
             200);
    const SimResponse adjust =
        send(*m_f,
             post(base + QStringLiteral("adjust"),
                  R"({"credit_type":"credits","amount":-50,"note":"goodwill"})", QByteArray("a1")));
    QCOMPARE(adjust.status, 200);
    QCOMPARE(n(json(adjust)["movement"]["amount"]), -50);
    QCOMPARE(m_f->balance(QStringLiteral("alpha"), QStringLiteral("u_1")), 750);
    QCOMPARE(m_f->world.ledger.movements().back().operationId, QString());
}

void TestSlenHandler::movementValidationLeavesKeyFree_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QByteArray>("body");
    QTest::addRow("not json") << QStringLiteral("topup") << QByteArray("{credit_type:");
    QTest::addRow("array") << QStringLiteral("topup") << QByteArray("[1]");
    QTest::addRow("no credit type") << QStringLiteral("topup") << QByteArray(R"({"amount":1})");
    QTest::addRow("amount string")
        << QStringLiteral("topup") << QByteArray(R"({"credit_type":"credits","amount":"5"})");
    QTest::addRow("amount float") << QStringLiteral("topup")
                                  << QByteArray(R"({"credit_type":"credits","amount":1.5})");
    QTest::addRow("amount huge")
        << QStringLiteral("topup")
        << QByteArray(R"({"credit_type":"credits","amount":18446744073709551615})");
    QTest::addRow("topup zero") << QStringLiteral("topup")
                                << QByteArray(R"({"credit_type":"credits","amount":0})");
    QTest::addRow("charge negative")
        << QStringLiteral("charge") << QByteArray(R"({"credit_type":"credits","amount":-5})");
    QTest::addRow("adjust zero") << QStringLiteral("adjust")
                                 << QByteArray(R"({"credit_type":"credits","amount":0})");
    QTest::addRow("note number") << QStringLiteral("topup")
                                 << QByteArray(R"({"credit_type":"credits","amount":5,"note":5})");
}

void TestSlenHandler::movementValidationLeavesKeyFree()
{
    QFETCH(QString, kind);
    QFETCH(QByteArray, body);
    const QString path = QStringLiteral("/v1/customers/u_1/") + kind;
    const SimResponse bad = send(*m_f, post(path, body, QByteArray("k1")));
    QCOMPARE(bad.status, 400);
    QCOMPARE(errorCode(bad), QStringLiteral("invalid_request"));
    QCOMPARE(m_f->ledgerSize(), 0);
    const SimResponse good =
        send(*m_f, post(path, R"({"credit_type":"credits","amount":5})", QByteArray("k1")));
    QCOMPARE(good.status, 200);
    QCOMPARE(s(json(good)["replayed"]), QLatin1String("false"));
}

void TestSlenHandler::replayWithin24h()
{
    const SimResponse first = send(*m_f, post(topupPath(), kTopup100, QByteArray("k1")));
    QCOMPARE(first.status, 200);
    // another movement changes the account; the replay still shows the first response
    QCOMPARE(send(*m_f, post(topupPath(), kTopup100, QByteArray("k2"))).status, 200);
    m_f->world.clock.advance(24 * 3600 - 5);
    const SimResponse again = send(*m_f, post(topupPath(), kTopup100, QByteArray("k1")));
    QCOMPARE(again.status, 200);
    auto replay = json(again);
    QCOMPARE(s(replay["replayed"]), QLatin1String("true"));
    replay["replayed"] = false;
    QVERIFY(replay == json(first));
    QCOMPARE(m_f->ledgerSize(), 2);
    QCOMPARE(m_f->balance(QStringLiteral("alpha"), QStringLiteral("u_1")), 1200);
}

void TestSlenHandler::conflictWithin24h_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addRow("other note") << topupPath()
                                << QByteArray(
                                       R"({"credit_type":"credits","amount":100,"note":"op_8"})");
    QTest::addRow("no note") << topupPath()
                             << QByteArray(R"({"credit_type":"credits","amount":100})");
    QTest::addRow("reordered fields")
        << topupPath() << QByteArray(R"({"amount":100,"credit_type":"credits","note":"op_7"})");
    QTest::addRow("extra space") << topupPath()
                                 << QByteArray(
                                        R"({"credit_type": "credits","amount":100,"note":"op_7"})");
    QTest::addRow("other amount") << topupPath()
                                  << QByteArray(
                                         R"({"credit_type":"credits","amount":101,"note":"op_7"})");
    QTest::addRow("other customer") << topupPath(QStringLiteral("u_2")) << kTopup100;
    QTest::addRow("other kind") << QStringLiteral("/v1/customers/u_1/charge") << kTopup100;
    QTest::addRow("execute") << kExecutePath << QByteArray(R"({"flow":"instant","input":{}})");
}

void TestSlenHandler::conflictWithin24h()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QCOMPARE(send(*m_f, post(topupPath(), kTopup100, QByteArray("k1"))).status, 200);
    m_f->world.clock.advance(3600);
    const SimResponse response = send(*m_f, post(path, body, QByteArray("k1")));
    QCOMPARE(response.status, 409);
    QCOMPARE(errorCode(response), QStringLiteral("idempotency_conflict"));
    QCOMPARE(m_f->ledgerSize(), 1);
    QCOMPARE(m_f->balance(QStringLiteral("alpha"), QStringLiteral("u_1")), 1100);
}

void TestSlenHandler::afterWindow_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addRow("same body") << topupPath() << kTopup100 << 200;
    QTest::addRow("other note") << topupPath()
                                << QByteArray(
                                       R"({"credit_type":"credits","amount":100,"note":"x"})")
                                << 200;
    QTest::addRow("reordered fields")
        << topupPath() << QByteArray(R"({"amount":100,"credit_type":"credits"})") << 200;
    QTest::addRow("other amount") << topupPath()
                                  << QByteArray(R"({"credit_type":"credits","amount":99})") << 409;
    QTest::addRow("other credit type")
        << topupPath() << QByteArray(R"({"credit_type":"minutes","amount":100})") << 409;
    QTest::addRow("other customer") << topupPath(QStringLiteral("u_2")) << kTopup100 << 409;
    QTest::addRow("other kind") << QStringLiteral("/v1/customers/u_1/adjust") << kTopup100 << 409;
    QTest::addRow("execute") << kExecutePath << QByteArray(R"({"flow":"instant","input":{}})")
                             << 409;
}

void TestSlenHandler::afterWindow()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QCOMPARE(send(*m_f, post(topupPath(), kTopup100, QByteArray("k1"))).status, 200);
    QCOMPARE(send(*m_f, post(topupPath(), kTopup100, QByteArray("k2"))).status, 200);
    m_f->world.clock.advance(24 * 3600);
    const SimResponse response = send(*m_f, post(path, body, QByteArray("k1")));
    QCOMPARE(response.status, status);
    QCOMPARE(m_f->ledgerSize(), 2); // credits moved once per key, whatever the answer
    QCOMPARE(m_f->balance(QStringLiteral("alpha"), QStringLiteral("u_1")), 1200);
    if (status == 409) {
        QCOMPARE(errorCode(response), QStringLiteral("idempotency_conflict"));
        return;
    }
    const auto replay = json(response);
    QCOMPARE(s(replay["replayed"]), QLatin1String("true"));
    QVERIFY(!replay.contains("movement"));
    QCOMPARE(n(replay["account"]["balances"]["credits"]), 1200); // the account as it is now
}

void TestSlenHandler::rejectedMovementIsNotStored()
{
    const QString charge = QStringLiteral("/v1/customers/u_2/charge");
    const QByteArray body = R"({"credit_type":"credits","amount":80,"note":"op_9"})";
    const SimResponse refused = send(*m_f, post(charge, body, QByteArray("job:1:charge")));
    QCOMPARE(refused.status, 422);
    QCOMPARE(errorCode(refused), QStringLiteral("insufficient_credits"));
    QCOMPARE(m_f->ledgerSize(), 0);
    QCOMPARE(m_f->handler.rememberedKeys(), 0);

    QCOMPARE(send(*m_f, post(topupPath(QStringLiteral("u_2")),
                             R"({"credit_type":"credits","amount":50})", QByteArray("t1")))
                 .status,
             200);
    const SimResponse retried = send(*m_f, post(charge, body, QByteArray("job:1:charge")));
    QCOMPARE(retried.status, 200);
    QCOMPARE(s(json(retried)["replayed"]), QLatin1String("false"));
    QCOMPARE(m_f->balance(QStringLiteral("alpha"), QStringLiteral("u_2")), 20);
    QCOMPARE(m_f->ledgerSize(), 2);

    // adjust may not take a balance below zero either
    const SimResponse adjust =
        send(*m_f, post(QStringLiteral("/v1/customers/u_2/adjust"),
                        R"({"credit_type":"credits","amount":-21})", QByteArray("a1")));
    QCOMPARE(errorCode(adjust), QStringLiteral("insufficient_credits"));
}

void TestSlenHandler::unknownCustomerIsNotStored()
{
    const QString path = topupPath(QStringLiteral("u_new"));
    const SimResponse missing = send(*m_f, post(path, kTopup100, QByteArray("k1")));
    QCOMPARE(missing.status, 404);
    QCOMPARE(errorCode(missing), QStringLiteral("customer_not_found"));
    m_f->handler.seed(
        nlohmann::json::parse(R"({"customers":[{"id":"u_new","project":"alpha","balances":{}}]})"));
    QCOMPARE(send(*m_f, post(path, kTopup100, QByteArray("k1"))).status, 200);
    QCOMPARE(m_f->balance(QStringLiteral("alpha"), QStringLiteral("u_new")), 100);
}

void TestSlenHandler::inProgress()
{
    const SimRequest first = post(topupPath(), kTopup100, QByteArray("k1"));
    Admission a1;
    QVERIFY(!m_f->handler.admit(first, a1));
    QVERIFY(a1.claimed);

    for (const QByteArray &body :
         {kTopup100, QByteArray(R"({"credit_type":"credits","amount":1})")}) {
        Admission a2;
        const auto busy = m_f->handler.admit(post(topupPath(), body, QByteArray("k1")), a2);
        QVERIFY(busy);
        QCOMPARE(busy->status, 409);
        QCOMPARE(errorCode(*busy), QStringLiteral("idempotency_in_progress"));
        QVERIFY(!a2.claimed);
    }
    QCOMPARE(m_f->ledgerSize(), 0);

    QCOMPARE(m_f->handler.execute(first, a1, {}).status, 200);
    const SimResponse replay = send(*m_f, first);
    QCOMPARE(replay.status, 200);
    QCOMPARE(s(json(replay)["replayed"]), QLatin1String("true"));
    QCOMPARE(m_f->ledgerSize(), 1);
}

void TestSlenHandler::abandonFreesKey()
{
    const SimRequest request = post(topupPath(), kTopup100, QByteArray("k1"));
    Admission admission;
    QVERIFY(!m_f->handler.admit(request, admission));
    m_f->handler.abandon(request, admission);
    QCOMPARE(m_f->ledgerSize(), 0);
    QCOMPARE(m_f->balance(QStringLiteral("alpha"), QStringLiteral("u_1")), 1000);
    const SimResponse response = send(*m_f, request);
    QCOMPARE(response.status, 200);
    QCOMPARE(s(json(response)["replayed"]), QLatin1String("false"));
    QCOMPARE(m_f->ledgerSize(), 1);
}

void TestSlenHandler::keysScopedPerProject()
{
    QCOMPARE(send(*m_f, post(topupPath(), kTopup100, QByteArray("shared"))).status, 200);
    const SimResponse beta =
        send(*m_f, post(topupPath(), kTopup100, QByteArray("shared"), kBetaKey));
    QCOMPARE(beta.status, 200);
    QCOMPARE(s(json(beta)["replayed"]), QLatin1String("false"));
    QCOMPARE(m_f->ledgerSize(), 2);
    QCOMPARE(m_f->balance(QStringLiteral("alpha"), QStringLiteral("u_1")), 1100);
    QCOMPARE(m_f->balance(QStringLiteral("beta"), QStringLiteral("u_1")), 400);
    QCOMPARE(m_f->world.ledger.movements().back().project, QStringLiteral("beta"));

    // customers are per project too: beta cannot move alpha's u_2
    const SimResponse hidden = send(
        *m_f, post(topupPath(QStringLiteral("u_2")), kTopup100, QByteArray("other"), kBetaKey));
    QCOMPARE(errorCode(hidden), QStringLiteral("customer_not_found"));
}

void TestSlenHandler::stored500_data()
{
    QTest::addColumn<int>("mode");
    QTest::addColumn<int>("movementsAfterFault");
    QTest::addColumn<bool>("retryReplayed");
    QTest::addRow("stored_500") << int(FaultMode::Stored500) << 0 << false;
    QTest::addRow("stored_500 applied") << int(FaultMode::Stored500Applied) << 1 << true;
}

void TestSlenHandler::stored500()
{
    QFETCH(int, mode);
    QFETCH(int, movementsAfterFault);
    QFETCH(bool, retryReplayed);
    Fault fault;
    fault.mode = FaultMode(mode);
    const SimRequest request = post(topupPath(), kTopup100, QByteArray("k1"));
    const SimResponse failed = send(*m_f, request, fault);
    QCOMPARE(failed.status, 500);
    QCOMPARE(errorCode(failed), QStringLiteral("internal_error"));
    QCOMPARE(m_f->ledgerSize(), movementsAfterFault);

    const SimResponse retry = send(*m_f, request);
    QCOMPARE(retry.status, 200);
    QCOMPARE(s(json(retry)["replayed"]), QLatin1String(retryReplayed ? "true" : "false"));
    QCOMPARE(m_f->ledgerSize(), 1);
    QCOMPARE(m_f->balance(QStringLiteral("alpha"), QStringLiteral("u_1")), 1100);
}

void TestSlenHandler::forgetKey()
{
    const SimRequest request = post(topupPath(), kTopup100, QByteArray("k1"));
    QCOMPARE(send(*m_f, request).status, 200);
    QCOMPARE(send(*m_f, post(topupPath(), kTopup100, QByteArray("k1"), kBetaKey)).status, 200);
    m_f->handler.forgetKey(QStringLiteral("alpha"), QStringLiteral("k1"));
    const SimResponse again = send(*m_f, request);
    QCOMPARE(again.status, 200);
    QCOMPARE(s(json(again)["replayed"]),
             QLatin1String("false")); // the forgotten key ran as new work
    QCOMPARE(m_f->balance(QStringLiteral("alpha"), QStringLiteral("u_1")), 1200);
    // beta's key of the same name is untouched
    const SimResponse beta = send(*m_f, post(topupPath(), kTopup100, QByteArray("k1"), kBetaKey));
    QCOMPARE(s(json(beta)["replayed"]), QLatin1String("true"));
    QCOMPARE(m_f->ledgerSize(), 3);
}

void TestSlenHandler::getCustomer()
{
    const SimResponse ok = send(*m_f, get(QStringLiteral("/v1/customers/u_1")));
    QCOMPARE(ok.status, 200);
    const auto body = json(ok);
    QCOMPARE(s(body["external_user_id"]), QLatin1String("u_1"));
    QCOMPARE(n(body["balances"]["credits"]), 1000);
    QCOMPARE(n(body["balances"]["minutes"]), 10);
    const SimResponse beta = send(*m_f, get(QStringLiteral("/v1/customers/u_1"), kBetaKey));
    QCOMPARE(n(json(beta)["balances"]["credits"]), 300);
    const SimResponse missing = send(*m_f, get(QStringLiteral("/v1/customers/u_2"), kBetaKey));
    QCOMPARE(missing.status, 404);
    QCOMPARE(errorCode(missing), QStringLiteral("customer_not_found"));
}

void TestSlenHandler::requestIdOnEveryResponse()
{
    SimRequest routed = post(topupPath(), kTopup100, QByteArray("k1"));
    routed.requestId = QStringLiteral("req_abc");
    const SimResponse ok = send(*m_f, routed);
    QCOMPARE(headerOf(ok, "Request-Id"), QByteArray("req_abc"));
    QCOMPARE(headerOf(ok, "X-Request-Id"), QByteArray("req_abc"));

    // without a router id a fresh one is made, and error bodies repeat it
    const SimResponse error = send(*m_f, post(topupPath(), kTopup100, {}));
    const QByteArray id = headerOf(error, "Request-Id");
    QVERIFY(!id.isEmpty());
    QCOMPARE(QByteArray::fromStdString(json(error)["error"]["request_id"].get<std::string>()), id);
    QVERIFY(
        !headerOf(send(*m_f, get(QStringLiteral("/v1/customers/u_1"))), "Request-Id").isEmpty());
}

void TestSlenHandler::memoryBounded()
{
    for (int i = 0; i < 50; ++i) {
        const QByteArray key = "bulk-" + QByteArray::number(i);
        QCOMPARE(send(*m_f, post(topupPath(), kTopup100, key)).status, 200);
    }
    QCOMPARE(m_f->handler.rememberedKeys(), 50);
    // after 24 h the fingerprints remain: the keys still move credits only once
    m_f->world.clock.advance(2 * 24 * 3600);
    QCOMPARE(send(*m_f, post(topupPath(), kTopup100, QByteArray("bulk-0"))).status, 200);
    QCOMPARE(m_f->handler.rememberedKeys(), 50);
    QCOMPARE(m_f->ledgerSize(), 50);
    // after the retention period they are swept on the next request
    m_f->world.clock.advance(30 * 24 * 3600);
    QCOMPARE(send(*m_f, post(topupPath(), kTopup100, QByteArray("fresh"))).status, 200);
    QCOMPARE(m_f->handler.rememberedKeys(), 1);
}

QTEST_GUILESS_MAIN(TestSlenHandler)
#include "tst_slenhandler.moc"
