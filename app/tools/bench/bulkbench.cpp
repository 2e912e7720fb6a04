// opsbench-bulk: the console's bulk apply (issue 14, Figures): 1,000 reconciler proposals
// applied through Select all with a proposal → Apply proposals… → Confirm in a real (offscreen)
// main window, with a heartbeat timer on the UI thread recording the longest gap between its
// ticks while the preview is read and while the run is in progress. Printed beside its floors,
// measured in the same run: the store's own apply loop (applyProposal row after row on one
// connection, no UI) and one-row durable commits on the same disk. A figure, not a pass/fail test
// (docs/benchmarks.md).

#include "bench/benchmarks.h"
#include "console/consolecontroller.h"
#include "console/sessionreads.h"
#include "dialogs/bulkapplydialog.h"
#include "mainwindow/bulkactions.h"
#include "mainwindow/mainwindow.h"
#include "storage/access/accessstore.h"
#include "storage/operations/operationstore.h"
#include "storage/operations/proposalapply.h"
#include "storage/reconcile/reconcilestore.h"
#include "storage/session.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

// `rows` unknown refunds, each with an open close proposal resting on one reading.
std::vector<qint64> seed(const QString &path, const Clock &clock, int rows)
{
    std::vector<qint64> proposals;
    Session session(path, clock);
    if (session.access().operators().empty())
        session.access().addOperator(u"operator:alice"_s, u"alice"_s, Role::Supervisor);
    OperationStore &store = session.store();
    for (int i = 0; i < rows; ++i) {
        const QString id = u"op_bulk_%1"_s.arg(i, 6, 10, QChar(u'0'));
        NewOperation op;
        op.id = id;
        op.unitOfWork = id + u"|3800|usd"_s;
        op.orderId = id;
        op.chargeId = u"ch_"_s + id;
        op.amount = {3800, u"usd"_s};
        op.idempotencyKey = u"key-"_s + id;
        op.request = {"POST", u"/v1/refunds"_s, "amount=3800", "application/x-www-form-urlencoded"};
        op.createdBy = u"agent:bench"_s;
        store.openOrGet(op);
        const AttemptTicket t = store.beginAttempt(id, u"agent:bench"_s);
        store.finishAttempt(id, t.attemptId, {500, Outcome::Undefined, {}, {}, false, 5, {}, {}});
        store.markUnknown(id, u"stored 500"_s, u"agent:bench"_s);
        Evidence e;
        e.operationId = id;
        e.kind = u"provider_object"_s;
        e.title = u"refund list"_s;
        e.contentType = u"application/json"_s;
        e.body = R"({"claiming_refunds":[]})";
        e.createdBy = u"system:reconciler"_s;
        NewProposal p;
        p.operationId = id;
        p.outcome = OperationState::Failed;
        p.evidenceIds = {store.addEvidence(e)};
        p.reason = u"No refund at the provider (list complete at T)"_s;
        proposals.push_back(session.reconcile().storeProposal(p).id);
    }
    return proposals;
}

// The floor: the store's apply, row after row, on this thread's one connection.
double storeLoopPerSecond(const QString &path, const Clock &clock, int rows)
{
    const std::vector<qint64> proposals = seed(path, clock, rows);
    Session session(path, clock);
    QElapsedTimer t;
    t.start();
    for (const qint64 id : proposals)
        applyProposal(session.store(), id, u"operator:alice"_s);
    return 1000.0 * rows / qMax<qint64>(1, t.elapsed());
}

struct UiFigures
{
    int applied = 0;
    double rowsPerSecond = 0;
    qint64 runMs = 0;
    qint64 selectMs = 0;     // Select all with a proposal, on the UI thread
    qint64 dialogMs = 0;     // Apply proposals… until the dialog is open (reading)
    qint64 previewMs = 0;    // until the preview is read (off the UI thread) and shown
    qint64 readGapMs = 0;    // the longest UI-thread gap while it is read
    qint64 longestGapMs = 0; // the longest UI-thread gap during the run
    qint64 summaryGapMs = 0; // the longest UI-thread gap from the summary to the dialog closed
    // The most UI-thread CPU time between two heartbeats in each phase: the window's own work
    // within a gap, not its wait for a core on a loaded machine.
    double readCpuMs = 0;
    double runCpuMs = 0;
    double summaryCpuMs = 0;
    int ticks = 0;
    qint64 idleGapMs = 0; // the same heartbeat for 3 s with nothing running: the machine's share
    int idleTicks = 0;
};

// The heartbeat's longest gap over `ms` of an idle event loop.
std::pair<qint64, int> idleGap(int ms)
{
    QElapsedTimer gap;
    qint64 longest = 0;
    int ticks = 0;
    QTimer heartbeat;
    heartbeat.setInterval(5);
    QObject::connect(&heartbeat, &QTimer::timeout, [&] {
        longest = qMax(longest, gap.restart());
        ++ticks;
    });
    QElapsedTimer total;
    total.start();
    gap.start();
    heartbeat.start();
    while (total.elapsed() < ms)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    return {longest, ticks};
}

// CPU time of this thread.
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

UiFigures runConsole(const QString &path, const Clock &clock, int rows)
{
    seed(path, clock, rows);
    UiFigures f;
    Session session(path, clock);
    ui::MainWindow window(console::readsOf(session), u"operator:alice"_s,
                          u"operator:alice#bench"_s);
    console::JobConfig jobs;
    jobs.dbLocation = path;
    console::ConsoleController controller(window, jobs, clock);
    window.resize(1440, 900);
    window.show();
    window.startLiveRefresh(); // as the console runs: other commits reload the lists
    QApplication::processEvents();

    std::tie(f.idleGapMs, f.idleTicks) = idleGap(3000);
    QElapsedTimer t;
    t.start();
    window.bulk()->selectAllWithProposal();
    f.selectMs = t.restart();
    ui::BulkApplyDialog *dialog = window.bulk()->openApplyDialog();
    f.dialogMs = t.elapsed();
    if (!dialog)
        return f;

    qint64 *longest = &f.readGapMs;
    double *busiest = &f.readCpuMs;
    QElapsedTimer gap;
    double cpuSince = threadCpuMs();
    const auto beat = [&] {
        const double cpu = threadCpuMs();
        *longest = qMax(*longest, gap.restart());
        *busiest = qMax(*busiest, cpu - cpuSince);
        cpuSince = cpu;
    };
    QTimer heartbeat;
    heartbeat.setInterval(5);
    QObject::connect(&heartbeat, &QTimer::timeout, [&] {
        beat();
        f.ticks += longest == &f.longestGapMs;
    });
    gap.start();
    heartbeat.start();
    while (dialog->phase() == ui::BulkApplyDialog::Phase::Reading)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    f.previewMs = t.elapsed();
    beat();

    longest = &f.longestGapMs;
    busiest = &f.runCpuMs;
    QElapsedTimer run;
    run.start();
    dialog->confirmButton()->click();
    while (dialog->phase() != ui::BulkApplyDialog::Phase::Done)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    f.runMs = run.elapsed();
    beat();
    f.applied = dialog->model()->summary().applied;
    f.rowsPerSecond = 1000.0 * f.applied / qMax<qint64>(1, f.runMs);

    // The summary shown and the lists re-read behind it, then Close: one more second.
    longest = &f.summaryGapMs;
    busiest = &f.summaryCpuMs;
    QElapsedTimer after;
    after.start();
    while (after.elapsed() < 500)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    dialog->close();
    while (after.elapsed() < 1000)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    beat();
    heartbeat.stop();
    return f;
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser p;
    p.setApplicationDescription(u"The console's bulk apply of reconciler proposals"_s);
    p.addHelpOption();
    p.addOption({u"rows"_s, u"Proposals to apply (default 1000)."_s, u"N"_s, u"1000"_s});
    p.process(app);
    const int rows = qMax(1, p.value(u"rows"_s).toInt());
    QTemporaryDir dir;
    SystemClock clock;
    QTextStream out(stdout);

    const double commits = bench::benchCommitFloor(qMin(rows, 1000));
    const double loop = storeLoopPerSecond(dir.filePath(u"floor.sqlite"_s), clock, rows);
    const UiFigures ui = runConsole(dir.filePath(u"console.sqlite"_s), clock, rows);
    const auto pct = [](double figure, double floor) {
        return floor > 0 ? qRound(100 * figure / floor) : 0;
    };
    out << "bulk apply of " << rows << " proposals (SQLite, synchronous=FULL):\n"
        << "  console, off the UI thread   " << qRound(ui.rowsPerSecond) << " rows/s ("
        << ui.applied << " applied in " << ui.runMs << " ms; " << pct(ui.rowsPerSecond, loop)
        << " % of the store loop)\n"
        << "  longest UI-thread gap        " << ui.longestGapMs << " ms during the run ("
        << ui.ticks << " heartbeats of 5 ms; goal <= 50 ms), UI-thread CPU at most "
        << qRound(ui.runCpuMs) << " ms between two\n"
        << "  summary and close            longest gap " << ui.summaryGapMs
        << " ms over 1 s, UI-thread CPU at most " << qRound(ui.summaryCpuMs)
        << " ms between two heartbeats\n"
        << "  the same heartbeat, idle     " << ui.idleGapMs << " ms longest gap over 3 s ("
        << ui.idleTicks << " heartbeats): the machine's share of the CPU\n"
        << "  before it                    select all " << ui.selectMs
        << " ms (UI thread); dialog open " << ui.dialogMs << " ms; preview read in " << ui.previewMs
        << " ms off the UI thread (longest UI-thread gap " << ui.readGapMs
        << " ms, UI-thread CPU at most " << qRound(ui.readCpuMs) << " ms between two heartbeats)\n"
        << "floors (same run):\n"
        << "  store loop (applyProposal)   " << qRound(loop) << " rows/s\n"
        << "  one-row durable commits      " << qRound(commits) << " commits/s\n";
    return ui.applied == rows ? 0 : 1;
}
