// Hostile inputs, data-driven: bad command-line arguments, a provider that answers garbage,
// and malformed evidence. Every case must end with a clear error (or an honest non-final
// result), nothing stored half-way and nothing sent that should not be.

#include "fakeprovider.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using nlohmann::json;
using ops::test::FakeProvider;
using ops::test::SimProcess;

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    json result() const { return json::parse(out.constData(), nullptr, false); }
    std::string status() const
    {
        const json j = result();
        return j.is_object() ? j.value("status", "") : "";
    }
};

// One SQLite file and the opsctl environment pointing at a provider on loopback.
class Agent
{
public:
    explicit Agent(quint16 providerPort)
    {
        const QString url = u"http://127.0.0.1:%1"_s.arg(providerPort);
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.remove(u"OPS_OPERATOR"_s);
        m_env.insert(u"OPS_DB"_s, m_dir.path() + u"/ops.sqlite"_s);
        m_env.insert(u"OPS_STRIPE_URL"_s, url);
        m_env.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_demo"_s);
        m_env.insert(u"OPS_SLEN_URL"_s, url);
        m_env.insert(u"OPS_SLEN_KEY"_s, u"sk_test_demo"_s);
        m_env.insert(u"OPS_SLEN_PROJECT"_s, u"demo"_s);
        m_env.insert(u"OPS_ATTEMPT_TIMEOUT_MS"_s, u"800"_s);
        m_env.insert(u"OPS_ATTEMPTS_PER_CALL"_s, u"2"_s);
        m_env.insert(u"OPS_BACKOFF_BASE_MS"_s, u"10"_s);
        m_env.insert(u"OPS_BACKOFF_CAP_MS"_s, u"50"_s);
    }
    Run run(const QStringList &args) const { return exec(ops::test::opsctlPath(), args); }
    // Through /bin/sh so an argument can carry bytes that are not UTF-8 ($BAD is 0xFF 0xFE).
    Run runShell(const QString &script) const
    {
        // $0 of the script is opsctl.
        return exec(u"/bin/sh"_s,
                    {u"-c"_s, u"BAD=$(printf '\\377\\376'); "_s + script, ops::test::opsctlPath()});
    }
    json rows() const
    {
        const Run r = run({u"list"_s, u"--json"_s, u"--limit"_s, u"100000"_s});
        const json j = r.result();
        return j.is_object() ? j["operations"] : json::array();
    }
    json show(const std::string &op) const
    {
        return run({u"show"_s, QString::fromStdString(op), u"--json"_s}).result();
    }
    QString dir() const { return m_dir.path(); }
    QProcessEnvironment &env() { return m_env; }

private:
    Run exec(const QString &program, const QStringList &args) const
    {
        QProcess p;
        p.setProcessEnvironment(m_env);
        p.start(program, args);
        p.waitForFinished(60000);
        return {p.exitCode(), p.readAllStandardOutput().trimmed(), p.readAllStandardError()};
    }
    QTemporaryDir m_dir;
    QProcessEnvironment m_env;
};

size_t postCount(SimProcess &sim)
{
    size_t n = 0;
    const json all = sim.requests(); // keep the document alive while iterating its array
    for (const auto &r : all["requests"])
        n += r.value("method", "") == "POST" ? 1 : 0;
    return n;
}

const QString kLong191 = QString(191, u'w');
const QString kLong256 = QString(256, u'o');

QStringList credit(const QString &kind, const QString &amount, const QString &work)
{
    return {u"credit"_s,  kind,          u"--customer"_s, u"u_1"_s,    u"--credit-type"_s,
            u"credits"_s, u"--amount"_s, amount,          u"--work"_s, work};
}

QStringList refund(const QString &order, const QString &amount)
{
    return {u"refund"_s, u"--order"_s, order, u"--charge"_s, u"ch_4417"_s, u"--amount"_s, amount};
}

} // namespace

class TestHostile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hostileArguments_data();
    void hostileArguments();
    void nonUtf8WorkNameIsRefused();
    void hostileProviderReplies_data();
    void hostileProviderReplies();
    void hostileEvidence_data();
    void hostileEvidence();
};

void TestHostile::hostileArguments_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addRow("credit: empty work name") << credit(u"topup"_s, u"5"_s, u""_s);
    QTest::addRow("credit: blank work name") << credit(u"topup"_s, u"5"_s, u"   "_s);
    QTest::addRow("credit: 191-char work name") << credit(u"topup"_s, u"5"_s, kLong191);
    QTest::addRow("credit: padded work name") << credit(u"topup"_s, u"5"_s, u" inv-1:topup"_s);
    QTest::addRow("credit: control char in work name")
        << credit(u"topup"_s, u"5"_s, u"inv-1\ttopup"_s);
    QTest::addRow("credit: negative top-up") << credit(u"topup"_s, u"-5"_s, u"inv-2:topup"_s);
    QTest::addRow("credit: zero charge") << credit(u"charge"_s, u"0"_s, u"inv-3:charge"_s);
    QTest::addRow("credit: zero adjust") << credit(u"adjust"_s, u"0"_s, u"inv-4:adjust"_s);
    QTest::addRow("credit: over the maximum") << credit(u"topup"_s, u"100000000"_s, u"inv-5"_s);
    QTest::addRow("credit: overflowing amount")
        << credit(u"topup"_s, u"99999999999999999999999"_s, u"inv-6"_s);
    QTest::addRow("refund: empty order") << refund(u""_s, u"100"_s);
    QTest::addRow("refund: blank order") << refund(u"  "_s, u"100"_s);
    QTest::addRow("refund: 256-char order") << refund(kLong256, u"100"_s);
    QTest::addRow("refund: zero") << refund(u"4417"_s, u"0"_s);
    QTest::addRow("refund: negative") << refund(u"4417"_s, u"-1"_s);
    QTest::addRow("refund: int64 overflow") << refund(u"4417"_s, u"9223372036854775808"_s);
    QTest::addRow("refund: exponent") << refund(u"4417"_s, u"1e3"_s);
    QTest::addRow("list: SQL in kind")
        << QStringList{u"list"_s, u"--kind"_s, u"refund' OR '1'='1"_s};
    QTest::addRow("show: SQL in id") << QStringList{u"show"_s, u"op_x' OR '1'='1"_s};
}

// Refused locally: exit 2, the reason on stderr, no row, no request to the provider.
void TestHostile::hostileArguments()
{
    QFETCH(QStringList, args);
    SimProcess sim(ops::test::providerSimPath(), SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(sim.start(), qPrintable(sim.error()));
    Agent agent(sim.port());
    const Run r = agent.run(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(!r.err.trimmed().isEmpty(), "the refusal explains itself on stderr");
    if (args.first() != u"list"_s && args.first() != u"show"_s)
        QCOMPARE(r.status(), std::string("rejected"));
    QCOMPARE(agent.rows().size(), 0u);
    QCOMPARE(postCount(sim), 0u);
}

void TestHostile::nonUtf8WorkNameIsRefused()
{
    SimProcess sim(ops::test::providerSimPath(), SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(sim.start(), qPrintable(sim.error()));
    Agent agent(sim.port());
    const Run r = agent.runShell(u"exec \"$0\" credit topup --customer u_1 --credit-type credits "
                                 "--amount 5 --work \"inv-$BAD:topup\""_s);
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.status(), std::string("rejected"));
    QCOMPARE(agent.rows().size(), 0u);
    QCOMPARE(postCount(sim), 0u);
}

void TestHostile::hostileProviderReplies_data()
{
    QTest::addColumn<QByteArray>("reply");
    QTest::addColumn<QString>("expected"); // tool result status
    const auto ok = [](const QByteArray &body) {
        return FakeProvider::response(200, "application/json", body);
    };
    QTest::addRow("garbage bytes")
        << QByteArray("\x01\x02 NOT HTTP \xff\r\n\r\n") << u"unconfirmed"_s;
    QTest::addRow("empty reply, closed") << QByteArray() << u"unconfirmed"_s;
    QTest::addRow("truncated head")
        << QByteArray("HTTP/1.1 200 OK\r\nContent-Ty") << u"unconfirmed"_s;
    QTest::addRow("truncated body")
        << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n{\"id\":\"re_1\"")
        << u"checking"_s; // a 200 head says the provider acted: only a person may decide
    QTest::addRow("html 502") << FakeProvider::response(502, "text/html",
                                                        "<html><body>Bad gateway</body></html>")
                              << u"unconfirmed"_s;
    QTest::addRow("200 malformed json") << ok("{\"id\":\"re_1\",,}") << u"checking"_s;
    QTest::addRow("200 truncated json") << ok("{\"id\":\"re_1\",\"object\":\"ref") << u"checking"_s;
    QTest::addRow("200 json array") << ok("[1,2,3]") << u"checking"_s;
    QTest::addRow("200 empty body") << ok("") << u"checking"_s;
    // Over QtHttpTransport::kMaxResponseBytes: cut off and treated as no answer, so the row
    // stays open and the next call resends the same key and bytes (a replay is harmless).
    QTest::addRow("200 oversized body")
        << ok("{\"id\":\"re_1\",\"pad\":\"" + QByteArray(4 * 1024 * 1024, 'a') + "\"}")
        << u"unconfirmed"_s;
    QTest::addRow("200 refund of another operation")
        << ok(R"({"id":"re_evil","object":"refund","amount":1000,"charge":"ch_x","currency":"usd",)"
              R"("status":"succeeded","created":1,"metadata":{"operation_id":"op_0123456789abcdef0123456789abcdef"}})")
        << u"checking"_s;
}

// The row exists (key before send) but never claims a result the provider did not give: no
// provider reference, not closed, every request with the row's key and bytes; once checking,
// a "try again" sends nothing.
void TestHostile::hostileProviderReplies()
{
    QFETCH(QByteArray, reply);
    QFETCH(QString, expected);
    FakeProvider provider(reply);
    Agent agent(provider.port());
    const QStringList args = {u"refund"_s, u"--order"_s,  u"h-1"_s, u"--charge"_s,
                              u"ch_x"_s,   u"--amount"_s, u"1000"_s};
    const Run r = agent.run(args);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(QString::fromStdString(r.status()), expected);
    const json rows = agent.rows();
    QCOMPARE(rows.size(), 1u);
    const json &row = rows[0];
    QCOMPARE(row["state"].get<std::string>(), expected == u"checking"_s ? "unknown" : "open");
    QVERIFY(row["provider_ref"].is_null());
    const auto posts = provider.posts();
    QVERIFY(!posts.isEmpty());
    QVERIFY(posts.size() <= 2);
    for (const auto &p : posts) {
        QCOMPARE(p.idempotencyKey.toStdString(), row["idempotency_key"].get<std::string>());
        QCOMPARE(p.body.toStdString(), row["request"]["body"].get<std::string>());
    }
    if (expected != u"checking"_s)
        return;
    QCOMPARE(agent.run(args).status(), std::string("checking"));
    QCOMPARE(provider.posts().size(), posts.size());
}

void TestHostile::hostileEvidence_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("kind");
    QTest::addRow("malformed json") << QByteArray("{\"id\": re_1}") << u"provider_object"_s;
    QTest::addRow("truncated json")
        << QByteArray("{\"id\":\"re_1\",\"amount\":") << u"provider_object"_s;
    QTest::addRow("json array") << QByteArray("[{\"id\":\"re_1\"}]") << u"provider_event"_s;
    QTest::addRow("json string") << QByteArray("\"re_1\"") << u"provider_object"_s;
    QTest::addRow("empty file") << QByteArray() << u"provider_object"_s;
    QTest::addRow("blank file") << QByteArray(" \n\t ") << u"note"_s;
    QTest::addRow("invalid utf-8 json")
        << QByteArray("{\"id\":\"\xff\xfe\"}") << u"provider_object"_s;
    QTest::addRow("oversized file") << QByteArray(10 * 1024 * 1024 + 1, 'x') << u"file"_s;
}

// Refused with a reason; the operation's evidence and audit trail are unchanged; nothing sent.
void TestHostile::hostileEvidence()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, kind);
    SimProcess sim(ops::test::providerSimPath(), SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(sim.start(), qPrintable(sim.error()));
    sim.addFault({{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}});
    Agent agent(sim.port());
    const Run opened = agent.run(refund(u"4417"_s, u"3800"_s));
    QCOMPARE(opened.status(), std::string("checking"));
    const std::string op = opened.result()["operation_id"].get<std::string>();
    // alice may attach (the first operator of the database becomes its supervisor): the refusal
    // below is about the content, not about rights.
    QCOMPARE(agent
                 .run({u"--operator"_s, u"alice"_s, u"operator"_s, u"add"_s, u"alice"_s,
                       u"--role"_s, u"supervisor"_s})
                 .exitCode,
             0);
    const json before = agent.show(op);
    const size_t requestsBefore = sim.requests()["requests"].size();

    QFile file(agent.dir() + u"/evidence.bin"_s);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
    file.close();
    const Run r =
        agent.run({u"--operator"_s, u"alice"_s, u"evidence"_s, u"add"_s, QString::fromStdString(op),
                   u"--kind"_s, kind, u"--title"_s, u"hostile"_s, u"--file"_s, file.fileName()});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(!r.err.trimmed().isEmpty(), "the refusal explains itself on stderr");
    const json after = agent.show(op);
    QCOMPARE(after["evidence"].size(), before["evidence"].size());
    QCOMPARE(after["audit"].size(), before["audit"].size());
    QVERIFY(after["state"] == before["state"]);
    QCOMPARE(sim.requests()["requests"].size(), requestsBefore);
}

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"
