// Issue 14 "Done when", on the demo itself: the story of `opsconsole --demo`
// (app/core/demo/demostory.cpp) against provider-sim leaves four rows in Checking; one reconciler
// pass closes the one whose money moved and leaves proposals for the rest; then a person presses
// Select all with a proposal → Apply proposals… → Confirm (keys only) and the queue is empty.

#include "cli/opsctl.h"
#include "console/consolecontroller.h"
#include "console/sessionreads.h"
#include "demo/demostory.h"
#include "dialogs/bulkapplydialog.h"
#include "dialogs/resendconfirmdialog.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/bulkactions.h"
#include "mainwindow/mainwindow.h"
#include "reconcile/reconciler.h"
#include "slen/slenclient.h"
#include "storage/operations/operationquery.h"
#include "storage/session.h"
#include "stripe/stripeclient.h"
#include "support/screenshots.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QApplication>
#include <QLabel>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

class TestBulkDemo : public QObject
{
    Q_OBJECT

private slots:
    void demoCheckingRowsAreResolvedInOneBulkApply();
};

void TestBulkDemo::demoCheckingRowsAreResolvedInOneBulkApply()
{
    test::SimProcess sim(ops::test::providerSimPath());
    QVERIFY2(sim.start(), qPrintable(sim.error()));
    QTemporaryDir dir;
    const QString db = dir.filePath(u"demo.sqlite"_s);
    useSimulatorEnvironment(sim.baseUrl().toString());
    QString log;
    QTextStream out(&log);
    const QString failed =
        buildDemoStory({sim.baseUrl().toString(), db, u"demo-alice"_s, cli::runOpsctl}, out);
    QVERIFY2(failed.isEmpty(), qPrintable(failed + u"\n"_s + log));

    SystemClock clock;
    Session session(db, clock);
    QCOMPARE(session.query().count(QueryFilter::checkingQueue()), 4);
    const console::JobConfig jobs = console::jobConfigFromEnvironment(db);
    {
        QtHttpTransport transport;
        StripeClient stripe(transport, jobs.stripe);
        SlenClient slen(transport, jobs.slen);
        Reconciler reconciler(session, &stripe, &slen);
        const PassReport pass = reconciler.pass(true);
        for (const RowReport &r : pass.rows)
            qInfo() << r.operationId << r.result << r.detail;
        QCOMPARE(pass.count(u"closed_succeeded"_s), 1);
        QCOMPARE(pass.count(u"proposal"_s), 3);
    }
    QCOMPARE(session.query().count(QueryFilter::checkingQueue()), 3);

    ui::storeConfirmResendWithTestKey(false);
    ui::MainWindow window(console::readsOf(session), u"operator:demo-alice"_s,
                          u"operator:demo-alice#1"_s);
    console::ConsoleController controller(window, jobs, clock);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    const auto press = [&](Qt::Key key, Qt::KeyboardModifiers modifiers) {
        QWidget *focus = QApplication::focusWidget();
        QTest::keyClick(focus ? focus : &window, key, modifiers);
    };
    press(Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier); // Select all with a proposal
    QCOMPARE(window.tabs()->currentIndex(), int(ui::MainWindow::CheckingTab));
    QCOMPARE(window.bulk()->selectedIds().size(), 3);
    press(Qt::Key_Y, Qt::ControlModifier | Qt::ShiftModifier); // Apply proposals…
    ui::BulkApplyDialog *dialog = window.bulk()->dialog();
    QVERIFY(dialog);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->phase() == ui::BulkApplyDialog::Phase::Preview, 60'000);
    QCOMPARE(dialog->model()->runnableCount(), 3);
    QVERIFY2(dialog->heading()->text().contains(
                 u"1 will be closed as proposed, 2 will be resent with the stored key"_s),
             qPrintable(dialog->heading()->text()));
    dialog->fitTo({1440, 900});
    test::screenshot(&window, {1440, 900}, u"bulk-demo-preview"_s, dialog);
    QTest::keyClick(dialog, Qt::Key_Return); // Confirm
    QTRY_VERIFY_WITH_TIMEOUT(dialog->phase() == ui::BulkApplyDialog::Phase::Done, 60'000);
    const BulkSummary s = dialog->model()->summary();
    qInfo() << dialog->summaryLabel()->text();
    QCOMPARE(s.failed, 0);
    QCOMPARE(s.excluded, 0);
    // DESIGN §16: 1002's stored 500 is closed failed as proposed; 1002-b (six 503s, nothing
    // stored under its key) and the top-up are resent with their stored keys and succeed.
    QCOMPARE(s.applied, 1);
    QCOMPARE(s.sent, 2);
    QCOMPARE(s.succeeded, 2);
    QCOMPARE(s.closedFailed, 1);
    QCOMPARE(s.stillUnknown, 0);
    QVERIFY2(dialog->summaryLabel()->text().startsWith(
                 u"Succeeded 2 · closed as failed 1 · still unknown 0"_s),
             qPrintable(dialog->summaryLabel()->text()));
    dialog->fitTo({1440, 900});
    test::screenshot(&window, {1440, 900}, u"bulk-demo-summary"_s, dialog);
    dialog->fitTo({1024, 700});
    test::screenshot(&window, {1024, 700}, u"bulk-demo-summary"_s, dialog);
    QTest::keyClick(dialog, Qt::Key_Escape);
    // Rows above the four-eyes threshold wait for demo-bob; the rest left the queue.
    QTRY_COMPARE(session.query().count(QueryFilter::checkingQueue()), qint64(s.sentForApproval));
    QCOMPARE(s.sentForApproval, 0);
}

QTEST_MAIN(TestBulkDemo)
#include "tst_bulkdemo.moc"
