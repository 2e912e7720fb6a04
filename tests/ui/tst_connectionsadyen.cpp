// Tools → Connections for Adyen (issue 30), offscreen against a real provider-sim: the rows on
// their tabs (a problem on Save shows its tab); Adyen's API key, merchant account and HMAC key
// saved where opsctl, the MCP server and the receiver read them (0600 files, the merchant account
// in connections.ini, an environment variable shown winning); Check connection lists the merchant
// account's payment methods (POST /v71/paymentMethods) and shows Adyen's 401 and 403 901
// refusals; a bad merchant account or HMAC key, or an HMAC key without the merchant account it is
// for, is refused with nothing saved; a saved key goes to the saved URL only. The screenshot
// connections-adyen.png lands in <build>/tests/ui/screenshots/.

#include "config/engineenv.h"
#include "console/connectionsservice.h"
#include "dialogs/connectionsdialog.h"
#include "support/connectionsdialogtest.h"
#include "support/simprocess.h"
#include "support/testpaths.h"
#include "transport/connectionsettings.h"
#include "transport/secrets.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

// 64 hex digits, as Adyen's Customer Area shows an HMAC key.
const QString kHmacKey = u"4e6f72746877696e642064656d6f20484d41432c206e6f742061206b65792121"_s;

QString screenshotDir()
{
    const QString dir = QDir(QCoreApplication::applicationDirPath()).filePath(u"screenshots"_s);
    QDir().mkpath(dir);
    return dir;
}

} // namespace

class TestConnectionsAdyen : public QObject, private test::ConnectionsFixture
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup() { m_service.reset(); }
    void rowsAreGroupedIntoTabs();
    void adyenIsSavedCheckedAndReadByOpsctl();
    void adyenBadInputIsRefusedWithNothingSaved_data();
    void adyenBadInputIsRefusedWithNothingSaved();
    void hmacKeyWithoutItsMerchantAccountIsRefused();
    void adyenCheckShowsTheRefusal_data();
    void adyenCheckShowsTheRefusal();
    void savedKeyGoesToTheSavedUrlOnly();

private:
    // Adyen at the simulator with the seed's key and merchant account.
    void fillAdyen(ui::ConnectionsDialog &d, const QString &key = u"adyen_test_demo"_s)
    {
        d.urlField(u"adyen"_s)->setText(m_sim->baseUrl().toString());
        d.projectField(u"adyen"_s)->setText(u"NorthwindECOM"_s);
        d.secretField(u"adyen"_s)->setText(key);
    }
};

void TestConnectionsAdyen::initTestCase()
{
    const QString failed = setUpHome(ops::test::providerSimPath(), ops::test::sourceDir());
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
}

void TestConnectionsAdyen::init()
{
    resetConnections();
}

void TestConnectionsAdyen::rowsAreGroupedIntoTabs()
{
    auto d = openDialog();
    QTabWidget *pages = d->pages();
    QStringList titles;
    for (int i = 0; i < pages->count(); ++i)
        titles << pages->tabText(i);
    QCOMPARE(titles, (QStringList{u"Payment providers"_s, u"Notifications"_s, u"Credits"_s,
                                  u"Helpdesk"_s, u"Team database"_s}));
    const auto pageOf = [&](const QString &id) {
        return pages->indexOf(d->secretField(id)->parentWidget()->parentWidget());
    };
    QCOMPARE(pageOf(u"stripe"_s), 0);
    QCOMPARE(pageOf(u"adyen"_s), 0);
    QCOMPARE(pageOf(u"stripe-webhook"_s), 1);
    QCOMPARE(pageOf(u"adyen-hmac"_s), 1);
    QCOMPARE(pageOf(u"slen"_s), 2);
    QCOMPARE(pageOf(u"helpdesk"_s), 3);
    QCOMPARE(pageOf(u"database"_s), 4);
    // Notification keys have nothing to call.
    QVERIFY(!d->checkButton(u"adyen-hmac"_s));
    QVERIFY(!d->urlField(u"adyen-hmac"_s));
    // A problem on Save shows the tab of the row it is about.
    QCOMPARE(pages->currentIndex(), 0);
    d->secretField(u"adyen-hmac"_s)->setText(u"abc123"_s);
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QVERIFY(d->isVisible());
    QCOMPARE(pages->currentIndex(), 1);
    QVERIFY2(d->messageLabel()->text().contains(u"64 hex digits"_s),
             qPrintable(d->messageLabel()->text()));
}

void TestConnectionsAdyen::adyenIsSavedCheckedAndReadByOpsctl()
{
    auto d = openDialog();
    // The endpoint's default is Adyen's test platform.
    QCOMPARE(d->urlField(u"adyen"_s)->text(), u"https://checkout-test.adyen.com"_s);
    d->urlField(u"adyen"_s)->setText(m_sim->baseUrl().toString());
    d->projectField(u"adyen"_s)->setText(u"NorthwindECOM"_s);
    d->secretField(u"adyen"_s)->setText(u"adyen_test_demo"_s);
    d->secretField(u"adyen-hmac"_s)->setText(kHmacKey);
    QVERIFY(test::checkShows(*d, u"adyen"_s, u"Connected"_s));
    QVERIFY2(d->checkResult(u"adyen"_s)->text().contains(u"POST /v71/paymentMethods"_s),
             qPrintable(d->checkResult(u"adyen"_s)->text()));
    QVERIFY(d->grab().save(screenshotDir() + u"/connections-adyen.png"_s));
    QVERIFY(!QFile::exists(configDir() + u"/adyen.key"_s)); // checking writes nothing
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QVERIFY2(d->result() == QDialog::Accepted, qPrintable(d->messageLabel()->text()));
    for (const QString &name : {u"adyen.key"_s, u"adyen-hmac.key"_s}) {
        const QFileInfo file(configDir() + u'/' + name);
        QVERIFY2(file.exists(), qPrintable(file.filePath()));
        QCOMPARE(file.permissions() & test::kGroupOrOther, QFileDevice::Permissions());
    }
    const QByteArray ini = test::readFile(ConnectionSettings().path());
    QVERIFY2(ini.contains("merchant=NorthwindECOM"), ini.constData());
    QVERIFY2(!ini.contains("adyen_test_demo") && !ini.contains(kHmacKey.toLatin1()),
             ini.constData());
    // opsctl, the MCP server and the receiver read what the dialog saved.
    const auto config = adyenConfigFromEnv();
    QVERIFY2(config, qPrintable(config.error()));
    QCOMPARE(config->baseUrl, m_sim->baseUrl());
    QCOMPARE(config->secret, u"adyen_test_demo"_s);
    QCOMPARE(config->merchantAccount, u"NorthwindECOM"_s);
    const auto expectation = adyenExpectationFromEnv();
    QVERIFY2(expectation, qPrintable(expectation.error()));
    QCOMPARE(expectation->hmacKeys, QList<QByteArray>{kHmacKey.toLatin1()});
    // Reopened: the secrets are not shown, the merchant account is; the environment wins.
    qputenv("OPS_ADYEN_MERCHANT", "NorthwindPOS");
    auto again = openDialog();
    QCOMPARE(again->secretField(u"adyen"_s)->placeholderText(), u"saved ••••demo"_s);
    QCOMPARE(again->projectField(u"adyen"_s)->text(), u"NorthwindPOS"_s);
    QVERIFY(!again->projectField(u"adyen"_s)->isEnabled());
    QVERIFY2(again->stateLabel(u"adyen"_s)->text().contains(u"OPS_ADYEN_MERCHANT is set"_s),
             qPrintable(again->stateLabel(u"adyen"_s)->text()));
}

void TestConnectionsAdyen::adyenBadInputIsRefusedWithNothingSaved_data()
{
    QTest::addColumn<QString>("merchant");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("hmac");
    QTest::addColumn<QString>("reason");
    QTest::newRow("merchant with a space") << u"Northwind ECOM"_s << u"adyen_test_demo"_s
                                           << QString() << u"a merchant account is 1-80 letters"_s;
    QTest::newRow("merchant over 80") << QString(81, u'M') << u"adyen_test_demo"_s << QString()
                                      << u"a merchant account is 1-80 letters"_s;
    QTest::newRow("key without a merchant") << QString() << u"adyen_test_demo"_s << QString()
                                            << u"the merchant account is needed with an API key"_s;
    QTest::newRow("HMAC key cut short")
        << QString() << QString() << kHmacKey.left(63) << u"64 hex digits"_s;
    QTest::newRow("HMAC key not hex")
        << QString() << QString() << QString(64, u'g') << u"64 hex digits"_s;
    QTest::newRow("second HMAC key of a rotation bad")
        << QString() << QString() << kHmacKey + u",abc"_s << u"64 hex digits"_s;
}

void TestConnectionsAdyen::adyenBadInputIsRefusedWithNothingSaved()
{
    QFETCH(QString, merchant);
    QFETCH(QString, key);
    QFETCH(QString, hmac);
    QFETCH(QString, reason);
    auto d = openDialog();
    d->urlField(u"stripe"_s)->setText(m_sim->baseUrl().toString());
    d->secretField(u"stripe"_s)->setText(u"sk_test_demo"_s);
    d->projectField(u"adyen"_s)->setText(merchant);
    d->secretField(u"adyen"_s)->setText(key);
    d->secretField(u"adyen-hmac"_s)->setText(hmac);
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QVERIFY(d->isVisible());
    QVERIFY2(d->messageLabel()->text().contains(reason), qPrintable(d->messageLabel()->text()));
    // Nothing half-stored: not even the rows that were right.
    for (const QString &name : {u"stripe.key"_s, u"adyen.key"_s, u"adyen-hmac.key"_s})
        QVERIFY2(!QFile::exists(configDir() + u'/' + name), qPrintable(name));
    QVERIFY(!QFile::exists(ConnectionSettings().path()));
}

void TestConnectionsAdyen::adyenCheckShowsTheRefusal_data()
{
    QTest::addColumn<QString>("merchant");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("refusal");
    QTest::newRow("unknown key") << u"NorthwindECOM"_s << u"adyen_test_not_known"_s
                                 << u"Refused: HTTP 401 to POST /v71/paymentMethods"_s;
    QTest::newRow("another merchant account")
        << u"SomeoneElseECOM"_s << u"adyen_test_demo"_s
        << u"Refused: HTTP 403 to POST /v71/paymentMethods — 901 Invalid Merchant Account"_s;
}

void TestConnectionsAdyen::adyenCheckShowsTheRefusal()
{
    QFETCH(QString, merchant);
    QFETCH(QString, key);
    QFETCH(QString, refusal);
    auto d = openDialog();
    d->urlField(u"adyen"_s)->setText(m_sim->baseUrl().toString());
    d->projectField(u"adyen"_s)->setText(merchant);
    d->secretField(u"adyen"_s)->setText(key);
    QVERIFY(test::checkShows(*d, u"adyen"_s, refusal));
    QVERIFY(!d->checkResult(u"adyen"_s)->text().contains(key));
    QVERIFY(!QFile::exists(configDir() + u"/adyen.key"_s));
}

void TestConnectionsAdyen::hmacKeyWithoutItsMerchantAccountIsRefused()
{
    // opsctl serve refuses to start with an HMAC key and no merchant account (the receiver
    // checks each notification's account): the dialog must not save that half.
    auto d = openDialog();
    d->revealRow(u"adyen-hmac"_s);
    d->secretField(u"adyen-hmac"_s)->setText(kHmacKey);
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QVERIFY(d->isVisible());
    QVERIFY2(d->messageLabel()->text().contains(u"merchant account"_s),
             qPrintable(d->messageLabel()->text()));
    QCOMPARE(d->pages()->currentIndex(), 0); // the Adyen row's tab
    QVERIFY(!QFile::exists(configDir() + u"/adyen-hmac.key"_s));
    // With the account from the environment it is saved, and the receiver's settings read.
    qputenv("OPS_ADYEN_MERCHANT", "NorthwindECOM");
    auto again = openDialog();
    again->secretField(u"adyen-hmac"_s)->setText(kHmacKey);
    QTest::mouseClick(again->saveButton(), Qt::LeftButton);
    QVERIFY2(again->result() == QDialog::Accepted, qPrintable(again->messageLabel()->text()));
    const auto expectation = adyenExpectationFromEnv();
    QVERIFY2(expectation, qPrintable(expectation.error()));
}

void TestConnectionsAdyen::savedKeyGoesToTheSavedUrlOnly()
{
    auto d = openDialog();
    fillAdyen(*d);
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QVERIFY2(d->result() == QDialog::Accepted, qPrintable(d->messageLabel()->text()));
    m_sim->admin("DELETE", u"/_sim/requests"_s);
    // Reopened: the saved key is checked against the saved URL…
    auto again = openDialog();
    QVERIFY(again->secretField(u"adyen"_s)->text().isEmpty());
    QVERIFY(test::checkShows(*again, u"adyen"_s, u"Connected"_s));
    // …but not sent to another one, though it is the same simulator by another name: the key
    // must be typed again, to check or to save.
    const QString elsewhere = u"http://localhost:%1"_s.arg(m_sim->baseUrl().port());
    again->urlField(u"adyen"_s)->setText(elsewhere);
    QVERIFY(test::checkShows(*again, u"adyen"_s, u"type the key again"_s));
    QTest::mouseClick(again->saveButton(), Qt::LeftButton);
    QVERIFY(again->isVisible());
    QVERIFY2(again->messageLabel()->text().contains(u"the saved key belongs to"_s),
             qPrintable(again->messageLabel()->text()));
    QVERIFY(!test::readFile(ConnectionSettings().path()).contains("localhost"));
    QCOMPARE(m_sim->requests()["requests"].size(), 1u);
    // Typed again, it is checked and saved with the new URL.
    again->secretField(u"adyen"_s)->setText(u"adyen_test_demo"_s);
    QVERIFY(test::checkShows(*again, u"adyen"_s, u"Connected"_s));
    QTest::mouseClick(again->saveButton(), Qt::LeftButton);
    QVERIFY2(again->result() == QDialog::Accepted, qPrintable(again->messageLabel()->text()));
    // A URL from the environment is the key's own: checked without typing it.
    qputenv("OPS_ADYEN_URL", elsewhere.toUtf8());
    auto fromEnv = openDialog();
    QVERIFY(test::checkShows(*fromEnv, u"adyen"_s, u"Connected"_s));
}

QTEST_MAIN(TestConnectionsAdyen)
#include "tst_connectionsadyen.moc"
