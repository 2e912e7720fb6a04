#pragma once

// A primary and its streaming standby on loopback for one test case (scripts/pg.sh start-pair
// DIR sync|async), stopped and removed with the object. Tests get the script through
// test::sourceDir().

#include "support/processrun.h"
#include "support/testpaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

using namespace Qt::StringLiterals;

namespace ops::test {

// Started by the constructor (error() says why not); stopped and removed by the destructor.
class Pair
{
public:
    // `mode`: "sync" or "async".
    explicit Pair(const QString &mode)
        : m_dir(QDir::tempPath() +
                u"/ops-failover-%1-%2"_s.arg(mode).arg(QCoreApplication::applicationPid()))
    {
        const ProcessRun r = pgsh({u"start-pair"_s, m_dir, mode});
        m_url = QString::fromUtf8(r.out).trimmed();
        m_error = r.exitCode == 0 ? QString() : r.errText();
    }
    ~Pair() { pgsh({u"stop"_s, m_dir}); }
    Pair(const Pair &) = delete;
    Pair &operator=(const Pair &) = delete;

    QString error() const { return m_error; }
    // The two-host URL (target_session_attrs=read-write).
    QString url() const { return m_url; }
    QString port(const QString &node) const
    {
        QFile f(m_dir + u'/' + node + u"/port"_s);
        return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll()).trimmed() : QString();
    }
    // A pg.sh command on the pair: "promote", "standby-down", "stop".
    bool run(const QString &command) const { return pgsh({command, m_dir}).exitCode == 0; }

private:
    static ProcessRun pgsh(const QStringList &args)
    {
        return runProcess(ops::test::sourceDir() + u"/scripts/pg.sh"_s, args);
    }
    QString m_dir;
    QString m_url;
    QString m_error;
};

} // namespace ops::test
