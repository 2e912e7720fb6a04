// The installed product's own demo (issue 17 item 2), as processes: `opsconsole --demo
// --screenshot FILE` finds provider-sim on PATH, builds its database in a temporary folder,
// shows the SIMULATOR badge, never reads the user's saved (live) key, and stops the simulator
// when it exits; without a provider-sim it says where it looked. Run from the build tree it finds
// the build's provider-sim with PATH not holding it, and SIGTERM or SIGINT (in the window or
// while the story is built) stop its simulator and remove its folder, exit 0 (issue 31 item 8).
// `opsctl demo story` builds the same rows against a running simulator (one of them closed by a
// provider event, an Adyen one by its signed notification, another Adyen one left waiting) and
// refuses a database that already holds some. An unopenable --db names the
// path and the reason.

#include "support/processrun.h"
#include "support/rawhttp.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QColor>
#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <map>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

QProcessEnvironment demoEnvironment(const QTemporaryDir &home, const QString &path)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &name : env.keys()) {
        if (name.startsWith(u"OPS_"_s))
            env.remove(name);
    }
    env.remove(u"DISPLAY"_s);
    env.remove(u"WAYLAND_DISPLAY"_s);
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    env.insert(u"XDG_CONFIG_HOME"_s, home.filePath(u"config"_s));
    env.insert(u"XDG_DATA_HOME"_s, home.filePath(u"data"_s));
    env.insert(u"PATH"_s, path);
    return env;
}

// Pixels of the badge colour (#6a1b9a) in the top-right corner of the menu bar.
int simulatorBadgePixels(const QImage &image)
{
    int hits = 0;
    for (int y = 0; y < qMin(30, image.height()); ++y) {
        for (int x = image.width() - 200; x < image.width(); ++x) {
            if (image.pixelColor(x, y) == QColor(0x6a, 0x1b, 0x9a))
                ++hits;
        }
    }
    return hits;
}

// The pid of `parent`'s child process named `name` (from /proc/*/stat), 0 when it has none.
qint64 childPid(qint64 parent, const QByteArray &name)
{
    const QStringList entries = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        QFile stat(u"/proc/%1/stat"_s.arg(entry));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        // "PID (COMM) STATE PPID ...": COMM may hold spaces, so the rest starts after the last ')'.
        const QByteArray line = stat.readAll();
        const qsizetype open = line.indexOf('('), close = line.lastIndexOf(')');
        if (open < 0 || close < open)
            continue;
        const QList<QByteArray> rest = line.mid(close + 2).split(' ');
        if (line.mid(open + 1, close - open - 1) == name && rest.size() > 1 &&
            rest.at(1).toLongLong() == parent)
            return entry.toLongLong();
    }
    return 0;
}

bool processAlive(qint64 pid)
{
    return pid > 0 && QFileInfo::exists(u"/proc/%1"_s.arg(pid));
}

// Reads `console`'s stdout into `seen` until `pattern` matches it; the match, or none after
// `timeoutMs` or when the console has exited.
QRegularExpressionMatch waitForOutput(QProcess &console, QByteArray &seen,
                                      const QRegularExpression &pattern, int timeoutMs = 60000)
{
    const QDeadlineTimer deadline(timeoutMs);
    for (;;) {
        seen += console.readAllStandardOutput();
        if (auto match = pattern.match(QString::fromUtf8(seen)); match.hasMatch())
            return match;
        if (deadline.hasExpired() || console.state() == QProcess::NotRunning)
            return {};
        console.waitForReadyRead(200);
    }
}

// What a failed signal test would leave behind: the orphaned simulator and the demo folder.
struct DemoLeftovers
{
    qint64 simPid = 0;
    QString folder;
    ~DemoLeftovers()
    {
        QFile comm(u"/proc/%1/comm"_s.arg(simPid));
        if (simPid > 0 && comm.open(QIODevice::ReadOnly) &&
            comm.readAll().trimmed() == "provider-sim")
            ::kill(pid_t(simPid), SIGKILL);
        if (!folder.isEmpty() && folder.startsWith(QDir::tempPath()))
            QDir(folder).removeRecursively();
    }
};

} // namespace

class TestConsoleDemo : public QObject
{
    Q_OBJECT

private slots:
    void demoScreenshotStartsAndStopsTheSimulator();
    void demoWithoutASimulatorSaysWhereItLooked();
    void demoFromTheBuildTreeFindsItsSimulator();
    void signalStopsTheDemo_data();
    void signalStopsTheDemo();
    void opsctlDemoStoryBuildsTheSameRows();
    void unopenableDatabaseIsNamedWithTheReason();
    void demoStoryRefusesASimulatorElsewhere();
};

void TestConsoleDemo::demoScreenshotStartsAndStopsTheSimulator()
{
    QTemporaryDir home;
    // A saved live key must not be used (or even read) by the demo.
    QDir().mkpath(home.filePath(u"config/opsconsole"_s));
    {
        QFile key(home.filePath(u"config/opsconsole/stripe.key"_s));
        QVERIFY(key.open(QIODevice::WriteOnly));
        key.write("sk_live_must_not_be_used_1234\n");
        key.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    const QString simDir = QFileInfo(ops::test::providerSimPath()).absolutePath();
    const QString shot = home.filePath(u"demo.png"_s);
    const auto run =
        test::runProcess(ops::test::consolePath(),
                         {u"--demo"_s, u"--operator"_s, u"demo-alice"_s, u"--screenshot"_s, shot},
                         demoEnvironment(home, simDir + u":/usr/bin:/bin"_s));
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString out = QString::fromUtf8(run.out);
    QVERIFY2(out.contains(u"demo: provider-sim (%1/provider-sim)"_s.arg(simDir)),
             run.out.constData());
    const auto url =
        QRegularExpression(u"demo: provider-sim \\(.*\\) at (http://\\S+)"_s).match(out);
    QVERIFY2(url.hasMatch(), run.out.constData());
    const QImage image(shot);
    QVERIFY(!image.isNull());
    QVERIFY2(image.width() >= 640 && image.height() >= 400, qPrintable(shot));
    QVERIFY2(simulatorBadgePixels(image) > 100, "no SIMULATOR badge in the corner");
    QDir().mkpath(QDir(QCoreApplication::applicationDirPath()).filePath(u"screenshots"_s));
    QFile::remove(QDir(QCoreApplication::applicationDirPath()).filePath(u"screenshots/demo.png"_s));
    QVERIFY(QFile::copy(
        shot, QDir(QCoreApplication::applicationDirPath()).filePath(u"screenshots/demo.png"_s)));
    // The simulator is gone with the console, and so is the temporary database folder.
    const test::HttpReply reply = test::httpRequest(quint16(QUrl(url.captured(1)).port()), "GET",
                                                    u"/_sim/health"_s, {}, {}, 2000);
    QCOMPARE(reply.status, 0);
    const auto folder = QRegularExpression(u"building (\\S+)/demo.sqlite"_s).match(out);
    QVERIFY2(folder.hasMatch(), run.out.constData());
    QVERIFY2(!QFileInfo::exists(folder.captured(1)), qPrintable(folder.captured(1)));
}

void TestConsoleDemo::demoWithoutASimulatorSaysWhereItLooked()
{
    QTemporaryDir home;
    // A copy outside the build tree: the build tree's provider-sim is not where it looks.
    QVERIFY(QDir().mkpath(home.filePath(u"bin"_s)));
    const QString console = home.filePath(u"bin/opsconsole"_s);
    QVERIFY(QFile::copy(ops::test::consolePath(), console));
    QVERIFY(QFileInfo(console).isExecutable());
    const auto run =
        test::runProcess(console, {u"--demo"_s, u"--screenshot"_s, home.filePath(u"x.png"_s)},
                         demoEnvironment(home, home.path()));
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.errText().contains(u"provider-sim was found neither next to"_s),
             run.err.constData());
    QVERIFY(run.errText().contains(u"nor on PATH"_s));
    const auto both = test::runProcess(ops::test::consolePath(),
                                       {u"--demo"_s, u"--db"_s, home.filePath(u"d.sqlite"_s),
                                        u"--screenshot"_s, home.filePath(u"x.png"_s)},
                                       demoEnvironment(home, home.path()));
    QCOMPARE(both.exitCode, 2);
    QVERIFY2(both.errText().contains(u"leave out --db"_s), both.err.constData());
}

void TestConsoleDemo::demoFromTheBuildTreeFindsItsSimulator()
{
    QTemporaryDir home;
    const QString sim = QFileInfo(ops::test::providerSimPath()).canonicalFilePath();
    // Neither beside build/app/console/opsconsole nor on PATH.
    QVERIFY(!QFileInfo::exists(
        QFileInfo(ops::test::consolePath()).absoluteDir().filePath(u"provider-sim"_s)));
    const auto run = test::runProcess(ops::test::consolePath(),
                                      {u"--demo"_s, u"--operator"_s, u"demo-alice"_s,
                                       u"--screenshot"_s, home.filePath(u"x.png"_s)},
                                      demoEnvironment(home, home.path()));
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const auto used = QRegularExpression(u"demo: provider-sim \\((.*)\\) at http://"_s)
                          .match(QString::fromUtf8(run.out));
    QVERIFY2(used.hasMatch(), run.out.constData());
    QCOMPARE(used.captured(1), sim); // absolute and clean, no "console/../"
    QVERIFY(QFileInfo::exists(home.filePath(u"x.png"_s)));
}

void TestConsoleDemo::signalStopsTheDemo_data()
{
    QTest::addColumn<int>("signo");
    QTest::addColumn<bool>("inTheWindow");
    QTest::newRow("SIGTERM in the window") << int(SIGTERM) << true;
    QTest::newRow("SIGINT in the window") << int(SIGINT) << true;
    QTest::newRow("SIGTERM while the story is built") << int(SIGTERM) << false;
}

void TestConsoleDemo::signalStopsTheDemo()
{
    QFETCH(int, signo);
    QFETCH(bool, inTheWindow);
    QTemporaryDir home;
    const QString simDir = QFileInfo(ops::test::providerSimPath()).absolutePath();
    QProcess console;
    console.setProcessEnvironment(demoEnvironment(home, simDir + u":/usr/bin:/bin"_s));
    console.start(ops::test::consolePath(), {u"--demo"_s, u"--operator"_s, u"demo-alice"_s});
    QVERIFY(console.waitForStarted());
    DemoLeftovers leftovers;
    QByteArray out;
    const auto url = waitForOutput(
        console, out, QRegularExpression(u"demo: provider-sim \\(.*\\) at (http://\\S+)"_s));
    QVERIFY2(url.hasMatch(), out.constData());
    const auto folder =
        waitForOutput(console, out, QRegularExpression(u"building (\\S+)/demo.sqlite"_s));
    QVERIFY2(folder.hasMatch(), out.constData());
    leftovers.folder = folder.captured(1);
    leftovers.simPid = childPid(console.processId(), "provider-sim");
    QVERIFY(processAlive(leftovers.simPid));
    const auto port = quint16(QUrl(url.captured(1)).port());
    QCOMPARE(test::httpRequest(port, "GET", u"/_sim/health"_s, {}, {}, 2000).status, 200);
    if (inTheWindow) {
        QVERIFY2(waitForOutput(console, out, QRegularExpression(u"demo: ready"_s)).hasMatch(),
                 out.constData());
    }
    QVERIFY(QFileInfo::exists(leftovers.folder));

    QCOMPARE(::kill(pid_t(console.processId()), signo), 0);
    QVERIFY2(console.waitForFinished(60000), out.constData());
    QCOMPARE(console.exitStatus(), QProcess::NormalExit); // not killed by the signal
    QVERIFY2(console.exitCode() == 0, console.readAllStandardError().constData());
    QTRY_VERIFY_WITH_TIMEOUT(!processAlive(leftovers.simPid), 5000);
    QCOMPARE(test::httpRequest(port, "GET", u"/_sim/health"_s, {}, {}, 2000).status, 0);
    QVERIFY2(!QFileInfo::exists(leftovers.folder), qPrintable(leftovers.folder));
}

void TestConsoleDemo::opsctlDemoStoryBuildsTheSameRows()
{
    test::SimProcess sim(ops::test::providerSimPath());
    QVERIFY2(sim.start(), qPrintable(sim.error()));
    QTemporaryDir home;
    const QString db = home.filePath(u"story.sqlite"_s);
    const auto env = demoEnvironment(home, u"/usr/bin:/bin"_s);
    const QStringList story{u"--db"_s, db,         u"--operator"_s, u"demo-alice"_s,
                            u"demo"_s, u"story"_s, u"--sim"_s,      sim.baseUrl().toString()};
    const auto run = test::runProcess(ops::test::opsctlPath(), story, env);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const auto list =
        test::runProcess(ops::test::opsctlPath(), {u"--db"_s, db, u"list"_s, u"--json"_s}, env);
    QCOMPARE(list.exitCode, 0);
    const auto rows = list.result()["operations"];
    // Eight Stripe refunds (1002-b twice under one row), two Adyen refunds and two credit
    // movements.
    QVERIFY2(rows.size() == 12, list.out.constData());
    int unknown = 0;
    std::string byEvent;
    std::map<std::string, nlohmann::json> adyen;
    for (const auto &row : rows) {
        unknown += row.value("state", "") == "unknown";
        if (row["order_id"] == "2500") // null for the credit movements
            byEvent = row.value("operation_id", "");
        if (row.value("provider", "") == "adyen")
            adyen[row["order_id"].get<std::string>()] = row;
    }
    QCOMPARE(unknown, 4); // the checking queue of the story: two stored 500s, retries, top-up
    // Adyen: 7001 closed by its REFUND notification through the story's receiver, 7002 still
    // waiting for one, received at Adyen.
    QCOMPARE(adyen.size(), 2u);
    QVERIFY2(adyen["7001"].value("state", "") == "succeeded", list.out.constData());
    QVERIFY2(adyen["7001"].value("closed_by", "") == "system:webhook", list.out.constData());
    QVERIFY2(adyen["7002"].value("state", "") == "open", list.out.constData());
    QVERIFY2(adyen["7002"].value("provider_status", "") == "received", list.out.constData());
    const std::string ledger = sim.ledger().dump();
    QVERIFY2(ledger.find("\"provider\":\"adyen\"") != std::string::npos, ledger.c_str());
    QVERIFY2(ledger.find("\"charge\":\"K8P4XW6T3LMN7Q2Z\"") == std::string::npos,
             ledger.c_str()); // the waiting one moved no money yet
    // Order 2500 went unknown (a stored 500 after the money moved) and was closed by the
    // provider's refund.created through the events import, with the event as its evidence.
    QVERIFY2(!byEvent.empty(), list.out.constData());
    const auto show = test::runProcess(
        ops::test::opsctlPath(),
        {u"--db"_s, db, u"show"_s, QString::fromStdString(byEvent), u"--json"_s}, env);
    QCOMPARE(show.exitCode, 0);
    const auto resolved = show.result();
    QCOMPARE(resolved.value("state", ""), std::string("succeeded"));
    QCOMPARE(resolved.value("closed_by", ""), std::string("system:events-import"));
    QVERIFY(!resolved.value("unknown_reason", "").empty());
    int eventEvidence = 0;
    for (const auto &e : resolved["evidence"])
        eventEvidence += e.value("kind", "") == "provider_event";
    QCOMPARE(eventEvidence, 1);
    QVERIFY(sim.ledger().dump().find("\"amount\":3800") != std::string::npos);
    const auto whoami = test::runProcess(
        ops::test::opsctlPath(),
        {u"--db"_s, db, u"--operator"_s, u"demo-alice"_s, u"operator"_s, u"whoami"_s}, env);
    QVERIFY2(whoami.result().value("role", "") == "supervisor", whoami.out.constData());
    // Demo rows never mix with others: a second run refuses.
    const auto again = test::runProcess(ops::test::opsctlPath(), story, env);
    QCOMPARE(again.exitCode, 2);
    QVERIFY2(again.errText().contains(u"already holds operations"_s), again.err.constData());
}

void TestConsoleDemo::unopenableDatabaseIsNamedWithTheReason()
{
    QTemporaryDir home;
    const QString folder = home.filePath(u"not-a-file.sqlite"_s);
    QVERIFY(QDir().mkpath(folder));
    const auto run = test::runProcess(
        ops::test::consolePath(), {u"--db"_s, folder, u"--screenshot"_s, home.filePath(u"x.png"_s)},
        demoEnvironment(home, u"/usr/bin:/bin"_s));
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.errText().contains(folder), run.err.constData());
}

QTEST_MAIN(TestConsoleDemo)
// The story's Adyen notifications come back to a receiver on loopback: a simulator on another
// machine could never deliver them, so it is refused before anything is made.
void TestConsoleDemo::demoStoryRefusesASimulatorElsewhere()
{
    QTemporaryDir home;
    const QString db = home.filePath(u"story.sqlite"_s);
    const auto run = test::runProcess(ops::test::opsctlPath(),
                                      {u"--db"_s, db, u"--operator"_s, u"demo-alice"_s, u"demo"_s,
                                       u"story"_s, u"--sim"_s, u"http://192.0.2.7:8080"_s},
                                      demoEnvironment(home, u"/usr/bin:/bin"_s));
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.errText().contains(u"--sim must be a provider-sim on this machine"_s),
             run.err.constData());
    QVERIFY(!QFileInfo::exists(db));
}

#include "tst_consoledemo.moc"
