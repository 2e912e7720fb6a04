// Result<T> (issue 25 item 5): a value or an operator-readable reason, nothing in between.

#include "domain/result.h"

#include <QTest>
#include <memory>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

Result<int> half(int n)
{
    if (n % 2 != 0)
        return Failure{u"%1 is odd"_s.arg(n)};
    return n / 2;
}

Result<void> check(bool good)
{
    if (!good)
        return Result<void>::failure(u"not good"_s);
    return {};
}

} // namespace

class TestResult : public QObject
{
    Q_OBJECT
private slots:
    void valueIsOk();
    void failureCarriesItsText();
    void failureFactoryMatchesTheTag();
    void valueMovesOut();
    void valueOrFallsBackOnlyOnFailure();
    void voidResult();
};

void TestResult::valueIsOk()
{
    const auto r = half(8);
    QVERIFY(r.ok());
    QVERIFY(bool(r));
    QCOMPARE(*r, 4);
    QVERIFY(r.error().isEmpty());

    const Result<QString> text = u"hello"_s;
    QCOMPARE(text->size(), 5);
}

void TestResult::failureCarriesItsText()
{
    const auto r = half(7);
    QVERIFY(!r.ok());
    QVERIFY(!r);
    QCOMPARE(r.error(), u"7 is odd"_s);
}

void TestResult::failureFactoryMatchesTheTag()
{
    const auto r = Result<QStringList>::failure(u"no list"_s);
    QVERIFY(!r);
    QCOMPARE(r.error(), u"no list"_s);
}

void TestResult::valueMovesOut()
{
    Result<std::unique_ptr<int>> r = std::make_unique<int>(42);
    QVERIFY(r);
    const std::unique_ptr<int> owned = std::move(r).value();
    QVERIFY(owned);
    QCOMPARE(*owned, 42);
}

void TestResult::valueOrFallsBackOnlyOnFailure()
{
    QCOMPARE(half(10).valueOr(-1), 5);
    QCOMPARE(half(3).valueOr(-1), -1);
}

void TestResult::voidResult()
{
    const auto good = check(true);
    QVERIFY(good.ok());
    QVERIFY(good.error().isEmpty());
    const auto bad = check(false);
    QVERIFY(!bad);
    QCOMPARE(bad.error(), u"not good"_s);
    const Result<void> tagged = Failure{u"tagged"_s};
    QVERIFY(!tagged.ok());
    QCOMPARE(tagged.error(), u"tagged"_s);
}

QTEST_GUILESS_MAIN(TestResult)
#include "tst_result.moc"
