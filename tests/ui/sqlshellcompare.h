#pragma once

// Benchmark support: runs the exact statement the console's query layer ran, with its bound
// values expanded by SQLite itself, in the `sqlite3` command-line shell, so a figure for the
// model can be set beside the same SQL without Qt. SQLite-only; needs the QSQLITE driver to be
// linked against the same libsqlite3 as this program (true for Debian's Qt).

#include <QSqlDatabase>
#include <QString>
#include <functional>
#include <optional>

namespace ops::bench {

class StatementTrace
{
public:
    // Starts recording the statements `db` runs. Returns false when the driver exposes no
    // sqlite3 handle.
    bool attach(QSqlDatabase &db);
    void detach();
    // Forgets what was recorded so far.
    void clear();
    // The last statement that returned rows, bound values expanded, and what SQLite measured
    // for it (nanoseconds, from SQLITE_TRACE_PROFILE).
    QString lastSelect() const { return m_lastSelect; }
    qint64 lastSelectNs() const { return m_lastSelectNs; }

    void record(const QString &sql, qint64 ns);

private:
    void *m_handle = nullptr;
    QString m_lastSelect;
    qint64 m_lastSelectNs = 0;
};

// Mean wall time in milliseconds of one run of `sql` in `sqlite3 -readonly path`, over
// `runs` repetitions inside one shell process, minus the cost of the same process running
// `SELECT 1` as often. Empty when the shell is missing or fails.
std::optional<double> shellMs(const QString &path, const QString &sql, int runs = 20);

// Median of `runs` timings of `work` in milliseconds (the first run included).
double medianMs(const std::function<void()> &work, int runs = 5);

// Peak resident memory of this process (VmHWM), as the kernel writes it, or "n/a".
QString peakMemory();

} // namespace ops::bench
