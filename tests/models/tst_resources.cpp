// The resources compiled into the binaries against the files in the repository: every migration
// of every backend and every message template is in the build, numbered without a gap, and the
// schema version the code applies is the number of SQLite migrations.

#include "storage/db/database.h"
#include "support/testpaths.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace Qt::StringLiterals;

class TestResources : public QObject
{
    Q_OBJECT

private:
    static QStringList onDisk(const QString &folder, const QString &pattern)
    {
        return QDir(ops::test::sourceDir() + u"/resources/"_s + folder)
            .entryList({pattern}, QDir::Files, QDir::Name);
    }
    static QStringList compiledIn(const QString &folder, const QString &pattern)
    {
        return QDir(u":/"_s + folder).entryList({pattern}, QDir::Files, QDir::Name);
    }

private slots:
    void migrationsMatchTheFolders_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << u"sqlite"_s;
        QTest::newRow("postgresql") << u"postgresql"_s;
    }
    void migrationsMatchTheFolders()
    {
        QFETCH(QString, backend);
        const QString folder = u"migrations/"_s + backend;
        const QStringList disk = onDisk(folder, u"*.sql"_s);
        QVERIFY2(!disk.isEmpty(), qPrintable(folder));
        QCOMPARE(compiledIn(folder, u"*.sql"_s), disk);
        for (int i = 0; i < disk.size(); ++i)
            QVERIFY2(disk.at(i).startsWith(u"%1_"_s.arg(i + 1, 4, 10, QChar(u'0'))),
                     qPrintable(u"%1: %2 is not version %3"_s.arg(folder, disk.at(i)).arg(i + 1)));
    }
    void everyBackendHasEveryVersion()
    {
        QCOMPARE(onDisk(u"migrations/postgresql"_s, u"*.sql"_s),
                 onDisk(u"migrations/sqlite"_s, u"*.sql"_s));
    }
    void latestVersionIsTheNumberOfMigrations()
    {
        QCOMPARE(ops::Database::latestVersion(),
                 int(onDisk(u"migrations/sqlite"_s, u"*.sql"_s).size()));
    }
    void messageTemplatesAreCompiledIn()
    {
        const QStringList disk = onDisk(u"messages"_s, u"*.json"_s);
        QCOMPARE(disk, QStringList({u"en.json"_s, u"ru.json"_s, u"uk.json"_s}));
        QCOMPARE(compiledIn(u"messages"_s, u"*.json"_s), disk);
        for (const QString &name : disk) {
            QFile compiled(u":/messages/"_s + name);
            QFile source(ops::test::sourceDir() + u"/resources/messages/"_s + name);
            QVERIFY(compiled.open(QIODevice::ReadOnly));
            QVERIFY(source.open(QIODevice::ReadOnly));
            QCOMPARE(compiled.readAll(), source.readAll());
        }
    }
};

QTEST_GUILESS_MAIN(TestResources)
#include "tst_resources.moc"
