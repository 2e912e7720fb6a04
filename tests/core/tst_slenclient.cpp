// The Slen client's pure parts: parsers that never throw, what a reply means for classification,
// work-name validation, and the credit/execution tool-result shapes. No network.

#include "domain/classification.h"
#include "engine/toolresult.h"
#include "slen/slenclient.h"
#include "slen/workname.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

SlenReply replyOf(int status, const QByteArray &body)
{
    SlenReply r;
    r.http.status = status;
    r.http.body = body;
    if (status >= 300)
        r.error = parseSlenError(body);
    return r;
}

const QByteArray kMovement =
    R"({"movement":{"id":"mv_1","kind":"topup","external_user_id":"u_1","credit_type":"credits",)"
    R"("amount":100,"note":"op_1","balance_after":1100,"created_at":"2026-11-29T12:00:00Z"},)"
    R"("account":{"external_user_id":"u_1","balances":{"credits":1100}},"replayed":false})";
const QByteArray kExpiredReplay =
    R"({"account":{"external_user_id":"u_1","balances":{"credits":1100}},"replayed":true})";

} // namespace

class TestSlenClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void movementReplies_data();
    void movementReplies();
    void executions_data();
    void executions();
    void errors_data();
    void errors();
    void classification_data();
    void classification();
    void workNames_data();
    void workNames();
    void jobWorkNameIsTheSlenConvention();
    void toolResults_data();
    void toolResults();
};

void TestSlenClient::movementReplies_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("readable");
    QTest::addColumn<QString>("movementId");
    QTest::addColumn<bool>("replayed");
    QTest::addRow("fresh movement") << kMovement << true << u"mv_1"_s << false;
    QTest::addRow("expired-answer replay") << kExpiredReplay << true << QString() << true;
    QTest::addRow("account without replay")
        << QByteArray(R"({"account":{"external_user_id":"u_1","balances":{"credits":1}}})") << false
        << QString() << false;
    QTest::addRow("movement without id")
        << QByteArray(R"({"movement":{"credit_type":"c","amount":1,"balance_after":1},)"
                      R"("account":{"external_user_id":"u_1","balances":{}}})")
        << false << QString() << false;
    QTest::addRow("string amount")
        << QByteArray(
               R"({"movement":{"id":"mv_1","credit_type":"c","amount":"1","balance_after":1},)"
               R"("account":{"external_user_id":"u_1","balances":{}}})")
        << false << QString() << false;
    QTest::addRow("truncated") << kMovement.left(60) << false << QString() << false;
    QTest::addRow("empty") << QByteArray() << false << QString() << false;
    QTest::addRow("array") << QByteArray("[]") << false << QString() << false;
    QTest::addRow("html") << QByteArray("<html>502</html>") << false << QString() << false;
}

void TestSlenClient::movementReplies()
{
    QFETCH(QByteArray, body);
    QFETCH(bool, readable);
    QFETCH(QString, movementId);
    QFETCH(bool, replayed);
    const auto parsed = parseSlenMovementReply(body);
    QCOMPARE(parsed.has_value(), readable);
    QCOMPARE(SlenClient::answerFor(replyOf(200, body), OperationKind::CreditTopup).bodyReadable,
             readable);
    if (!parsed)
        return;
    QCOMPARE(parsed->movement ? parsed->movement->id : QString(), movementId);
    QCOMPARE(parsed->replayed, replayed);
    QCOMPARE(parsed->account.balances.value(u"credits"_s), 1100);
}

void TestSlenClient::executions_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("readable");
    QTest::addColumn<QString>("status");
    QTest::addColumn<bool>("finished");
    QTest::addColumn<qint64>("cost"); // -1: absent
    QTest::addRow("queued on creation")
        << QByteArray(R"({"execution_id":"ex_1","flow":"f","status":"queued","replayed":false,)"
                      R"("context":{"operation_id":"op_1"}})")
        << true << u"queued"_s << false << qint64(-1);
    QTest::addRow("succeeded replay with cost")
        << QByteArray(R"({"execution_id":"ex_1","status":"succeeded","result":{"a":1},)"
                      R"("cost":{"actual":7},"replayed":true})")
        << true << u"succeeded"_s << true << qint64(7);
    QTest::addRow("failed with code")
        << QByteArray(R"({"execution_id":"ex_1","status":"failed","error_code":"boom"})") << true
        << u"failed"_s << true << qint64(-1);
    QTest::addRow("unknown status") << QByteArray(R"({"execution_id":"ex_1","status":"paused"})")
                                    << false << QString() << false << qint64(-1);
    QTest::addRow("no id") << QByteArray(R"({"status":"running"})") << false << QString() << false
                           << qint64(-1);
    QTest::addRow("not json") << QByteArray("ok") << false << QString() << false << qint64(-1);
}

void TestSlenClient::executions()
{
    QFETCH(QByteArray, body);
    QFETCH(bool, readable);
    QFETCH(QString, status);
    QFETCH(bool, finished);
    QFETCH(qint64, cost);
    const auto parsed = parseSlenExecution(body);
    QCOMPARE(parsed.has_value(), readable);
    QCOMPARE(SlenClient::answerFor(replyOf(202, body), OperationKind::Execution).bodyReadable,
             readable);
    if (!parsed)
        return;
    QCOMPARE(parsed->status, status);
    QCOMPARE(parsed->finished(), finished);
    QCOMPARE(parsed->costActual.value_or(-1), cost);
}

void TestSlenClient::errors_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("executionId");
    QTest::addRow("conflict")
        << QByteArray(R"({"error":{"code":"idempotency_conflict","message":"m","request_id":"r"}})")
        << u"idempotency_conflict"_s << QString();
    QTest::addRow("invalid flow input")
        << QByteArray(R"({"error":{"code":"invalid_flow_input","execution_id":"ex_9"}})")
        << u"invalid_flow_input"_s << u"ex_9"_s;
    QTest::addRow("stripe shape without code")
        << QByteArray(R"({"error":{"type":"api_error","message":"m"}})") << QString() << QString();
    QTest::addRow("not json") << QByteArray("Bad Gateway") << QString() << QString();
}

void TestSlenClient::errors()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, code);
    QFETCH(QString, executionId);
    const auto e = parseSlenError(body);
    QCOMPARE(e.has_value(), !code.isEmpty());
    if (e) {
        QCOMPARE(e->code, code);
        QCOMPARE(e->executionId, executionId);
    }
}

void TestSlenClient::classification_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("outcome");
    const auto err = [](const char *code) -> QByteArray {
        return QByteArray(R"({"error":{"code":")") + code + R"(","message":"m"}})";
    };
    QTest::addRow("200 movement") << 200 << kMovement << int(Outcome::Succeeded);
    QTest::addRow("200 expired replay") << 200 << kExpiredReplay << int(Outcome::Succeeded);
    QTest::addRow("200 unreadable") << 200 << QByteArray("{}") << int(Outcome::Undefined);
    QTest::addRow("409 in progress")
        << 409 << err("idempotency_in_progress") << int(Outcome::InProgress);
    QTest::addRow("409 conflict") << 409 << err("idempotency_conflict")
                                  << int(Outcome::KeyMismatch);
    QTest::addRow("422 insufficient")
        << 422 << err("insufficient_credits") << int(Outcome::Refused);
    QTest::addRow("404 customer") << 404 << err("customer_not_found") << int(Outcome::Refused);
    QTest::addRow("429") << 429 << QByteArray() << int(Outcome::NoAnswer);
    QTest::addRow("503") << 503 << QByteArray() << int(Outcome::NoAnswer);
    QTest::addRow("500") << 500 << err("internal_error") << int(Outcome::Undefined);
    QTest::addRow("401") << 401 << err("unauthorized") << int(Outcome::Credentials);
    QTest::addRow("no answer") << 0 << QByteArray() << int(Outcome::NoAnswer);
}

void TestSlenClient::classification()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(int, outcome);
    const auto answer = SlenClient::answerFor(replyOf(status, body), OperationKind::CreditCharge);
    QCOMPARE(int(classify(Provider::Slen, answer)), outcome);
}

void TestSlenClient::workNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("valid");
    QTest::addRow("invoice step") << u"invoice-7781:topup"_s << true;
    QTest::addRow("190 characters") << QString(190, u'k') << true;
    QTest::addRow("190 code points outside the BMP")
        << QString::fromUcs4(std::u32string(190, U'\U0001F600').c_str(), 190) << true;
    QTest::addRow("191 characters") << QString(191, u'k') << false;
    QTest::addRow("cyrillic") << u"счёт-7781:пополнение"_s << true;
    QTest::addRow("empty") << QString() << false;
    QTest::addRow("blank") << u"   "_s << false;
    QTest::addRow("leading space") << u" job:1:topup"_s << false;
    QTest::addRow("newline") << u"job:1\n:topup"_s << false;
    QTest::addRow("tab") << u"job:1\t:topup"_s << false;
    QTest::addRow("invalid utf-8 decoded") << QString::fromUtf8("job:\xff:topup") << false;
    QTest::addRow("lone surrogate") << (u"job:"_s + QChar(0xD800)) << false;
}

void TestSlenClient::workNames()
{
    QFETCH(QString, name);
    QFETCH(bool, valid);
    QCOMPARE(checkWorkName(name).ok(), valid);
}

void TestSlenClient::jobWorkNameIsTheSlenConvention()
{
    QCOMPARE(jobWorkName(u"8812"_s, u"charge"_s), u"job:8812:charge"_s);
    QVERIFY(checkWorkName(jobWorkName(u"8812"_s, u"charge"_s)).ok());
    QVERIFY(!checkWorkName(jobWorkName(QString(190, u'9'), u"charge"_s)).ok());
}

void TestSlenClient::toolResults_data()
{
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("expected");
    QTest::addRow("credit succeeded")
        << 0
        << uR"({"status":"succeeded","operation_id":"op_1","movement_id":"mv_1","balance_after":1100})"_s;
    QTest::addRow("credit failed")
        << 1
        << uR"({"status":"failed","operation_id":"op_1","reason":"insufficient_credits","note":"Nothing moved. The same work name may be tried again later; it opens a new operation."})"_s;
    QTest::addRow("credit checking")
        << 2
        << uR"({"status":"checking","operation_id":"op_1","note":"Outcome unknown. A person is checking. Do not say the credits moved or did not move."})"_s;
    QTest::addRow("execution running")
        << 3
        << uR"({"status":"running","operation_id":"op_1","execution_id":"ex_1","provider_status":"waiting","note":"The flow has not finished. Call again with the same work name to get its result."})"_s;
    QTest::addRow("execution queued")
        << 4
        << uR"({"status":"queued","operation_id":"op_1","provider_status":"queued","note":"The flow has not finished. Call again with the same work name to get its result."})"_s;
    QTest::addRow("execution failed")
        << 5
        << uR"({"status":"failed","operation_id":"op_1","reason":"flow_not_found","note":"The execution failed and keeps its work name. To run the flow again, call with a new work name."})"_s;
    QTest::addRow("execution succeeded")
        << 6
        << uR"({"status":"succeeded","operation_id":"op_1","execution_id":"ex_1","result":{"a":1},"cost":3})"_s;
    QTest::addRow("refund checking unchanged")
        << 7
        << uR"({"status":"checking","operation_id":"op_1","note":"Outcome unknown. A person is checking. Do not say the refund succeeded or failed."})"_s;
}

void TestSlenClient::toolResults()
{
    QFETCH(int, which);
    QFETCH(QString, expected);
    using S = ToolResult::Subject;
    ToolResult credit = ToolResult::succeeded(u"op_1"_s, S::Credit);
    credit.movementId = u"mv_1"_s;
    credit.balanceAfter = 1100;
    ToolResult running = ToolResult::pending(u"op_1"_s, u"waiting"_s);
    running.executionId = u"ex_1"_s;
    ToolResult done = ToolResult::succeeded(u"op_1"_s, S::Execution);
    done.executionId = u"ex_1"_s;
    done.output = nlohmann::json{{"a", 1}};
    done.cost = 3;
    const ToolResult results[] = {
        credit,
        ToolResult::failed(u"op_1"_s, u"insufficient_credits"_s).about(S::Credit),
        ToolResult::checking(u"op_1"_s).about(S::Credit),
        running,
        ToolResult::pending(u"op_1"_s, u"queued"_s),
        ToolResult::failed(u"op_1"_s, u"flow_not_found"_s).about(S::Execution),
        done,
        ToolResult::checking(u"op_1"_s),
    };
    QCOMPARE(QString::fromStdString(results[which].toJson().dump()), expected);
}

QTEST_GUILESS_MAIN(TestSlenClient)
#include "tst_slenclient.moc"
