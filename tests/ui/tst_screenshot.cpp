// Writes PNGs of the console with demo data made by the real engine against provider-sim (a
// confirmed refund, unknown rows from stored 500s and exhausted retries, a refusal, a pending
// refund). The files land in <build>/tests/ui/screenshots/ for a person to look at. At 1024×700
// (`--size`) the window fits in each language: the PNG has the size asked for and the console
// reports no overflow. A malformed --size is refused with exit 2 and nothing written.

#include "engine/refundengine.h"
#include "storage/access/operatordirectory.h"
#include "storage/db/database.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QDir>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

class TestScreenshot : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void mainWindowWithDemoData();
    void fitsTheSmallScreen_data();
    void fitsTheSmallScreen();
    void malformedSizeIsRefused_data();
    void malformedSizeIsRefused();

private:
    struct Run
    {
        int exitCode = -1;
        QString out;
        QString err;
    };
    Run runConsole(const QStringList &extra) const;
    static QString shotPath(const QString &name);

    QTemporaryDir m_dir;
    QString m_db;
};

TestScreenshot::Run TestScreenshot::runConsole(const QStringList &extra) const
{
    QProcess console;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    console.setProcessEnvironment(env);
    console.start(ops::test::consolePath(),
                  QStringList{u"--db"_s, m_db, u"--operator"_s, u"alice"_s} + extra);
    if (!console.waitForFinished(30000))
        return {};
    return {console.exitCode(), QString::fromUtf8(console.readAllStandardOutput()),
            QString::fromUtf8(console.readAllStandardError())};
}

QString TestScreenshot::shotPath(const QString &name)
{
    const QString out = QDir(QCoreApplication::applicationDirPath()).filePath(u"screenshots"_s);
    QDir().mkpath(out);
    const QString png = out + u'/' + name;
    QFile::remove(png);
    return png;
}

void TestScreenshot::initTestCase()
{
    test::SimProcess sim(ops::test::providerSimPath(),
                         test::SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(sim.start(), qPrintable(sim.error()));
    const QString db = m_dir.path() + u"/demo.sqlite"_s;
    {
        SystemClock clock;
        Connection conn = Database::open(db, u"screenshot-demo"_s);
        Database::migrate(conn);
        addOperator(conn, 0, u"operator:alice"_s, u"alice"_s, Role::Supervisor);
        Session session(conn, clock);
        QtHttpTransport transport;
        StripeClient client(transport,
                            {sim.baseUrl(), u"sk_test_demo"_s, std::chrono::milliseconds(1500)});
        EngineConfig config;
        config.backoffBase = std::chrono::milliseconds(1);
        config.backoffCap = std::chrono::milliseconds(2);
        RefundEngine engine(session, client, config, [](std::chrono::milliseconds) {});
        const auto refund = [&](const char *order, const char *charge, qint64 amount,
                                const nlohmann::json &fault, int calls = 1) {
            if (!fault.is_null())
                sim.addFault(fault);
            for (int i = 0; i < calls; ++i)
                engine.refund(
                    {QString::fromLatin1(order), QString::fromLatin1(charge), amount, u"usd"_s},
                    u"agent:toolu_%1"_s.arg(QString::fromLatin1(order)));
            sim.clearFaults();
        };
        refund("4417", "ch_4417", 3800,
               {{"route", "POST /v1/refunds"},
                {"mode", "commit_then_hang"},
                {"count", 1},
                {"delay_ms", -1}});
        refund(
            "1001", "ch_1001", 5000,
            {{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}, {"apply", true}});
        refund("1002", "ch_1002", 2900,
               {{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}});
        refund("1002-b", "ch_1002", 1000, {{"route", "POST /v1/refunds"}, {"mode", "503"}}, 2);
        refund("1002-c", "ch_1002", 500, {{"route", "POST /v1/refunds"}, {"mode", "503"}});
        refund("4200", "ch_pending", 4200, nullptr);
        refund("1500", "ch_declined", 1500, nullptr);
        conn.close();
    }
    QSqlDatabase::removeDatabase(u"screenshot-demo"_s);
    m_db = db;
}

void TestScreenshot::mainWindowWithDemoData()
{
    const QString png = shotPath(u"opsconsole-main.png"_s);
    const Run run = runConsole({u"--screenshot"_s, png});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains(png));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 1200 && image.height() >= 800);
    qInfo("screenshot: %s", qPrintable(png));
}

void TestScreenshot::fitsTheSmallScreen_data()
{
    QTest::addColumn<QString>("language");
    for (const char *language : {"en", "ru", "uk"})
        QTest::addRow("%s", language) << QString::fromLatin1(language);
}

void TestScreenshot::fitsTheSmallScreen()
{
    QFETCH(QString, language);
    const QString png = shotPath(u"opsconsole-1024x700-%1.png"_s.arg(language));
    const Run run =
        runConsole({u"--language"_s, language, u"--size"_s, u"1024x700"_s, u"--screenshot"_s, png});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(!run.err.contains(u"does not fit"_s), qPrintable(run.err));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(1024, 700));
    qInfo("screenshot: %s", qPrintable(png));
}

void TestScreenshot::malformedSizeIsRefused_data()
{
    QTest::addColumn<QString>("size");
    QTest::addRow("one side") << u"1024"_s;
    QTest::addRow("three sides") << u"1024x700x2"_s;
    QTest::addRow("letters") << u"widex700"_s;
    QTest::addRow("too small") << u"100x100"_s;
    QTest::addRow("too large") << u"99999x700"_s;
    QTest::addRow("negative") << u"-1024x700"_s;
    QTest::addRow("star") << u"1024*700"_s;
}

void TestScreenshot::malformedSizeIsRefused()
{
    QFETCH(QString, size);
    const QString png = shotPath(u"opsconsole-bad-size.png"_s);
    const Run run = runConsole({u"--size"_s, size, u"--screenshot"_s, png});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(u"--size must be WIDTHxHEIGHT"_s), qPrintable(run.err));
    QVERIFY(!QFile::exists(png));
}

QTEST_GUILESS_MAIN(TestScreenshot)
#include "tst_screenshot.moc"
