// check_reply (issue 51 item 9): an agent's draft to a customer judged by the truth guard against
// the refund it is about, through `opsctl mcp` over stdio as a host runs it. Every phrasing of
// the guard's corpus (tests/data/truthguard, en/ru/uk) against a row in each state: every claim
// the corpus marks false for that state is refused, and every other phrasing gets the guard's
// own verdict (tst_truthguardcorpus bounds the honest text it refuses). Nothing is written.
// SQLite only: the tool only reads, and the rows are seeded in the states the cases need.

#include "domain/truthguard.h"
#include "support/mcpstdio.h"
#include "support/processrun.h"
#include "support/storefixture.h"
#include "support/teamloginshistory.h"
#include "support/testpaths.h"
#include "support/truthguardcorpus.h"

#include <QFile>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;
using ops::test::StdioServer;

namespace {

// A string field of a tool result, for QCOMPARE; empty when it is missing or not a string.
QString text(const json &value)
{
    return value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString();
}

// The row each of the corpus's states is checked against (truthguardcorpus.h's rowStates()).
QString rowFor(const test::truthguard::RowState &s)
{
    return u"op_"_s + QString(s.name).replace(u'+', u'_');
}

} // namespace

class TestCheckReply : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void everyPhrasingOfTheCorpusIsJudgedAsTheGuardDoes();
    void aRefusalNamesTheClaimAndWhatMayBeSaid();
    void anOrderIsJudgedByEveryRefundOfIt();
    void aReplacedRefundIsHistory();
    void opsctlGivesTheSameVerdict();
    void opsctlRefusesBadInput_data();
    void opsctlRefusesBadInput();
    void badCallsAreRefusedAndNothingIsWritten_data();
    void badCallsAreRefusedAndNothingIsWritten();

private:
    json call(const json &arguments);
    test::ProcessRun opsctl(const QStringList &args);
    QStringList tableCounts();

    std::unique_ptr<test::StoreFixture> m_fx;
    std::unique_ptr<StdioServer> m_server;
    int m_id = 1;
};

void TestCheckReply::init()
{
    m_fx = std::make_unique<test::StoreFixture>(false);
    Connection &db = connectionOf(m_fx->store());
    for (const test::truthguard::RowState &s : test::truthguard::rowStates()) {
        NewOperation op = test::teamRefundRow(rowFor(s));
        op.orderId = u"ord-4417"_s;
        m_fx->store().openOrGet(op);
        runQuery(db,
                 u"UPDATE operations SET state = ?, provider_status = ?, provider_ref = "
                 "'re_1' WHERE id = ?"_s,
                 {toString(s.state), s.providerStatus.isEmpty() ? QVariant() : s.providerStatus,
                  rowFor(s)});
    }
    // Another order with one refund, still being checked.
    m_fx->store().openOrGet(test::teamRefundRow(u"op_lone"_s));
    runQuery(db, u"UPDATE operations SET state = 'unknown' WHERE id = 'op_lone'"_s);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"OPS_DB"_s, m_fx->path());
    for (const char *name : {"OPS_MCP_TOKEN", "OPS_MCP_KEY", "OPS_MCP_AGENT", "OPS_STRIPE_URL"})
        env.remove(QString::fromLatin1(name));
    m_server = std::make_unique<StdioServer>(env);
    QVERIFY(m_server->initialize());
}

void TestCheckReply::cleanup()
{
    m_server.reset();
    m_fx.reset();
}

json TestCheckReply::call(const json &arguments)
{
    const json reply = m_server->ask(test::toolCall(m_id++, "check_reply", arguments));
    if (!reply.is_object() || !reply.contains("result"))
        return reply; // a JSON-RPC error, for the bad-input cases
    const json &result = reply["result"];
    // The text block is the structured content as JSON (DESIGN §11).
    if (json::parse(result["content"][0]["text"].get<std::string>()) != result["structuredContent"])
        return {{"mismatch", result}};
    return result;
}

QStringList TestCheckReply::tableCounts()
{
    QStringList out;
    for (const QString &table : {u"operations"_s, u"attempts"_s, u"audit"_s, u"messages"_s}) {
        Query q = runQuery(connectionOf(m_fx->store()), u"SELECT COUNT(*) FROM "_s + table);
        out << table + u'=' + (q.next() ? q.value(0).toString() : u"?"_s);
    }
    return out;
}

void TestCheckReply::everyPhrasingOfTheCorpusIsJudgedAsTheGuardDoes()
{
    using namespace test::truthguard;
    const QStringList before = tableCounts();
    int refused = 0;
    int allowed = 0;
    for (const QString &language : languages()) {
        const Corpus &c = corpus(language);
        QVERIFY2(c.error.isEmpty(), qPrintable(c.error));
        for (const Entry &e : c.entries) {
            for (const RowState &s : rowStates()) {
                const json r = call({{"operation_id", rowFor(s).toStdString()},
                                     {"draft", e.text.toStdString()},
                                     {"language", language.toStdString()}});
                const std::string got =
                    r.value("structuredContent", json::object()).value("status", "");
                const bool guard =
                    TruthGuard::check(s.state, s.providerStatus, e.text, language).allowed;
                const bool claimFalseHere = !e.expected.at(s.column);
                const std::string want = guard && !claimFalseHere ? "allowed" : "refused";
                QVERIFY2(got == want,
                         qPrintable(u"%1.tsv line %2 on a row %3: %4, expected %5: %6"_s.arg(
                             language, QString::number(e.line), s.name, QString::fromStdString(got),
                             QString::fromStdString(want), e.text)));
                QCOMPARE(r["isError"].get<bool>(), false);
                if (got == "refused") { // the false claim is named, and why
                    const json &s = r["structuredContent"];
                    QVERIFY2(!text(s["reason"]).isEmpty() && !text(s["claim"]["phrase"]).isEmpty(),
                             s.dump().c_str());
                }
                (got == "refused" ? refused : allowed)++;
            }
        }
    }
    QVERIFY(refused > 0 && allowed > 0);
    QCOMPARE(tableCounts(), before);
    qInfo("%d verdicts through MCP: %d refused, %d allowed", refused + allowed, refused, allowed);
}

void TestCheckReply::aRefusalNamesTheClaimAndWhatMayBeSaid()
{
    // The seed's failure: an agent about to tell the customer "refunded" while nobody knows.
    const json r = call({{"operation_id", "op_unknown"},
                         {"draft", "Good news, your refund of $38.00 has been processed!"}});
    const json &s = r["structuredContent"];
    QCOMPARE(text(s["status"]), u"refused"_s);
    QCOMPARE(text(s["operation_id"]), u"op_unknown"_s);
    QCOMPARE(text(s["state"]), u"unknown"_s);
    QCOMPARE(text(s["claim"]["kind"]), u"success"_s);
    QVERIFY(!s["claim"]["phrase"].get<std::string>().empty());
    QVERIFY(!s["reason"].get<std::string>().empty());
    QVERIFY(s["may_say"].size() >= 1);
    for (const json &m : s["may_say"]) {
        QVERIFY(m["template"] == "checking" || m["template"] == "not_confirmed");
        QVERIFY(m["text"].get<std::string>().find("{") == std::string::npos);
    }
    // The honest reply passes, and the row that succeeded may be called refunded, in Russian too.
    const json honest =
        call({{"operation_id", "op_unknown"},
              {"draft", "A colleague is checking your refund and will write back."}});
    QCOMPARE(text(honest["structuredContent"]["status"]), u"allowed"_s);
    const json done = call({{"operation_id", "op_succeeded"},
                            {"draft", "Деньги возвращены на вашу карту."},
                            {"language", "ru"}})["structuredContent"];
    QCOMPARE(text(done["status"]), u"allowed"_s);
    QCOMPARE(text(done["may_say"][0]["template"]), u"refunded"_s);
}

void TestCheckReply::anOrderIsJudgedByEveryRefundOfIt()
{
    // ord-4417 has one refund in each state: "completed" is false about all but one of them.
    const json r = call({{"order", "ord-4417"}, {"draft", "Your refund has been completed."}});
    const json &s = r["structuredContent"];
    QCOMPARE(text(s["status"]), u"refused"_s);
    QCOMPARE(s["operations"].size(), size_t(5));
    QVERIFY(s["state"] != "succeeded" || s["provider_status"] == "pending");
    int refusedRows = 0;
    for (const json &row : s["operations"])
        refusedRows += row["verdict"] == "refused" ? 1 : 0;
    QCOMPARE(refusedRows, 4); // all but the one that succeeded and arrived
    // Whatever it offers is true of every refund of the order; here nothing is, and it says so.
    for (const json &m : s["may_say"]) {
        for (const test::truthguard::RowState &row : test::truthguard::rowStates())
            QVERIFY2(
                TruthGuard::check(row.state, row.providerStatus, text(m["text"]), u"en"_s).allowed,
                m.dump().c_str());
    }
    QVERIFY(!s["may_say"].empty() || text(s["note"]).contains(u"operation_id"_s));
    // One refund of its own, being checked: the answer names that row.
    const json lone = call({{"order", "ord-op_lone"}, {"draft", "We are looking into it."}});
    QCOMPARE(text(lone["structuredContent"]["status"]), u"allowed"_s);
    QCOMPARE(text(lone["structuredContent"]["operation_id"]), u"op_lone"_s);
    QVERIFY(!lone["structuredContent"].contains("operations"));
}

void TestCheckReply::aReplacedRefundIsHistory()
{
    // §16: a failed refund, then its replacement, which succeeded. The customer may be told the
    // refund is done; the old failure neither refuses that nor is offered as something to say.
    Connection &db = connectionOf(m_fx->store());
    NewOperation old = test::teamRefundRow(u"op_old"_s);
    old.orderId = u"ord-77"_s;
    m_fx->store().openOrGet(old);
    runQuery(db, u"UPDATE operations SET state = 'failed' WHERE id = 'op_old'"_s);
    NewOperation replacement = test::teamRefundRow(u"op_new"_s);
    replacement.orderId = u"ord-77"_s;
    replacement.replaces = u"op_old"_s;
    m_fx->store().openOrGet(replacement);
    runQuery(db, u"UPDATE operations SET state = 'succeeded', provider_status = 'succeeded', "
                 "provider_ref = 're_2' WHERE id = 'op_new'"_s);
    const json r = call({{"order", "ord-77"}, {"draft", "Your refund has been completed."}});
    const json &s = r["structuredContent"];
    QCOMPARE(text(s["status"]), u"allowed"_s);
    QCOMPARE(text(s["operation_id"]), u"op_new"_s);
    QVERIFY(!s.contains("operations"));
    QCOMPARE(text(s["may_say"][0]["template"]), u"refunded"_s);
}

test::ProcessRun TestCheckReply::opsctl(const QStringList &args)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"OPS_DB"_s, m_fx->path());
    return test::runProcess(test::opsctlPath(), QStringList{u"message"_s, u"check"_s} + args, env);
}

void TestCheckReply::opsctlGivesTheSameVerdict()
{
    // For a host without MCP: the same JSON, exit 0 when allowed and 2 when refused.
    const QString claim = u"Good news, your refund of $38.00 has been processed!"_s;
    const test::ProcessRun refused = opsctl({u"op_unknown"_s, u"--draft"_s, claim});
    QCOMPARE(refused.exitCode, 2);
    const json viaMcp = call({{"operation_id", "op_unknown"}, {"draft", claim.toStdString()}});
    const json printed = json::parse(refused.out.trimmed().toStdString(), nullptr, false);
    QVERIFY2(printed == viaMcp["structuredContent"], refused.out.constData());
    const test::ProcessRun allowed =
        opsctl({u"--order"_s, u"ord-op_lone"_s, u"--draft"_s, u"A colleague is checking."_s});
    QCOMPARE(allowed.exitCode, 0);
    QCOMPARE(text(json::parse(allowed.out.trimmed().toStdString(), nullptr, false)["status"]),
             u"allowed"_s);
}

void TestCheckReply::opsctlRefusesBadInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected"); // on stderr
    QTest::addRow("no draft") << QStringList{u"op_unknown"_s} << u"--draft"_s;
    QTest::addRow("blank draft") << QStringList{u"op_unknown"_s, u"--draft"_s, u"  "_s}
                                 << u"--draft"_s;
    QTest::addRow("draft over 5000 characters")
        << QStringList{u"op_unknown"_s, u"--draft"_s, QString(5001, u'x')} << u"--draft"_s;
    QTest::addRow("neither row nor order") << QStringList{u"--draft"_s, u"hi"_s} << u"one"_s;
    QTest::addRow("both row and order")
        << QStringList{u"op_unknown"_s, u"--order"_s, u"ord-4417"_s, u"--draft"_s, u"hi"_s}
        << u"not both"_s;
    QTest::addRow("unknown language")
        << QStringList{u"op_unknown"_s, u"--draft"_s, u"hi"_s, u"--language"_s, u"de"_s}
        << u"--language"_s;
    QTest::addRow("no such operation")
        << QStringList{u"op_nope"_s, u"--draft"_s, u"hi"_s} << u"no operation op_nope"_s;
    QTest::addRow("no refund of the order")
        << QStringList{u"--order"_s, u"ord-nope"_s, u"--draft"_s, u"hi"_s}
        << u"no refund of order ord-nope"_s;
}

void TestCheckReply::opsctlRefusesBadInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    const QStringList before = tableCounts();
    const test::ProcessRun r = opsctl(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(expected), r.err.constData());
    QCOMPARE(tableCounts(), before);
}

void TestCheckReply::badCallsAreRefusedAndNothingIsWritten_data()
{
    QTest::addColumn<QByteArray>("arguments");
    QTest::addColumn<QString>("expected"); // in the error message or error.code
    QTest::addRow("no draft") << QByteArray(R"({"operation_id":"op_unknown"})") << u"draft"_s;
    QTest::addRow("empty draft") << QByteArray(R"({"operation_id":"op_unknown","draft":""})")
                                 << u"draft"_s;
    QTest::addRow("neither row nor order")
        << QByteArray(R"({"draft":"hello"})") << u"exactly one of operation_id and order"_s;
    QTest::addRow("both row and order")
        << QByteArray(R"({"operation_id":"op_unknown","order":"ord-4417","draft":"hello"})")
        << u"exactly one of operation_id and order"_s;
    QTest::addRow("unknown language")
        << QByteArray(R"({"operation_id":"op_unknown","draft":"hello","language":"de"})")
        << u"language"_s;
    QTest::addRow("draft over 5000 characters")
        << QByteArray(R"({"operation_id":"op_unknown","draft":")") + QByteArray(5001, 'x') + "\"}"
        << u"draft"_s;
    QTest::addRow("unknown field")
        << QByteArray(R"({"operation_id":"op_unknown","draft":"hi","send":true})") << u"send"_s;
    QTest::addRow("no such operation")
        << QByteArray(R"({"operation_id":"op_nope","draft":"hello"})") << u"unknown_operation"_s;
    QTest::addRow("no refund of the order")
        << QByteArray(R"({"order":"ord-nope","draft":"hello"})") << u"unknown_order"_s;
}

void TestCheckReply::badCallsAreRefusedAndNothingIsWritten()
{
    QFETCH(QByteArray, arguments);
    QFETCH(QString, expected);
    const QStringList before = tableCounts();
    const json r = call(json::parse(arguments.toStdString()));
    const std::string said = r.contains("error") ? r["error"].dump() : r.dump();
    QVERIFY2(QString::fromStdString(said).contains(expected), said.c_str());
    if (r.contains("structuredContent")) { // a tool result: rejected, flagged as an error
        QCOMPARE(text(r["structuredContent"]["status"]), u"rejected"_s);
        QCOMPARE(r["isError"].get<bool>(), true);
    }
    QCOMPARE(tableCounts(), before);
    QVERIFY(m_server->alive());
}

QTEST_GUILESS_MAIN(TestCheckReply)
#include "tst_checkreply.moc"
