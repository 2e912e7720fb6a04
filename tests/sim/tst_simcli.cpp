// provider-sim's command line (docs/design.md §9): the first stdout line, loopback-only binding,
// seed file errors, --fault-seed.

#include "support/simtestutil.h"
#include "support/testpaths.h"

#include <QProcess>
#include <QTcpServer>
#include <QTemporaryFile>

using namespace ops::test;

class TestSimCli : public QObject
{
    Q_OBJECT

private:
    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };

    static Run runToExit(const QStringList &args)
    {
        QProcess p;
        p.start(ops::test::providerSimPath(), args);
        Run r;
        if (!p.waitForFinished(10000)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.exitCode = p.exitCode();
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }

private slots:
    void firstLineNamesTheLoopbackPort()
    {
        SimProcess sim(ops::test::providerSimPath());
        QVERIFY2(sim.start(), qPrintable(sim.error()));
        QVERIFY(sim.port() > 0);
        QCOMPARE(sim.firstLine(),
                 QStringLiteral("provider-sim listening on http://127.0.0.1:%1").arg(sim.port()));
        QCOMPARE(sim.request("GET", QStringLiteral("/_sim/health")).status, 200);
    }

    void explicitPortIsUsed()
    {
        // Find a free port, release it, and ask provider-sim for it.
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const quint16 port = probe.serverPort();
        probe.close();
        SimProcess sim(ops::test::providerSimPath());
        QVERIFY2(sim.start({QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(port)}),
                 qPrintable(sim.error()));
        QCOMPARE(sim.port(), port);
    }

    void refusesBadStart_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("stderrMentions");
        QTest::addRow("any address")
            << QStringList{QStringLiteral("--listen"), QStringLiteral("0.0.0.0:0")}
            << QStringLiteral("--allow-non-loopback");
        QTest::addRow("not an address")
            << QStringList{QStringLiteral("--listen"), QStringLiteral("nowhere")}
            << QStringLiteral("HOST:PORT");
        QTest::addRow("missing seed file")
            << QStringList{QStringLiteral("--seed"), QStringLiteral("/nonexistent/seed.json")}
            << QStringLiteral("cannot read seed file");
        QTest::addRow("bad fault seed")
            << QStringList{QStringLiteral("--fault-seed"), QStringLiteral("x")}
            << QStringLiteral("--fault-seed");
        QTest::addRow("unknown option")
            << QStringList{QStringLiteral("--bogus")} << QStringLiteral("bogus");
    }

    void refusesBadStart()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, stderrMentions);
        const Run r = runToExit(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.out.isEmpty(), r.out.constData()); // no "listening" line
        QVERIFY2(QString::fromUtf8(r.err).contains(stderrMentions), r.err.constData());
    }

    void refusesMalformedSeedFile_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("stderrMentions");
        QTest::addRow("not json") << QByteArray("{api_keys:") << QStringLiteral("not valid JSON");
        QTest::addRow("not an object") << QByteArray("[1,2]") << QStringLiteral("JSON object");
        QTest::addRow("charge without amount")
            << QByteArray(R"({"charges":[{"id":"ch_x"}]})") << QStringLiteral("amount");
        QTest::addRow("api key without project")
            << QByteArray(R"({"api_keys":[{"key":"sk_x"}]})") << QStringLiteral("project");
    }

    void refusesMalformedSeedFile()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, stderrMentions);
        QTemporaryFile file;
        QVERIFY(file.open());
        file.write(content);
        file.flush();
        const Run r = runToExit({QStringLiteral("--seed"), file.fileName()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(stderrMentions), r.err.constData());
    }

    void nonLoopbackNeedsExplicitPermission()
    {
        SimProcess sim(ops::test::providerSimPath());
        QVERIFY2(sim.start({QStringLiteral("--listen"), QStringLiteral("0.0.0.0:0"),
                            QStringLiteral("--allow-non-loopback")}),
                 qPrintable(sim.error()));
        QVERIFY(
            sim.firstLine().startsWith(QLatin1String("provider-sim listening on http://0.0.0.0:")));
        // Admin routes still answer over loopback.
        QCOMPARE(sim.request("GET", QStringLiteral("/_sim/health")).status, 200);
    }

    void demoSeedServesCharges()
    {
        auto sim = startDemoSim();
        QVERIFY(sim->isRunning());
        const HttpReply r = stripeGet(*sim, QStringLiteral("/v1/charges/ch_4417"));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json()["amount"].get<int>(), 3800);
        QCOMPARE(str(r.json(), "currency"), QStringLiteral("usd"));
    }
};

QTEST_GUILESS_MAIN(TestSimCli)
#include "tst_simcli.moc"
