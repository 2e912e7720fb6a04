// Pure rules: classification (rule 5), money parsing, form encoding, backoff, tool results.

#include "domain/classification.h"
#include "domain/money.h"
#include "engine/toolresult.h"
#include "storage/db/database.h"
#include "stripe/stripeobjects.h"
#include "transport/backoff.h"
#include "transport/formencoding.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

class TestRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classification_data();
    void classification();
    void keyMemoryOfAttempts_data();
    void keyMemoryOfAttempts();
    void positiveAmounts_data();
    void positiveAmounts();
    void signedAmounts_data();
    void signedAmounts();
    void formatMoney_data();
    void formatMoney();
    void formEncodingMatchesStripeNode();
    void formRoundTrip_data();
    void formRoundTrip();
    void formDecodeRefusesMalformed_data();
    void formDecodeRefusesMalformed();
    void backoffIsFullJitterUnderTheCeiling();
    void toolResultsAreTheContract_data();
    void toolResultsAreTheContract();
    void stripeParsersRefuseOtherShapes_data();
    void stripeParsersRefuseOtherShapes();
    void sqlScriptKeepsTriggersWhole();
    void sqlScriptKeepsTaggedDollarQuotesWhole();
};

void TestRules::classification_data()
{
    QTest::addColumn<int>("provider");
    QTest::addColumn<int>("status");
    QTest::addColumn<int>("transport");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("readable");
    QTest::addColumn<int>("expected");
    QTest::addColumn<bool>("transient");
    const int stripe = int(Provider::Stripe);
    const int slen = int(Provider::Slen);
    const int adyen = int(Provider::Adyen);
    const int none = int(TransportError::None);
    auto row = [](const char *name, int p, int s, int t, const char *type, const char *code,
                  bool readable, Outcome o, bool transient = false) {
        QTest::addRow("%s", name) << p << s << t << QString::fromLatin1(type)
                                  << QString::fromLatin1(code) << readable << int(o) << transient;
    };
    row("stripe 200 refund", stripe, 200, none, "", "", true, Outcome::Succeeded);
    row("stripe 200 unreadable", stripe, 200, none, "", "", false, Outcome::Undefined);
    row("stripe 400 amount_too_large", stripe, 400, none, "invalid_request_error",
        "amount_too_large", true, Outcome::Refused);
    row("stripe 400 already refunded", stripe, 400, none, "invalid_request_error",
        "charge_already_refunded", true, Outcome::Refused);
    row("stripe 402 declined", stripe, 402, none, "card_error", "card_declined", true,
        Outcome::Refused);
    row("stripe 404 missing", stripe, 404, none, "invalid_request_error", "resource_missing", true,
        Outcome::Refused);
    row("stripe 409 key in use", stripe, 409, none, "idempotency_error", "idempotency_key_in_use",
        true, Outcome::InProgress);
    row("stripe 400 idempotency_error", stripe, 400, none, "idempotency_error", "", true,
        Outcome::KeyMismatch);
    row("stripe 401", stripe, 401, none, "invalid_request_error", "", true, Outcome::Credentials);
    row("stripe 403", stripe, 403, none, "", "", true, Outcome::Credentials);
    row("stripe 429", stripe, 429, none, "", "rate_limit", true, Outcome::NoAnswer);
    row("stripe 500 stored", stripe, 500, none, "api_error", "", true, Outcome::Undefined);
    row("stripe 502", stripe, 502, none, "", "", true, Outcome::NoAnswer);
    row("stripe 503", stripe, 503, none, "", "", true, Outcome::NoAnswer);
    row("stripe 504", stripe, 504, none, "", "", true, Outcome::NoAnswer);
    row("stripe 501 unknown 5xx", stripe, 501, none, "", "", true, Outcome::Undefined);
    row("timeout", stripe, 0, int(TransportError::Timeout), "", "", true, Outcome::NoAnswer);
    row("reset", stripe, 0, int(TransportError::Reset), "", "", true, Outcome::NoAnswer);
    row("refused connection", stripe, 0, int(TransportError::ConnectionFailed), "", "", true,
        Outcome::NoAnswer);
    row("slen 409 in progress", slen, 409, none, "", "idempotency_in_progress", true,
        Outcome::InProgress);
    row("slen 409 conflict", slen, 409, none, "", "idempotency_conflict", true,
        Outcome::KeyMismatch);
    row("slen 422 insufficient", slen, 422, none, "", "insufficient_credits", true,
        Outcome::Refused);
    row("slen 202 queued", slen, 202, none, "", "", true, Outcome::Succeeded);
    row("slen 500", slen, 500, none, "", "internal_error", true, Outcome::Undefined);
    // docs/adyen.md: Adyen's answers. A 201 `received` is a success the refund policy reads; the
    // timeout is what Adyen's idempotency exists for (resend, same key); a 500 may or may not
    // have been received, and its notification decides.
    row("adyen 201 received", adyen, 201, none, "", "", true, Outcome::Succeeded);
    row("adyen 201 unreadable", adyen, 201, none, "", "", false, Outcome::Undefined);
    row("adyen 422 704 transient", adyen, 422, none, "validation", "704", true, Outcome::InProgress,
        true);
    row("adyen 409 704 transient", adyen, 409, none, "validation", "704", true, Outcome::InProgress,
        true);
    row("adyen 422 704 without transient", adyen, 422, none, "validation", "704", true,
        Outcome::KeyMismatch);
    row("adyen 422 167 unknown payment", adyen, 422, none, "validation", "167", true,
        Outcome::Refused);
    row("adyen 422 137 amount", adyen, 422, none, "validation", "137", true, Outcome::Refused);
    row("adyen 401", adyen, 401, none, "security", "000", true, Outcome::Credentials);
    row("adyen 403 merchant", adyen, 403, none, "security", "901", true, Outcome::Credentials);
    row("adyen 429", adyen, 429, none, "", "", true, Outcome::NoAnswer);
    row("adyen 500", adyen, 500, none, "internal", "905", true, Outcome::Undefined);
    row("adyen 503", adyen, 503, none, "", "", true, Outcome::NoAnswer);
    row("adyen timeout", adyen, 0, int(TransportError::Timeout), "", "", true, Outcome::NoAnswer);
    row("stripe 422 704 is not Adyen's", stripe, 422, none, "", "704", true, Outcome::Refused,
        true);
}

void TestRules::classification()
{
    QFETCH(int, provider);
    QFETCH(int, status);
    QFETCH(int, transport);
    QFETCH(QString, type);
    QFETCH(QString, code);
    QFETCH(bool, readable);
    QFETCH(int, expected);
    QFETCH(bool, transient);
    ProviderAnswer a;
    a.transientError = transient;
    a.httpStatus = status;
    a.transport = TransportError(transport);
    a.errorType = type;
    a.errorCode = code;
    a.bodyReadable = readable;
    QCOMPARE(toString(ops::classify(Provider(provider), a)), toString(Outcome(expected)));
}

void TestRules::keyMemoryOfAttempts_data()
{
    // DESIGN §16: the outcomes of a row's attempts, oldest first, and what the key then holds.
    QTest::addColumn<QList<int>>("outcomes");
    QTest::addColumn<QString>("expected");
    using O = Outcome;
    QTest::newRow("no attempt") << QList<int>{} << u"nothing"_s;
    QTest::newRow("503 six times")
        << QList<int>{int(O::NoAnswer), int(O::NoAnswer), int(O::NoAnswer),
                      int(O::NoAnswer), int(O::NoAnswer), int(O::NoAnswer)}
        << u"nothing"_s;
    QTest::newRow("hang before commit, sender died")
        << QList<int>{int(O::InFlight)} << u"nothing"_s;
    QTest::newRow("in progress, credentials")
        << QList<int>{int(O::InProgress), int(O::Credentials)} << u"nothing"_s;
    QTest::newRow("stored 500") << QList<int>{int(O::Undefined)} << u"stored_answer"_s;
    QTest::newRow("timeouts, then a stored 500")
        << QList<int>{int(O::NoAnswer), int(O::Undefined)} << u"stored_answer"_s;
    QTest::newRow("key conflict") << QList<int>{int(O::KeyMismatch)} << u"conflict"_s;
    QTest::newRow("stored 500, then a conflict")
        << QList<int>{int(O::Undefined), int(O::KeyMismatch)} << u"conflict"_s;
    QTest::newRow("refused") << QList<int>{int(O::Refused)} << u"stored_answer"_s;
}

void TestRules::keyMemoryOfAttempts()
{
    QFETCH(QList<int>, outcomes);
    QFETCH(QString, expected);
    std::vector<Attempt> attempts;
    for (const int o : outcomes) {
        Attempt a;
        a.seq = int(attempts.size()) + 1;
        a.outcome = Outcome(o);
        attempts.push_back(a);
    }
    QCOMPARE(toString(keyMemory(attempts)), expected);
}

void TestRules::positiveAmounts_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("expected"); // -1: refused
    QTest::addRow("plain") << u"3800"_s << qint64(3800);
    QTest::addRow("one") << u"1"_s << qint64(1);
    QTest::addRow("max") << u"99999999"_s << qint64(99999999);
    QTest::addRow("over max") << u"100000000"_s << qint64(-1);
    QTest::addRow("overflowing") << u"99999999999999999999999"_s << qint64(-1);
    QTest::addRow("zero") << u"0"_s << qint64(-1);
    QTest::addRow("negative") << u"-5"_s << qint64(-1);
    QTest::addRow("decimal") << u"38.00"_s << qint64(-1);
    QTest::addRow("empty") << u""_s << qint64(-1);
    QTest::addRow("spaces") << u" 38"_s << qint64(-1);
    QTest::addRow("plus sign") << u"+38"_s << qint64(-1);
    QTest::addRow("letters") << u"38usd"_s << qint64(-1);
    QTest::addRow("arabic-indic digits") << u"\u0663\u0668"_s << qint64(-1);
}

void TestRules::positiveAmounts()
{
    QFETCH(QString, text);
    QFETCH(qint64, expected);
    const auto parsed = parsePositiveMinor(text);
    if (expected < 0) {
        QVERIFY(!parsed);
        QVERIFY(!parsed.error().isEmpty());
    } else {
        QCOMPARE(parsed.valueOr(-1), expected);
    }
}

void TestRules::signedAmounts_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("expected"); // 0: refused
    QTest::addRow("positive") << u"250"_s << qint64(250);
    QTest::addRow("negative") << u"-250"_s << qint64(-250);
    QTest::addRow("zero") << u"0"_s << qint64(0);
    QTest::addRow("minus zero") << u"-0"_s << qint64(0);
    QTest::addRow("double minus") << u"--5"_s << qint64(0);
    QTest::addRow("lone minus") << u"-"_s << qint64(0);
}

void TestRules::signedAmounts()
{
    QFETCH(QString, text);
    QFETCH(qint64, expected);
    QCOMPARE(parseSignedMinor(text).valueOr(0), expected);
}

void TestRules::formatMoney_data()
{
    QTest::addColumn<qint64>("minor");
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QString>("expected");
    QTest::addRow("usd") << qint64(3800) << u"usd"_s << u"38.00 USD"_s;
    QTest::addRow("cents") << qint64(5) << u"eur"_s << u"0.05 EUR"_s;
    QTest::addRow("yen") << qint64(500) << u"jpy"_s << u"500 JPY"_s;
    QTest::addRow("dinar") << qint64(1234) << u"kwd"_s << u"1.234 KWD"_s;
    QTest::addRow("negative") << qint64(-150) << u"usd"_s << u"-1.50 USD"_s;
    QTest::addRow("credits are whole units") << qint64(100) << u"credits"_s << u"100 credits"_s;
    QTest::addRow("negative adjust") << qint64(-25) << u"minutes"_s << u"-25 minutes"_s;
    QTest::addRow("no unit") << qint64(0) << u""_s << u"0"_s;
}

void TestRules::formatMoney()
{
    QFETCH(qint64, minor);
    QFETCH(QString, currency);
    QFETCH(QString, expected);
    QCOMPARE(ops::formatMoney({minor, currency}), expected);
}

void TestRules::formEncodingMatchesStripeNode()
{
    // stripe-node: RFC 3986 escapes, literal brackets in nested keys, %20 for spaces.
    const QByteArray body = formEncode({{u"charge"_s, u"ch_4417"_s},
                                        {u"amount"_s, u"3800"_s},
                                        {u"metadata[operation_id]"_s, u"op_1"_s},
                                        {u"metadata[note]"_s, u"Café & co=1"_s}});
    QCOMPARE(body, QByteArray("charge=ch_4417&amount=3800&metadata[operation_id]=op_1&"
                              "metadata[note]=Caf%C3%A9%20%26%20co%3D1"));
}

void TestRules::formRoundTrip_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addRow("ascii") << u"amount"_s << u"3800"_s;
    QTest::addRow("cyrillic") << u"metadata[заказ]"_s << u"возврат №4417"_s;
    QTest::addRow("reserved") << u"metadata[a&b]"_s << u"x=y&z+1%"_s;
    QTest::addRow("empty value") << u"reason"_s << u""_s;
    QTest::addRow("emoji") << u"metadata[n]"_s << u"\U0001F4B8"_s;
}

void TestRules::formRoundTrip()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    const auto decoded = formDecode(formEncode({{key, value}}));
    QVERIFY(decoded);
    QCOMPARE(decoded->size(), 1);
    QCOMPARE(decoded->first().first, key);
    QCOMPARE(decoded->first().second, value);
}

void TestRules::formDecodeRefusesMalformed_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addRow("no equals") << QByteArray("amount");
    QTest::addRow("empty key") << QByteArray("=5");
    QTest::addRow("bad escape") << QByteArray("a=%G1");
    QTest::addRow("truncated escape") << QByteArray("a=%4");
    QTest::addRow("invalid utf-8") << QByteArray("a=%C3%28");
}

void TestRules::formDecodeRefusesMalformed()
{
    QFETCH(QByteArray, body);
    QVERIFY(!formDecode(body));
}

void TestRules::backoffIsFullJitterUnderTheCeiling()
{
    using std::chrono::milliseconds;
    QCOMPARE(Backoff::ceiling(milliseconds(250), milliseconds(4000), 1).count(), 250);
    QCOMPARE(Backoff::ceiling(milliseconds(250), milliseconds(4000), 3).count(), 1000);
    QCOMPARE(Backoff::ceiling(milliseconds(250), milliseconds(4000), 9).count(), 4000);
    Backoff b(milliseconds(250), milliseconds(4000), 42);
    qint64 smallest = 1'000'000;
    qint64 largest = 0;
    for (int i = 0; i < 2000; ++i) {
        const auto d = b.delay(3).count();
        QVERIFY(d >= 0 && d <= 1000);
        smallest = qMin(smallest, d);
        largest = qMax(largest, d);
    }
    // Full jitter spreads over the whole range, not a band near the ceiling.
    QVERIFY(smallest < 100);
    QVERIFY(largest > 900);
    // Same seed, same sequence: a failing run can be repeated.
    Backoff x(milliseconds(250), milliseconds(4000), 7),
        y(milliseconds(250), milliseconds(4000), 7);
    for (int i = 1; i < 6; ++i)
        QCOMPARE(x.delay(i), y.delay(i));
}

void TestRules::toolResultsAreTheContract_data()
{
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("expected");
    QTest::addRow("refunded")
        << 0 << uR"({"status":"refunded","operation_id":"op_1","refund_id":"re_9"})"_s;
    QTest::addRow("failed")
        << 1 << uR"({"status":"failed","operation_id":"op_1","reason":"amount_too_large"})"_s;
    QTest::addRow("unconfirmed") << 2 << uR"({"status":"unconfirmed","operation_id":"op_1"})"_s;
    QTest::addRow("checking")
        << 3
        << uR"({"status":"checking","operation_id":"op_1","note":"Outcome unknown. A person is checking. Do not say the refund succeeded or failed."})"_s;
    QTest::addRow("rejected")
        << 4 << uR"({"status":"rejected","error":{"code":"invalid_request","message":"m"}})"_s;
}

void TestRules::toolResultsAreTheContract()
{
    QFETCH(int, which);
    QFETCH(QString, expected);
    const ToolResult results[] = {
        ToolResult::refunded(u"op_1"_s, u"re_9"_s),
        ToolResult::failed(u"op_1"_s, u"amount_too_large"_s),
        ToolResult::unconfirmed(u"op_1"_s),
        ToolResult::checking(u"op_1"_s),
        ToolResult::rejected(u"invalid_request"_s, u"m"_s),
    };
    QCOMPARE(QString::fromStdString(results[which].toJson().dump()), expected);
}

void TestRules::stripeParsersRefuseOtherShapes_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addRow("empty") << QByteArray();
    QTest::addRow("truncated") << QByteArray(R"({"id":"re_1","object":"refund","amou)");
    QTest::addRow("array") << QByteArray("[]");
    QTest::addRow("charge not refund")
        << QByteArray(R"({"id":"ch_1","object":"charge","amount":5})");
    QTest::addRow("string amount") << QByteArray(R"({"id":"re_1","object":"refund","amount":"5"})");
    QTest::addRow("float amount") << QByteArray(R"({"id":"re_1","object":"refund","amount":5.5})");
    QTest::addRow("no id") << QByteArray(R"({"object":"refund","amount":5})");
    QTest::addRow("html") << QByteArray("<html>502 Bad Gateway</html>");
}

void TestRules::stripeParsersRefuseOtherShapes()
{
    QFETCH(QByteArray, body);
    QVERIFY(!parseStripeRefund(body));
    QVERIFY(!parseStripeCharge(body)); // the charge row lacks amount_refunded
    QVERIFY(!parseStripeRefundList(body));
}

void TestRules::sqlScriptKeepsTriggersWhole()
{
    const auto statements = splitSqlScript(
        u"-- comment\nCREATE TABLE t (a INTEGER); -- trailing\n"
        "CREATE TRIGGER t_no_update BEFORE UPDATE ON t\nBEGIN SELECT RAISE(ABORT, 'no'); END;\n"
        "INSERT INTO t VALUES (1);\n"_s);
    QCOMPARE(statements.size(), 3);
    QVERIFY(statements.at(1).startsWith(u"CREATE TRIGGER"_s));
    QVERIFY(statements.at(1).endsWith(u"END;"_s));
}

void TestRules::sqlScriptKeepsTaggedDollarQuotesWhole()
{
    // 0021's generator: a $gen$ body that holds a $body$ template, ';' at line ends in both, a
    // '$' in a single-quoted string and positional parameters.
    const auto statements =
        splitSqlScript(u"CREATE FUNCTION g() RETURNS text LANGUAGE plpgsql AS $gen$\n"
                       "BEGIN\n"
                       "    RETURN format($body$\n"
                       "BEGIN\n"
                       "    PERFORM f(NEW.%1$I);\n"
                       "END;\n"
                       "$body$, 'x$');\n"
                       "END;\n"
                       "$gen$;\n"
                       "SELECT '$a$' || $1;\n"
                       "CREATE FUNCTION h() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$;\n"
                       // An escaped quote in an E'' string before a body; '$' in an identifier.
                       "CREATE FUNCTION e(x text DEFAULT E'\\'') RETURNS int AS $$\n"
                       "SELECT 1;\n"
                       "$$;\n"
                       "SELECT 1 AS a$b$;\n"
                       "CREATE FUNCTION u() RETURNS int AS $тело$ SELECT 2; $тело$;\n"_s);
    QCOMPARE(statements.size(), 6);
    QVERIFY(statements.at(0).startsWith(u"CREATE FUNCTION g()"_s));
    QVERIFY(statements.at(0).endsWith(u"$gen$;"_s));
    QCOMPARE(statements.at(1), u"SELECT '$a$' || $1;"_s);
    QVERIFY(statements.at(2).endsWith(u"$$;"_s));
    QVERIFY(statements.at(3).startsWith(u"CREATE FUNCTION e("_s));
    QVERIFY(statements.at(3).endsWith(u"$$;"_s));
    QCOMPARE(statements.at(4), u"SELECT 1 AS a$b$;"_s);
    QVERIFY(statements.at(5).endsWith(u"$тело$;"_s));
}

QTEST_GUILESS_MAIN(TestRules)
#include "tst_rules.moc"
