// opsctl reconcile, proposals and serve as processes against provider-sim (issue 14 items 1, 2, 4,
// 5): one JSON line per row, proposals applied by a person with refusals that write nothing, the
// auto-close setting, and one reconciler per database across processes (lease, takeover, drain).
// On PostgreSQL each opsctl logs in as the actor that runs it: alice and carol as themselves, the
// reconciler and opsctl serve as the service (issue 50).

#include "support/processrun.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QSqlQuery>
#include <QTest>
#include <csignal>

using namespace Qt::StringLiterals;
using nlohmann::json;
using ops::test::ProcessRun;
using ops::test::SimProcess;

namespace {

struct Cli
{
    ops::test::RolesFixture db{ops::test::RolesFixture::ForPrograms{}};
    SimProcess sim{ops::test::providerSimPath(), SimProcess::demoSeedPath(ops::test::sourceDir())};

    QProcessEnvironment env(const QString &who = u"alice"_s) const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(u"OPS_STRIPE_URL"_s, sim.baseUrl().toString());
        e.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_demo"_s);
        e.insert(u"OPS_OPERATOR"_s, who);
        e.insert(u"OPS_RECONCILE_TICK_MS"_s, u"100"_s);
        e.insert(u"OPS_RECONCILE_LEASE_MS"_s, u"1500"_s);
        e.insert(u"OPS_STRIPE_WEBHOOK_SECRET"_s, u"whsec_test_reconcile"_s);
        e.remove(u"OPS_SLEN_URL"_s);
        return db.programEnv(who, e);
    }
    // The reconciler and opsctl serve: the service's login on PostgreSQL; on SQLite as the suite
    // always ran them, with alice named.
    QProcessEnvironment serviceEnv() const { return env(db.onTeam() ? u"svc"_s : u"alice"_s); }
    ProcessRun run(const QStringList &args, const QString &who = u"alice"_s) const
    {
        return ops::test::runProcess(ops::test::opsctlPath(), args, env(who));
    }
    ProcessRun runService(const QStringList &args) const
    {
        return ops::test::runProcess(ops::test::opsctlPath(), args, serviceEnv());
    }
    // On PostgreSQL the team's directory has alice and carol (sam) already (teamfixture.h).
    bool start()
    {
        if (!sim.start())
            return false;
        if (db.onTeam())
            return true;
        return run({u"operator"_s, u"add"_s, u"alice"_s, u"--role"_s, u"supervisor"_s}).exitCode ==
                   0 &&
               run({u"operator"_s, u"add"_s, u"carol"_s, u"--role"_s, u"support"_s}).exitCode == 0;
    }
    // A refund left unknown by a stored 500 (with the money moved, or not); its operation id.
    QString unknownRefund(const QString &order, const QString &charge, int amount, bool moved)
    {
        sim.addFault({{"route", "POST /v1/refunds"},
                      {"mode", "stored_500"},
                      {"count", 1},
                      {"apply", moved}});
        const ProcessRun r = run({u"refund"_s, u"--order"_s, order, u"--charge"_s, charge,
                                  u"--amount"_s, QString::number(amount)});
        const json j = r.result();
        if (j.value("status", "") != "checking")
            qWarning("refund did not end checking: %s", r.out.constData());
        return QString::fromStdString(j.value("operation_id", ""));
    }
    int count(const QString &sql) const
    {
        return ops::test::TestDatabase::probeCount(db.path(), sql);
    }
};

QString text(const json &j)
{
    return j.is_string() ? QString::fromStdString(j.get<std::string>()) : QString();
}

std::vector<json> lines(const QByteArray &out)
{
    std::vector<json> rows;
    for (const QByteArray &line : out.split('\n')) {
        if (!line.trimmed().isEmpty())
            rows.push_back(json::parse(line.constData(), nullptr, false));
    }
    return rows;
}

QString resultFor(const std::vector<json> &rows, const QString &id)
{
    for (const json &r : rows) {
        if (r.value("operation_id", "") == id.toStdString())
            return QString::fromStdString(r.value("result", ""));
    }
    return {};
}

} // namespace

class TestOpsctlReconcile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QCOMPARE(ops::test::prepareRoles(), QString()); }
    void cleanupTestCase() { QCOMPARE(ops::test::dropRoles(), QString()); }
    void onceWritesOneLinePerRow();
    void proposalsApplyAndRefusals();
    void resendProposalsAreResentFromTheTerminal();
    void staleMeansEvidenceThatCouldChangeIt();
    void autoCloseOffLeavesProposals();
    void oneServicePerDatabase();
};

void TestOpsctlReconcile::onceWritesOneLinePerRow()
{
    Cli c;
    QVERIFY2(c.start(), qPrintable(c.sim.error()));
    const QString moved = c.unknownRefund(u"4417"_s, u"ch_4417"_s, 3800, true);
    const QString notMoved = c.unknownRefund(u"1001"_s, u"ch_1001"_s, 5000, false);
    const ProcessRun r = c.runService({u"reconcile"_s, u"--once"_s, u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    const auto rows = lines(r.out);
    QCOMPARE(rows.size(), 2u);
    QCOMPARE(resultFor(rows, moved), u"closed_succeeded"_s);
    QCOMPARE(resultFor(rows, notMoved), u"proposal"_s);
    for (const json &row : rows)
        QVERIFY(row.contains("next_check_at") && row.contains("evidence_id"));
    QCOMPARE(c.count(u"SELECT COUNT(*) FROM operations WHERE state = 'succeeded' AND "
                     "closed_by = 'system:reconciler'"_s),
             1);
    QCOMPARE(c.count(u"SELECT COUNT(*) FROM service_leases"_s), 0); // --once gave it back
}

// `stale` in proposals list is apply's own test (disagreeingEvidence): a new reconciler reading
// of the same state would agree; a person's note could change the decision.
void TestOpsctlReconcile::staleMeansEvidenceThatCouldChangeIt()
{
    Cli c;
    QVERIFY2(c.start(), qPrintable(c.sim.error()));
    const QString id = c.unknownRefund(u"1001"_s, u"ch_1001"_s, 5000, false);
    QCOMPARE(c.runService({u"reconcile"_s, u"--once"_s}).exitCode, 0);
    const auto stale = [&c] {
        const json proposals =
            c.run({u"proposals"_s, u"list"_s, u"--json"_s}).result()["proposals"];
        return proposals.size() == 1 && proposals[0]["stale"].get<bool>();
    };
    QVERIFY(!stale());
    const ProcessRun note =
        c.run({u"evidence"_s, u"add"_s, id, u"--kind"_s, u"note"_s, u"--title"_s,
               u"customer call"_s, u"--text"_s, u"the customer saw no refund"_s});
    QCOMPARE(note.exitCode, 0);
    QVERIFY(stale());
}

void TestOpsctlReconcile::proposalsApplyAndRefusals()
{
    Cli c;
    QVERIFY2(c.start(), qPrintable(c.sim.error()));
    const QString id = c.unknownRefund(u"1001"_s, u"ch_1001"_s, 5000, false);
    QCOMPARE(c.runService({u"reconcile"_s, u"--once"_s}).exitCode, 0);
    const ProcessRun list = c.run({u"proposals"_s, u"list"_s, u"--json"_s});
    QCOMPARE(list.exitCode, 0);
    const json proposals = list.result()["proposals"];
    QCOMPARE(proposals.size(), 1u);
    const qint64 pid = proposals[0]["id"].get<qint64>();
    QCOMPARE(QString::fromStdString(proposals[0]["operation_id"]), id);
    QCOMPARE(text(proposals[0]["outcome"]), u"failed"_s);

    const int auditBefore = c.count(u"SELECT COUNT(*) FROM audit"_s);
    const ProcessRun dry =
        c.run({u"proposals"_s, u"apply"_s, QString::number(pid), u"--dry-run"_s});
    QCOMPARE(dry.exitCode, 0);
    QCOMPARE(text(dry.result()["result"]), u"would_apply"_s);
    const ProcessRun unknown = c.run({u"proposals"_s, u"apply"_s, u"999"_s});
    QCOMPARE(unknown.exitCode, 2);
    QCOMPARE(text(unknown.result()["exclusion"]), u"unknown_proposal"_s);
    const ProcessRun support =
        c.run({u"proposals"_s, u"apply"_s, QString::number(pid)}, u"carol"_s);
    QCOMPARE(support.exitCode, 2);
    QCOMPARE(text(support.result()["exclusion"]), u"not_permitted"_s);
    QCOMPARE(c.count(u"SELECT COUNT(*) FROM audit"_s), auditBefore); // nothing written

    const ProcessRun applied = c.run({u"proposals"_s, u"apply"_s, QString::number(pid)});
    QCOMPARE(applied.exitCode, 0);
    QCOMPARE(text(applied.result()["result"]), u"applied"_s);
    QCOMPARE(c.count(u"SELECT COUNT(*) FROM operations WHERE state = 'failed' AND closed_by = "
                     "'%1'"_s.arg(ops::test::personActorOf(u"alice"_s))),
             1);
    const ProcessRun again = c.run({u"proposals"_s, u"apply"_s, QString::number(pid)});
    QCOMPARE(again.exitCode, 2);
    QCOMPARE(text(again.result()["exclusion"]), u"proposal_not_open"_s);
    QCOMPARE(c.run({u"proposals"_s, u"apply"_s, u"--all"_s}).exitCode, 0);
    QCOMPARE(c.run({u"proposals"_s, u"apply"_s}).exitCode, 2);
}

// Issue 54 item 4: a resend proposal applied with opsctl is resent with the row's stored key under
// its lease, as the console's bulk run does, and settled when the resend closed the row.
void TestOpsctlReconcile::resendProposalsAreResentFromTheTerminal()
{
    Cli c;
    QVERIFY2(c.start(), qPrintable(c.sim.error()));
    // Six dropped connections: two calls of three attempts, then the cap makes the row unknown,
    // and the provider holds nothing under the key.
    c.sim.addFault({{"route", "POST /v1/refunds"}, {"mode", "drop_connection"}, {"count", 6}});
    for (int call = 0; call < 2; ++call)
        c.run({u"refund"_s, u"--order"_s, u"1001"_s, u"--charge"_s, u"ch_1001"_s, u"--amount"_s,
               u"5000"_s});
    const ProcessRun listed = c.run({u"list"_s, u"--json"_s});
    const json ops = listed.result()["operations"];
    QCOMPARE(ops.size(), 1u);
    const QString id = text(ops[0]["operation_id"]);
    QCOMPARE(text(ops[0]["state"]), u"unknown"_s);
    QCOMPARE(c.runService({u"reconcile"_s, u"--once"_s}).exitCode, 0);
    const json proposals = c.run({u"proposals"_s, u"list"_s, u"--json"_s}).result()["proposals"];
    QCOMPARE(proposals.size(), 1u);
    QCOMPARE(text(proposals[0]["action"]), u"resend"_s);
    const qint64 pid = proposals[0]["id"].get<qint64>();

    const ProcessRun dry =
        c.run({u"proposals"_s, u"apply"_s, QString::number(pid), u"--dry-run"_s});
    QCOMPARE(dry.exitCode, 0);
    QCOMPARE(text(dry.result()["result"]), u"would_resend"_s);
    QCOMPARE(text(c.run({u"show"_s, id, u"--json"_s}).result()["state"]), u"unknown"_s);

    c.sim.admin("DELETE", u"/_sim/requests"_s);
    const ProcessRun applied = c.run({u"proposals"_s, u"apply"_s, QString::number(pid)});
    QVERIFY2(applied.exitCode == 0, qPrintable(applied.errText()));
    const json result = applied.result();
    QCOMPARE(text(result["result"]), u"resent"_s);
    QCOMPARE(text(result["tool_result"]["status"]), u"refunded"_s);
    QCOMPARE(text(result["proposal_state"]), u"applied"_s);
    const json shown = c.run({u"show"_s, id, u"--json"_s}).result();
    QCOMPARE(text(shown["state"]), u"succeeded"_s);
    // One request, with the key the row stored before its first attempt (rule 3).
    const json sent = c.sim.requests()["requests"];
    QCOMPARE(sent.size(), 1u);
    QCOMPARE(text(sent[0]["idempotency_key"]), text(shown["idempotency_key"]));
    QCOMPARE(c.sim.ledger()["movements"].size(), 1u);
    // Applied once: the proposal is no longer open.
    const ProcessRun again = c.run({u"proposals"_s, u"apply"_s, QString::number(pid)});
    QCOMPARE(again.exitCode, 2);
    QCOMPARE(text(again.result()["exclusion"]), u"proposal_not_open"_s);
}

void TestOpsctlReconcile::autoCloseOffLeavesProposals()
{
    Cli c;
    QVERIFY2(c.start(), qPrintable(c.sim.error()));
    const ProcessRun refused =
        c.run({u"settings"_s, u"set"_s, u"reconcile-auto-close"_s, u"off"_s}, u"carol"_s);
    QCOMPARE(refused.exitCode, 2);
    QCOMPARE(c.run({u"settings"_s, u"set"_s, u"reconcile-auto-close"_s, u"maybe"_s}).exitCode, 2);
    QCOMPARE(c.run({u"settings"_s, u"set"_s, u"reconcile-schedule"_s, u"5m,1m"_s}).exitCode, 2);
    QCOMPARE(c.run({u"settings"_s, u"set"_s, u"reconcile-auto-close"_s, u"off"_s}).exitCode, 0);
    QCOMPARE(c.run({u"settings"_s, u"set"_s, u"reconcile-schedule"_s, u"2m,10m,2h"_s}).exitCode, 0);
    const json shown = c.run({u"settings"_s, u"show"_s}).result();
    QCOMPARE(text(shown["reconcile_auto_close"]), u"off"_s);
    QCOMPARE(text(shown["reconcile_schedule"]), u"2m,10m,2h"_s);
    QCOMPARE(c.count(u"SELECT COUNT(*) FROM audit WHERE action LIKE 'settings.reconcile%'"_s), 2);
    const QString moved = c.unknownRefund(u"4417"_s, u"ch_4417"_s, 3800, true);
    const auto rows = lines(c.runService({u"reconcile"_s, u"--once"_s, u"--json"_s}).out);
    QCOMPARE(resultFor(rows, moved), u"proposal"_s);
    QCOMPARE(c.count(u"SELECT COUNT(*) FROM operations WHERE state = 'unknown'"_s), 1);
}

void TestOpsctlReconcile::oneServicePerDatabase()
{
    Cli c;
    QVERIFY2(c.start(), qPrintable(c.sim.error()));
    QProcess a;
    QProcess b;
    for (QProcess *p : {&a, &b}) {
        p->setProcessEnvironment(c.serviceEnv());
        p->start(ops::test::opsctlPath(), {u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s});
        QVERIFY(p->waitForStarted());
        QVERIFY(p->waitForReadyRead(10'000));
        // The webhook receiver and the reconciler loop in one process.
        const QByteArray first = p->readLine().trimmed();
        QVERIFY2(first.startsWith("opsctl webhook listening on http://127.0.0.1:"),
                 first.constData());
    }
    QTest::qWait(600);
    auto holds = [](QProcess &p) {
        return p.readAllStandardError().contains(" holds the reconciler lease");
    };
    const bool aHolds = holds(a);
    const bool bHolds = holds(b);
    QVERIFY2(aHolds != bHolds, "exactly one of two services holds the lease");
    QProcess &holder = aHolds ? a : b;
    QProcess &other = aHolds ? b : a;
    // A row made while the holder works: only one process reads it.
    const QString id = c.unknownRefund(u"1001"_s, u"ch_1001"_s, 5000, true);
    QVERIFY(!id.isEmpty());
    // The holder dies without giving the lease up; the other takes over once it expires.
    ::kill(pid_t(holder.processId()), SIGKILL);
    holder.waitForFinished(5000);
    QElapsedTimer t;
    t.start();
    bool took = false;
    while (!took && t.elapsed() < 10'000) {
        other.waitForReadyRead(200);
        took = holds(other);
    }
    QVERIFY2(took, "the surviving service took the lease over");
    // SIGTERM drains: exit 0, and the lease is given back at once.
    other.terminate();
    QVERIFY(other.waitForFinished(10'000));
    QCOMPARE(other.exitStatus(), QProcess::NormalExit);
    QCOMPARE(other.exitCode(), 0);
    QCOMPARE(c.count(u"SELECT COUNT(*) FROM service_leases"_s), 0);
}

QTEST_GUILESS_MAIN(TestOpsctlReconcile)
#include "tst_opsctl_reconcile.moc"
