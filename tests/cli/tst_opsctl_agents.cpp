// opsctl agent add|list|revoke|rotate|set-limits as a real process on a real SQLite file (issue
// 27). add and rotate print the token once, in one JSON object on stdout; list never shows it,
// and no command's stderr ever holds it. Every bad input of the issue exits 2 with the reason on
// stderr and stores nothing. Whether a printed token works is asked of the database in-process.

#include "storage/access/agentdirectory.h"
#include "support/processrun.h"
#include "support/testdatabase.h"
#include "support/testpaths.h"

#include <QDateTime>
#include <QProcess>
#include <QSqlDatabase>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;

namespace {

// A JSON value as text: strings without quotes, anything else as JSON ("null", "5000").
QString text(const json &j)
{
    if (j.is_string())
        return QString::fromStdString(j.get<std::string>());
    return QString::fromStdString(j.dump());
}

// The agent that holds `token` now, asked of the database file in this process; "" for nobody.
QString holderOf(const QString &db, const QString &token)
{
    static int n = 0;
    const QString name = u"agents-probe-%1"_s.arg(++n);
    QString holder;
    {
        Connection c = Database::open(db, name);
        if (const auto agent = agentForToken(c, token, QDateTime::currentMSecsSinceEpoch()))
            holder = agent->name;
    }
    QSqlDatabase::removeDatabase(name);
    return holder;
}

} // namespace

class TestOpsctlAgents : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void addPrintsTheTokenOnceAndListNeverShowsIt();
    void badInputIsRefusedAndStoresNothing_data();
    void badInputIsRefusedAndStoresNothing();
    void rotatePrintsANewToken();
    void revokedAgentIsListedAsRevoked();
    void setLimitsChangesOnlyWhatItIsTold();

private:
    // opsctl on this case's file: no person unless `args` or `env` name one, English messages.
    test::ProcessRun opsctl(const QStringList &args, const QProcessEnvironment &env = {});
    // `args` as the supervisor sam; fails the test unless it exits 0.
    json asSam(const QStringList &args);
    // agent add as sam; returns the printed token.
    QString addAgent(const QStringList &args);
    int auditCount() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
    QStringList m_tokens;       // every token any command printed
    QList<QByteArray> m_stderr; // every command's stderr
    QList<QByteArray> m_lists;  // every `agent list` stdout, with and without --json
};

void TestOpsctlAgents::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = m_dir->filePath(u"ops.sqlite"_s);
    m_tokens.clear();
    m_stderr.clear();
    m_lists.clear();
    // An empty file's first operator: sam, a supervisor, added by sam; then sue, support.
    asSam({u"operator"_s, u"add"_s, u"sam"_s, u"--role"_s, u"supervisor"_s});
    asSam({u"operator"_s, u"add"_s, u"sue"_s, u"--role"_s, u"support"_s});
}

// What every case must leave true: no token (or its random part) on any stderr or in any list.
void TestOpsctlAgents::cleanup()
{
    for (const QString &token : std::as_const(m_tokens)) {
        const QByteArray secret = token.mid(5).toUtf8();
        for (const QByteArray &err : std::as_const(m_stderr))
            QVERIFY2(!err.contains(secret), err.constData());
        for (const QByteArray &out : std::as_const(m_lists)) {
            QVERIFY2(!out.contains(secret), out.constData());
            QVERIFY2(!out.contains(agentTokenHash(token).toLatin1()), out.constData());
        }
    }
    m_dir.reset();
}

test::ProcessRun TestOpsctlAgents::opsctl(const QStringList &args, const QProcessEnvironment &env)
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"OPS_OPERATOR", "USER", "USERNAME", "LOGNAME", "LC_ALL", "LANGUAGE"})
        e.remove(QString::fromLatin1(name));
    e.insert(u"OPS_DB"_s, m_db);
    e.insert(env);
    test::ProcessRun r = test::runProcess(ops::test::opsctlPath(), args, e, 60000);
    m_stderr << r.err;
    if (args.contains(u"list"_s))
        m_lists << r.out;
    if (const json j = r.result(); j.is_object() && j.contains("token"))
        m_tokens << text(j["token"]);
    return r;
}

json TestOpsctlAgents::asSam(const QStringList &args)
{
    const test::ProcessRun r = opsctl(QStringList{u"--operator"_s, u"sam"_s} + args);
    [&] {
        QVERIFY2(r.exitCode == 0, qPrintable(args.join(u' ') + u": "_s + r.errText()));
    }();
    return r.result();
}

QString TestOpsctlAgents::addAgent(const QStringList &args)
{
    return text(asSam(QStringList{u"agent"_s, u"add"_s} + args)["token"]);
}

int TestOpsctlAgents::auditCount() const
{
    return test::TestDatabase::probeCount(m_db, u"SELECT COUNT(*) FROM audit"_s);
}

void TestOpsctlAgents::addPrintsTheTokenOnceAndListNeverShowsIt()
{
    const test::ProcessRun r = opsctl({u"--operator"_s, u"sam"_s, u"agent"_s, u"add"_s,
                                       u"support-bot"_s, u"--max-refund"_s, u"5000"_s, u"usd"_s,
                                       u"--daily"_s, u"20000"_s, u"USD"_s, u"--rate"_s, u"5"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    // One JSON object on one line.
    QCOMPARE(r.out.trimmed().count('\n'), 0);
    json j = r.result();
    QVERIFY2(j.is_object(), r.out.constData());
    const QString token = text(j["token"]);
    QVERIFY2(looksLikeAgentToken(token), qPrintable(token));
    QVERIFY2(text(j["note"]).contains(u"shown once"_s), qPrintable(text(j["note"])));
    QCOMPARE(text(j["agent"]), u"support-bot"_s);
    QCOMPARE(text(j["state"]), u"active"_s);
    QCOMPARE(text(j["max_refund"]["amount_minor"]), u"5000"_s);
    QCOMPARE(text(j["daily"]["currency"]), u"usd"_s);
    QCOMPARE(text(j["rate_per_second"]), u"5"_s);
    QCOMPARE(text(j["created_by"]), u"operator:sam"_s);
    QVERIFY(!r.err.contains(token.mid(5).toUtf8()));
    QCOMPARE(holderOf(m_db, token), u"support-bot"_s);
    const QString second = addAgent({u"other-bot"_s});
    QVERIFY(second != token);
    QCOMPARE(holderOf(m_db, second), u"other-bot"_s);

    test::ProcessRun list = opsctl({u"agent"_s, u"list"_s, u"--json"_s});
    QVERIFY2(list.exitCode == 0, qPrintable(list.errText()));
    j = list.result();
    QCOMPARE(j["agents"].size(), size_t(2));
    QCOMPARE(text(j["agents"][1]["agent"]), u"support-bot"_s);
    QCOMPARE(text(j["agents"][1]["limits"]), u"max 50.00 USD · 200.00 USD a day · 5/s"_s);
    QCOMPARE(text(j["agents"][1]["last_used_at"]), u"null"_s);
    for (const auto &row : j["agents"])
        QVERIFY2(!row.contains("token"), list.out.constData());
    list = opsctl({u"agent"_s, u"list"_s});
    QVERIFY2(list.exitCode == 0, qPrintable(list.errText()));
    const QStringList lines = QString::fromUtf8(list.out).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines[1].startsWith(u"support-bot"_s) && lines[1].contains(u"active"_s) &&
                 lines[1].contains(u"never used"_s),
             qPrintable(lines[1]));
    QCOMPARE(m_tokens.size(), 2); // only add printed a token
}

void TestOpsctlAgents::badInputIsRefusedAndStoresNothing_data()
{
    QTest::addColumn<QStringList>("args"); // after `agent`; "--operator sam" is not implied
    QTest::addColumn<QString>("message");
    const QStringList sam = {u"--operator"_s, u"sam"_s};
    const auto add = [&](const QStringList &more) {
        return sam + QStringList{u"add"_s, u"new-bot"_s} + more;
    };
    QTest::addRow("max refund zero")
        << add({u"--max-refund"_s, u"0"_s, u"usd"_s}) << u"--max-refund: amount must not be zero"_s;
    QTest::addRow("daily negative")
        << add({u"--daily"_s, u"-500"_s, u"usd"_s}) << u"--daily: amount must be positive"_s;
    QTest::addRow("decimal amount")
        << add({u"--max-refund"_s, u"50.00"_s, u"usd"_s})
        << u"--max-refund: amount must be a whole number of minor units"_s;
    QTest::addRow("unknown currency")
        << add({u"--daily"_s, u"5000"_s, u"xyz"_s}) << u"'xyz' is not a known ISO 4217 currency"_s;
    QTest::addRow("missing currency at the end")
        << add({u"--max-refund"_s, u"5000"_s})
        << u"--max-refund takes an amount in minor units and a currency"_s;
    QTest::addRow("missing currency before an option")
        << add({u"--daily"_s, u"5000"_s, u"--rate"_s, u"5"_s})
        << u"--daily takes an amount in minor units and a currency"_s;
    for (const QString &rate : {u"0"_s, u"1001"_s, u"abc"_s, u"-1"_s, u"2.5"_s})
        QTest::addRow("rate %s", qPrintable(rate))
            << add({u"--rate"_s, rate})
            << u"--rate must be a whole number of calls per second, 1-1000 (got '%1')"_s.arg(rate);
    QTest::addRow("empty name") << sam + QStringList{u"add"_s, QString()}
                                << u"the agent name is empty"_s;
    QTest::addRow("65-character name")
        << sam + QStringList{u"add"_s, QString(65, u'a')} << u"over 64 characters"_s;
    QTest::addRow("upper-case name")
        << sam + QStringList{u"add"_s, u"Bad"_s} << u"1-64 of a-z, 0-9, _ and - (got 'Bad')"_s;
    QTest::addRow("name with a dot")
        << sam + QStringList{u"add"_s, u"a.b"_s} << u"1-64 of a-z, 0-9, _ and - (got 'a.b')"_s;
    QTest::addRow("adding twice") << sam + QStringList{u"add"_s, u"bot"_s}
                                  << u"agent bot already exists"_s;
    QTest::addRow("no --operator")
        << QStringList{u"add"_s, u"new-bot"_s} << u"agents are changed by a person"_s;
    QTest::addRow("no --operator, with limits")
        << QStringList{u"add"_s, u"new-bot"_s, u"--rate"_s, u"5"_s}
        << u"agents are changed by a person"_s;
    QTest::addRow("someone not in the directory")
        << QStringList{u"--operator"_s, u"mallory"_s, u"add"_s, u"new-bot"_s}
        << u"operator mallory (not an operator) may not change the agents"_s;
    const QStringList sue = {u"--operator"_s, u"sue"_s};
    const QString supportNo = u"operator sue (support) may not change the agents"_s;
    QTest::addRow("support adds") << sue + QStringList{u"add"_s, u"new-bot"_s} << supportNo;
    QTest::addRow("support revokes") << sue + QStringList{u"revoke"_s, u"bot"_s} << supportNo;
    QTest::addRow("support rotates") << sue + QStringList{u"rotate"_s, u"bot"_s} << supportNo;
    QTest::addRow("support sets limits")
        << sue + QStringList{u"set-limits"_s, u"bot"_s, u"--clear-daily"_s} << supportNo;
    QTest::addRow("set-limits rate zero")
        << sam + QStringList{u"set-limits"_s, u"bot"_s, u"--rate"_s, u"0"_s}
        << u"--rate must be a whole number"_s;
    QTest::addRow("set-limits unknown currency")
        << sam + QStringList{u"set-limits"_s, u"bot"_s, u"--max-refund"_s, u"100"_s, u"usdx"_s}
        << u"'usdx' is not a known ISO 4217 currency"_s;
    QTest::addRow("rotate with a bad grace")
        << sam + QStringList{u"rotate"_s, u"bot"_s, u"--grace"_s, u"soon"_s} << u"--grace"_s;
    QTest::addRow("revoke an unknown agent")
        << sam + QStringList{u"revoke"_s, u"ghost"_s} << u"no agent ghost"_s;
    QTest::addRow("no name") << sam + QStringList{u"add"_s} << u"usage: opsctl agent"_s;
}

// Exit 2, the reason on stderr, nothing on stdout, and the directory and audit as they were.
void TestOpsctlAgents::badInputIsRefusedAndStoresNothing()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const QString token = addAgent({u"bot"_s, u"--daily"_s, u"20000"_s, u"usd"_s});
    const test::ProcessRun before = opsctl({u"agent"_s, u"list"_s, u"--json"_s});
    QCOMPARE(before.exitCode, 0);
    const int audit = auditCount();
    QVERIFY(audit > 0);

    // --operator goes before the command; the rest after `agent`.
    QStringList argv;
    if (args.value(0) == u"--operator"_s)
        argv << args.takeFirst() << args.takeFirst();
    argv << u"agent"_s << args;
    const test::ProcessRun r = opsctl(argv);
    QVERIFY2(r.exitCode == 2, qPrintable(u"exit %1: %2"_s.arg(r.exitCode).arg(r.errText())));
    QVERIFY2(r.errText().contains(message), qPrintable(r.errText()));
    QVERIFY2(r.out.isEmpty(), r.out.constData());

    const test::ProcessRun after = opsctl({u"agent"_s, u"list"_s, u"--json"_s});
    QCOMPARE(after.out, before.out);
    QCOMPARE(auditCount(), audit);
    QCOMPARE(holderOf(m_db, token), u"bot"_s);
}

void TestOpsctlAgents::rotatePrintsANewToken()
{
    const QString first = addAgent({u"bot"_s});
    json j = asSam({u"agent"_s, u"rotate"_s, u"bot"_s});
    const QString second = text(j["token"]);
    QVERIFY2(looksLikeAgentToken(second), qPrintable(second));
    QVERIFY(second != first);
    QVERIFY2(text(j["note"]).contains(u"shown once"_s), qPrintable(text(j["note"])));
    // The default grace is an hour: both tokens work until then.
    const auto until = QDateTime::fromString(text(j["previous_token_valid_until"]), Qt::ISODate);
    QVERIFY2(until.isValid(), qPrintable(text(j["previous_token_valid_until"])));
    const qint64 left = QDateTime::currentDateTimeUtc().msecsTo(until);
    QVERIFY2(left > 3'500'000 && left <= 3'600'000, qPrintable(QString::number(left)));
    QCOMPARE(holderOf(m_db, first), u"bot"_s);
    QCOMPARE(holderOf(m_db, second), u"bot"_s);

    j = asSam({u"agent"_s, u"rotate"_s, u"bot"_s, u"--grace"_s, u"0s"_s});
    const QString third = text(j["token"]);
    QVERIFY(third != second && third != first);
    QCOMPARE(text(j["previous_token_valid_until"]), u"null"_s);
    QCOMPARE(holderOf(m_db, first), QString());
    QCOMPARE(holderOf(m_db, second), QString());
    QCOMPARE(holderOf(m_db, third), u"bot"_s);
    QCOMPARE(test::TestDatabase::probeCount(
                 m_db, u"SELECT COUNT(*) FROM audit WHERE action = 'agent.rotated' AND actor = "
                       "'operator:sam'"_s),
             2);
}

void TestOpsctlAgents::revokedAgentIsListedAsRevoked()
{
    const QString token = addAgent({u"bot"_s});
    addAgent({u"keeper"_s});
    json j = asSam({u"agent"_s, u"revoke"_s, u"bot"_s});
    QCOMPARE(text(j["state"]), u"revoked"_s);
    QVERIFY(!j.contains("token"));
    QCOMPARE(holderOf(m_db, token), QString());

    test::ProcessRun r = opsctl({u"agent"_s, u"list"_s, u"--json"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    j = r.result();
    QCOMPARE(text(j["agents"][0]["agent"]), u"bot"_s);
    QCOMPARE(text(j["agents"][0]["state"]), u"revoked"_s);
    QVERIFY(!j["agents"][0]["revoked_at"].is_null());
    QCOMPARE(text(j["agents"][1]["state"]), u"active"_s);
    r = opsctl({u"agent"_s, u"list"_s});
    const QStringList lines = QString::fromUtf8(r.out).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines[0].startsWith(u"bot "_s) && lines[0].contains(u"revoked"_s),
             qPrintable(lines[0]));
    QVERIFY2(lines[1].contains(u"active"_s), qPrintable(lines[1]));

    r = opsctl({u"--operator"_s, u"sam"_s, u"agent"_s, u"revoke"_s, u"bot"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.errText().contains(u"agent bot is revoked"_s), qPrintable(r.errText()));
    r = opsctl({u"--operator"_s, u"sam"_s, u"agent"_s, u"rotate"_s, u"bot"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
}

void TestOpsctlAgents::setLimitsChangesOnlyWhatItIsTold()
{
    addAgent({u"bot"_s, u"--max-refund"_s, u"5000"_s, u"usd"_s, u"--daily"_s, u"20000"_s, u"usd"_s,
              u"--rate"_s, u"5"_s});
    json j = asSam({u"agent"_s, u"set-limits"_s, u"bot"_s, u"--clear-daily"_s});
    QCOMPARE(text(j["daily"]), u"null"_s);
    QCOMPARE(text(j["max_refund"]["amount_minor"]), u"5000"_s);
    QCOMPARE(text(j["rate_per_second"]), u"5"_s);
    QCOMPARE(text(j["limits"]), u"max 50.00 USD · 5/s"_s);
    QVERIFY(!j.contains("token"));

    j = asSam({u"agent"_s, u"set-limits"_s, u"bot"_s, u"--rate"_s, u"9"_s, u"--daily"_s, u"300"_s,
               u"eur"_s, u"--clear-max-refund"_s});
    QCOMPARE(text(j["limits"]), u"3.00 EUR a day · 9/s"_s);
    j = asSam({u"agent"_s, u"set-limits"_s, u"bot"_s, u"--clear-rate"_s, u"--clear-daily"_s});
    QCOMPARE(text(j["limits"]), u"no limits"_s);

    const test::ProcessRun r = opsctl({u"agent"_s, u"list"_s, u"--json"_s});
    QCOMPARE(text(r.result()["agents"][0]["limits"]), u"no limits"_s);
    QCOMPARE(test::TestDatabase::probeCount(
                 m_db, u"SELECT COUNT(*) FROM audit WHERE action = 'agent.limits_changed' AND "
                       "actor = 'operator:sam'"_s),
             3);
}

QTEST_GUILESS_MAIN(TestOpsctlAgents)
#include "tst_opsctl_agents.moc"
