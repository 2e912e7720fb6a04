// The storage floor by its text (issue 25): above models/storage nothing names a Qt Sql type or
// reaches for a raw connection, and the storage headers the layers above may include name none
// either. sql_probe (this folder) proves the same by compiling; this suite says where.

#include "support/testpaths.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString kRoot = ops::test::sourceDir();

// Storage's own headers that need Qt Sql: only storage code and tests may include them.
const QStringList kInternalHeaders = {
    u"models/storage/db/database.h"_s,
    u"models/storage/db/pgconnection.h"_s,
    u"models/storage/db/pglistener.h"_s,
    u"models/storage/db/sqlconnection.h"_s,
    u"models/storage/db/sqldialect.h"_s,
    u"models/storage/db/sqliteread.h"_s,
    u"models/storage/db/sqlitetuning.h"_s,
    u"models/storage/db/sqltransaction.h"_s,
    u"models/storage/db/statementcache.h"_s,
    u"models/storage/records/operationrow.h"_s,
    u"models/storage/operations/operationopening.h"_s,
};

// Every C++ source and header under `folder` (relative to the source root), as root-relative
// paths.
QStringList sourcesUnder(const QString &folder)
{
    QStringList files;
    QDirIterator it(kRoot + u'/' + folder, {u"*.cpp"_s, u"*.h"_s}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next().mid(kRoot.size() + 1);
    files.sort();
    return files;
}

QString textOf(const QString &relative)
{
    QFile f(kRoot + u'/' + relative);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(relative));
    return QString::fromUtf8(f.readAll());
}

// "file:line: text" for each line of `files` that matches `pattern`.
QStringList hits(const QStringList &files, const QRegularExpression &pattern)
{
    QStringList found;
    for (const QString &file : files) {
        const QStringList lines = textOf(file).split(u'\n');
        for (qsizetype i = 0; i < lines.size(); ++i)
            if (pattern.match(lines[i]).hasMatch())
                found << u"%1:%2: %3"_s.arg(file).arg(i + 1).arg(lines[i].trimmed());
    }
    return found;
}

QStringList aboveTheFloor()
{
    return sourcesUnder(u"app"_s) + sourcesUnder(u"ui"_s) + sourcesUnder(u"models/itemmodels"_s);
}

} // namespace

class TestStorageFloor : public QObject
{
    Q_OBJECT

private slots:
    void theInternalListIsCurrent()
    {
        // A renamed or removed internal header must leave this list, or the checks below
        // would silently stop covering it.
        for (const QString &header : kInternalHeaders)
            QVERIFY2(QFile::exists(kRoot + u'/' + header), qPrintable(header));
    }

    void nothingAboveNamesQtSql()
    {
        const QStringList found = hits(aboveTheFloor(), QRegularExpression(u"QSql"_s));
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    }

    void nothingAboveReachesForAConnection()
    {
        const QStringList found = hits(
            aboveTheFloor(), QRegularExpression(u"(\\.|->)database\\(\\)|\\bconnectionOf\\("_s));
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    }

    void nothingAboveIncludesAnInternalHeader()
    {
        QStringList includes;
        for (const QString &header : kInternalHeaders)
            includes << QRegularExpression::escape(u"\"%1\""_s.arg(header.mid(7))); // models/
        const QRegularExpression pattern(u"#include (%1)"_s.arg(includes.join(u'|')));
        const QStringList found = hits(aboveTheFloor(), pattern);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    }

    void publicStorageHeadersNameNoQtSql()
    {
        QStringList publicHeaders;
        for (const QString &file : sourcesUnder(u"models/storage"_s))
            if (file.endsWith(u".h"_s) && !kInternalHeaders.contains(file))
                publicHeaders << file;
        QVERIFY(publicHeaders.size() > 20);
        QStringList internalIncludes;
        for (const QString &header : kInternalHeaders)
            internalIncludes << QRegularExpression::escape(u"\"%1\""_s.arg(header.mid(7)));
        const QRegularExpression pattern(u"QSql|#include (%1)"_s.arg(internalIncludes.join(u'|')));
        const QStringList found = hits(publicHeaders, pattern);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
    }
};

QTEST_GUILESS_MAIN(TestStorageFloor)
#include "support/testpaths.h"
#include "tst_storagefloor.moc"
