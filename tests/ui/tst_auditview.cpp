// The supervisors' window driven offscreen: filters through the real widgets, Verify chain on a
// sound and a tampered chain, CSV export (finished and cancelled), both as jobs on their own
// thread with the window's progress bar and Cancel, the file identical to the one the old
// paged, UI-thread export wrote, rights switches on the main window, the charts' figures, and
// screenshots written to the build dir.

#include "console/sessionreads.h"
#include "domain/csv.h"
#include "itemmodels/auditentrymodel.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/supervisorpresenter.h"
#include "storage/audit/auditexport.h"
#include "storage/audit/auditquery.h"
#include "storage/audit/auditstats.h"
#include "storage/auditjob.h"
#include "storage/bulkgenerator.h"
#include "storage/db/sqltransaction.h"
#include "storage/session.h"
#include "supervisor/auditview.h"
#include "supervisor/chartsview.h"
#include "supervisor/supervisorwindow.h"
#include "support/auditseed.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test;
using ops::ui::AuditView;
using ops::ui::SupervisorWindow;

namespace {

// Screenshots go next to the test binary (the build dir), for a person to look at.
void saveShot(QWidget *w, const QString &name)
{
    w->show();
    QApplication::processEvents();
    const QString path = QCoreApplication::applicationDirPath() + u"/"_s + name;
    QVERIFY2(w->grab().save(path, "PNG"), qPrintable(path));
    qInfo() << "screenshot:" << path;
}

// The supervisors' window on a database the caller holds, alice's (a supervisor).
struct WindowOn
{
    RolesFixture &fixture;
    Session session{fixture.location(u"alice"_s), fixture.clock()}; // the window's own connection
    std::unique_ptr<ui::ConsoleReads> reads = console::readsOf(session);
    SupervisorWindow window{*reads};
    QAbstractItemModelTester tester{window.auditView()->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest};

    AuditView *audit() { return window.auditView(); }
};

struct Seeded
{
    RolesFixture fixture;
    SeededHistory history = seedAuditHistory(fixture);
};

// A fresh database with the seeded history, and the window on it.
struct Supervisor : Seeded, WindowOn
{
    using Seeded::fixture;
    Supervisor()
        : WindowOn{fixture}
    {}
};

// Enough entries that a job is still running when the test presses Cancel.
constexpr qint64 kBulkRows = 25'000; // × 4 entries

// By the owner (RolesFixture::owner()): bulkgenerator.h inserts into audit itself.
void addBulk(RolesFixture &f)
{
    generateOperations(f.owner(), kBulkRows, f.clock().nowMs());
    generateAuditHistory(f.owner(), kBulkRows, f.clock().nowMs());
}

// What the export wrote before it moved to the job thread: pages of the view's query, the time
// through QDateTime's own ISO formatter.
QByteArray oldPathCsv(AuditQuery &query, const AuditFilter &filter)
{
    QByteArray out = csv::record(AuditCsvExport::header());
    std::optional<qint64> before;
    for (;;) {
        const auto rows = query.page(filter, before, 500);
        for (const AuditRow &r : rows)
            out += csv::record({QString::number(r.id), r.at.toUTC().toString(Qt::ISODateWithMs),
                                r.actor, r.action, r.operationId,
                                r.kind ? toString(*r.kind) : QString(), r.detail, r.hash});
        if (rows.size() < 500)
            return out;
        before = rows.back().id;
    }
}

// Clicks Verify chain and waits for the job.
QString verifyThroughTheButton(AuditView *view)
{
    QSignalSpy done(view, &AuditView::verifyFinished);
    QTest::mouseClick(view->verifyButton(), Qt::LeftButton);
    if (!done.wait(60'000))
        return u"(no result)"_s;
    return view->verifyText();
}

} // namespace

class TestAuditView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void listsEveryEntryNewestFirst();
    void filtersThroughTheWidgets_data();
    void filtersThroughTheWidgets();
    void verifyReportsHoldsThenBrokenEntry();
    void countsEntriesWaitingForTheChain();
    void verifyRunsOffTheUiThreadAndCancels();
    void jobReportsItsFinalFiguresBeforeItFinishes();
    void exportWritesTheFilteredEntries();
    void exportMatchesTheOldPath();
    void cancelledExportLeavesNoFile();
    void exportCanBeWithheld();
    void mainWindowRights();
    void chartsShowTheFigures();
    void screenshots();

private:
    RolesFixture &bulkFixture();

    std::unique_ptr<RolesFixture> m_bulk;
};

void TestAuditView::initTestCase()
{
    qputenv("TZ", "UTC");
    QCOMPARE(prepareRoles(), QString());
}

void TestAuditView::cleanupTestCase()
{
    m_bulk.reset(); // its database (PostgreSQL) or folder (SQLite) goes with the last case
    QCOMPARE(dropRoles(), QString());
}

// The seeded history and the bulk one, generated on first use and shared by the three job cases:
// 100,000 entries take seconds to write on either backend, and those cases only read them (the
// jobs verify and export to files; nothing there writes to the database). Each case still checks
// the full count, so one that wrote would fail the next.
RolesFixture &TestAuditView::bulkFixture()
{
    if (!m_bulk) {
        auto fixture = std::make_unique<RolesFixture>();
        seedAuditHistory(*fixture);
        addBulk(*fixture);
        m_bulk = std::move(fixture);
    }
    return *m_bulk;
}

void TestAuditView::listsEveryEntryNewestFirst()
{
    Supervisor s;
    auto *model = s.audit()->model();
    QCOMPARE(model->rowCount(), 19);
    QCOMPARE(model->index(0, AuditEntryModel::IdColumn).data().toLongLong(), qint64(19));
    QCOMPARE(model->index(18, AuditEntryModel::IdColumn).data().toLongLong(), qint64(1));
    QCOMPARE(s.audit()->table()->model(), model);
}

void TestAuditView::filtersThroughTheWidgets_data()
{
    QTest::addColumn<QString>("actor");
    QTest::addColumn<QString>("action"); // the combo's data value
    QTest::addColumn<QString>("operation");
    QTest::addColumn<QString>("kind"); // the combo's data value
    QTest::addColumn<int>("rows");
    QTest::addRow("actor typed") << u"operator:"_s << QString() << QString() << QString() << 3;
    QTest::addRow("attempts") << QString() << u"attempt."_s << QString() << QString() << 10;
    QTest::addRow("manual closes")
        << QString() << u"state.closed_manually"_s << QString() << QString() << 1;
    QTest::addRow("operation typed") << QString() << QString() << u"op_c"_s << QString() << 8;
    QTest::addRow("kind execution") << QString() << QString() << QString() << u"execution"_s << 1;
    QTest::addRow("attempts on refunds by the engine")
        << u"system:engine"_s << u"attempt."_s << QString() << u"refund"_s << 2;
}

void TestAuditView::filtersThroughTheWidgets()
{
    QFETCH(QString, actor);
    QFETCH(QString, action);
    QFETCH(QString, operation);
    QFETCH(QString, kind);
    QFETCH(int, rows);
    Supervisor s;
    AuditView *view = s.audit();
    QTest::keyClicks(view->actorFilter(), actor);
    QTest::keyClicks(view->operationFilter(), operation);
    view->actionFilter()->setCurrentIndex(view->actionFilter()->findData(action));
    view->kindFilter()->setCurrentIndex(view->kindFilter()->findData(kind));
    // Typing is applied after a short pause.
    QTRY_COMPARE(view->model()->rowCount(), rows);
}

void TestAuditView::verifyReportsHoldsThenBrokenEntry()
{
    Supervisor s;
    s.window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&s.window));
    AuditView *view = s.audit();
    QCOMPARE(verifyThroughTheButton(view), u"Chain holds (19 entries)"_s);
    QSqlQuery q(s.fixture.owner()); // the tampering is the owner's
    QVERIFY(q.exec(test::onPostgres() ? u"DROP TRIGGER audit_no_change ON audit"_s
                                      : u"DROP TRIGGER audit_no_update"_s));
    QVERIFY(q.exec(u"UPDATE audit SET actor = 'operator:mallory' WHERE id = 12"_s));
    QCOMPARE(verifyThroughTheButton(view),
             u"First broken entry #12: its contents do not match its hash (edited)"_s);
    QVERIFY(view->lastCheck() && !view->lastCheck()->holds());
}

// PostgreSQL: an entry committed while nobody sequences is not in the list yet, and the count
// says it waits; once chained it is listed and nothing waits. SQLite chains as it appends.
void TestAuditView::countsEntriesWaitingForTheChain()
{
    Supervisor s;
    AuditView *view = s.audit();
    QCOMPARE(view->countLabel()->text(), u"19 entries match"_s);
    if (!test::onPostgres())
        QSKIP("SQLite chains each entry as it is appended: nothing ever waits");
    // Queued the way a writer queues, with no committer's sequencer run after it: alice, on a
    // connection of her own.
    QSqlQuery q(connectionOf(s.fixture.as(u"alice"_s)));
    QVERIFY(q.prepare(u"INSERT INTO audit_pending (at, actor, action, operation_id, detail) "
                      "VALUES (1, ?, 'note', NULL, '{}')"_s));
    q.addBindValue(s.fixture.person(u"alice"_s));
    QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
    view->reload();
    QCOMPARE(view->model()->rowCount(), 19);
    // The suite runs untranslated (the source's plural); the console loads the English forms.
    const QString label = view->countLabel()->text();
    QVERIFY2(label.startsWith(u"19 entries match · 1 entr"_s) &&
                 label.contains(u"in the database wait"_s),
             qPrintable(label));
    s.window.resize(1100, 500);
    s.window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&s.window));
    saveShot(&s.window, u"audit-waiting.png"_s);
    QCOMPARE(s.session.sequenceAudit(), qint64(1));
    view->reload();
    QCOMPARE(view->countLabel()->text(), u"20 entries match"_s);
    QCOMPARE(view->model()->rowCount(), 20);
}

void TestAuditView::verifyRunsOffTheUiThreadAndCancels()
{
    WindowOn s{bulkFixture()};
    AuditView *view = s.audit();
    s.window.show();
    QSignalSpy done(view, &AuditView::verifyFinished);
    QVERIFY(view->startVerify());
    QVERIFY(view->jobRunning());
    QVERIFY(!view->startVerify()); // one job at a time
    QVERIFY(!view->verifyButton()->isEnabled());
    QVERIFY(view->jobProgress()->isVisible());
    // The walk reports as it goes while this thread keeps its event loop.
    QTRY_VERIFY_WITH_TIMEOUT(view->jobProgress()->value() > 0, 60'000);
    QVERIFY(done.isEmpty());
    const int reached = view->jobProgress()->value();
    QVERIFY(reached < view->jobProgress()->maximum());
    QTest::mouseClick(view->cancelButton(), Qt::LeftButton);
    QVERIFY(done.wait(60'000));
    QCOMPARE(done.at(0).at(0).toBool(), false);
    QCOMPARE(view->verifyText(), u"Chain check cancelled"_s);
    QVERIFY(!view->lastCheck());
    QVERIFY(!view->jobRunning());
    QVERIFY(view->verifyButton()->isEnabled());
    QVERIFY(!view->jobProgress()->isVisible());
    // Run to the end: every entry counted, through the same path.
    QCOMPARE(verifyThroughTheButton(view), u"Chain holds (%1 entries)"_s.arg(19 + 4 * kBulkRows));
}

// Progress is coalesced (at most one queued report, kProgressEveryMs apart), yet the owner
// always sees the figures moving forward and the final ones before finished.
void TestAuditView::jobReportsItsFinalFiguresBeforeItFinishes()
{
    RolesFixture &f = bulkFixture();
    const qint64 entries = 19 + 4 * kBulkRows;
    QTemporaryDir dir;
    const QString alice = f.location(u"alice"_s); // the jobs of alice's window
    for (AuditJob *job : {AuditJob::verify(alice, f.clock()),
                          AuditJob::exportCsv(alice, f.clock(), {}, dir.filePath(u"a.csv"_s))}) {
        std::vector<std::pair<qint64, qint64>> reports;
        bool finishedSeen = false;
        bool reportAfterFinish = false;
        connect(job, &AuditJob::progress, job, [&](qint64 done, qint64 total) {
            reportAfterFinish = reportAfterFinish || finishedSeen;
            reports.emplace_back(done, total);
        });
        QSignalSpy finished(job, &AuditJob::finished);
        connect(job, &AuditJob::finished, job, [&] { finishedSeen = true; });
        job->start();
        QVERIFY(finished.wait(60'000));
        QVERIFY(finished.at(0).at(0).value<AuditJobResult>().ok());
        QVERIFY(!reportAfterFinish);
        QVERIFY(!reports.empty());
        QCOMPARE(reports.back(), std::make_pair(entries, entries));
        for (size_t i = 1; i < reports.size(); ++i)
            QVERIFY(reports[i].first >= reports[i - 1].first);
        delete job;
    }
}

void TestAuditView::exportWritesTheFilteredEntries()
{
    Supervisor s;
    AuditView *view = s.audit();
    view->kindFilter()->setCurrentIndex(view->kindFilter()->findData(u"refund"_s));
    QTemporaryDir dir;
    const QString path = dir.filePath(u"refunds.csv"_s);
    QSignalSpy finished(view, &AuditView::exportFinished);
    QVERIFY(view->startExport(path));
    QVERIFY(view->jobRunning());
    QVERIFY(!view->exportButton()->isEnabled());
    QVERIFY(finished.wait(30'000));
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QVERIFY2(finished.at(0).at(1).toString().contains(u"10 entries"_s),
             qPrintable(finished.at(0).at(1).toString()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const auto rows = csv::parse(file.readAll());
    QVERIFY2(rows, qPrintable(rows.error()));
    QCOMPARE(rows->size(), size_t(11));
    for (size_t i = 1; i < rows->size(); ++i)
        QCOMPARE(rows->at(i).at(5), u"refund"_s);
    QVERIFY(view->exportButton()->isEnabled());
}

void TestAuditView::exportMatchesTheOldPath()
{
    Supervisor s;
    generateOperations(s.fixture.owner(), 700, s.fixture.clock().nowMs()); // as addBulk
    generateAuditHistory(s.fixture.owner(), 700, s.fixture.clock().nowMs());
    AuditView *view = s.audit();
    QTemporaryDir dir;
    for (const QString &kind : {QString(), u"refund"_s, u"execution"_s}) {
        view->kindFilter()->setCurrentIndex(view->kindFilter()->findData(kind));
        const QString path = dir.filePath(u"all-%1.csv"_s.arg(kind));
        QSignalSpy finished(view, &AuditView::exportFinished);
        QVERIFY(view->startExport(path));
        QVERIFY(finished.wait(30'000));
        QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(finished.at(0).at(1).toString()));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray written = file.readAll();
        // The seeded close reason (quotes, commas, line breaks, Cyrillic) is in the unfiltered
        // file.
        QCOMPARE(written, oldPathCsv(s.session.auditQuery(), view->currentFilter()));
        QVERIFY(written.count("\r\n") > 250);
    }
}

void TestAuditView::cancelledExportLeavesNoFile()
{
    WindowOn s{bulkFixture()};
    AuditView *view = s.audit();
    s.window.show();
    QTemporaryDir dir;
    const QString path = dir.filePath(u"all.csv"_s);
    QSignalSpy finished(view, &AuditView::exportFinished);
    QVERIFY(view->startExport(path));
    QVERIFY(view->jobProgress()->isVisible());
    // Let the job write a few chunks, then press Cancel in the window, as the supervisor does.
    QTRY_VERIFY_WITH_TIMEOUT(view->jobProgress()->value() > 0, 60'000);
    QVERIFY(finished.isEmpty());
    QVERIFY(view->jobProgress()->value() < view->jobProgress()->maximum());
    QTest::mouseClick(view->cancelButton(), Qt::LeftButton);
    QVERIFY(finished.wait(60'000));
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QCOMPARE(finished.at(0).at(1).toString(), u"Export cancelled; no file was written"_s);
    QVERIFY(!view->jobRunning());
    QVERIFY(!QFile::exists(path));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList());
}

void TestAuditView::exportCanBeWithheld()
{
    Supervisor s;
    AuditView *view = s.audit();
    view->setExportAllowed(false);
    QVERIFY(view->exportButton()->isHidden());
    QTemporaryDir dir;
    QVERIFY(!view->startExport(dir.filePath(u"x.csv"_s)));
    QVERIFY(!QFile::exists(dir.filePath(u"x.csv"_s)));
    view->setExportAllowed(true);
    QVERIFY(!view->exportButton()->isHidden());
}

void TestAuditView::mainWindowRights()
{
    RolesFixture f;
    seedAuditHistory(f);
    Session session(f.location(u"alice"_s), f.clock());
    // alice is a seeded supervisor: the window and the export are hers by right.
    ui::MainWindow window(console::readsOf(session), f.person(u"alice"_s),
                          f.person(u"alice"_s) + u"#1"_s);
    QVERIFY(window.supervision()->auditAction()->isVisible());
    SupervisorWindow *sup = window.supervision()->openSupervisorWindow();
    QVERIFY(sup);
    QCOMPARE(sup->auditView()->model()->rowCount(), 19);
    QCOMPARE(window.supervision()->openSupervisorWindow(), sup); // one window, raised again
    window.supervision()->setExportAllowed(false);
    QVERIFY(sup->auditView()->exportButton()->isHidden());
    window.supervision()->setAuditAllowed(false);
    QVERIFY(!window.supervision()->auditAction()->isVisible());
    QVERIFY(!window.supervision()->openSupervisorWindow());
    QTRY_VERIFY(!sup->isVisible());
}

void TestAuditView::chartsShowTheFigures()
{
    Supervisor s;
    ui::ChartsView *charts = s.window.chartsView();
    charts->reload();
    QCOMPARE(charts->days(), 14);
    const auto days = charts->unknownData();
    QCOMPARE(days.size(), size_t(14));
    QCOMPARE(days.back().day, QDate(2026, 11, 30)); // the fixture clock's today
    QCOMPARE(days.back().count, qint64(1));
    QCOMPARE(days.at(days.size() - 2).count, qint64(1));
    auto barValues = [](QChart *chart) {
        const auto series = chart->series();
        auto *bars = qobject_cast<QBarSeries *>(series.value(0));
        QList<qreal> values;
        if (!bars || bars->barSets().isEmpty())
            return values;
        for (int i = 0; i < bars->barSets().at(0)->count(); ++i)
            values << bars->barSets().at(0)->at(i);
        return values;
    };
    QCOMPARE(barValues(charts->attemptsChart()), (QList<qreal>{2, 0, 1, 0, 0, 0}));
    QCOMPARE(barValues(charts->durationChart()), (QList<qreal>{0, 1, 0, 0, 0, 0}));
    QCOMPARE(barValues(charts->unknownChart()).size(), 14);
    const QList<QAbstractAxis *> axes = charts->unknownChart()->axes();
    charts->rangeCombo()->setCurrentIndex(1);
    QCOMPARE(charts->unknownData().size(), size_t(30));
    QCOMPARE(barValues(charts->unknownChart()).size(), 30);
    // A reload redraws on the same two axes (Qt Charts 6.4 left a removed axis's labels drawn).
    QCOMPARE(charts->unknownChart()->axes(), axes);
    QCOMPARE(qobject_cast<QBarCategoryAxis *>(axes.value(0))->count(), 30);
}

void TestAuditView::screenshots()
{
    Supervisor s;
    s.window.resize(1280, 760);
    verifyThroughTheButton(s.audit());
    s.window.tabs()->setCurrentIndex(SupervisorWindow::AuditTab);
    saveShot(&s.window, u"audit-view.png"_s);
    // A chain check under way: the progress bar and Cancel under the list. One backend's shot is
    // enough, and the bulk history costs seconds more per run (verifyRunsOffTheUiThread… covers
    // the job on PostgreSQL).
    if (test::onPostgres())
        return;
    addBulk(s.fixture);
    s.audit()->reload();
    QVERIFY(s.audit()->startVerify());
    QTRY_VERIFY_WITH_TIMEOUT(s.audit()->jobProgress()->value() > 0, 60'000);
    saveShot(&s.window, u"audit-view-progress.png"_s);
    s.audit()->cancelJob();
    QTRY_VERIFY_WITH_TIMEOUT(!s.audit()->jobRunning(), 60'000);
    s.window.tabs()->setCurrentIndex(SupervisorWindow::ChartsTab);
    saveShot(&s.window, u"audit-charts.png"_s);
    QVERIFY(QFile::exists(QCoreApplication::applicationDirPath() + u"/audit-charts.png"_s));
}

QTEST_MAIN(TestAuditView)
#include "tst_auditview.moc"
