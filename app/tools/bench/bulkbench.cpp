// opsbench-bulk: the console's bulk apply (issue 14, Figures): 1,000 reconciler proposals
// applied through Select all with a proposal → Apply proposals… → Confirm in a real (offscreen)
// main window, with a heartbeat timer on the UI thread recording the longest gap between its
// ticks while the preview is read and while the run is in progress. Printed beside its floors,
// measured in the same run: the store's own apply loop (applyProposal row after row on one
// connection, no UI) and one-row durable commits on the same disk. A figure, not a pass/fail test
// (docs/benchmarks.md).

#include "bench/benchmarks.h"
#include "bench/uiheartbeat.h"
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
    qint64 selectMs = 0;               // Select all with a proposal, on the UI thread
    qint64 dialogMs = 0;               // Apply proposals… until the dialog is open (reading)
    qint64 previewMs = 0;              // until the preview is read (off the UI thread) and shown
    bench::UiHeartbeat::Phase read;    // while the preview is read
    bench::UiHeartbeat::Phase run;     // during the run
    bench::UiHeartbeat::Phase summary; // from the summary to the dialog closed
    bench::UiHeartbeat::Phase idle;    // 3 s with nothing running: the machine's share of the CPU
};

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

    bench::UiHeartbeat heartbeat;
    heartbeat.enter(&f.idle);
    bench::spinFor(3000);
    heartbeat.enter(nullptr);
    QElapsedTimer t;
    t.start();
    window.bulk()->selectAllWithProposal();
    f.selectMs = t.restart();
    ui::BulkApplyDialog *dialog = window.bulk()->openApplyDialog();
    f.dialogMs = t.elapsed();
    if (!dialog)
        return f;

    heartbeat.enter(&f.read);
    bench::spinUntil([&] { return dialog->phase() != ui::BulkApplyDialog::Phase::Reading; });
    f.previewMs = t.elapsed();

    heartbeat.enter(&f.run);
    QElapsedTimer run;
    run.start();
    dialog->confirmButton()->click();
    bench::spinUntil([&] { return dialog->phase() == ui::BulkApplyDialog::Phase::Done; });
    f.runMs = run.elapsed();
    heartbeat.enter(&f.summary);
    f.applied = dialog->model()->summary().applied;
    f.rowsPerSecond = 1000.0 * f.applied / qMax<qint64>(1, f.runMs);

    // The summary shown and the lists re-read behind it, then Close: one more second.
    bench::spinFor(500);
    dialog->close();
    bench::spinFor(500);
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
        << "  longest UI-thread gap        " << ui.run.longestGapMs << " ms during the run ("
        << ui.run.ticks << " heartbeats of 5 ms; goal <= 50 ms), UI-thread CPU at most "
        << qRound(ui.run.busiestCpuMs) << " ms between two\n"
        << "  summary and close            longest gap " << ui.summary.longestGapMs
        << " ms over 1 s, UI-thread CPU at most " << qRound(ui.summary.busiestCpuMs)
        << " ms between two heartbeats\n"
        << "  the same heartbeat, idle     " << ui.idle.longestGapMs << " ms longest gap over 3 s ("
        << ui.idle.ticks << " heartbeats): the machine's share of the CPU\n"
        << "  before it                    select all " << ui.selectMs
        << " ms (UI thread); dialog open " << ui.dialogMs << " ms; preview read in " << ui.previewMs
        << " ms off the UI thread (longest UI-thread gap " << ui.read.longestGapMs
        << " ms, UI-thread CPU at most " << qRound(ui.read.busiestCpuMs)
        << " ms between two heartbeats)\n"
        << "floors (same run):\n"
        << "  store loop (applyProposal)   " << qRound(loop) << " rows/s\n"
        << "  one-row durable commits      " << qRound(commits) << " commits/s\n";
    return ui.applied == rows ? 0 : 1;
}
