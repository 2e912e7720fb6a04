// Tools → Connections, the Helpdesk tab (issue 51), offscreen against a real provider-sim that
// speaks Zendesk, Gorgias, Intercom and Freshdesk: the vendor, URL or subdomain, user and author
// are saved where opsctl reads them (connections.ini, the token in its 0600 file), Check
// connection asks the vendor who the token belongs to and moves nothing, and a configuration
// that cannot work (a bad subdomain, no token, no user, no author) is refused on Save with the
// reason and nothing saved. The screenshot connections-helpdesk.png lands in
// <build>/tests/ui/screenshots/.

#include "dialogs/connectionsdialog.h"
#include "outbox/helpdeskconfig.h"
#include "support/connectionsdialogtest.h"
#include "support/screenshots.h"
#include "support/testpaths.h"
#include "transport/connectionsettings.h"

#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

class TestConnectionsHelpdesk : public QObject, private test::ConnectionsFixture
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup() { m_service.reset(); }
    void zendeskIsCheckedSavedAndReadByOpsctl();
    void aWrongTokenIsRefusedByTheVendor();
    void aConfigurationThatCannotWorkIsRefused_data();
    void aConfigurationThatCannotWorkIsRefused();
    void theEnvironmentWinsAndSaysSo();
    void aSavedTokenStaysWithItsVendor();

private:
    QComboBox *vendor(ui::ConnectionsDialog &d)
    {
        return qobject_cast<QComboBox *>(d.extraField(u"helpdesk"_s, u"vendor"_s));
    }
    QLineEdit *field(ui::ConnectionsDialog &d, const QString &key)
    {
        return qobject_cast<QLineEdit *>(d.extraField(u"helpdesk"_s, key));
    }
    // Zendesk at the simulator with its default account.
    void fillZendesk(ui::ConnectionsDialog &d, const QString &token = u"zd_test_token"_s)
    {
        d.revealRow(u"helpdesk"_s);
        vendor(d)->setCurrentText(u"zendesk"_s);
        d.urlField(u"helpdesk"_s)->setText(m_sim->baseUrl().toString());
        field(d, u"user"_s)->setText(u"agent@example.com"_s);
        d.secretField(u"helpdesk"_s)->setText(token);
    }
};

void TestConnectionsHelpdesk::initTestCase()
{
    const QString failed = setUpHome(ops::test::providerSimPath(), ops::test::sourceDir());
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
}

void TestConnectionsHelpdesk::init()
{
    resetConnections();
    for (const char *name :
         {"OPS_HELPDESK_VENDOR", "OPS_HELPDESK_USER", "OPS_HELPDESK_AUTHOR", "OPS_HELPDESK_RATE"})
        qunsetenv(name);
}

void TestConnectionsHelpdesk::zendeskIsCheckedSavedAndReadByOpsctl()
{
    auto d = openDialog();
    QCOMPARE(d->pages()->tabText(d->pages()->indexOf(
                 d->secretField(u"helpdesk"_s)->parentWidget()->parentWidget())),
             u"Helpdesk"_s);
    QCOMPARE(vendor(*d)->currentText(), u"generic"_s);
    fillZendesk(*d);
    QVERIFY(test::checkShows(*d, u"helpdesk"_s, u"Connected to zendesk"_s));
    QVERIFY2(d->checkResult(u"helpdesk"_s)->text().contains(u"agent@example.com"_s),
             qPrintable(d->checkResult(u"helpdesk"_s)->text()));
    QVERIFY(!QFile::exists(configDir() + u"/helpdesk.key"_s)); // checking writes nothing
    QCOMPARE(m_sim->admin("GET", u"/_sim/helpdesk"_s)["tickets"].size(), 0u);
    QVERIFY(d->grab().save(test::screenshotDir() + u"/connections-helpdesk.png"_s));

    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QVERIFY2(!d->isVisible(), qPrintable(d->messageLabel()->text()));
    QFile key(configDir() + u"/helpdesk.key"_s);
    QVERIFY(key.exists());
    QCOMPARE(key.permissions() & test::kGroupOrOther, QFileDevice::Permissions());
    const auto config = helpdeskConfigFromEnvironment();
    QVERIFY2(config, qPrintable(config.error()));
    QCOMPARE(toString(config->vendor), u"zendesk"_s);
    QCOMPARE(config->user, u"agent@example.com"_s);
    QCOMPARE(config->secret, u"zd_test_token"_s);
    QCOMPARE(config->baseUrl, m_sim->baseUrl());

    // Opened again: the saved vendor and user, the token never shown.
    auto again = openDialog();
    QCOMPARE(vendor(*again)->currentText(), u"zendesk"_s);
    QCOMPARE(field(*again, u"user"_s)->text(), u"agent@example.com"_s);
    QVERIFY(again->secretField(u"helpdesk"_s)->text().isEmpty());
}

void TestConnectionsHelpdesk::aWrongTokenIsRefusedByTheVendor()
{
    auto d = openDialog();
    fillZendesk(*d, u"zd_wrong_token"_s);
    QVERIFY(test::checkShows(*d, u"helpdesk"_s, u"Not connected to zendesk"_s));
    QVERIFY2(d->checkResult(u"helpdesk"_s)->text().contains(u"HTTP 401"_s),
             qPrintable(d->checkResult(u"helpdesk"_s)->text()));
    QVERIFY(!d->checkResult(u"helpdesk"_s)->text().contains(u"zd_wrong_token"_s));
}

void TestConnectionsHelpdesk::aConfigurationThatCannotWorkIsRefused_data()
{
    QTest::addColumn<QString>("vendorName");
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("author");
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("reason");
    QTest::newRow("bad subdomain") << "zendesk"
                                   << "acme corp"
                                   << "a@b.c"
                                   << ""
                                   << "t"
                                   << "neither an http(s) URL nor a zendesk subdomain";
    QTest::newRow("no token") << "freshdesk"
                              << "acme"
                              << ""
                              << ""
                              << ""
                              << "freshdesk needs an API token";
    QTest::newRow("no user") << "gorgias"
                             << "acme"
                             << ""
                             << ""
                             << "t"
                             << "needs the e-mail of the user";
    QTest::newRow("no author") << "intercom"
                               << ""
                               << ""
                               << ""
                               << "t"
                               << "needs the admin id replies are sent as";
    QTest::newRow("not http") << "generic"
                              << "ftp://helpdesk.example"
                              << ""
                              << ""
                              << ""
                              << "http";
}

void TestConnectionsHelpdesk::aConfigurationThatCannotWorkIsRefused()
{
    QFETCH(QString, vendorName);
    QFETCH(QString, url);
    QFETCH(QString, user);
    QFETCH(QString, author);
    QFETCH(QString, token);
    QFETCH(QString, reason);
    auto d = openDialog();
    d->revealRow(u"stripe"_s);
    vendor(*d)->setCurrentText(vendorName);
    d->urlField(u"helpdesk"_s)->setText(url);
    field(*d, u"user"_s)->setText(user);
    field(*d, u"author"_s)->setText(author);
    d->secretField(u"helpdesk"_s)->setText(token);
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QVERIFY(d->isVisible());
    QVERIFY2(d->messageLabel()->text().contains(reason), qPrintable(d->messageLabel()->text()));
    // The problem's tab is shown, and nothing was saved.
    QCOMPARE(d->pages()->tabText(d->pages()->currentIndex()), u"Helpdesk"_s);
    QVERIFY(!QFile::exists(configDir() + u"/helpdesk.key"_s));
    QVERIFY(ConnectionSettings().value(u"helpdesk"_s, u"vendor"_s).value.isEmpty());
}

void TestConnectionsHelpdesk::theEnvironmentWinsAndSaysSo()
{
    qputenv("OPS_HELPDESK_VENDOR", "gorgias");
    auto d = openDialog();
    QCOMPARE(vendor(*d)->currentText(), u"gorgias"_s);
    QVERIFY(!vendor(*d)->isEnabled());
    QVERIFY2(d->stateLabel(u"helpdesk"_s)->text().contains(u"OPS_HELPDESK_VENDOR is set"_s),
             qPrintable(d->stateLabel(u"helpdesk"_s)->text()));
    qunsetenv("OPS_HELPDESK_VENDOR");
}

void TestConnectionsHelpdesk::aSavedTokenStaysWithItsVendor()
{
    auto d = openDialog();
    d->revealRow(u"helpdesk"_s);
    vendor(*d)->setCurrentText(u"zendesk"_s);
    d->urlField(u"helpdesk"_s)->setText(u"acme"_s);
    field(*d, u"user"_s)->setText(u"agent@example.com"_s);
    d->secretField(u"helpdesk"_s)->setText(u"zd_saved_token"_s);
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QVERIFY2(!d->isVisible(), qPrintable(d->messageLabel()->text()));
    // The same subdomain under another vendor is another host: the Zendesk token is not sent
    // there, on Check or on Save, until it is typed again.
    auto again = openDialog();
    again->revealRow(u"helpdesk"_s);
    vendor(*again)->setCurrentText(u"freshdesk"_s);
    QVERIFY(test::checkShows(*again, u"helpdesk"_s,
                             u"the saved key belongs to https://acme.zendesk.com"_s));
    QVERIFY(again->checkResult(u"helpdesk"_s)->text().contains(u"acme.freshdesk.com"_s));
    QTest::mouseClick(again->saveButton(), Qt::LeftButton);
    QVERIFY(again->isVisible());
    QVERIFY2(again->messageLabel()->text().contains(u"belongs to https://acme.zendesk.com"_s),
             qPrintable(again->messageLabel()->text()));
}

QTEST_MAIN(TestConnectionsHelpdesk)
#include "tst_connectionshelpdesk.moc"
