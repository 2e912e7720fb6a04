// One number format per language (issue 50 item 9): the provider look-up writes amounts the way
// the operations table does. In Ukrainian the look-up wrote "115.00 USD" next to a table that
// writes "115,00 USD". The look-up runs against a canned Stripe (a charge and its one refund),
// the table over a real SQLite store holding the same amount.

#include "common/language.h"
#include "console/providerlookup.h"
#include "itemmodels/localeformat.h"
#include "itemmodels/operationtablemodel.h"
#include "storage/operations/operationquery.h"
#include "storage/session.h"
#include "stripe/stripeclient.h"
#include "support/messagefixture.h"
#include "support/storefixture.h"
#include "transport/httptransport.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

constexpr qint64 kAmount = 1234567; // 12 345,67: both the grouping and the decimal separator
const QString kId = u"op_lookup_locale"_s;

// Stripe as the look-up reads it: GET the charge, then one page of its refunds holding ours.
class CannedStripe final : public HttpTransport
{
public:
    HttpResponse send(const HttpRequest &request, std::chrono::milliseconds) override
    {
        HttpResponse r;
        r.status = 200;
        if (request.url.path().startsWith(u"/v1/charges/"_s))
            r.body = R"({"id": "ch_4417", "object": "charge", "currency": "usd", "amount": )" +
                     QByteArray::number(kAmount) + R"(, "amount_refunded": )" +
                     QByteArray::number(kAmount) + "}";
        else
            r.body = R"({"object": "list", "has_more": false, "data": [{"id": "re_1",)"
                     R"( "object": "refund", "status": "succeeded", "amount": )" +
                     QByteArray::number(kAmount) + R"(, "metadata": {"operation_id": ")" +
                     kId.toUtf8() + R"("}}]})";
        return r;
    }
};

} // namespace

class TestLookupLocale : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { ui::applyLanguage(u"en"_s, QLocale(QLocale::English, QLocale::UnitedStates)); }
    void lookUpWritesAmountsAsTheTableDoes_data();
    void lookUpWritesAmountsAsTheTableDoes();
};

void TestLookupLocale::lookUpWritesAmountsAsTheTableDoes_data()
{
    QTest::addColumn<QString>("language");
    for (const QString &language : ui::supportedLanguages())
        QTest::addRow("%s", qPrintable(language)) << language;
}

void TestLookupLocale::lookUpWritesAmountsAsTheTableDoes()
{
    QFETCH(QString, language);
    QVERIFY(ui::applyLanguage(language, ui::localeFor(language, QLocale::system())));
    test::StoreFixture fx;
    NewOperation made = test::refundOperation(kId);
    made.amount = {kAmount, u"usd"_s};
    const Operation op = test::operationIn(fx.store(), made, OperationState::Unknown);
    Session session(fx.path(), fx.clock());
    OperationTableModel table(session.query());
    table.setFilter({});
    QCOMPARE(table.rowCount(), 1);
    const QString cell =
        table.data(table.index(0, OperationTableModel::AmountColumn), Qt::DisplayRole).toString();
    QCOMPARE(cell, formatMoney(op.amount, QLocale()));

    CannedStripe stripe;
    StripeClient client(stripe, {QUrl(u"http://stripe.invalid"_s), u"sk_test"_s});
    const std::atomic_bool cancelled = false;
    const LookupAnswer answer = console::lookUpRefund(client, op, cancelled);
    QVERIFY2(answer.error.isEmpty(), qPrintable(answer.error));
    // The charge, its refunded total and the refund found: three amounts, each as the table.
    QCOMPARE(answer.summary.count(cell), 3);
    if (language != u"en"_s)
        QVERIFY2(!answer.summary.contains(u"12345.67"_s), qPrintable(answer.summary));
}

QTEST_MAIN(TestLookupLocale)
#include "tst_lookuplocale.moc"
