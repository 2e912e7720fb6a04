#include "sqlshellcompare.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSqlDriver>
#include <QStandardPaths>
#include <QVariant>
#include <algorithm>
#include <sqlite3.h>
#include <vector>

using namespace Qt::StringLiterals;

namespace ops::bench {

namespace {

int onTrace(unsigned type, void *context, void *statement, void *elapsed)
{
    if (type != SQLITE_TRACE_PROFILE)
        return 0;
    auto *stmt = static_cast<sqlite3_stmt *>(statement);
    char *expanded = sqlite3_expanded_sql(stmt);
    if (!expanded)
        return 0;
    static_cast<StatementTrace *>(context)->record(QString::fromUtf8(expanded),
                                                   *static_cast<sqlite3_int64 *>(elapsed));
    sqlite3_free(expanded);
    return 0;
}

sqlite3 *handleOf(QSqlDatabase &db)
{
    const QVariant v = db.driver()->handle();
    if (!v.isValid() || qstrcmp(v.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(v.constData());
}

// Wall milliseconds for one shell process that runs `sql` `runs` times with output discarded.
std::optional<double> shellRun(const QString &shell, const QString &path, const QString &sql,
                               int runs)
{
    QString script = u".output /dev/null\n"_s;
    for (int i = 0; i < runs; ++i)
        script += sql + u";\n"_s;
    QProcess p;
    QElapsedTimer t;
    t.start();
    p.start(shell, {u"-readonly"_s, u"-bail"_s, path});
    if (!p.waitForStarted())
        return std::nullopt;
    p.write(script.toUtf8());
    p.closeWriteChannel();
    if (!p.waitForFinished(600'000) || p.exitCode() != 0)
        return std::nullopt;
    return double(t.nsecsElapsed()) / 1e6;
}

} // namespace

bool StatementTrace::attach(QSqlDatabase &db)
{
    sqlite3 *h = handleOf(db);
    if (!h)
        return false;
    sqlite3_trace_v2(h, SQLITE_TRACE_PROFILE, &onTrace, this);
    m_handle = h;
    return true;
}

void StatementTrace::detach()
{
    if (m_handle)
        sqlite3_trace_v2(static_cast<sqlite3 *>(m_handle), 0, nullptr, nullptr);
    m_handle = nullptr;
}

void StatementTrace::clear()
{
    m_lastSelect.clear();
    m_lastSelectNs = 0;
}

void StatementTrace::record(const QString &sql, qint64 ns)
{
    if (!sql.trimmed().startsWith(u"SELECT"_s, Qt::CaseInsensitive))
        return;
    m_lastSelect = sql;
    m_lastSelectNs = ns;
}

std::optional<double> shellMs(const QString &path, const QString &sql, int runs)
{
    const QString shell = QStandardPaths::findExecutable(u"sqlite3"_s);
    if (shell.isEmpty() || runs <= 0)
        return std::nullopt;
    const auto base = shellRun(shell, path, u"SELECT 1"_s, runs);
    const auto work = shellRun(shell, path, sql, runs);
    if (!base || !work)
        return std::nullopt;
    return std::max(0.0, (*work - *base) / runs);
}

double medianMs(const std::function<void()> &work, int runs)
{
    std::vector<double> samples;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        work();
        samples.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

QString peakMemory()
{
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return u"n/a"_s;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return QString::fromLatin1(line.mid(6).trimmed());
    }
    return u"n/a"_s;
}

} // namespace ops::bench
