// Writes PNGs of the console with demo data made by the real engine against provider-sim (a
// confirmed refund, unknown rows from stored 500s and exhausted retries, a refusal, a pending
// refund). The files land in <build>/tests/ui/screenshots/ for a person to look at.

#include "engine/refundengine.h"
#include "storage/access/operatordirectory.h"
#include "storage/db/database.h"
#include "support/simprocess.h"

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
    void mainWindowWithDemoData();
};

void TestScreenshot::mainWindowWithDemoData()
{
    test::SimProcess sim(QStringLiteral(OPS_PROVIDER_SIM_PATH),
                         test::SimProcess::demoSeedPath(QStringLiteral(OPS_SOURCE_DIR)));
    QVERIFY2(sim.start(), qPrintable(sim.error()));
    QTemporaryDir dir;
    const QString db = dir.path() + u"/demo.sqlite"_s;
    {
        SystemClock clock;
        Connection conn = Database::open(db, u"screenshot-demo"_s);
        Database::migrate(conn);
        addOperator(conn, 0, u"operator:alice"_s, u"alice"_s, Role::Supervisor);
        OperationStore store(conn, clock);
        QtHttpTransport transport;
        StripeClient client(transport,
                            {sim.baseUrl(), u"sk_test_demo"_s, std::chrono::milliseconds(1500)});
        EngineConfig config;
        config.backoffBase = std::chrono::milliseconds(1);
        config.backoffCap = std::chrono::milliseconds(2);
        RefundEngine engine(store, client, config, [](std::chrono::milliseconds) {});
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

    const QString out = QDir(QStringLiteral(QT_TESTCASE_BUILDDIR)).filePath(u"screenshots"_s);
    QVERIFY(QDir().mkpath(out));
    const QString png = out + u"/opsconsole-main.png"_s;
    QFile::remove(png);
    QProcess console;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    console.setProcessEnvironment(env);
    console.start(QStringLiteral(OPS_CONSOLE_PATH),
                  {u"--db"_s, db, u"--operator"_s, u"alice"_s, u"--screenshot"_s, png});
    QVERIFY(console.waitForFinished(30000));
    QCOMPARE(console.exitCode(), 0);
    QVERIFY(QString::fromUtf8(console.readAllStandardOutput()).contains(png));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 1200 && image.height() >= 800);
    qInfo("screenshot: %s", qPrintable(png));
}

QTEST_GUILESS_MAIN(TestScreenshot)
#include "tst_screenshot.moc"
