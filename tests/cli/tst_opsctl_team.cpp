// Owners, notes and service targets from the terminal (DESIGN §18, issue 53): real opsctl
// processes on both backends (on PostgreSQL each person logs in as themselves), the row made by
// a real `opsctl refund` that went unknown at provider-sim. A row someone else owns moves only
// with --from naming them; support takes for itself and gives back its own, a supervisor assigns
// and releases; notes are appended and listed; the targets are settings with the approve right;
// every bad input exits 2 with the reason and stores nothing.

#include "support/programteam.h"

#include <QTest>

using namespace ops;
using namespace Qt::StringLiterals;
using json = nlohmann::json;
using ops::test::ProcessRun;
using ops::test::SimProcess;

class TestOpsctlTeam : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(test::prepareRoles().isEmpty()); }
    void cleanupTestCase() { QVERIFY(test::dropRoles().isEmpty()); }
    void init();
    void cleanup();
    void takeAssignAndReleaseFromTheTerminal();
    void badOwnerCommandsChangeNothing_data();
    void badOwnerCommandsChangeNothing();
    void notesAreAddedAndListed();
    void badNotesStoreNothing_data();
    void badNotesStoreNothing();
    void targetsAreSettingsWithTheApproveRight();

private:
    ProcessRun run(const QString &who, const QStringList &args) const
    {
        return m_team->opsctl(who, args, *m_sim);
    }
    // '' for nobody (null in the JSON).
    QString ownerOf(const QString &id) const
    {
        const json shown = run(u"alice"_s, {u"show"_s, id, u"--json"_s}).result();
        const json owner = shown.value("owned_by", json());
        return owner.is_string() ? QString::fromStdString(owner.get<std::string>()) : QString();
    }
    static QString person(const QString &who) { return test::personName(who); }

    std::unique_ptr<test::ProgramTeam> m_team;
    std::unique_ptr<SimProcess> m_sim;
    QString m_id;
};

void TestOpsctlTeam::init()
{
    m_team = std::make_unique<test::ProgramTeam>();
    m_sim = std::make_unique<SimProcess>(test::providerSimPath(),
                                         SimProcess::demoSeedPath(test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
    QCOMPARE(m_team->addPeople(*m_sim), QString());
    m_id = m_team->refund(*m_sim);
    QVERIFY(!m_id.isEmpty());
}

void TestOpsctlTeam::cleanup()
{
    m_sim.reset();
    m_team.reset();
}

void TestOpsctlTeam::takeAssignAndReleaseFromTheTerminal()
{
    const QString carol = u"operator:"_s + person(u"carol"_s);
    const QString alice = u"operator:"_s + person(u"alice"_s);
    ProcessRun r = run(u"carol"_s, {u"take"_s, m_id});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    QCOMPARE(QString::fromStdString(r.result()["owned_by"]), carol);
    QVERIFY(r.result()["previous"].is_null());
    QCOMPARE(ownerOf(m_id), carol);
    // alice is asked first: without --from naming carol nothing moves.
    r = run(u"alice"_s, {u"take"_s, m_id});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.errText().contains(u"%1 owns %2"_s.arg(person(u"carol"_s), m_id)),
             qPrintable(r.errText()));
    QVERIFY(r.errText().contains(u"--from"_s));
    QCOMPARE(ownerOf(m_id), carol);
    r = run(u"alice"_s, {u"take"_s, m_id, u"--from"_s, person(u"carol"_s)});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    QCOMPARE(QString::fromStdString(r.result()["previous"]), carol);
    // alice gives it back to carol; carol releases her own.
    r = run(u"alice"_s, {u"assign"_s, m_id, u"--to"_s, person(u"carol"_s)});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    QCOMPARE(ownerOf(m_id), carol);
    r = run(u"carol"_s, {u"release"_s, m_id});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    QCOMPARE(ownerOf(m_id), QString());
    const json audit = run(u"alice"_s, {u"show"_s, m_id, u"--json"_s}).result();
    QStringList actions;
    for (const auto &e : audit["audit"])
        if (QString::fromStdString(e.value("action", "")).startsWith(u"operation.owner"_s))
            actions << QString::fromStdString(e.value("action", ""));
    QCOMPARE(actions, (QStringList{u"operation.owner_taken"_s, u"operation.owner_taken"_s,
                                   u"operation.owner_assigned"_s, u"operation.owner_released"_s}));
    Q_UNUSED(alice);
}

void TestOpsctlTeam::badOwnerCommandsChangeNothing_data()
{
    QTest::addColumn<QString>("who");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("reason");
    QTest::newRow("no row") << "carol" << QStringList{u"take"_s} << "usage";
    QTest::newRow("an unknown row")
        << "carol" << QStringList{u"take"_s, u"op_nope"_s} << "no operation op_nope";
    QTest::newRow("support assigns")
        << "carol" << QStringList{u"assign"_s, u"OP"_s, u"--to"_s, u"alice"_s} << "supervisor";
    QTest::newRow("assign without --to") << "alice" << QStringList{u"assign"_s, u"OP"_s} << "usage";
    QTest::newRow("--to a non-name")
        << "alice" << QStringList{u"assign"_s, u"OP"_s, u"--to"_s, u"a b"_s}
        << "--to names a person";
    QTest::newRow("--to a stranger")
        << "alice" << QStringList{u"assign"_s, u"OP"_s, u"--to"_s, u"zed"_s}
        << "not a person who may own a row";
    QTest::newRow("an unknown option")
        << "carol" << QStringList{u"take"_s, u"OP"_s, u"--force"_s} << "--force";
    QTest::newRow("the agent") << "agent" << QStringList{u"take"_s, u"OP"_s} << "";
}

void TestOpsctlTeam::badOwnerCommandsChangeNothing()
{
    QFETCH(QString, who);
    QFETCH(QStringList, args);
    QFETCH(QString, reason);
    args.replaceInStrings(u"OP"_s, m_id);
    if (args.contains(u"alice"_s))
        args.replaceInStrings(u"alice"_s, person(u"alice"_s));
    const ProcessRun r = run(who, args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.errText().contains(reason), qPrintable(r.errText()));
    QCOMPARE(ownerOf(m_id), QString());
}

void TestOpsctlTeam::notesAreAddedAndListed()
{
    ProcessRun r = run(u"carol"_s, {u"note"_s, u"add"_s, m_id, u"--text"_s,
                                    u"Customer says the bank shows nothing yet."_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    QVERIFY(r.result()["note_id"].get<qint64>() > 0);
    QCOMPARE(run(u"alice"_s, {u"note"_s, u"add"_s, m_id, u"--text"_s, u"Asked Stripe."_s}).exitCode,
             0);
    const json list = run(u"alice"_s, {u"note"_s, u"list"_s, m_id, u"--json"_s}).result();
    QCOMPARE(list["notes"].size(), 2u);
    QCOMPARE(list["notes"][0]["text"].get<std::string>(),
             "Customer says the bank shows nothing yet.");
    QCOMPARE(QString::fromStdString(list["notes"][0]["created_by"]),
             u"operator:"_s + person(u"carol"_s));
    const ProcessRun text = run(u"carol"_s, {u"note"_s, u"list"_s, m_id});
    QVERIFY(text.out.contains(": Asked Stripe."));
}

void TestOpsctlTeam::badNotesStoreNothing_data()
{
    QTest::addColumn<QString>("who");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("reason");
    QTest::newRow("no text") << "carol" << QStringList{u"note"_s, u"add"_s, u"OP"_s}
                             << "needs --text";
    QTest::newRow("empty text") << "carol"
                                << QStringList{u"note"_s, u"add"_s, u"OP"_s, u"--text"_s, u"  "_s}
                                << "needs some text";
    QTest::newRow("too long") << "carol"
                              << QStringList{u"note"_s, u"add"_s, u"OP"_s, u"--text"_s,
                                             QString(2001, u'x')}
                              << "at most 2000";
    QTest::newRow("an unknown row")
        << "carol" << QStringList{u"note"_s, u"add"_s, u"op_nope"_s, u"--text"_s, u"x"_s}
        << "no operation op_nope";
    QTest::newRow("an unknown verb")
        << "carol" << QStringList{u"note"_s, u"edit"_s, u"OP"_s} << "usage";
    QTest::newRow("the agent") << "agent"
                               << QStringList{u"note"_s, u"add"_s, u"OP"_s, u"--text"_s, u"x"_s}
                               << "";
}

void TestOpsctlTeam::badNotesStoreNothing()
{
    QFETCH(QString, who);
    QFETCH(QStringList, args);
    QFETCH(QString, reason);
    args.replaceInStrings(u"OP"_s, m_id);
    const ProcessRun r = run(who, args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.errText().contains(reason), qPrintable(r.errText()));
    const json list = run(u"alice"_s, {u"note"_s, u"list"_s, m_id, u"--json"_s}).result();
    QCOMPARE(list["notes"].size(), 0u);
}

void TestOpsctlTeam::targetsAreSettingsWithTheApproveRight()
{
    ProcessRun r = run(u"alice"_s, {u"settings"_s, u"set"_s, u"target-unowned"_s, u"2h"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    QCOMPARE(r.result()["target_unowned_ms"].get<qint64>(), 7200000);
    r = run(u"alice"_s, {u"settings"_s, u"set"_s, u"alert-window"_s, u"0"_s});
    QCOMPARE(r.result()["alert_window_ms"].get<qint64>(), 0);
    QCOMPARE(run(u"carol"_s, {u"settings"_s, u"set"_s, u"target-unowned"_s, u"5m"_s}).exitCode, 2);
    QCOMPARE(run(u"alice"_s, {u"settings"_s, u"set"_s, u"target-unowned"_s, u"2x"_s}).exitCode, 2);
    QCOMPARE(run(u"alice"_s, {u"settings"_s, u"set"_s, u"target-unowned"_s, u"400d"_s}).exitCode,
             2);
    const json shown = run(u"carol"_s, {u"settings"_s, u"show"_s}).result();
    QCOMPARE(shown["service_targets"]["target_unowned_ms"].get<qint64>(), 7200000);
    QCOMPARE(shown["service_targets"]["target_undecided_ms"].get<qint64>(), 24 * 3600000);
    QCOMPARE(shown["alert_window_ms"].get<qint64>(), 0);
    r = run(u"alice"_s, {u"settings"_s, u"clear"_s, u"target-unowned"_s});
    QCOMPARE(r.result()["target_unowned_ms"].get<qint64>(), 3600000);
}

QTEST_GUILESS_MAIN(TestOpsctlTeam)
#include "tst_opsctl_team.moc"
