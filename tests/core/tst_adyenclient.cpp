// The Adyen client against provider-sim over loopback HTTP (docs/adyen.md): the stored
// refund request (path, JSON bytes, reference = operation id) sent twice under one key makes one
// refund; each answer is classified as docs/adyen.md says (201 received, 422/704 with
// transient-error while the key runs, refusals, our key refused, a stored 500, a timeout); the
// pure parts (psp reference shape, TEST/LIVE by endpoint, parsers that never throw); and the
// OPS_ADYEN_* settings with each refusal.

#include "adyen/adyenclient.h"
#include "config/engineenv.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

const QString kPayment = u"DZ4DPSHB4WD2WN82"_s; // demo seed: 5000 EUR, NorthwindECOM

} // namespace

class TestAdyenClient : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(m_sim.start(), qPrintable(m_sim.error())); }
    void init() { m_sim.reset(); }

    void storedRequestIsAdyensShape()
    {
        const StoredRequest r =
            adyenRefundRequest(kPayment, u"NorthwindECOM"_s, {1200, u"eur"_s}, u"op_1"_s);
        QCOMPARE(r.method, QByteArray("POST"));
        QCOMPARE(r.path, u"/v71/payments/DZ4DPSHB4WD2WN82/refunds"_s);
        QCOMPARE(r.contentType, QByteArray("application/json"));
        // (Not a raw string: moc 6.4 counts the braces inside one.)
        QCOMPARE(r.body, QByteArray("{\"amount\":{\"currency\":\"EUR\",\"value\":1200},"
                                    "\"merchantAccount\":\"NorthwindECOM\",\"reference\":"
                                    "\"op_1\"}"));
        // An odd reference cannot leave the path.
        QCOMPARE(adyenRefundRequest(u"a/b?c"_s, u"M"_s, {1, u"eur"_s}, u"op"_s).path,
                 u"/v71/payments/a%2Fb%3Fc/refunds"_s);
    }

    void oneRefundForTwoSendsUnderOneKey()
    {
        AdyenClient client = clientFor();
        const StoredRequest r =
            adyenRefundRequest(kPayment, u"NorthwindECOM"_s, {1200, u"eur"_s}, u"op_a1"_s);
        const AdyenReply first = client.send(r, u"key-a1"_s);
        QCOMPARE(first.http.status, 201);
        QVERIFY(classify(Provider::Adyen, AdyenClient::answerFor(first)) == Outcome::Succeeded);
        const auto refund = parseAdyenRefund(first.http.body);
        QVERIFY(refund);
        QCOMPARE(refund->status, u"received"_s);
        QCOMPARE(refund->reference, u"op_a1"_s);
        QCOMPARE(refund->paymentPspReference, kPayment);
        QCOMPARE(refund->amount.minor, 1200);
        QCOMPARE(refund->amount.currency, u"eur"_s);
        QVERIFY(isAdyenPspReference(refund->pspReference));

        const AdyenReply again = client.send(r, u"key-a1"_s);
        QCOMPARE(parseAdyenRefund(again.http.body)->pspReference, refund->pspReference);
        const auto requests = m_sim.requests()["requests"];
        QCOMPARE(requests.size(), std::size_t(2));
        for (const auto &logged : requests) {
            QCOMPARE(QString::fromStdString(logged["path"].get<std::string>()), r.path);
            QCOMPARE(QString::fromStdString(logged["idempotency_key"].get<std::string>()),
                     u"key-a1"_s);
        }
        QTRY_COMPARE(m_sim.ledger()["movements"].size(), std::size_t(1)); // settles in 50 ms
        QCOMPARE(QString::fromStdString(m_sim.ledger()["movements"][0]["operation_id"]),
                 u"op_a1"_s);
    }

    void keyStillRunningIsInProgress()
    {
        m_sim.addFault({{"route", "POST /v71/payments/*"},
                        {"mode", "latency"},
                        {"delay_ms", 800},
                        {"count", 1}});
        const StoredRequest r =
            adyenRefundRequest(kPayment, u"NorthwindECOM"_s, {500, u"eur"_s}, u"op_busy"_s);
        const QUrl base = m_sim.baseUrl();
        auto slow = QtConcurrent::run([base, r] {
            QtHttpTransport transport;
            AdyenClient client(transport, {base, u"adyen_test_demo"_s, u"NorthwindECOM"_s});
            return client.send(r, u"key-busy"_s).http.status;
        });
        // The first request holds the key before the second is sent (not a sleep: under a
        // sanitizer the second could otherwise arrive first and meet the fault).
        QTRY_VERIFY(!m_sim.requests()["requests"].empty());
        AdyenClient client = clientFor();
        const AdyenReply busy = client.send(r, u"key-busy"_s);
        QCOMPARE(busy.http.status, 422);
        QVERIFY(busy.transient);
        QCOMPARE(busy.error->errorCode, u"704"_s);
        QVERIFY(classify(Provider::Adyen, AdyenClient::answerFor(busy)) == Outcome::InProgress);
        QCOMPARE(slow.result(), 201);
    }

    void answersAreClassified_data()
    {
        QTest::addColumn<QString>("apiKey");
        QTest::addColumn<QString>("payment");
        QTest::addColumn<QString>("currency");
        QTest::addColumn<QString>("fault");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("outcome");
        QTest::newRow("unknown payment") << u"adyen_test_demo"_s << u"0000000000000000"_s
                                         << u"eur"_s << QString() << 422 << u"refused"_s;
        QTest::newRow("other currency")
            << u"adyen_test_demo"_s << kPayment << u"usd"_s << QString() << 422 << u"refused"_s;
        QTest::newRow("our key refused")
            << u"adyen_wrong"_s << kPayment << u"eur"_s << QString() << 401 << u"credentials"_s;
        QTest::newRow("stored 500") << u"adyen_test_demo"_s << kPayment << u"eur"_s
                                    << u"stored_500"_s << 500 << u"undefined"_s;
        QTest::newRow("503") << u"adyen_test_demo"_s << kPayment << u"eur"_s << u"503"_s << 503
                             << u"no_answer"_s;
        QTest::newRow("timeout") << u"adyen_test_demo"_s << kPayment << u"eur"_s
                                 << u"commit_then_hang"_s << 0 << u"no_answer"_s;
    }
    void answersAreClassified()
    {
        QFETCH(QString, apiKey);
        QFETCH(QString, payment);
        QFETCH(QString, currency);
        QFETCH(QString, fault);
        QFETCH(int, status);
        QFETCH(QString, outcome);
        if (!fault.isEmpty())
            m_sim.addFault(
                {{"route", "POST /v71/payments/*"}, {"mode", fault.toStdString()}, {"count", 1}});
        QtHttpTransport transport;
        AdyenConfig config{m_sim.baseUrl(), apiKey, u"NorthwindECOM"_s};
        config.timeout = std::chrono::milliseconds(500);
        AdyenClient client(transport, config);
        const AdyenReply reply =
            client.send(adyenRefundRequest(payment, u"NorthwindECOM"_s, {100, currency}, u"op_x"_s),
                        u"key-x"_s);
        QCOMPARE(reply.http.status, status);
        QCOMPARE(toString(classify(Provider::Adyen, AdyenClient::answerFor(reply))), outcome);
    }

    void modeComesFromTheEndpoint()
    {
        QVERIFY(adyenModeOf(QUrl(u"https://checkout-test.adyen.com"_s)) == AdyenMode::Test);
        QVERIFY(adyenModeOf(QUrl(u"https://1797a841fbb37ca7-AdyenDemo-checkout-live."
                                 "adyenpayments.com/checkout"_s)) == AdyenMode::Live);
        QVERIFY(adyenModeOf(QUrl(u"http://127.0.0.1:8080"_s)) == AdyenMode::Unknown);
        QVERIFY(adyenModeOf(QUrl(u"https://checkout-live.adyenpayments.com.evil.example"_s)) ==
                AdyenMode::Unknown);
    }

    void pspReferenceShape_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::newRow("adyen") << u"DZ4DPSHB4WD2WN82"_s << true;
        QTest::newRow("digits") << u"8835511210681212"_s << true;
        QTest::newRow("15") << u"DZ4DPSHB4WD2WN8"_s << false;
        QTest::newRow("17") << u"DZ4DPSHB4WD2WN822"_s << false;
        QTest::newRow("stripe charge") << u"ch_4417aaaaaaaaa"_s << false;
        QTest::newRow("space") << u"DZ4DPSHB4WD2 N82"_s << false;
        QTest::newRow("cyrillic") << u"DZ4DPSHB4WD2WNД2"_s << false;
    }
    void pspReferenceShape()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QCOMPARE(isAdyenPspReference(text), valid);
    }

    void parsersNeverThrow_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("array") << QByteArray("[]");
        QTest::newRow("no psp") << QByteArray(R"({"status":"received"})");
        QTest::newRow("wrong types")
            << QByteArray(R"({"pspReference":1,"status":[],"amount":"x"})");
        QTest::newRow("truncated") << QByteArray("{\"pspReference\":\"A");
    }
    void parsersNeverThrow()
    {
        QFETCH(QByteArray, body);
        QVERIFY(!parseAdyenRefund(body));
        QVERIFY(!parseAdyenError(body));
    }

    void settingsFromTheEnvironment()
    {
        QTemporaryDir home;
        qputenv("XDG_CONFIG_HOME", home.path().toUtf8());
        const char *vars[] = {"OPS_ADYEN_URL", "OPS_ADYEN_KEY", "OPS_ADYEN_MERCHANT",
                              "OPS_ADYEN_HMAC_KEY"};
        for (const char *v : vars)
            qunsetenv(v);
        QString error;
        error = adyenConfigFromEnv().error();
        QVERIFY(!error.isEmpty()); // refused, and says why
        QVERIFY2(error.startsWith(u"no Adyen API key: set OPS_ADYEN_KEY"_s), qPrintable(error));
        qputenv("OPS_ADYEN_KEY", "adyen_test_demo");
        error = adyenConfigFromEnv().error();
        QVERIFY(!error.isEmpty()); // refused, and says why
        QCOMPARE(error, u"no Adyen merchant account: set OPS_ADYEN_MERCHANT"_s);
        qputenv("OPS_ADYEN_MERCHANT", "Northwind ECOM");
        error = adyenConfigFromEnv().error();
        QVERIFY(!error.isEmpty()); // refused, and says why
        QVERIFY2(error.contains(u"1-80 letters"_s), qPrintable(error));
        qputenv("OPS_ADYEN_MERCHANT", "NorthwindECOM");
        qputenv("OPS_ADYEN_URL", "ftp://127.0.0.1/");
        error = adyenConfigFromEnv().error();
        QVERIFY(!error.isEmpty()); // refused, and says why
        QVERIFY2(error.startsWith(u"OPS_ADYEN_URL"_s), qPrintable(error));

        qunsetenv("OPS_ADYEN_URL"); // Adyen's test platform by default
        auto config = adyenConfigFromEnv();
        QVERIFY2(config, qPrintable(config.error()));
        QCOMPARE(config->baseUrl, QUrl(u"https://checkout-test.adyen.com"_s));
        QVERIFY(adyenModeOf(config->baseUrl) == AdyenMode::Test);
        QCOMPARE(config->merchantAccount, u"NorthwindECOM"_s);
        QCOMPARE(config->secret, u"adyen_test_demo"_s);

        error = adyenExpectationFromEnv().error();
        QVERIFY(!error.isEmpty()); // refused, and says why
        QVERIFY2(error.contains(u"OPS_ADYEN_HMAC_KEY"_s), qPrintable(error));
        const QByteArray one = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";
        const QByteArray two = "0F1E2D3C4B5A69788796A5B4C3D2E1F00F1E2D3C4B5A69788796A5B4C3D2E1F0";
        for (const QByteArray &bad :
             {QByteArray("not-hex"), one.left(62), QByteArray(one + "00"), QByteArray(64, 'g')}) {
            qputenv("OPS_ADYEN_HMAC_KEY", bad);
            error = adyenExpectationFromEnv().error();
            QVERIFY(!error.isEmpty()); // refused, and says why
            QVERIFY2(error.contains(u"64 hex digits"_s) &&
                         !error.contains(QString::fromLatin1(bad)),
                     qPrintable(error));
        }
        qputenv("OPS_ADYEN_HMAC_KEY", one + ", " + two);
        qputenv("OPS_ADYEN_URL", "https://1797a841fbb37ca7-AdyenDemo-checkout-live."
                                 "adyenpayments.com/checkout");
        const auto expected = adyenExpectationFromEnv();
        QVERIFY2(expected, qPrintable(expected.error()));
        QCOMPARE(expected->hmacKeys, (QList<QByteArray>{one, two}));
        QCOMPARE(expected->merchantAccounts, QStringList{u"NorthwindECOM"_s});
        QVERIFY(expected->live);
        for (const char *v : vars)
            qunsetenv(v);
        qunsetenv("XDG_CONFIG_HOME");
    }

private:
    AdyenClient clientFor()
    {
        return AdyenClient(m_transport,
                           {m_sim.baseUrl(), u"adyen_test_demo"_s, u"NorthwindECOM"_s});
    }

    test::SimProcess m_sim{ops::test::providerSimPath(),
                           test::SimProcess::demoSeedPath(ops::test::sourceDir())};
    QtHttpTransport m_transport;
};

QTEST_GUILESS_MAIN(TestAdyenClient)
#include "tst_adyenclient.moc"
