// The Slen routes of the real provider-sim process over loopback HTTP (QNetworkAccessManager):
// the main paths through the router, plus the faults that sit between claim and commit.

#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTest>
#include <memory>
#include <optional>

using ops::test::SimProcess;

namespace {

const QByteArray kTopup = R"({"credit_type":"credits","amount":100,"note":"op_http_1"})";
const QString kTopupPath = QStringLiteral("/v1/customers/u_1/topup");
const QString kExecutePath = QStringLiteral("/v1/operations/execute");

struct Reply
{
    int status = 0; // 0: no HTTP answer (timeout, dropped connection)
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QByteArray body;
    QByteArray requestId;

    nlohmann::json json() const
    {
        return nlohmann::json::parse(body.toStdString(), nullptr, false);
    }
    QString str(const char *field) const
    {
        const auto j = json();
        return j.is_object() && j.contains(field) && j[field].is_string()
                   ? QString::fromStdString(j[field].get<std::string>())
                   : QString();
    }
    QString errorCode() const
    {
        const auto j = json();
        if (!j.is_object() || !j.contains("error"))
            return {};
        return QString::fromStdString(j["error"].value("code", std::string()));
    }
    bool replayed() const { return json().value("replayed", false); }
};

// One request in flight on its own QNetworkAccessManager: no shared keep-alive connection, so
// Qt never resends a POST on a connection the simulator dropped.
class Call
{
public:
    Call(const QUrl &base, const QByteArray &method, const QString &path, const QByteArray &body,
         const std::optional<QByteArray> &key, int timeoutMs,
         const QByteArray &apiKey = "sk_test_demo")
    {
        QNetworkRequest request(base.resolved(QUrl(path)));
        request.setRawHeader("Authorization", "Bearer " + apiKey);
        request.setRawHeader("Content-Type", "application/json");
        if (key)
            request.setRawHeader("Idempotency-Key", *key);
        request.setTransferTimeout(timeoutMs);
        m_reply = m_nam.sendCustomRequest(request, method, body);
    }

    Reply wait(int timeoutMs = 15000)
    {
        if (!QTest::qWaitFor([this] { return m_reply->isFinished(); }, timeoutMs))
            return {};
        Reply out;
        out.status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        out.error = m_reply->error();
        if (m_reply->isOpen())
            out.body = m_reply->readAll();
        out.requestId = m_reply->rawHeader("Request-Id");
        return out;
    }

private:
    QNetworkAccessManager m_nam;
    QNetworkReply *m_reply = nullptr; // owned by m_nam
};

} // namespace

class TestSlenHttp : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    void movementAndReplay();
    void keyAndAuthRules_data();
    void keyAndAuthRules();
    void conflictAndAfterWindow();
    void keysScopedPerProject();
    void executionProgress();
    void commitThenHangThenRetry();
    void hangBeforeCommitHoldsKey();
    void stored500NotStored();
    void pruneKeyForgets();

private:
    Reply send(const QByteArray &method, const QString &path, const QByteArray &body = {},
               const std::optional<QByteArray> &key = std::nullopt, int timeoutMs = 5000,
               const QByteArray &apiKey = "sk_test_demo")
    {
        Call call(m_sim->baseUrl(), method, path, body, key, timeoutMs, apiKey);
        return call.wait();
    }
    Reply topup(const QByteArray &key, int timeoutMs = 5000)
    {
        return send("POST", kTopupPath, kTopup, key, timeoutMs);
    }
    int slenMovements(const char *kind)
    {
        int count = 0;
        const nlohmann::json ledger = m_sim->ledger();
        for (const auto &m : ledger["movements"]) {
            if (m.value("provider", std::string()) == "slen" &&
                m.value("kind", std::string()) == kind)
                ++count;
        }
        return count;
    }

    std::unique_ptr<SimProcess> m_sim;
};

void TestSlenHttp::initTestCase()
{
    m_sim = std::make_unique<SimProcess>(ops::test::providerSimPath(),
                                         SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
    m_sim->seed(nlohmann::json::parse(R"({
      "api_keys": [{"key": "sk_test_other", "project": "other"}],
      "customers": [{"id": "u_1", "project": "other", "balances": {"credits": 5}}]
    })"));
    QVERIFY2(m_sim->error().isEmpty(), qPrintable(m_sim->error()));
}

void TestSlenHttp::init()
{
    m_sim->reset(); // state, clock, faults and ledger back to the seeds
    QVERIFY2(m_sim->error().isEmpty(), qPrintable(m_sim->error()));
}

void TestSlenHttp::movementAndReplay()
{
    const Reply first = topup("invoice-7781:topup");
    QCOMPARE(first.status, 200);
    QVERIFY(!first.requestId.isEmpty());
    QCOMPARE(first.replayed(), false);
    const auto movement = first.json()["movement"];
    QCOMPARE(movement.value("balance_after", 0), 1100);

    const Reply again = topup("invoice-7781:topup");
    QCOMPARE(again.status, 200);
    QCOMPARE(again.replayed(), true);
    QVERIFY(again.json()["movement"]["id"] == movement["id"]);
    QVERIFY(again.requestId != first.requestId);

    const Reply account = send("GET", QStringLiteral("/v1/customers/u_1"));
    QCOMPARE(account.status, 200);
    QCOMPARE(account.json()["balances"].value("credits", 0), 1100);

    const auto ledger = m_sim->ledger()["movements"];
    QCOMPARE(slenMovements("topup"), 1);
    QCOMPARE(QString::fromStdString(ledger.back().value("operation_id", std::string())),
             QStringLiteral("op_http_1"));
}

void TestSlenHttp::keyAndAuthRules_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<std::optional<QByteArray>>("key");
    QTest::addColumn<QByteArray>("apiKey");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    const QByteArray demo = "sk_test_demo";
    QTest::addRow("no key") << kTopupPath << std::optional<QByteArray>() << demo << 400
                            << QStringLiteral("idempotency_key_required");
    QTest::addRow("191 chars") << kExecutePath << std::optional(QByteArray(191, 'k')) << demo << 422
                               << QStringLiteral("invalid_request");
    QTest::addRow("unknown api key")
        << kTopupPath << std::optional(QByteArray("k1")) << QByteArray("sk_nope") << 401
        << QStringLiteral("unauthorized");
}

void TestSlenHttp::keyAndAuthRules()
{
    QFETCH(QString, path);
    QFETCH(std::optional<QByteArray>, key);
    QFETCH(QByteArray, apiKey);
    QFETCH(int, status);
    QFETCH(QString, code);
    const QByteArray body = path == kTopupPath ? kTopup : R"({"flow":"generate_email","input":{}})";
    const Reply reply = send("POST", path, body, key, 5000, apiKey);
    QCOMPARE(reply.status, status);
    QCOMPARE(reply.errorCode(), code);
    QCOMPARE(QByteArray::fromStdString(reply.json()["error"].value("request_id", std::string())),
             reply.requestId);
    QCOMPARE(m_sim->ledger()["movements"].size(), size_t(0));
}

void TestSlenHttp::conflictAndAfterWindow()
{
    QCOMPARE(topup("k1").status, 200);
    const QByteArray reordered = R"({"amount":100,"credit_type":"credits","note":"op_http_1"})";
    const Reply conflict = send("POST", kTopupPath, reordered, QByteArray("k1"));
    QCOMPARE(conflict.status, 409);
    QCOMPARE(conflict.errorCode(), QStringLiteral("idempotency_conflict"));

    m_sim->advanceClock(24 * 3600 + 60);
    const Reply later = send("POST", kTopupPath, reordered, QByteArray("k1"));
    QCOMPARE(later.status, 200);
    QCOMPARE(later.replayed(), true);
    QVERIFY(!later.json().contains("movement"));
    QCOMPARE(later.json()["account"]["balances"].value("credits", 0), 1100);
    const Reply otherAmount =
        send("POST", kTopupPath, R"({"credit_type":"credits","amount":5})", QByteArray("k1"));
    QCOMPARE(otherAmount.errorCode(), QStringLiteral("idempotency_conflict"));
    QCOMPARE(slenMovements("topup"), 1);
}

void TestSlenHttp::keysScopedPerProject()
{
    QCOMPARE(topup("shared").status, 200);
    const Reply other =
        send("POST", kTopupPath, kTopup, QByteArray("shared"), 5000, "sk_test_other");
    QCOMPARE(other.status, 200);
    QCOMPARE(other.replayed(), false);
    QCOMPARE(other.json()["account"]["balances"].value("credits", 0), 105);
    QCOMPARE(slenMovements("topup"), 2);
}

void TestSlenHttp::executionProgress()
{
    // slow_report runs for 30 s of simulator time (demo seed)
    const QByteArray body =
        R"({"flow":"slow_report","input":{},"context":{"operation_id":"op_x"}})";
    const Reply created = send("POST", kExecutePath, body, QByteArray("job:9:report"));
    QCOMPARE(created.status, 202);
    QCOMPARE(created.str("status"), QStringLiteral("running"));

    const Reply running = send("POST", kExecutePath, body, QByteArray("job:9:report"));
    QCOMPARE(running.status, 202);
    QCOMPARE(running.replayed(), true);

    m_sim->advanceClock(30);
    const Reply done = send("POST", kExecutePath, body, QByteArray("job:9:report"));
    QCOMPARE(done.status, 200);
    QCOMPARE(done.replayed(), true);
    QCOMPARE(done.str("status"), QStringLiteral("succeeded"));
    QCOMPARE(done.str("execution_id"), created.str("execution_id"));

    const Reply read = send("GET", QStringLiteral("/v1/executions/") + created.str("execution_id"));
    QCOMPARE(read.status, 200);
    QCOMPARE(read.str("status"), QStringLiteral("succeeded"));

    // broken_flow refuses its input: the execution closes as failed and keeps its key
    const QByteArray broken = R"({"flow":"broken_flow","input":{}})";
    QCOMPARE(send("POST", kExecutePath, broken, QByteArray("job:10")).errorCode(),
             QStringLiteral("invalid_flow_input"));
    const Reply failed = send("POST", kExecutePath, broken, QByteArray("job:10"));
    QCOMPARE(failed.status, 200);
    QCOMPARE(failed.str("status"), QStringLiteral("failed"));
    QCOMPARE(failed.str("error_code"), QStringLiteral("invalid_flow_input"));
    QCOMPARE(slenMovements("execution"), 2);
}

void TestSlenHttp::commitThenHangThenRetry()
{
    m_sim->addFault({{"route", "POST /v1/customers/u_1/topup"},
                     {"mode", "commit_then_hang"},
                     {"count", 1},
                     {"delay_ms", -1}});
    const Reply lost = topup("invoice-1:topup", 800);
    QCOMPARE(lost.status, 0); // the client gave up: it does not know what happened
    QCOMPARE(slenMovements("topup"), 1);

    const Reply retry = topup("invoice-1:topup");
    QCOMPARE(retry.status, 200);
    QCOMPARE(retry.replayed(), true);
    QCOMPARE(retry.json()["account"]["balances"].value("credits", 0), 1100);
    QCOMPARE(slenMovements("topup"), 1);
}

void TestSlenHttp::hangBeforeCommitHoldsKey()
{
    // The key stays claimed until the client gives up; then nothing has been applied. (With a
    // finite delay the simulator drops the connection instead, and QNetworkAccessManager
    // silently resends the POST once — same key, so still safe, but not what this test is
    // about.)
    m_sim->addFault({{"route", "POST /v1/customers/u_1/topup"},
                     {"mode", "hang_before_commit"},
                     {"count", 1},
                     {"delay_ms", -1}});
    Call held(m_sim->baseUrl(), "POST", kTopupPath, kTopup, QByteArray("k1"), 1500);
    QTest::qWait(300); // let the first request claim the key
    const Reply busy = topup("k1");
    QCOMPARE(busy.status, 409);
    QCOMPARE(busy.errorCode(), QStringLiteral("idempotency_in_progress"));
    QCOMPARE(held.wait().status, 0); // the client timed out
    QCOMPARE(slenMovements("topup"), 0);

    // the claim is released once the simulator sees the client gone
    Reply retry;
    for (int i = 0; i < 20; ++i) {
        retry = topup("k1");
        if (retry.status != 409)
            break;
        QTest::qWait(100);
    }
    QCOMPARE(retry.status, 200);
    QCOMPARE(retry.replayed(), false);
    QCOMPARE(slenMovements("topup"), 1);
}

void TestSlenHttp::stored500NotStored()
{
    m_sim->addFault(
        {{"route", "POST /v1/customers/u_1/topup"}, {"mode", "stored_500"}, {"count", 1}});
    const Reply failed = topup("k1");
    QCOMPARE(failed.status, 500);
    QCOMPARE(slenMovements("topup"), 0);
    const Reply retry = topup("k1"); // Slen stores successes only: a new attempt
    QCOMPARE(retry.status, 200);
    QCOMPARE(retry.replayed(), false);
    QCOMPARE(slenMovements("topup"), 1);
}

void TestSlenHttp::pruneKeyForgets()
{
    QCOMPARE(topup("k1").status, 200);
    m_sim->addFault(
        {{"route", "POST /v1/customers/u_1/topup"}, {"mode", "prune_key"}, {"count", 1}});
    const Reply again = topup("k1");
    QCOMPARE(again.status, 200);
    QCOMPARE(again.replayed(), false); // the provider forgot the key: the work ran twice
    QCOMPARE(slenMovements("topup"), 2);
}

QTEST_GUILESS_MAIN(TestSlenHttp)
#include "tst_slenhttp.moc"
