// Benchmark, not a test: the supervisors' audit window at N generated entries (default
// 1,000,000; issue 16 item 6). Prints, per filter, the first page and the view's count beside
// the same SQL in the `sqlite3` shell (--shell), the CSV export beside `sqlite3 -csv` running
// the export's statement, the chain check, and the longest stall of the UI thread (a 5 ms
// QTimer heartbeat) while the window runs Verify chain and the export as jobs and while it
// applies each filter. Figures are printed, never judged.
// Usage: bench_auditlist [--entries N] [--keep PATH] [--shell]
//                        [--export-only | --verify-only | --ui-only]
// A --keep PATH that already holds N entries is measured as it is; --export-only prints the
// export and chain-check figures only (each beside sqlite3 -csv and the QSqlQuery path);
// --verify-only the chain check only (parallel, in one thread, through QSqlQuery); --ui-only
// the window's UI-thread stalls only.

#include "console/sessionreads.h"
#include "sqlshellcompare.h"
#include "storage/audit/auditexport.h"
#include "storage/audit/auditlog.h"
#include "storage/audit/auditquery.h"
#include "storage/auditjob.h"
#include "storage/bulkgenerator.h"
#include "storage/db/database.h"
#include "storage/session.h"
#include "supervisor/auditview.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>
#include <QTimer>
#include <ctime>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

QTextStream out(stdout);

QString ms(double value)
{
    return QString::number(value, 'f', 2).rightJustified(9) + u" ms"_s;
}

void line(const QString &what, const QString &value)
{
    out << what.leftJustified(52, u'.') << u' ' << value << Qt::endl;
}

// CPU time of this thread: on a shared, loaded machine the wall time of a short query is mostly
// waiting for a core, so both are printed.
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// Median wall time of `work` (bench::medianMs) and its mean CPU time, as "x ms (cpu y ms)".
QString wallAndCpu(const std::function<void()> &work, int runs = 5)
{
    const double cpu0 = threadCpuMs();
    const double wall = bench::medianMs(work, runs);
    const double cpu = (threadCpuMs() - cpu0) / runs;
    return u"%1 (cpu %2)"_s.arg(ms(wall), ms(cpu).trimmed());
}

qint64 argValue(const QStringList &args, const QString &name, qint64 fallback)
{
    const auto i = args.indexOf(name);
    return i >= 0 && i + 1 < args.size() ? args.at(i + 1).toLongLong() : fallback;
}

// The longest gap between two ticks of a 5 ms timer on this thread while `work` runs the event
// loop: how long the window could not repaint or take input. Beside it, the most CPU time this
// thread spent between two ticks: what of the gap was the window's own work, not waiting for a
// core on a loaded machine.
class Heartbeat
{
public:
    Heartbeat()
    {
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { beat(); });
    }
    double measure(const std::function<void()> &work)
    {
        m_longest = 0;
        m_busiest = 0;
        m_since.start();
        m_cpuSince = threadCpuMs();
        m_timer.start();
        work();
        beat();
        m_timer.stop();
        return m_longest;
    }
    double busiest() const { return m_busiest; }

private:
    void beat()
    {
        const double cpu = threadCpuMs();
        m_longest = qMax(m_longest, double(m_since.nsecsElapsed()) / 1e6);
        m_busiest = qMax(m_busiest, cpu - m_cpuSince);
        m_since.start();
        m_cpuSince = cpu;
    }

    QTimer m_timer;
    QElapsedTimer m_since;
    double m_cpuSince = 0;
    double m_longest = 0;
    double m_busiest = 0;
};

struct NamedFilter
{
    QString name;
    AuditFilter filter;
};

std::vector<NamedFilter> filters(qint64 nowMs, qint64 rows)
{
    auto f = [](auto set) {
        AuditFilter filter;
        set(filter);
        return filter;
    };
    return {
        {u"no filter"_s, {}},
        {u"actor system: (dense)"_s, f([](AuditFilter &x) { x.actor = u"system:"_s; })},
        {u"actor operator:alice (sparse)"_s,
         f([](AuditFilter &x) { x.actor = u"operator:alice"_s; })},
        {u"actor with no match"_s, f([](AuditFilter &x) { x.actor = u"operator:zed"_s; })},
        {u"action attempt. (dense)"_s, f([](AuditFilter &x) { x.action = u"attempt."_s; })},
        {u"action state.closed_manually (sparse)"_s,
         f([](AuditFilter &x) { x.action = u"state.closed_manually"_s; })},
        {u"operation id prefix op_ (every entry)"_s,
         f([](AuditFilter &x) { x.operationPrefix = u"op_"_s; })},
        {u"one operation"_s,
         f([rows](AuditFilter &x) { x.operationPrefix = generatedId(rows / 2); })},
        {u"kind refund (dense)"_s, f([](AuditFilter &x) { x.kind = OperationKind::Refund; })},
        {u"kind credit_adjust (no match)"_s,
         f([](AuditFilter &x) { x.kind = OperationKind::CreditAdjust; })},
        {u"last hour"_s, f([nowMs](AuditFilter &x) { x.fromMs = nowMs - 3'600'000; })},
        {u"last 30 days"_s, f([nowMs](AuditFilter &x) { x.fromMs = nowMs - 30 * 86'400'000LL; })},
        {u"actor system:engine + kind execution"_s, f([](AuditFilter &x) {
             x.actor = u"system:engine"_s;
             x.kind = OperationKind::Execution;
         })},
    };
}

// Wall milliseconds of `sqlite3 -readonly -csv path sql` writing to /dev/null.
std::optional<double> shellCsvMs(const QString &path, const QString &sql)
{
    const QString shell = QStandardPaths::findExecutable(u"sqlite3"_s);
    if (shell.isEmpty())
        return std::nullopt;
    QProcess p;
    p.setStandardOutputFile(QProcess::nullDevice());
    QElapsedTimer t;
    t.start();
    p.start(shell, {u"-readonly"_s, u"-csv"_s, path, sql});
    if (!p.waitForFinished(600'000) || p.exitCode() != 0)
        return std::nullopt;
    return double(t.nsecsElapsed()) / 1e6;
}

void queryFigures(Connection &db, const QString &shellPath, qint64 nowMs, qint64 rows)
{
    bench::StatementTrace trace;
    const bool shell = !shellPath.isEmpty() && trace.attach(db);
    AuditQuery query(db);
    auto beside = [&]() -> QString {
        if (!shell || trace.lastSelect().isEmpty())
            return QString();
        const auto s = bench::shellMs(shellPath, trace.lastSelect());
        trace.clear();
        return u"   shell "_s + (s ? ms(*s) : u"n/a"_s);
    };
    out << Qt::endl << "first page (200 rows) and the view's count, median of 5" << Qt::endl;
    for (const NamedFilter &nf : filters(nowMs, rows)) {
        std::size_t n = 0;
        const QString pageMs = wallAndCpu([&] { n = query.page(nf.filter, {}, 200).size(); });
        const QString pageShell = beside();
        AuditCount count;
        const QString countMs = wallAndCpu([&] { count = query.countForView(nf.filter); });
        const QString countShell = beside();
        line(nf.name, u"page %1%2 (%3 rows)"_s.arg(pageMs, pageShell).arg(n));
        line(QString(), u"count%1%2 = %3%4"_s.arg(countMs, countShell)
                            .arg(count.value)
                            .arg(count.atLeast ? u"+"_s : QString()));
    }
    trace.detach();
}

struct Timed
{
    double wallMs = 0;
    double cpuMs = 0;
};

template<typename F> Timed timed(F f)
{
    QElapsedTimer t;
    t.start();
    const double cpu0 = threadCpuMs();
    f();
    return {double(t.nsecsElapsed()) / 1e6, threadCpuMs() - cpu0};
}

// The whole export through `readPath`; the statement SQLite ran for it in *streamSql.
qint64 exportAll(AuditQuery &query, const QString &file, AuditReadPath readPath,
                 bench::StatementTrace *trace, QString *streamSql)
{
    AuditCsvExport exporter(query, {}, file, readPath);
    while (!exporter.step(AuditJob::kExportChunkRows)) {
    }
    exporter.finish();
    // SQLITE_TRACE_PROFILE reports a statement when it has run to its end: now the stream's.
    if (trace)
        *streamSql = trace->lastSelect();
    return exporter.written();
}

QString rate(qint64 rows, double msValue)
{
    return QString::number(qint64(double(rows) / (msValue / 1000)));
}

// CPU time of the whole process (the parallel chain walk hashes on other threads).
double processCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// Issue 16 item 6: the chain check of every entry as the product runs it (the reader plus one
// hashing thread per core), the same walk in one thread, and through QSqlQuery; wall time and
// the CPU time of the whole process, best of three (the first run also warms the page cache).
void verifyFigures(Connection &db)
{
    struct Config
    {
        QString name;
        AuditReadPath path;
        int hashThreads;
    };
    const int cores = ChainWalkOptions::defaultHashThreads();
    const std::vector<Config> configs = {
        {u"verify chain, reader + %1 hashing threads"_s.arg(cores), AuditReadPath::Fastest, cores},
        {u"verify chain, reader + 1 hashing thread"_s, AuditReadPath::Fastest, 1},
        {u"verify chain, one thread (the walk before)"_s, AuditReadPath::Fastest, 0},
        {u"verify chain through QSqlQuery, %1 hashing threads"_s.arg(cores), AuditReadPath::QtSql,
         cores},
    };
    for (const Config &c : configs) {
        ChainWalkOptions options;
        options.path = c.path;
        options.hashThreads = c.hashThreads;
        ChainCheck check;
        Timed best{1e18, 1e18};
        for (int run = 0; run < 3; ++run) {
            QElapsedTimer t;
            t.start();
            const double cpu0 = processCpuMs();
            check = *AuditLog::verify(db, {}, options);
            const Timed one{double(t.nsecsElapsed()) / 1e6, processCpuMs() - cpu0};
            if (one.wallMs < best.wallMs)
                best = one;
        }
        line(u"%1 (%2 entries, %3)"_s.arg(c.name)
                 .arg(check.entries)
                 .arg(check.holds() ? u"holds"_s : u"BROKEN"_s),
             u"%1 (process cpu %2)"_s.arg(ms(best.wallMs), ms(best.cpuMs).trimmed()));
    }
}

// Issue 16 item 6: the export and the chain walk through the sqlite3 handle (the product's
// path), through QSqlQuery (the path before), and the export beside `sqlite3 -csv`.
void exportAndVerifyFigures(Connection &db, const QString &path, const QString &dir)
{
    out << Qt::endl;
    AuditQuery query(db);
    bench::StatementTrace trace;
    const bool shell = trace.attach(db);
    QString streamSql;
    qint64 rows = 0;
    const Timed fast = timed([&] {
        rows = exportAll(query, dir + u"/export.csv"_s, AuditReadPath::Fastest,
                         shell ? &trace : nullptr, &streamSql);
    });
    trace.detach();
    line(u"CSV export, no filter (%1 rows)"_s.arg(rows),
         u"%1 rows/s (%2; cpu %3 = %4 rows/s)"_s.arg(rate(rows, fast.wallMs), ms(fast.wallMs),
                                                     ms(fast.cpuMs).trimmed(),
                                                     rate(rows, fast.cpuMs)));
    if (shell) {
        const auto shellMs = shellCsvMs(path, streamSql);
        line(u"    the same statement in sqlite3 -csv"_s,
             shellMs ? u"%1 rows/s (%2)"_s.arg(rate(rows, *shellMs), ms(*shellMs)) : u"n/a"_s);
    }
    const Timed viaQt = timed([&] {
        exportAll(query, dir + u"/export-qt.csv"_s, AuditReadPath::QtSql, nullptr, nullptr);
    });
    line(u"    the same export through QSqlQuery"_s,
         u"%1 rows/s (%2; cpu %3 = %4 rows/s)"_s.arg(rate(rows, viaQt.wallMs), ms(viaQt.wallMs),
                                                     ms(viaQt.cpuMs).trimmed(),
                                                     rate(rows, viaQt.cpuMs)));
    verifyFigures(db);
}

void uiFigures(const QString &path, const QString &dir, qint64 nowMs, qint64 rows)
{
    out << Qt::endl
        << "UI thread, longest gap between 5 ms heartbeats (cpu: the most UI-thread CPU time "
           "between two of them)"
        << Qt::endl;
    SystemClock clock;
    Session session(path, clock);
    const std::unique_ptr<ui::ConsoleReads> reads = console::readsOf(session);
    ui::AuditView view(*reads);
    view.resize(1280, 700);
    view.show();
    QCoreApplication::processEvents();
    Heartbeat heartbeat;
    QElapsedTimer t;
    double jobMs = 0;
    const double verifyStall = heartbeat.measure([&] {
        QSignalSpy done(&view, &ui::AuditView::verifyFinished);
        t.start();
        view.startVerify();
        done.wait(600'000);
        jobMs = double(t.nsecsElapsed()) / 1e6;
    });
    line(u"Verify chain as a job (%1)"_s.arg(view.verifyText()),
         u"stall %1 (cpu %3), job %2"_s.arg(ms(verifyStall), ms(jobMs),
                                            ms(heartbeat.busiest()).trimmed()));
    const double exportStall = heartbeat.measure([&] {
        QSignalSpy done(&view, &ui::AuditView::exportFinished);
        t.restart();
        view.startExport(dir + u"/window.csv"_s);
        done.wait(600'000);
        jobMs = double(t.nsecsElapsed()) / 1e6;
    });
    line(u"CSV export as a job (%1)"_s.arg(view.exportMessage().section(u' ', 0, 2)),
         u"stall %1 (cpu %3), job %2"_s.arg(ms(exportStall), ms(jobMs),
                                            ms(heartbeat.busiest()).trimmed()));
    double filterStall = 0;
    double filterCpu = 0;
    for (const NamedFilter &nf : filters(nowMs, rows)) {
        filterStall = qMax(filterStall, heartbeat.measure([&] {
            view.actorFilter()->setText(nf.filter.actor);
            view.operationFilter()->setText(nf.filter.operationPrefix);
            view.actionFilter()->setCurrentIndex(
                qMax(0, view.actionFilter()->findData(nf.filter.action)));
            view.applyFilter();
            QTest::qWait(20);
        }));
        filterCpu = qMax(filterCpu, heartbeat.busiest());
    }
    line(u"applying each filter in the window (page + count)"_s,
         u"stall %1 (cpu %2)"_s.arg(ms(filterStall), ms(filterCpu).trimmed()));
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    const qint64 entries = argValue(args, u"--entries"_s, 1'000'000);
    const qint64 rows = qMax<qint64>(1, entries / 4);
    QTemporaryDir dir;
    const auto keep = args.indexOf(u"--keep"_s);
    const QString path =
        keep >= 0 && keep + 1 < args.size() ? args.at(keep + 1) : dir.path() + u"/audit.sqlite"_s;
    SystemClock clock;
    const qint64 nowMs = clock.nowMs();
    Connection db = Database::open(path, u"bench"_s);
    Database::migrate(db);
    // A --keep file that already holds the entries is measured again as it is (no generation).
    QSqlQuery existing(db);
    const bool generated = existing.exec(u"SELECT COUNT(*) FROM audit"_s) && existing.next() &&
                           existing.value(0).toLongLong() >= rows * 4;
    existing.finish();
    if (!generated) {
        QElapsedTimer gen;
        gen.start();
        generateOperations(db, rows, nowMs);
        const qint64 opsMs = gen.restart();
        generateAuditHistory(db, rows, nowMs);
        out << "generated " << rows << " operations in " << opsMs << " ms and " << rows * 4
            << " audit entries in " << gen.elapsed() << " ms (" << path << ")" << Qt::endl;
    }
    if (args.contains(u"--verify-only"_s)) {
        verifyFigures(db);
        return 0;
    }
    const bool exportOnly = args.contains(u"--export-only"_s);
    const bool uiOnly = args.contains(u"--ui-only"_s);
    if (!exportOnly && !uiOnly)
        queryFigures(db, args.contains(u"--shell"_s) ? path : QString(), nowMs, rows);
    if (!uiOnly)
        exportAndVerifyFigures(db, path, dir.path());
    if (!exportOnly)
        uiFigures(path, dir.path(), nowMs, rows);
    out << "peak memory (VmHWM): " << bench::peakMemory() << Qt::endl;
    return 0;
}
