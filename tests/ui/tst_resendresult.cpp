// Issue 25 item 4: one console resend, one result path. Against the real provider-sim: the
// job's result reaches the window as a value (the ToolResult and the row read once after the
// commit), the lists update that one row in place (no reset, no page query, no count), the
// detail pane shows the new row, and the change watcher's report of the same commit reloads
// nothing. Every statement every connection of this process runs is counted through SQLite's
// own trace (an auto extension installs it on each connection as it opens), so the figures are
// what reached the database, not what the code meant to run. SQLite only.

#include "console/consolecontroller.h"
#include "itemmodels/detailmodels.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "storage/access/approvals.h"
#include "storage/session.h"
#include "support/consolefixture.h"
#include "widgets/detailpane.h"
#include "widgets/operationlistview.h"

#include <QLabel>
#include <QMutex>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <sqlite3.h>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

// The statements SQLite started, on any connection of this process, in order.
struct StatementLog
{
    QMutex mutex;
    QStringList statements;
    bool on = false;

    void record(const char *sql)
    {
        const QString text = QString::fromUtf8(sql).simplified();
        if (text.startsWith(u"--"_s))
            return; // a trigger's statement: part of the write that fired it
        const QMutexLocker lock(&mutex);
        if (on)
            statements << text;
    }
    void start()
    {
        const QMutexLocker lock(&mutex);
        statements.clear();
        on = true;
    }
    QStringList stop()
    {
        const QMutexLocker lock(&mutex);
        on = false;
        return statements;
    }
};

StatementLog g_log;

int onStatement(unsigned, void *, void *, void *sql)
{
    g_log.record(static_cast<const char *>(sql));
    return 0;
}

int traceConnection(sqlite3 *db, const char **, const sqlite3_api_routines *)
{
    sqlite3_trace_v2(db, SQLITE_TRACE_STMT, &onStatement, nullptr);
    return SQLITE_OK;
}

QStringList selects(const QStringList &statements)
{
    QStringList out;
    for (const QString &s : statements) {
        if (s.startsWith(u"SELECT"_s, Qt::CaseInsensitive) ||
            s.startsWith(u"WITH"_s, Qt::CaseInsensitive))
            out << s;
    }
    return out;
}

// What the lists re-read on a full reload: a page query or the checking count.
int listReads(const QStringList &statements)
{
    int n = 0;
    for (const QString &s : statements)
        n += (s.contains(u" FROM operations"_s) && s.contains(u" ORDER BY "_s)) ||
             s.startsWith(u"SELECT COUNT(*) FROM operations"_s);
    return n;
}

// The reads of the operation row by id (OperationStore::operation, the lease check) after the
// job's last COMMIT (the close that records the provider's answer); Qt binds '?' as ':n'.
int rowReadsAfterLastCommit(const QStringList &statements)
{
    const auto last = statements.lastIndexOf(u"COMMIT"_s);
    int n = 0;
    for (qsizetype i = last + 1; i < statements.size(); ++i) {
        const QString &s = statements.at(i);
        n += s.startsWith(u"SELECT"_s) && s.contains(u" FROM operations WHERE id = :0"_s);
    }
    return n;
}

} // namespace

class TestResendResult : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void resendUpdatesTheRowInPlace();
    void approvalWaitAnswersWithoutAReload();

private:
    // Six unanswered attempts by the agent (503s): unknown, nothing moved at the provider.
    QString unknownRefund();

    test::ConsoleFixture m_fx;
};

void TestResendResult::initTestCase()
{
    if (test::onPostgres())
        QSKIP("counts SQLite's statements");
    sqlite3_auto_extension(reinterpret_cast<void (*)()>(&traceConnection));
    QVERIFY2(m_fx.startSim(), qPrintable(m_fx.sim().error()));
}

void TestResendResult::init()
{
    m_fx.beginCase();
}

void TestResendResult::cleanup()
{
    m_fx.sim().clearFaults();
    m_fx.endCase();
}

QString TestResendResult::unknownRefund()
{
    return m_fx.unknownRefund(u"ch_4417"_s, 3800, {{"route", "POST /v1/refunds"}, {"mode", "503"}},
                              2);
}

void TestResendResult::resendUpdatesTheRowInPlace()
{
    const QString id = unknownRefund();
    test::OperatorConsole c(m_fx, u"alice"_s, u"1"_s, {true, true});
    c.window.startLiveRefresh(50);
    c.window.tabs()->setCurrentIndex(ui::MainWindow::OperationsTab);
    QVERIFY(c.window.queue()->operationsView()->selectOperation(id));
    QCOMPARE(c.window.queue()->checkingModel()->rowOf(id), 0);
    QCOMPARE(c.window.tabs()->tabText(ui::MainWindow::CheckingTab), u"Checking (1)"_s);
    QTest::qWait(200); // the watcher's baseline
    QSignalSpy operationsReset(c.window.queue()->operationsModel(),
                               &QAbstractItemModel::modelReset);
    QSignalSpy checkingReset(c.window.queue()->checkingModel(), &QAbstractItemModel::modelReset);
    QSignalSpy changed(c.window.queue()->operationsModel(), &QAbstractItemModel::dataChanged);
    QSignalSpy removed(c.window.queue()->checkingModel(), &QAbstractItemModel::rowsRemoved);

    const int reloads = c.window.queue()->reloadCount();
    g_log.start();
    c.controller.resend(id);
    c.controller.waitForIdle();
    QTest::qWait(400); // the watcher polls every 50 ms: it sees the job's commits
    const QStringList statements = g_log.stop();
    const QStringList reads = selects(statements);
    qInfo().noquote() << "one console resend:" << reads.size() << "SELECTs," << statements.size()
                      << "statements," << listReads(statements) << "list reads,"
                      << rowReadsAfterLastCommit(statements) << "row reads after the last commit";
    for (const QString &s : statements)
        qInfo().noquote() << "  " << s.left(140);

    QCOMPARE(toString(m_fx.store().operation(id)->state), u"succeeded"_s);
    QVERIFY2(
        c.window.detailArea()->pane()->outcomeLabel()->text().contains(u"closed as succeeded"_s),
        qPrintable(c.window.detailArea()->pane()->outcomeLabel()->text()));
    // No full reload, neither after the job nor when the watcher reported its commits.
    QCOMPARE(c.window.queue()->reloadCount(), reloads);
    QCOMPARE(listReads(statements), 0);
    // After the close's commit, one read: the engine's own answer (Settlement::resultForRow),
    // which the job hands the window; the pane knows the job released the lease (issue 55).
    QCOMPARE(rowReadsAfterLastCommit(statements), 1);
    QCOMPARE(operationsReset.count(), 0);
    QCOMPARE(checkingReset.count(), 0);
    // The row changed in place in Operations and left Checking (it is no longer unknown).
    const int row = c.window.queue()->operationsModel()->rowOf(id);
    const bool rowChanged = std::any_of(changed.begin(), changed.end(), [row](const auto &args) {
        return args.at(0).template value<QModelIndex>().row() == row &&
               args.at(1).template value<QModelIndex>().row() == row;
    });
    QVERIFY(rowChanged);
    QCOMPARE(c.window.queue()
                 ->operationsModel()
                 ->index(row, OperationTableModel::StateColumn)
                 .data(OperationTableModel::StateRole)
                 .toString(),
             u"succeeded"_s);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(c.window.queue()->checkingModel()->rowOf(id), -1);
    QCOMPARE(c.window.tabs()->tabText(ui::MainWindow::CheckingTab), u"Checking (0)"_s);
    // The detail pane shows the row after the resend, with the attempt in its timeline.
    QCOMPARE(c.window.detailArea()->pane()->operationId(), id);
    QVERIFY2(
        c.window.detailArea()->pane()->factsLabel()->text().contains(u"closed by operator:alice"_s),
        qPrintable(c.window.detailArea()->pane()->factsLabel()->text()));
    QCOMPARE(c.window.detailArea()->pane()->attempts()->rowCount(), 7);
}

void TestResendResult::approvalWaitAnswersWithoutAReload()
{
    const QString id = unknownRefund();
    setApprovalThreshold(connectionOf(m_fx.store()), 0, u"operator:alice"_s, u"usd"_s, 1000);
    test::OperatorConsole c(m_fx, u"alice"_s, u"1"_s, {true, true});
    c.window.startLiveRefresh(50);
    QTest::qWait(200);
    const int reloads = c.window.queue()->reloadCount();
    QSignalSpy checkingReset(c.window.queue()->checkingModel(), &QAbstractItemModel::modelReset);
    c.controller.resend(id);
    c.controller.waitForIdle();
    QTest::qWait(400);
    // The store decided (Settlement::resend's awaiting_approval answer); the text is as before.
    QVERIFY2(c.window.bannerText().contains(u"waits for a second person"_s),
             qPrintable(c.window.bannerText()));
    const auto pending = openApproval(connectionOf(m_fx.store()), id, ApprovalAction::Resend,
                                      ApprovalState::Pending);
    QVERIFY(pending);
    QVERIFY2(c.window.bannerText().contains(u"approval #%1"_s.arg(pending->id)),
             qPrintable(c.window.bannerText()));
    QCOMPARE(int(m_fx.store().attempts(id).size()), 6); // nothing counted, nothing sent
    QCOMPARE(c.window.queue()->checkingModel()->rowOf(id), 0);
    QCOMPARE(c.window.queue()->reloadCount(), reloads);
    QCOMPARE(checkingReset.count(), 0);
}

QTEST_MAIN(TestResendResult)
#include "tst_resendresult.moc"
