// Issue 54 item 2: refunds from a file in the console (docs/design.md §19). Against the real
// provider-sim and a real store, each person on their own login (tst_batchimport_pg on
// PostgreSQL): Operation → Import refunds… opens the file's check, line by line, with each
// problem in place, the totals per currency, and nothing stored or sent; Run sends every row on
// the console's worker thread through Stripe and Adyen and counts the rows by how they ended;
// running the same file again sends nothing; Stop leaves every row a committed operation or
// untouched, and the next run goes on from there to exactly one refund per row; a batch above
// its threshold waits for a second supervisor and sends nothing; a person who may not send money
// has the action off and is told why. The preview's model is under QAbstractItemModelTester.

#include "common/language.h"
#include "console/batchworker.h"
#include "dialogs/batchimportdialog.h"
#include "domain/csv.h"
#include "mainwindow/batchactions.h"
#include "storage/access/accessstore.h"
#include "supervisor/refundsview.h"
#include "supervisor/supervisorwindow.h"
#include "support/consolefixture.h"
#include "support/screenshots.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDeadlineTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

constexpr int kRunMs = 30000;

// `rows` refunds of 5.00 USD on ch_1002 (129.00), one order each, and one of 10.00 EUR to the
// Adyen payment DZ4DPSHB4WD2WN82 when `adyen`.
QByteArray goodFile(int rows, bool adyen)
{
    QByteArray f = "order,charge,adyen_payment,amount,currency,reason,reference\n";
    for (int i = 1; i <= rows; ++i)
        f += "ord-" + QByteArray::number(i) + ",ch_1002,,5.00,usd,price_adjustment,line-1\n";
    if (adyen)
        f += "ord-eu,,DZ4DPSHB4WD2WN82,10.00,eur,product_not_received,\n";
    return f;
}

struct Console : test::OperatorConsole
{
    Console(test::ConsoleFixture &fx, const QString &name)
        : OperatorConsole(fx, name, u"1"_s)
    {
        controller.setBatchRate(200); // a test's pace; the real one is OPS_BATCH_RATE
    }

    // Import refunds… on `path`, checked: the dialog in its preview, or null.
    ui::BatchImportDialog *import(const QString &path, const QString &name = {})
    {
        window.reloadAll(); // the rights as they are now
        ui::BatchImportDialog *dialog = window.batch()->openImport(path, name);
        if (!dialog)
            return nullptr;
        tester.emplace(dialog->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        if (!QTest::qWaitFor(
                [&] { return dialog->phase() != ui::BatchImportDialog::Phase::Checking; }, kRunMs))
            return nullptr;
        return dialog;
    }
    // Run, and wait for the summary.
    bool run(ui::BatchImportDialog *dialog)
    {
        QTest::mouseClick(dialog->runButton(), Qt::LeftButton);
        return QTest::qWaitFor(
            [&] { return dialog->phase() == ui::BatchImportDialog::Phase::Done; }, kRunMs);
    }
    void close(ui::BatchImportDialog *dialog)
    {
        tester.reset();
        dialog->close();
        QTest::qWait(0); // its deleteLater
    }

    std::optional<QAbstractItemModelTester> tester;
};

QString cell(ui::BatchImportDialog *dialog, int row, int column)
{
    return dialog->model()->index(row, column).data().toString();
}

} // namespace

class TestBatchImport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY2(m_fx.startSim(), qPrintable(m_fx.sim().error()));
        const QString error = test::prepareRoles();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(m_dir.isValid());
    }
    void cleanupTestCase()
    {
        const QString error = test::dropRoles();
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    void init() { m_fx.beginCase(); }
    void cleanup() { m_fx.endCase(); }

    void thePreviewShowsEachLinesProblemAndStoresNothing();
    void badFilesAreRefusedWithTheirLines_data();
    void badFilesAreRefusedWithTheirLines();
    void aRunRefundsEachRowOnceAndASecondRunSendsNothing();
    void stopLeavesRowsUntouchedAndTheNextRunGoesOn();
    void aBatchAboveItsThresholdWaitsForASecondSupervisor();
    void withoutTheRightsTheActionSaysWhy();
    void theRefundsTabCountsByReasonAndBatch();
    void aBatchListsOnlyItsOwnRefunds();
    void screenshotsInEachLanguage_data();
    void screenshotsInEachLanguage();

private:
    QString write(const QString &name, const QByteArray &bytes)
    {
        QFile f(m_dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(f.fileName()));
        return f.fileName();
    }
    int rowsStored() { return int(m_fx.store().list({}).size()); }

    test::ConsoleFixture m_fx;
    QTemporaryDir m_dir;
};

void TestBatchImport::thePreviewShowsEachLinesProblemAndStoresNothing()
{
    Console alice(m_fx, u"alice"_s);
    // Line 3 has a shape problem, line 4 an unknown charge, line 6 more than ch_1001's 50.00
    // left after line 5.
    const QString path = write(u"mixed refunds.csv"_s, "order,charge,amount,currency\n"
                                                       "o-1,ch_1002,5.00,usd\n"
                                                       "o-2,ch_1002,1e3,usd\n"
                                                       "o-3,ch_nope,5.00,usd\n"
                                                       "o-4,ch_1001,40.00,usd\n"
                                                       "o-5,ch_1001,20.00,usd\n");
    ui::BatchImportDialog *dialog = alice.import(path);
    QVERIFY(dialog);
    QCOMPARE(dialog->phase(), ui::BatchImportDialog::Phase::Preview);
    QCOMPARE(dialog->nameEdit()->text(), u"mixed-refunds"_s);
    QCOMPARE(dialog->model()->rowCount(), 5);
    QCOMPARE(cell(dialog, 0, BatchPreviewModel::CheckColumn), u"ready"_s);
    QCOMPARE(cell(dialog, 1, BatchPreviewModel::LineColumn), u"3"_s);
    QVERIFY2(cell(dialog, 1, BatchPreviewModel::CheckColumn).contains(u"1e3"_s),
             qPrintable(cell(dialog, 1, BatchPreviewModel::CheckColumn)));
    QVERIFY(dialog->model()->index(2, 0).data(BatchPreviewModel::HasProblemRole).toBool());
    QVERIFY(!dialog->model()->index(3, 0).data(BatchPreviewModel::HasProblemRole).toBool());
    QVERIFY2(dialog->model()->index(4, 0).data(BatchPreviewModel::HasProblemRole).toBool(),
             "two rows claiming more than the charge's balance: the second is refused");
    QVERIFY(!dialog->runButton()->isEnabled());
    QVERIFY2(dialog->heading()->text().contains(u"3 problem"_s),
             qPrintable(dialog->heading()->text()));
    QVERIFY2(dialog->heading()->text().contains(u"70.00"_s),
             qPrintable(dialog->heading()->text())); // the rows that read well
    QCOMPARE(rowsStored(), 0);
    QCOMPARE(m_fx.sim().postCount(), 0);
    alice.close(dialog);
}

void TestBatchImport::badFilesAreRefusedWithTheirLines_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("said");
    QTest::newRow("empty") << QByteArray() << u"empty"_s;
    QTest::newRow("missing column")
        << QByteArray("order,charge,currency\no,ch_1002,usd\n") << u"amount"_s;
    QTest::newRow("negative") << QByteArray("order,charge,amount,currency\no,ch_1002,-5.00,usd\n")
                              << u"-5.00"_s;
    QTest::newRow("unknown currency")
        << QByteArray("order,charge,amount,currency\no,ch_1002,5.00,xyz\n") << u"xyz"_s;
    QTest::newRow("line break in a quoted field")
        << QByteArray("order,charge,amount,currency\n\"o\n1\",ch_1002,5.00,usd\n") << u"line"_s;
}

void TestBatchImport::badFilesAreRefusedWithTheirLines()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, said);
    Console alice(m_fx, u"alice"_s);
    ui::BatchImportDialog *dialog = alice.import(write(u"bad.csv"_s, bytes));
    QVERIFY(dialog);
    QVERIFY(!dialog->runButton()->isEnabled());
    QString all = dialog->heading()->text();
    for (int r = 0; r < dialog->model()->rowCount(); ++r)
        all += cell(dialog, r, BatchPreviewModel::CheckColumn);
    QVERIFY2(all.contains(said, Qt::CaseInsensitive), qPrintable(all));
    QVERIFY2(!all.contains(u" 0 problem"_s), qPrintable(all));
    QCOMPARE(rowsStored(), 0);
    QCOMPARE(m_fx.sim().postCount(), 0);
    alice.close(dialog);
}

void TestBatchImport::aRunRefundsEachRowOnceAndASecondRunSendsNothing()
{
    // Adyen's refund stays received (as its notification has not come): the simulator's count
    // of refunds made is then one per refund.
    m_fx.sim().admin("POST", u"/_sim/adyen/config"_s, {{"auto_settle_ms", -1}});
    Console alice(m_fx, u"alice"_s);
    const QString path = write(u"reprice.csv"_s, goodFile(6, true));
    ui::BatchImportDialog *dialog = alice.import(path);
    QVERIFY(dialog);
    QVERIFY2(dialog->runButton()->isEnabled(), qPrintable(dialog->heading()->text()));
    QVERIFY(alice.run(dialog));
    const QMap<QString, int> counts = dialog->model()->countByStatus();
    QCOMPARE(counts.value(u"refunded"_s), 6);
    QCOMPARE(counts.value(u"accepted"_s), 1); // Adyen received it; its notification will settle it
    QCOMPARE(counts.size(), 2);
    QVERIFY2(dialog->summaryLabel()->text().startsWith(u"6 refunded · 1 received"_s),
             qPrintable(dialog->summaryLabel()->text()));
    QCOMPARE(dialog->summaryLabel()->text().count(u"refunded"_s), 1);
    QVERIFY(!dialog->ending().stopped);
    QCOMPARE(m_fx.sim().refundsMade(), 7);
    QCOMPARE(rowsStored(), 7);
    // The rows are in Operations once the run ended.
    QTRY_COMPARE(alice.window.queue()->operationsModel()->rowCount(), 7);
    const QString saved = m_dir.filePath(u"reprice.result.csv"_s);
    QVERIFY(dialog->saveResults(saved));
    QFile result(saved);
    QVERIFY(result.open(QIODevice::ReadOnly));
    QCOMPARE(result.readAll().count("refunded"), 6);
    alice.close(dialog);

    // The same file again: every row answers from its first run, and nothing is sent.
    const int requestsBefore = m_fx.sim().requestCount();
    dialog = alice.import(path);
    QVERIFY(dialog);
    QVERIFY2(dialog->heading()->text().contains(u"7 already run"_s),
             qPrintable(dialog->heading()->text()));
    // A name typed but not checked is not the one Run would use: Run waits for a check.
    QTest::keyClicks(dialog->nameEdit(), u"-b"_s);
    QVERIFY(!dialog->runButton()->isEnabled());
    QTest::keyClick(dialog->nameEdit(), Qt::Key_Backspace);
    QTest::keyClick(dialog->nameEdit(), Qt::Key_Backspace);
    QVERIFY(!dialog->runButton()->isEnabled());
    QTest::keyClick(dialog->nameEdit(), Qt::Key_Return);
    QVERIFY(QTest::qWaitFor(
        [&] { return dialog->phase() == ui::BatchImportDialog::Phase::Preview; }, kRunMs));
    QVERIFY(dialog->runButton()->isEnabled());
    QVERIFY(alice.run(dialog));
    QCOMPARE(dialog->model()->countByStatus().value(u"refunded"_s), 6);
    QVERIFY(cell(dialog, 0, BatchPreviewModel::ResultColumn).contains(u"earlier run"_s));
    QCOMPARE(m_fx.sim().requestCount(), requestsBefore);
    QCOMPARE(m_fx.sim().refundsMade(), 7);
    alice.close(dialog);
}

void TestBatchImport::stopLeavesRowsUntouchedAndTheNextRunGoesOn()
{
    constexpr int kRows = 20;
    Console alice(m_fx, u"alice"_s);
    alice.controller.setBatchRate(20); // 50 ms apart, two side by side
    const QString path = write(u"stopped.csv"_s, goodFile(kRows, false));
    // The first outcome holds the run (no row starts while an outcome is delivered) until Stop
    // was pressed, so the stop lands after that row whatever the machine's speed.
    std::atomic_bool reached{false};
    std::atomic_bool stopped{false};
    alice.controller.setBatchRowHook([&](int) { // before the check makes the worker
        reached = true;
        QDeadlineTimer patience(kRunMs);
        while (!stopped && !patience.hasExpired())
            QThread::msleep(1);
    });
    ui::BatchImportDialog *dialog = alice.import(path);
    QVERIFY(dialog);
    QTest::mouseClick(dialog->runButton(), Qt::LeftButton);
    QVERIFY(QTest::qWaitFor([&] { return reached.load(); }, kRunMs));
    QTest::keyClick(dialog, Qt::Key_Escape); // Stop
    stopped = true;
    QVERIFY(QTest::qWaitFor([&] { return dialog->phase() == ui::BatchImportDialog::Phase::Done; },
                            kRunMs));
    const QMap<QString, int> counts = dialog->model()->countByStatus();
    const int done = counts.value(u"refunded"_s);
    QVERIFY2(done >= 1 && counts.value(u"not_run"_s) >= 1,
             qPrintable(dialog->summaryLabel()->text()));
    QCOMPARE(done + counts.value(u"not_run"_s), kRows);
    QVERIFY(done <= 2); // the rows the two workers had started when the first outcome held them
    QVERIFY(dialog->ending().stopped);
    QCOMPARE(m_fx.sim().refundsMade(), done); // every row is refunded or untouched
    QVERIFY(dialog->summaryLabel()->text().contains(u"again"_s));

    // Going on from the same dialog: Check again reads what the first run left, then Run.
    alice.controller.setBatchRowHook({});
    alice.controller.setBatchRate(200);
    QVERIFY(dialog->checkButton()->isEnabled());
    QTest::mouseClick(dialog->checkButton(), Qt::LeftButton);
    QVERIFY(QTest::qWaitFor(
        [&] { return dialog->phase() == ui::BatchImportDialog::Phase::Preview; }, kRunMs));
    QVERIFY2(dialog->heading()->text().contains(u"%1 already run"_s.arg(done)),
             qPrintable(dialog->heading()->text()));
    QVERIFY(alice.run(dialog));
    QCOMPARE(dialog->model()->countByStatus().value(u"refunded"_s), kRows);
    QCOMPARE(m_fx.sim().refundsMade(), kRows); // exactly one refund per row
    alice.close(dialog);
}

void TestBatchImport::aBatchAboveItsThresholdWaitsForASecondSupervisor()
{
    m_fx.sessionAs(u"alice"_s)
        .access()
        .setApprovalThreshold(m_fx.person(u"alice"_s), u"usd"_s, 1000, ThresholdKind::Batch);
    Console alice(m_fx, u"alice"_s);
    const QString path = write(u"big.csv"_s, goodFile(3, false)); // 15.00 USD
    ui::BatchImportDialog *dialog = alice.import(path);
    QVERIFY(dialog);
    QVERIFY(alice.run(dialog));
    QVERIFY2(!dialog->ending().waitsFor.isEmpty(), qPrintable(dialog->summaryLabel()->text()));
    QVERIFY(dialog->summaryLabel()->text().contains(u"second supervisor"_s));
    QCOMPARE(m_fx.sim().postCount(), 0);
    QCOMPARE(rowsStored(), 0);
    alice.close(dialog);

    m_fx.sessionAs(u"bob"_s).access().decideBatchApproval(m_fx.person(u"bob"_s), u"big"_s,
                                                          std::nullopt, true, u"checked"_s);
    dialog = alice.import(path);
    QVERIFY(dialog);
    QVERIFY(alice.run(dialog));
    QCOMPARE(dialog->model()->countByStatus().value(u"refunded"_s), 3);
    QCOMPARE(m_fx.sim().refundsMade(), 3);
    alice.close(dialog);
}

void TestBatchImport::withoutTheRightsTheActionSaysWhy()
{
    Console dave(m_fx, u"dave"_s); // not in the directory: no rights
    dave.window.reloadAll();
    QVERIFY(!dave.window.batch()->importAction()->isEnabled());
    QVERIFY2(dave.window.refusalFor(dave.window.batch()->importAction()).contains(u"may not"_s),
             qPrintable(dave.window.refusalFor(dave.window.batch()->importAction())));
    QVERIFY(!dave.window.batch()->openImport(write(u"x.csv"_s, goodFile(1, false))));
    QVERIFY(dave.window.statusText().contains(u"Import refunds"_s));
    QCOMPARE(m_fx.sim().postCount(), 0);
}

void TestBatchImport::theRefundsTabCountsByReasonAndBatch()
{
    m_fx.sim().admin("POST", u"/_sim/adyen/config"_s, {{"auto_settle_ms", -1}});
    Console alice(m_fx, u"alice"_s);
    ui::BatchImportDialog *dialog = alice.import(write(u"reprice.csv"_s, goodFile(4, true)));
    QVERIFY(dialog);
    QVERIFY(alice.run(dialog));
    alice.close(dialog);
    m_fx.agentRefund(u"ch_4417"_s, 1000); // a refund of no batch and no reason code

    ui::SupervisorWindow supervisor(alice.window.reads());
    supervisor.tabs()->setCurrentIndex(ui::SupervisorWindow::RefundsTab);
    ui::RefundsView *view = supervisor.refundsView();
    constexpr auto mode = QAbstractItemModelTester::FailureReportingMode::QtTest;
    QAbstractItemModelTester reasons(view->reasonModel(), mode);
    QAbstractItemModelTester batches(view->batchModel(), mode);
    QAbstractItemModelTester rows(view->batchRowsModel(), mode);
    view->reload();
    // '' (the agent's), price_adjustment (4 refunded), product_not_received (Adyen: received,
    // not final, so counted as checking, never as refunded).
    QCOMPARE(view->reasonModel()->rowCount(), 3);
    const RefundTally *price = view->reasonModel()->rowAt(1);
    QCOMPARE(price->key, u"price_adjustment"_s);
    QCOMPARE(price->succeeded, 4);
    QCOMPARE(price->refunded.value(u"usd"_s), 2000);
    const RefundTally *adyen = view->reasonModel()->rowAt(2);
    QCOMPARE(adyen->succeeded, 0);
    QCOMPARE(adyen->unsettled, 1);
    QCOMPARE(view->batchModel()->rowCount(), 1);
    QCOMPARE(view->batchModel()->rowAt(0)->refunds, 5);
    QVERIFY(view->selectBatch(u"reprice"_s));
    QCOMPARE(view->batchRowsModel()->rowCount(), 5);
    // Rows are listed as they were created, and a run sends a few side by side: count, not order.
    int fromTheFile = 0;
    for (int r = 0; r < view->batchRowsModel()->rowCount(); ++r)
        fromTheFile += view->batchRowsModel()->rowAt(r)->reference == u"line-1"_s ? 1 : 0;
    QCOMPARE(fromTheFile, 4);
    QVERIFY(!view->selectBatch(u"nope"_s));

    const QString byBatch = m_dir.filePath(u"by-batch.csv"_s);
    QVERIFY(view->exportTo(ui::RefundsView::Export::ByBatch, byBatch));
    QFile f(byBatch);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto parsed = csv::parse(f.readAll());
    QVERIFY(parsed);
    QCOMPARE(parsed->size(), size_t(2));
    QCOMPARE(parsed->at(1).value(0), u"reprice"_s);
    QCOMPARE(parsed->at(1).value(2), u"4"_s); // refunded; the Adyen one is checking
    const QString batchRows = m_dir.filePath(u"rows.csv"_s);
    QVERIFY(view->exportTo(ui::RefundsView::Export::BatchRows, batchRows));
    QVERIFY(!view->exportTo(ui::RefundsView::Export::ByReason, m_dir.filePath(u"no/dir/x.csv"_s)));
    QVERIFY(view->statusLine()->text().contains(u"Could not save"_s));
}

void TestBatchImport::aBatchListsOnlyItsOwnRefunds()
{
    // '_' is a wildcard to SQL's LIKE, and SQLite's LIKE ignores case: jan_1 must not list jan-1's
    // refunds, nor Jan-1's.
    Console alice(m_fx, u"alice"_s);
    const QString path = write(u"jan.csv"_s, goodFile(2, false));
    for (const QString &name : {u"jan_1"_s, u"jan-1"_s, u"Jan-1"_s}) {
        ui::BatchImportDialog *dialog = alice.import(path, name);
        QVERIFY(dialog);
        QVERIFY(alice.run(dialog));
        alice.close(dialog);
    }
    QCOMPARE(m_fx.sim().refundsMade(), 6);
    ui::SupervisorWindow supervisor(alice.window.reads());
    ui::RefundsView *view = supervisor.refundsView();
    view->reload();
    QCOMPARE(view->batchModel()->rowCount(), 3);
    for (const QString &name : {u"jan_1"_s, u"jan-1"_s, u"Jan-1"_s}) {
        QVERIFY(view->selectBatch(name));
        QCOMPARE(view->batchRowsModel()->rowCount(), 2);
    }
}

void TestBatchImport::screenshotsInEachLanguage_data()
{
    QTest::addColumn<QString>("language");
    for (const QString &language : ui::supportedLanguages())
        QTest::addRow("%s", qPrintable(language)) << language;
}

void TestBatchImport::screenshotsInEachLanguage()
{
    QFETCH(QString, language);
    QVERIFY(ui::applyLanguage(language, ui::localeFor(language, QLocale::system())));
    Console alice(m_fx, u"alice"_s);
    const QSize size(1024, 700);
    alice.window.resize(size); // a dialog fits the window it opens over
    ui::BatchImportDialog *dialog =
        alice.import(write(u"jan reprice.csv"_s, "order,charge,amount,currency,reason\n"
                                                 "A-1001,ch_1002,12.50,usd,price_adjustment\n"
                                                 "A-1002,ch_1002,1e3,usd,price_adjustment\n"
                                                 "A-1003,ch_nope,8.00,usd,duplicate\n"
                                                 "A-1004,ch_1001,20.00,usd,\n"));
    QVERIFY(dialog);
    test::screenshot(&alice.window, size, u"batch-import-preview-"_s + language, dialog);
    alice.close(dialog);
    dialog = alice.import(write(u"jan reprice.csv"_s, goodFile(8, false)));
    QVERIFY(dialog);
    QVERIFY(alice.run(dialog));
    test::screenshot(&alice.window, size, u"batch-import-finished-"_s + language, dialog);
    alice.close(dialog);
    ui::SupervisorWindow supervisor(alice.window.reads());
    supervisor.tabs()->setCurrentIndex(ui::SupervisorWindow::RefundsTab);
    supervisor.show();
    test::screenshot(&supervisor, size, u"supervisor-refunds-"_s + language);
    QVERIFY(ui::applyLanguage(u"en"_s, QLocale(QLocale::English, QLocale::UnitedStates)));
}

QTEST_MAIN(TestBatchImport)
#include "tst_batchimport.moc"
