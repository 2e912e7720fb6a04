// Issue 54: a batch file read without a database or a provider (app/core/batch/batchfile.h):
// every bad file named by line with nothing kept, the units of work a re-run finds again, amounts
// in currency units, and the pacer's schedule on a manual clock.

#include "batch/batchfile.h"
#include "batch/batchrun.h"
#include "domain/csv.h"

#include <QRandomGenerator>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

const QByteArray kHeader = "order,charge,amount,currency,reference\n";

QString problemsText(const BatchFile &f)
{
    QStringList lines;
    for (const BatchProblem &p : f.problems)
        lines << u"%1: %2"_s.arg(p.line).arg(p.message);
    return lines.join(u"; "_s);
}

} // namespace

class TestBatchFile : public QObject
{
    Q_OBJECT

private slots:
    void goodFileReadsEveryRow();
    void semicolonFileTakesDecimalCommas();
    void badFilesNameTheirLine_data();
    void badFilesNameTheirLine();
    void everyProblemIsListed();
    void unitsOfWorkComeFromNameOrderAndReference();
    void badNamesAreRefused_data();
    void badNamesAreRefused();
    void pacerSpacesCallsWithoutBursts();
    void pacerHoldsForARetryAfter();
    void resultFileListsEveryRow();
};

void TestBatchFile::goodFileReadsEveryRow()
{
    const BatchFile f = readBatchFile("\xEF\xBB\xBF" // Excel's "CSV UTF-8" writes a BOM
                                      "Order,Charge,Amount,Currency,Reference,Reason,Ticket\r\n"
                                      "4417,ch_4417,12.50,USD,line-1,requested_by_customer,T-9\r\n"
                                      "\r\n" // a blank line is not a row
                                      "4418,ch_4418,3,jpy,,,\r\n"
                                      "4419,ch_4419,1.005,kwd,,,\r\n",
                                      u"jan-reprice"_s);
    QVERIFY2(f.ok(), qPrintable(problemsText(f)));
    QCOMPARE(f.lines, 3);
    QCOMPARE(f.rows.size(), size_t(3));
    const BatchRow &first = f.rows[0];
    QCOMPARE(first.line, 2);
    QCOMPARE(first.input.orderId, u"4417"_s);
    QCOMPARE(first.input.chargeId, u"ch_4417"_s);
    QCOMPARE(first.input.amountMinor, 1250);
    QCOMPARE(first.input.currency, u"usd"_s);
    QCOMPARE(first.input.reasonCode, u"requested_by_customer"_s);
    QVERIFY(first.input.reason.isEmpty()); // the engine sends Stripe's codes as the reason
    QCOMPARE(first.rowReference, u"line-1"_s);
    QCOMPARE(first.ticket, u"T-9"_s);
    QCOMPARE(first.input.reference, u"batch:jan-reprice:line-1"_s);
    QCOMPARE(f.rows[1].line, 4);
    QCOMPARE(f.rows[1].input.amountMinor, 3);    // yen have no minor unit
    QCOMPARE(f.rows[2].input.amountMinor, 1005); // dinars have three
}

void TestBatchFile::semicolonFileTakesDecimalCommas()
{
    const BatchFile f = readBatchFile("order;payment_intent;adyen_payment;amount;currency\n"
                                      "1;pi_1;;12,50;eur\n"
                                      "2;;DZ4DPSHB4WD2WN82;0,99;eur\n",
                                      u"b"_s);
    QVERIFY2(f.ok(), qPrintable(problemsText(f)));
    QCOMPARE(f.rows[0].input.amountMinor, 1250);
    QCOMPARE(f.rows[0].input.paymentIntentId, u"pi_1"_s);
    QCOMPARE(f.rows[1].input.adyenPaymentId, u"DZ4DPSHB4WD2WN82"_s);
    QVERIFY(f.rows[1].input.toAdyen());
}

void TestBatchFile::badFilesNameTheirLine_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("says");
    QTest::addRow("empty") << QByteArray() << 0 << u"empty"_s;
    QTest::addRow("only blank lines") << QByteArray("\n\r\n\n") << 0 << u"empty"_s;
    QTest::addRow("header only") << kHeader << 1 << u"no refunds"_s;
    QTest::addRow("missing column")
        << QByteArray("order,charge,amount\n1,ch_1,1.00\n") << 1 << u"'currency' is missing"_s;
    QTest::addRow("no target column") << QByteArray("order,amount,currency\n1,1.00,usd\n") << 1
                                      << u"charge, payment_intent or adyen_payment"_s;
    QTest::addRow("unknown column")
        << QByteArray("order,charge,amount,currency,amonut\n") << 1 << u"unknown column 'amonut'"_s;
    QTest::addRow("column twice") << QByteArray("order,charge,amount,currency,amount\n") << 1
                                  << u"appears twice"_s;
    QTest::addRow("quoted line break") << kHeader + "1,ch_1,1.00,usd,ok\n2,ch_2,1.00,usd,\"a\nb\"\n"
                                       << 3 << u"line break"_s;
    QTest::addRow("unclosed quote") << kHeader + "1,ch_1,1.00,usd,ok\n2,\"ch_2,1.00,usd,x\n"
                                    << 3 << u"not closed"_s;
    QTest::addRow("not UTF-8") << kHeader + "1,ch_1,1.00,usd,ok\n2,ch_\xff,1.00,usd,x\n"
                               << 3 << u"not UTF-8"_s;
    QTest::addRow("1e3") << kHeader + "1,ch_1,1e3,usd,x\n" << 2 << u"'1e3' is not an amount"_s;
    QTest::addRow("negative") << kHeader + "1,ch_1,-5.00,usd,x\n" << 2 << u"'-5.00'"_s;
    QTest::addRow("zero") << kHeader + "1,ch_1,0.00,usd,x\n" << 2 << u"more than zero"_s;
    QTest::addRow("thousands mark") << kHeader + "1,ch_1,\"1,000.00\",usd,x\n"
                                    << 2 << u"not an amount"_s;
    QTest::addRow("three decimals in usd") << kHeader + "1,ch_1,1.005,usd,x\n"
                                           << 2 << u"2 decimals at most"_s;
    QTest::addRow("decimals in jpy") << kHeader + "1,ch_1,10.5,jpy,x\n" << 2 << u"no decimals"_s;
    QTest::addRow("above Stripe's limit") << kHeader + "1,ch_1,1000000.00,usd,x\n"
                                          << 2 << u"maximum"_s;
    QTest::addRow("unknown currency") << kHeader + "1,ch_1,1.00,xyz,x\n"
                                      << 2 << u"unknown currency 'xyz'"_s;
    QTest::addRow("no order") << kHeader + ",ch_1,1.00,usd,x\n" << 2 << u"order id is empty"_s;
    QTest::addRow("no charge") << kHeader + "1,,1.00,usd,x\n" << 2 << u"nothing to refund"_s;
    QTest::addRow("short row") << kHeader + "1,ch_1,1.00\n" << 2 << u"3 fields; the header has 5"_s;
    QTest::addRow("unknown reason")
        << QByteArray("order,charge,amount,currency,reason\n1,ch_1,1.00,usd,oops\n") << 2
        << u"reason code must be one of"_s;
    QTest::addRow("same order and reference twice")
        << kHeader + "1,ch_1,1.00,usd,x\n1,ch_1,2.00,usd,x\n"
        << 3 << u"already on line 2"_s;
    QTest::addRow("same order without references")
        << QByteArray("order,charge,amount,currency\n1,ch_1,1.00,usd\n1,ch_1,2.00,usd\n") << 3
        << u"its own reference"_s;
    QByteArray big(kMaxBatchFileBytes + 1, 'x');
    QTest::addRow("too large") << big << 0 << u"at most"_s;
}

void TestBatchFile::badFilesNameTheirLine()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, line);
    QFETCH(QString, says);
    const BatchFile f = readBatchFile(bytes, u"b"_s);
    QVERIFY(!f.ok());
    QVERIFY2(std::any_of(
                 f.problems.begin(), f.problems.end(),
                 [&](const BatchProblem &p) { return p.line == line && p.message.contains(says); }),
             qPrintable(problemsText(f)));
}

void TestBatchFile::everyProblemIsListed()
{
    // Not only the first: one line per problem, the good rows still read (the check reads them at
    // the provider), and 10 MB-scale junk is refused whole rather than read.
    const BatchFile f = readBatchFile(kHeader + "1,ch_1,1e3,usd,a\n"
                                                "2,ch_2,2.00,usd,b\n"
                                                "3,ch_3,3.00,zzz,c\n",
                                      u"b"_s);
    QCOMPARE(f.problems.size(), size_t(2));
    QCOMPARE(f.problems[0].line, 2);
    QCOMPARE(f.problems[1].line, 4);
    QCOMPARE(f.rows.size(), size_t(1));
    QCOMPARE(f.rows[0].line, 3);
    QByteArray junk(2 * 1024 * 1024, '\0');
    for (char &c : junk)
        c = char(QRandomGenerator::global()->bounded(256));
    const BatchFile j = readBatchFile(junk, u"b"_s);
    QVERIFY(!j.ok());
    QVERIFY(j.rows.empty());
    QVERIFY2(j.problems.front().line >= 1, qPrintable(problemsText(j)));
}

void TestBatchFile::unitsOfWorkComeFromNameOrderAndReference()
{
    const QByteArray bytes = kHeader + "1,ch_1,1.00,usd,a\n1,ch_1,1.00,usd,b\n2,ch_2,1.00,usd,\n";
    const BatchFile first = readBatchFile(bytes, u"jan"_s);
    const BatchFile again = readBatchFile(bytes, u"jan"_s);
    const BatchFile other = readBatchFile(bytes, u"feb"_s);
    QVERIFY(first.ok());
    QStringList units;
    for (size_t i = 0; i < first.rows.size(); ++i) {
        const RefundInput &in = first.rows[i].input;
        // The same file under the same name: the same units (a re-run finds its rows).
        QCOMPARE(refundUnitOfWork(again.rows[i].input), refundUnitOfWork(in));
        QCOMPARE(again.rows[i].input.reference, in.reference);
        // Under another name: other references, so other units.
        QVERIFY(other.rows[i].input.reference != in.reference);
        units << refundUnitOfWork(in) + u'#' + in.reference;
    }
    QCOMPARE(units.size(), QSet<QString>(units.begin(), units.end()).size());
    QCOMPARE(first.rows[2].input.reference, u"batch:jan"_s);
}

void TestBatchFile::badNamesAreRefused_data()
{
    QTest::addColumn<QString>("name");
    QTest::addRow("empty") << QString();
    QTest::addRow("space") << u"jan reprice"_s;
    QTest::addRow("colon") << u"jan:1"_s;
    QTest::addRow("too long") << QString(65, u'a');
}

void TestBatchFile::badNamesAreRefused()
{
    QFETCH(QString, name);
    const BatchFile f = readBatchFile(kHeader + "1,ch_1,1.00,usd,a\n", name);
    QCOMPARE(f.problems.size(), size_t(1));
    QCOMPARE(f.problems[0].line, 0);
    QVERIFY(f.problems[0].message.contains(u"batch name"_s));
    QVERIFY(f.rows.empty());
}

void TestBatchFile::pacerSpacesCallsWithoutBursts()
{
    ManualClock clock;
    std::vector<qint64> slept;
    RatePacer pacer(
        clock,
        [&](std::chrono::milliseconds ms) {
            slept.push_back(ms.count());
            clock.advanceMs(ms.count());
        },
        4.0);              // 250 ms apart
    pacer.wait();          // the first at once
    pacer.wait();          // 250 ms later
    clock.advanceMs(100);  // a row that took 100 ms
    pacer.wait();          // waits the remaining 150
    clock.advanceMs(2000); // a row that took two seconds
    pacer.wait();          // late: at once…
    pacer.wait();          // …and the next a full interval later, not at once
    QCOMPARE(slept, (std::vector<qint64>{250, 150, 250}));
}

void TestBatchFile::pacerHoldsForARetryAfter()
{
    ManualClock clock;
    std::vector<qint64> slept;
    const Sleeper sleep = [&](std::chrono::milliseconds ms) {
        slept.push_back(ms.count());
        clock.advanceMs(ms.count());
    };
    RatePacer unpaced(clock, sleep, 0); // no pace of its own…
    unpaced.wait();
    unpaced.holdFor(std::chrono::seconds(3)); // …but a 429 said "Retry-After: 3"
    unpaced.wait();
    unpaced.wait();
    QCOMPARE(slept, (std::vector<qint64>{3000}));
    slept.clear();
    RatePacer paced(clock, sleep, 10.0); // 100 ms apart
    paced.wait();
    paced.holdFor(std::chrono::milliseconds(50)); // shorter than the pace: changes nothing
    paced.wait();
    QCOMPARE(slept, (std::vector<qint64>{100}));
}

void TestBatchFile::resultFileListsEveryRow()
{
    const BatchFile f = readBatchFile("order,charge,amount,currency,reference,ticket\n1,ch_1,1.00,"
                                      "usd,a,\n2,ch_2,1.00,usd,b,T-7\n",
                                      u"b"_s);
    QVERIFY(f.ok());
    BatchOutcome done;
    done.line = 2;
    done.operationId = u"op_1"_s;
    done.status = u"rejected"_s;
    done.reason = u"unknown_charge: the provider has no charge ch_1, \"really\""_s;
    const QByteArray out = batchResultCsv({done, notRun(f.rows[1])});
    const auto read = csv::parse(out);
    QVERIFY2(read, qPrintable(read.error()));
    QCOMPARE(read->size(), size_t(3));
    QCOMPARE(read->at(0), QStringList({u"line"_s, u"ticket"_s, u"operation_id"_s, u"status"_s,
                                       u"reason"_s, u"provider_reference"_s}));
    QCOMPARE(read->at(1).at(4), done.reason);
    QCOMPARE(read->at(2),
             QStringList({u"3"_s, u"T-7"_s, QString(), u"not_run"_s, QString(), QString()}));
    QCOMPARE(countByStatus({done, notRun(f.rows[1])}).value(u"not_run"_s), 1);
}

QTEST_GUILESS_MAIN(TestBatchFile)
#include "tst_batchfile.moc"
