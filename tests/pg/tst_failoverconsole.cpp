// Issue 29: the console keeps running through a failover. A window on a primary with a
// synchronous standby (a two-host URL) shows "sync standby"; the primary is killed and the
// standby promoted; the status bar says the database is unreachable and then reachable again,
// the replication label reads the new server ("standalone server"), and a row another desk opens
// on the new primary reaches the window by live refresh, without a restart.
//
// Tools → Connections on the same pair: the two-host URL typed into the database row checks as
// "sync standby" before the failover and "standalone server" after it, and once saved, opsctl
// started with neither --db nor OPS_DB opens it (db check names the pair and its verdict).

#include "console/connectionsservice.h"
#include "console/sessionreads.h"
#include "dialogs/connectionsdialog.h"
#include "mainwindow/decisionspresenter.h"
#include "mainwindow/mainwindow.h"
#include "storage/session.h"
#include "support/connectionsdialogtest.h"
#include "support/messagefixture.h"
#include "support/pgpair.h"
#include "support/processrun.h"
#include "support/testpaths.h"

#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

class TestFailoverConsole : public QObject
{
    Q_OBJECT

private slots:
    void consoleReconnectsToThePromotedStandby();

private:
    SystemClock m_clock;
};

void TestFailoverConsole::consoleReconnectsToThePromotedStandby()
{
    test::Pair pair(u"sync"_s);
    QVERIFY2(pair.error().isEmpty(), qPrintable(pair.error()));
    Session session(pair.url(), m_clock);
    test::operationIn(session.store(), test::refundOperation(u"op_before"_s, u"before"_s),
                      OperationState::Unknown);
    ui::MainWindow window(console::readsOf(session), u"operator:postgres"_s,
                          u"operator:postgres#t"_s);
    QStringList said;
    connect(window.statusBar(), &QStatusBar::messageChanged, this,
            [&said](const QString &message) { said << message; });
    window.resize(1440, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.startLiveRefresh(); // as opsconsole does: the server probed every second
    QCOMPARE(window.decisions()->replicationLabel()->text(), u"sync standby"_s);
    QVERIFY(window.selectOperation(u"op_before"_s));

    // The same URL through Tools → Connections, saved where opsctl reads it.
    QTemporaryDir xdg;
    qputenv("XDG_CONFIG_HOME", xdg.path().toUtf8());
    qunsetenv("OPS_DB");
    console::ConnectionsService connections;
    ui::ConnectionsDialog dialog(connections, &window);
    dialog.show();
    dialog.urlField(u"database"_s)->setText(pair.url());
    QVERIFY(test::checkShows(dialog, u"database"_s, u"as postgres; schema version"_s, 20000));
    QVERIFY(dialog.checkResult(u"database"_s)->text().contains(u"sync standby"_s));
    const QString shots = QCoreApplication::applicationDirPath() + u"/screenshots"_s;
    QVERIFY(QDir().mkpath(shots));
    QVERIFY(dialog.grab().save(shots + u"/connections-database.png"_s));
    QTest::mouseClick(dialog.saveButton(), Qt::LeftButton);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"OPS_DB"_s);
    const test::ProcessRun check =
        test::runProcess(ops::test::opsctlPath(), {u"db"_s, u"check"_s, u"--json"_s}, env);
    QVERIFY2(check.exitCode == 0, qPrintable(check.errText()));
    QCOMPARE(check.result().value("verdict", ""), "sync");
    QCOMPARE(QString::fromStdString(check.result().value("database", "")),
             u"postgresql://postgres@127.0.0.1:%1,127.0.0.1:%2/postgres"_s.arg(
                 pair.port(u"primary"_s), pair.port(u"standby"_s)));

    QVERIFY(pair.run(u"promote"_s));
    QTRY_VERIFY_WITH_TIMEOUT(said.contains(u"Database reachable again"_s), 20000);
    const auto unreachable = std::find_if(said.cbegin(), said.cend(), [](const QString &m) {
        return m.startsWith(u"Database unreachable — retrying"_s);
    });
    QVERIFY2(unreachable != said.cend(), qPrintable(said.join(u" | "_s)));
    QCOMPARE(window.decisions()->replicationLabel()->text(), u"standalone server"_s);
    QVERIFY(test::checkShows(dialog, u"database"_s, u"standalone server"_s,
                             20000)); // the promoted standby answers

    // Another desk opens a row on the new primary: live refresh shows it here.
    {
        Session other(pair.url(), m_clock);
        test::operationIn(other.store(), test::refundOperation(u"op_after"_s, u"after"_s),
                          OperationState::Unknown);
    }
    QTRY_VERIFY_WITH_TIMEOUT(window.selectOperation(u"op_after"_s), 10000);
    QVERIFY(window.selectOperation(u"op_before"_s)); // the row committed before the failover
}

QTEST_MAIN(TestFailoverConsole)
#include "tst_failoverconsole.moc"
