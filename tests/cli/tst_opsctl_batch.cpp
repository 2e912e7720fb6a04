// Issue 54 through real opsctl processes against a real provider-sim and a real database
// (SQLite, and PostgreSQL as the _pg variant, where alice runs the batch as her own login):
// `batch check` names every problem by line and stores and sends nothing; `batch run` refunds
// each row once through Stripe and Adyen; a second and a third run send nothing; SIGINT stops
// between rows and the next run goes on; SIGKILL at a random row, five times, still ends with
// exactly one refund per row at the provider.

#include "domain/csv.h"
#include "support/processrun.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <csignal>
#include <set>

using namespace Qt::StringLiterals;
using nlohmann::json;
using ops::test::ProcessRun;
using ops::test::SimProcess;

namespace {

constexpr int kRows = 24;

// kRows refunds of 1.00 on charges of their own, then two Adyen rows on the demo payment.
QByteArray goodFile(bool adyen = true)
{
    QByteArray f = "order,charge,adyen_payment,amount,currency,reference\n";
    for (int i = 0; i < kRows; ++i)
        f += "o" + QByteArray::number(i) + ",ch_b" + QByteArray::number(i) + ",,1.00,usd,r\n";
    if (adyen)
        f += "a1,,DZ4DPSHB4WD2WN82,2.00,eur,\na2,,DZ4DPSHB4WD2WN82,3.00,eur,\n";
    return f;
}

} // namespace

class TestOpsctlBatch : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QCOMPARE(ops::test::prepareRoles(), QString()); }
    void cleanupTestCase() { QCOMPARE(ops::test::dropRoles(), QString()); }
    void init();
    void cleanup();
    void checkNamesEveryProblemAndStoresNothing();
    void badFilesStoreNothing_data();
    void badFilesStoreNothing();
    void runTwiceSendsNothingTheSecondTime();
    void sigintStopsBetweenRowsAndTheNextRunGoesOn();
    void sigkillFiveTimesStillRefundsEachRowOnce();
    void aPersonWithoutTheRightsSendsNothing();
    void aBatchAboveItsThresholdWaitsForASecondSupervisor();
    void reasonCodesAreKeptAndStripesAreSent();

private:
    QStringList batchArgs(const QString &verb, const QString &file, const QString &name) const
    {
        return {u"--operator"_s,      u"alice"_s,  u"batch"_s, verb,
                m_dir.filePath(file), u"--name"_s, name};
    }
    QProcessEnvironment envFor(QStringList &args) const
    {
        return m_db->programEnv(ops::test::routeOperator(args), m_env);
    }
    ProcessRun opsctl(QStringList args) const
    {
        const QProcessEnvironment env = envFor(args);
        return ops::test::runProcess(ops::test::opsctlPath(), args, env);
    }
    QString write(const QString &name, const QByteArray &bytes) const
    {
        QFile f(m_dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(f.fileName()));
        return name;
    }
    int requests() { return m_sim->requestCount(); }
    int posts() { return m_sim->postCount(); }
    int refundsAtProvider() { return m_sim->refundsMade(); }
    int rowsStored() const
    {
        const json list = opsctl({u"list"_s, u"--limit"_s, u"500"_s, u"--json"_s}).result();
        return list.contains("operations") ? int(list["operations"].size()) : -1;
    }
    std::vector<QStringList> resultRows(const QString &file) const
    {
        QFile f(m_dir.filePath(file));
        if (!f.open(QIODevice::ReadOnly))
            return {};
        return ops::csv::parse(f.readAll()).valueOr({});
    }

    std::unique_ptr<ops::test::RolesFixture> m_db;
    std::unique_ptr<SimProcess> m_sim;
    QProcessEnvironment m_env;
    QTemporaryDir m_dir;
};

void TestOpsctlBatch::init()
{
    m_db = std::make_unique<ops::test::RolesFixture>(ops::test::RolesFixture::ForPrograms{});
    m_sim = std::make_unique<SimProcess>(ops::test::providerSimPath(),
                                         SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
    json charges = json::array();
    for (int i = 0; i < kRows; ++i)
        charges.push_back(
            {{"id", "ch_b" + std::to_string(i)}, {"amount", 500}, {"currency", "usd"}});
    m_sim->seed({{"charges", charges}});
    m_sim->admin("POST", u"/_sim/adyen/config"_s, {{"auto_settle_ms", -1}});
    m_env = m_sim->withAdyen(m_sim->stripeEnvironment());
    m_env.insert(u"OPS_BATCH_RATE"_s, u"200"_s);
    if (!m_db->onTeam()) { // the team's directory has alice as a supervisor (teamfixture.h)
        const ProcessRun r = opsctl({u"--operator"_s, u"alice"_s, u"operator"_s, u"add"_s,
                                     u"alice"_s, u"--role"_s, u"supervisor"_s});
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    }
    m_sim->admin("DELETE", u"/_sim/requests"_s);
}

void TestOpsctlBatch::cleanup()
{
    m_sim.reset();
    m_db.reset();
}

void TestOpsctlBatch::checkNamesEveryProblemAndStoresNothing()
{
    // ch_4417 was charged 38.00: lines 2 and 3 fit, line 4 goes past what is left after them.
    write(u"bad.csv"_s, "order;charge;amount;currency;reference\n"
                        "4417;ch_4417;30,00;usd;a\n"
                        "4417;ch_4417;5,00;usd;b\n"
                        "4417;ch_4417;5,00;usd;c\n"
                        "1001;ch_nope;1,00;usd;a\n"
                        "1002;ch_eur;1,00;usd;a\n"
                        "1003;ch_1002;1e3;usd;a\n");
    const ProcessRun r = opsctl(batchArgs(u"check"_s, u"bad.csv"_s, u"jan"_s) << u"--json"_s);
    QCOMPARE(r.exitCode, 2);
    const json j = r.result();
    QCOMPARE(j["rows"].get<int>(), 6);
    std::map<int, std::string> byLine;
    for (const json &p : j["problems"])
        byLine[p["line"].get<int>()] = p["message"].get<std::string>();
    QCOMPARE(byLine.size(), size_t(4));
    QVERIFY2(byLine[4].find("after the file's earlier rows") != std::string::npos,
             byLine[4].c_str());
    QVERIFY2(byLine[5].find("no charge ch_nope") != std::string::npos, byLine[5].c_str());
    QVERIFY2(byLine[6].find("is in eur, not usd") != std::string::npos, byLine[6].c_str());
    QVERIFY2(byLine[7].find("'1e3'") != std::string::npos, byLine[7].c_str());
    // The check read charges and nothing else; run refuses the same file the same way.
    QCOMPARE(posts(), 0);
    const ProcessRun run = opsctl(batchArgs(u"run"_s, u"bad.csv"_s, u"jan"_s));
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.out.contains("line 4: "), run.out.constData());
    QCOMPARE(posts(), 0);
    QCOMPARE(rowsStored(), 0);
    QVERIFY(!QFile::exists(m_dir.filePath(u"bad.result.csv"_s)));
}

void TestOpsctlBatch::badFilesStoreNothing_data()
{
    const QByteArray header = "order,charge,amount,currency,reference\n";
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("says");
    QTest::addRow("empty file") << QByteArray() << u"empty"_s;
    QTest::addRow("missing column") << QByteArray("order,charge,amount\n1,ch_1001,1.00\n")
                                    << u"line 1: column 'currency' is missing"_s;
    QTest::addRow("quoted line break") << header + "1,ch_1001,1.00,usd,\"a\nb\"\n"
                                       << u"line 2: a field holds a line break"_s;
    QByteArray junk(10 * 1024 * 1024, '\0');
    for (char &c : junk)
        c = char(QRandomGenerator::global()->bounded(256));
    QTest::addRow("10 MB of junk") << junk << u"at most"_s;
    QTest::addRow("1e3") << header + "1,ch_1001,1e3,usd,a\n" << u"line 2: amount '1e3'"_s;
    QTest::addRow("unknown currency") << header + "1,ch_1001,1.00,xyz,a\n"
                                      << u"line 2: unknown currency"_s;
    QTest::addRow("negative amount") << header + "1,ch_1001,-1.00,usd,a\n"
                                     << u"line 2: amount '-1.00'"_s;
    QTest::addRow("two rows past the balance")
        << header + "1,ch_1001,40.00,usd,a\n1,ch_1001,20.00,usd,b\n"
        << u"line 3: 20.00 USD is more than the 10.00 USD left"_s;
}

void TestOpsctlBatch::badFilesStoreNothing()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, says);
    write(u"f.csv"_s, bytes);
    const ProcessRun r = opsctl(batchArgs(u"run"_s, u"f.csv"_s, u"jan"_s));
    QCOMPARE(r.exitCode, 2);
    const QString text = QString::fromUtf8(r.out + r.err);
    QVERIFY2(text.contains(says), qPrintable(text));
    QCOMPARE(posts(), 0);
    QCOMPARE(rowsStored(), 0);
}

void TestOpsctlBatch::runTwiceSendsNothingTheSecondTime()
{
    write(u"jan.csv"_s, goodFile());
    const ProcessRun check = opsctl(batchArgs(u"check"_s, u"jan.csv"_s, u"jan"_s));
    QVERIFY2(check.exitCode == 0, check.out.constData());
    QVERIFY2(check.out.contains("26 rows, 0 problems, 0 already run"), check.out.constData());

    const ProcessRun first = opsctl(batchArgs(u"run"_s, u"jan.csv"_s, u"jan"_s));
    QVERIFY2(first.exitCode == 0, qPrintable(first.errText()));
    QCOMPARE(refundsAtProvider(), kRows + 2);
    const auto rows = resultRows(u"jan.result.csv"_s);
    QCOMPARE(rows.size(), size_t(kRows + 3));
    for (size_t i = 1; i < rows.size(); ++i) {
        const QString want = i <= size_t(kRows) ? u"refunded"_s : u"accepted"_s;
        QCOMPARE(rows[i].at(3), want);
        QVERIFY(rows[i].at(2).startsWith(u"op_"_s));
    }
    QCOMPARE(rowsStored(), kRows + 2);

    // The second and the third run: every row answers from its operation, nothing is sent or read.
    for (int run = 2; run <= 3; ++run) {
        m_sim->admin("DELETE", u"/_sim/requests"_s);
        const ProcessRun again = opsctl(batchArgs(u"run"_s, u"jan.csv"_s, u"jan"_s) << u"--json"_s);
        QVERIFY2(again.exitCode == 0, qPrintable(again.errText()));
        QCOMPARE(requests(), 0);
        const auto rerun = resultRows(u"jan.result.csv"_s);
        for (size_t i = 1; i < rows.size(); ++i)
            QCOMPARE(rerun[i].at(2), rows[i].at(2)); // the same operations
    }
    QCOMPARE(refundsAtProvider(), kRows + 2);
    QCOMPARE(rowsStored(), kRows + 2);
    // Rule 13's repeat window bounds a repeated refund call, not a batch: with the window off
    // (as once it has passed), every charge has money left, and still nothing is sent again.
    QCOMPARE(
        opsctl({u"--operator"_s, u"alice"_s, u"settings"_s, u"set"_s, u"repeat-window"_s, u"0ms"_s})
            .exitCode,
        0);
    m_sim->admin("DELETE", u"/_sim/requests"_s);
    QCOMPARE(opsctl(batchArgs(u"run"_s, u"jan.csv"_s, u"jan"_s)).exitCode, 0);
    QCOMPARE(requests(), 0);
    QCOMPARE(refundsAtProvider(), kRows + 2);
    const ProcessRun recheck = opsctl(batchArgs(u"check"_s, u"jan.csv"_s, u"jan"_s));
    QVERIFY2(recheck.out.contains("26 already run"), recheck.out.constData());

    // The same file under another name is another batch: the charges' balances now refuse it.
    const ProcessRun other = opsctl(batchArgs(u"run"_s, u"jan.csv"_s, u"feb"_s));
    QCOMPARE(other.exitCode, 0);
    QCOMPARE(refundsAtProvider(), 2 * kRows + 4);
}

void TestOpsctlBatch::sigintStopsBetweenRowsAndTheNextRunGoesOn()
{
    write(u"slow.csv"_s, goodFile(false));
    QStringList args = batchArgs(u"run"_s, u"slow.csv"_s, u"slow"_s) << u"--rate"_s << u"10"_s;
    QProcess run;
    run.setProcessEnvironment(envFor(args));
    run.start(ops::test::opsctlPath(), args);
    QVERIFY(run.waitForStarted());
    QElapsedTimer waited;
    waited.start();
    while (refundsAtProvider() < 3 && waited.elapsed() < 30000)
        QThread::msleep(20);
    ::kill(pid_t(run.processId()), SIGINT);
    QVERIFY(run.waitForFinished(30000));
    QCOMPARE(run.exitCode(), 130);
    QVERIFY(run.readAllStandardError().contains("run the same command again"));
    const auto stopped = resultRows(u"slow.result.csv"_s);
    QCOMPARE(stopped.size(), size_t(kRows + 1));
    int done = 0;
    for (size_t i = 1; i < stopped.size(); ++i)
        done += stopped[i].at(3) == u"refunded"_s;
    QCOMPARE(stopped.back().at(3), u"not_run"_s);
    QCOMPARE(refundsAtProvider(), done); // every row is either refunded or untouched

    const ProcessRun rest =
        opsctl(batchArgs(u"run"_s, u"slow.csv"_s, u"slow"_s) << u"--rate"_s << u"200"_s);
    QVERIFY2(rest.exitCode == 0, qPrintable(rest.errText()));
    QCOMPARE(refundsAtProvider(), kRows);
}

void TestOpsctlBatch::sigkillFiveTimesStillRefundsEachRowOnce()
{
    write(u"kill.csv"_s, goodFile(false));
    for (int round = 0; round < 5; ++round) {
        QStringList args = batchArgs(u"run"_s, u"kill.csv"_s, u"kill"_s) << u"--rate"_s << u"40"_s;
        QProcess run;
        run.setProcessEnvironment(envFor(args));
        run.start(ops::test::opsctlPath(), args);
        QVERIFY(run.waitForStarted());
        // Killed once it has made a random few more refunds: between rows or inside one.
        const int at = refundsAtProvider() + QRandomGenerator::global()->bounded(1, 5);
        while (refundsAtProvider() < std::min(at, kRows) && run.state() == QProcess::Running)
            QThread::msleep(5);
        const bool killed = run.state() == QProcess::Running;
        run.kill();
        QVERIFY(run.waitForFinished(10000));
        qInfo("round %d: %s at %d refunds", round + 1, killed ? "killed" : "had finished",
              refundsAtProvider());
    }
    const ProcessRun last = opsctl(batchArgs(u"run"_s, u"kill.csv"_s, u"kill"_s));
    QVERIFY2(last.exitCode == 0, qPrintable(last.errText()));
    QCOMPARE(refundsAtProvider(), kRows);
    std::set<std::string> operations;
    const json ledger = m_sim->ledger();
    for (const json &m : ledger["movements"])
        operations.insert(m.value("operation_id", ""));
    QCOMPARE(operations.size(), size_t(kRows)); // one refund per row, none twice
    QCOMPARE(rowsStored(), kRows);
}

void TestOpsctlBatch::aPersonWithoutTheRightsSendsNothing()
{
    write(u"jan.csv"_s, goodFile());
    if (m_db->onTeam())
        QSKIP("a login's rights are its roles there, changed by a DBA (tst_identity refuses the "
              "writes of a login without them)");
    // carol supports with the view right only.
    const ProcessRun viewOnly =
        opsctl({u"--operator"_s, u"alice"_s, u"operator"_s, u"add"_s, u"carol"_s, u"--role"_s,
                u"support"_s, u"--rights"_s, u"view"_s});
    QVERIFY2(viewOnly.exitCode == 0, qPrintable(viewOnly.errText()));
    const ProcessRun r = opsctl({u"--operator"_s, u"carol"_s, u"batch"_s, u"run"_s,
                                 m_dir.filePath(u"jan.csv"_s), u"--name"_s, u"jan"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.errText().contains(u"may not"_s), qPrintable(r.errText()));
    QCOMPARE(posts(), 0);
    QCOMPARE(rowsStored(), 0);
}

void TestOpsctlBatch::aBatchAboveItsThresholdWaitsForASecondSupervisor()
{
    if (!m_db->onTeam()) { // the team's directory has bob (supervisor) and sam (support)
        for (const auto &[who, role] :
             {std::pair{u"bob"_s, u"supervisor"_s}, std::pair{u"carol"_s, u"support"_s}})
            QCOMPARE(opsctl({u"--operator"_s, u"alice"_s, u"operator"_s, u"add"_s, who, u"--role"_s,
                             role})
                         .exitCode,
                     0);
    }
    const ProcessRun threshold = opsctl({u"--operator"_s, u"alice"_s, u"settings"_s, u"set"_s,
                                         u"batch-threshold"_s, u"usd"_s, u"1000"_s});
    QVERIFY2(threshold.exitCode == 0, qPrintable(threshold.errText()));
    write(u"big.csv"_s, goodFile()); // 24.00 USD and 5.00 EUR: USD is above 10.00
    const ProcessRun asked = opsctl(batchArgs(u"run"_s, u"big.csv"_s, u"big"_s) << u"--json"_s);
    QCOMPARE(asked.exitCode, 4);
    QCOMPARE(asked.result()["status"].get<std::string>(), "needs_approval");
    QCOMPARE(asked.result()["approval"]["totals"]["usd"].get<int>(), 2400);
    QCOMPARE(posts(), 0); // the check read the charges; nothing was sent
    QCOMPARE(rowsStored(), 0);

    // Not the asker, not a support person: another supervisor.
    const auto approve = [&](const QString &who) {
        return opsctl({u"--operator"_s, who, u"batch"_s, u"approve"_s, u"big"_s, u"--reason"_s,
                       u"checked the sheet"_s});
    };
    const ProcessRun own = approve(u"alice"_s);
    QCOMPARE(own.exitCode, 2);
    QVERIFY2(own.errText().contains(u"another supervisor"_s), qPrintable(own.errText()));
    QCOMPARE(approve(u"carol"_s).exitCode, 2);
    QCOMPARE(opsctl(batchArgs(u"run"_s, u"big.csv"_s, u"big"_s)).exitCode, 4); // still waiting
    QCOMPARE(posts(), 0);
    const ProcessRun approved = approve(u"bob"_s);
    QVERIFY2(approved.exitCode == 0, qPrintable(approved.errText()));
    QCOMPARE(approved.result()["state"].get<std::string>(), "approved");

    const ProcessRun run = opsctl(batchArgs(u"run"_s, u"big.csv"_s, u"big"_s));
    QVERIFY2(run.exitCode == 0, qPrintable(run.errText()));
    QCOMPARE(refundsAtProvider(), kRows + 2);

    // Another file under the same name is asked for again; its new row is not sent meanwhile.
    write(u"big.csv"_s, goodFile() + "extra,ch_1001,,1.00,usd,x\n");
    m_sim->admin("DELETE", u"/_sim/requests"_s);
    QCOMPARE(opsctl(batchArgs(u"run"_s, u"big.csv"_s, u"big"_s)).exitCode, 4);
    QCOMPARE(posts(), 0);
    const json pending =
        opsctl({u"batch"_s, u"approvals"_s, u"--state"_s, u"pending"_s, u"--json"_s}).result();
    QCOMPARE(pending["batch_approvals"].size(), 1u);
    QCOMPARE(pending["batch_approvals"][0]["rows"].get<int>(), kRows + 3);

    // A third file under the name: two approvals wait, each for its own file, and the approver
    // names the one they checked.
    write(u"big.csv"_s, goodFile() + "extra,ch_1001,,2.00,usd,y\n");
    const ProcessRun third = opsctl(batchArgs(u"run"_s, u"big.csv"_s, u"big"_s) << u"--json"_s);
    QCOMPARE(third.exitCode, 4);
    const qint64 thirdId = third.result()["approval"]["approval_id"].get<qint64>();
    const ProcessRun which = approve(u"bob"_s);
    QCOMPARE(which.exitCode, 2);
    QVERIFY2(which.errText().contains(u"give --id"_s), qPrintable(which.errText()));
    const ProcessRun named = opsctl({u"--operator"_s, u"bob"_s, u"batch"_s, u"approve"_s, u"big"_s,
                                     u"--id"_s, QString::number(thirdId)});
    QVERIFY2(named.exitCode == 0, qPrintable(named.errText()));
    QCOMPARE(named.result()["approval_id"].get<qint64>(), thirdId);
    QCOMPARE(opsctl(batchArgs(u"run"_s, u"big.csv"_s, u"big"_s)).exitCode, 0);
    QCOMPARE(refundsAtProvider(), kRows + 3);
}

// Issue 54 item 3: each row's reason code is stored with its operation; Stripe's own reasons also
// reach Stripe as the refund's reason, ours do not, and an Adyen row may carry one too.
void TestOpsctlBatch::reasonCodesAreKeptAndStripesAreSent()
{
    write(u"why.csv"_s, "order,charge,adyen_payment,amount,currency,reason\n"
                        "o1,ch_b1,,1.00,usd,requested_by_customer\n"
                        "o2,ch_b2,,1.00,usd,product_not_received\n"
                        "a1,,DZ4DPSHB4WD2WN82,2.00,eur,price_adjustment\n"
                        "o3,ch_b3,,1.00,usd,\n");
    const ProcessRun run = opsctl(batchArgs(u"run"_s, u"why.csv"_s, u"why"_s) << u"--json"_s);
    QVERIFY2(run.exitCode == 0, qPrintable(run.errText()));
    const json all = m_sim->requests();
    std::vector<std::string> bodies;
    for (const json &r : all["requests"]) {
        if (r.value("method", "") == "POST" && r.value("path", "") == "/v1/refunds")
            bodies.push_back(r.value("body", ""));
    }
    QCOMPARE(bodies.size(), size_t(3));
    const auto sentReason = [&](const std::string &order) {
        for (const std::string &b : bodies) {
            if (b.find("metadata[order_id]=" + order + "&") == std::string::npos)
                continue;
            const size_t at = b.find("reason=");
            return at == std::string::npos ? std::string()
                                           : b.substr(at + 7, b.find('&', at) - at - 7);
        }
        return std::string("(no request)");
    };
    QCOMPARE(sentReason("o1"), "requested_by_customer");
    QCOMPARE(sentReason("o2"), "");
    QCOMPARE(sentReason("o3"), "");
    const json listed = opsctl({u"list"_s, u"--json"_s}).result();
    std::map<std::string, std::string> codes;
    for (const json &op : listed["operations"]) {
        const json shown =
            opsctl({u"show"_s, QString::fromStdString(op["operation_id"]), u"--json"_s}).result();
        codes[shown.value("order_id", "")] = shown["reason_code"].is_string()
                                                 ? shown["reason_code"].get<std::string>()
                                                 : std::string("(none)");
    }
    QCOMPARE(codes["o1"], "requested_by_customer");
    QCOMPARE(codes["o2"], "product_not_received");
    QCOMPARE(codes["a1"], "price_adjustment");
    QCOMPARE(codes["o3"], "(none)");
}

QTEST_GUILESS_MAIN(TestOpsctlBatch)
#include "tst_opsctl_batch.moc"
