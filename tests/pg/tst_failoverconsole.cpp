// Issue 29: the console keeps running through a failover. A window on a primary with a
// synchronous standby (a two-host URL) shows "sync standby"; the primary is killed and the
// standby promoted; the status bar says the database is unreachable and then reachable again,
// the replication label reads the new server ("standalone server"), and a row another desk opens
// on the new primary reaches the window by live refresh, without a restart.

#include "mainwindow/mainwindow.h"
#include "storage/session.h"
#include "support/messagefixture.h"
#include "support/pgpair.h"

#include <QLabel>
#include <QStatusBar>
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
    ui::MainWindow window(session, u"operator:postgres"_s, u"operator:postgres#t"_s);
    QStringList said;
    connect(window.statusBar(), &QStatusBar::messageChanged, this,
            [&said](const QString &message) { said << message; });
    window.resize(1440, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.startLiveRefresh(); // as opsconsole does: the server probed every second
    QCOMPARE(window.replicationLabel()->text(), u"sync standby"_s);
    QVERIFY(window.selectOperation(u"op_before"_s));

    QVERIFY(pair.run(u"promote"_s));
    QTRY_VERIFY_WITH_TIMEOUT(said.contains(u"Database reachable again"_s), 20000);
    const auto unreachable = std::find_if(said.cbegin(), said.cend(), [](const QString &m) {
        return m.startsWith(u"Database unreachable — retrying"_s);
    });
    QVERIFY2(unreachable != said.cend(), qPrintable(said.join(u" | "_s)));
    QCOMPARE(window.replicationLabel()->text(), u"standalone server"_s);

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
