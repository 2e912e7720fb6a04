// opsbench-batch: the console's batch import (issue 54, Goals): a file checked and run through
// Operation → Import refunds… in a real (offscreen) main window, with a heartbeat on the UI
// thread recording the longest gap between its ticks while the file is checked and while it runs
// (goal ≤ 50 ms), as opsbench-bulk measures the bulk apply. The provider and the database are the
// environment's (OPS_STRIPE_URL, OPS_STRIPE_KEY, OPS_DB, OPS_OPERATOR: a person who may send
// refunds); scripts/bench-batch.sh starts provider-sim for it. A figure, not a pass/fail test.

#include "bench/uiheartbeat.h"
#include "console/consolecontroller.h"
#include "console/consolejobs.h"
#include "console/sessionreads.h"
#include "dialogs/batchimportdialog.h"
#include "mainwindow/batchactions.h"
#include "mainwindow/mainwindow.h"
#include "storage/session.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTextStream>

using namespace Qt::StringLiterals;
using namespace ops;

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser p;
    p.setApplicationDescription(u"The console's batch import: check and run a file"_s);
    p.addHelpOption();
    p.addOption({u"file"_s, u"The batch file."_s, u"PATH"_s});
    p.addOption({u"name"_s, u"The batch's name."_s, u"NAME"_s, u"console"_s});
    p.addOption({u"rate"_s, u"Rows a second (default OPS_BATCH_RATE)."_s, u"N"_s, u"0"_s});
    p.process(app);
    const QString db = qEnvironmentVariable("OPS_DB");
    const QString actor = u"operator:"_s + qEnvironmentVariable("OPS_OPERATOR");
    QTextStream out(stdout);
    if (db.isEmpty() || !p.isSet(u"file"_s)) {
        out << "opsbench-batch: set OPS_DB and OPS_OPERATOR, and give --file\n";
        return 2;
    }
    SystemClock clock;
    Session session(db, clock);
    ui::MainWindow window(console::readsOf(session), actor, actor + u"#bench"_s);
    console::ConsoleController controller(window, console::jobConfigFromEnvironment(db), clock);
    controller.setBatchRate(p.value(u"rate"_s).toDouble());
    window.resize(1440, 900);
    window.show();
    window.startLiveRefresh(); // as the console runs: the rows appear as they are made
    window.reloadAll();
    QApplication::processEvents();

    bench::UiHeartbeat heartbeat;
    bench::UiHeartbeat::Phase check, run, idle;
    heartbeat.enter(&idle);
    bench::spinFor(2000);
    heartbeat.enter(&check);
    QElapsedTimer t;
    t.start();
    ui::BatchImportDialog *dialog =
        window.batch()->openImport(p.value(u"file"_s), p.value(u"name"_s));
    if (!dialog) {
        out << "opsbench-batch: the import did not open: " << window.statusText() << "\n";
        return 1;
    }
    bench::spinUntil([&] { return dialog->phase() != ui::BatchImportDialog::Phase::Checking; });
    const qint64 checkMs = t.restart();
    if (!dialog->runButton()->isEnabled()) {
        out << "opsbench-batch: the check found problems: " << dialog->heading()->text() << "\n";
        return 1;
    }
    heartbeat.enter(&run);
    dialog->runButton()->click();
    bench::spinUntil([&] { return dialog->phase() == ui::BatchImportDialog::Phase::Done; });
    const qint64 runMs = t.elapsed();
    heartbeat.stop();
    const int rows = dialog->model()->rowCount();
    out << "console batch of " << rows << " rows:\n"
        << "  check   " << checkMs << " ms; longest UI-thread gap " << check.longestGapMs
        << " ms (UI-thread CPU at most " << qRound(check.busiestCpuMs) << " ms between two)\n"
        << "  run     " << runMs << " ms; longest UI-thread gap " << run.longestGapMs << " ms ("
        << run.ticks << " heartbeats of 5 ms; goal <= 50 ms), UI-thread CPU at most "
        << qRound(run.busiestCpuMs) << " ms between two\n"
        << "  idle    longest gap " << idle.longestGapMs
        << " ms over 2 s: the machine's share of the CPU\n"
        << "  summary " << dialog->summaryLabel()->text() << "\n";
    return dialog->model()->countByStatus().value(u"refunded"_s) == rows ? 0 : 1;
}
