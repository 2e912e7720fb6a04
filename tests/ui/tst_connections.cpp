// Tools → Connections and the mode badge (issue 17 items 3, 4) offscreen against a real
// provider-sim: saving writes owner-only secret files and no secret anywhere in QSettings or
// connections.ini; opsctl's reading sees what the dialog saved; an environment variable wins and
// the dialog says so; Check connection succeeds with the seed's key and shows the provider's
// refusal with a wrong one; bad base URLs and world-readable secret files are refused with the
// reason; a key that does not fit its URL is a warning first. Screenshots of the dialog and of
// every mode land in <build>/tests/ui/screenshots/ (connections.png, mode-*.png). The Adyen rows
// and the tabs are tst_connectionsadyen's, the team database row tst_connectionsdatabase's.

#include "config/engineenv.h"
#include "console/connectionsservice.h"
#include "console/consoleconnections.h"
#include "console/consolecontroller.h"
#include "console/sessionreads.h"
#include "dialogs/connectionsdialog.h"
#include "dialogs/resendconfirmdialog.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/rowactions.h"
#include "storage/session.h"
#include "support/connectionsdialogtest.h"
#include "support/simprocess.h"
#include "support/testpaths.h"
#include "transport/connectionsettings.h"
#include "transport/secrets.h"
#include "widgets/modebanner.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

QString screenshotDir()
{
    const QString dir = QDir(QCoreApplication::applicationDirPath()).filePath(u"screenshots"_s);
    QDir().mkpath(dir);
    return dir;
}

} // namespace

class TestConnections : public QObject, private test::ConnectionsFixture
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void savingWritesOwnerOnlyFilesAndNoSecretInSettings();
    void environmentOverrideIsShown();
    void checkConnectionAgainstTheSimulator();
    void checkConnectionWithAWrongKeyShowsTheRefusal();
    void badBaseUrlIsRefusedWithTheReason_data();
    void badBaseUrlIsRefusedWithTheReason();
    void worldReadableSecretFileIsRefused();
    void keyThatDoesNotFitItsUrlWarnsFirst_data();
    void keyThatDoesNotFitItsUrlWarnsFirst();
    void modeBadgeAndLiveBanner_data();
    void modeBadgeAndLiveBanner();
    void liveKeyAsksBeforeTheFirstResend();

private:
    void fillStripe(ui::ConnectionsDialog &d, const QString &url, const QString &key);
    // Stripe and Slen with `key`, the helpdesk without one, all at `url`.
    void fillAll(ui::ConnectionsDialog &d, const QString &url, const QString &key);
};

void TestConnections::initTestCase()
{
    const QString failed = setUpHome(ops::test::providerSimPath(), ops::test::sourceDir());
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
}

void TestConnections::init()
{
    resetConnections();
}

void TestConnections::cleanup()
{
    m_service.reset();
}

void TestConnections::fillStripe(ui::ConnectionsDialog &d, const QString &url, const QString &key)
{
    d.urlField(u"stripe"_s)->setText(url);
    d.secretField(u"stripe"_s)->setText(key);
}

void TestConnections::fillAll(ui::ConnectionsDialog &d, const QString &url, const QString &key)
{
    fillStripe(d, url, key);
    d.urlField(u"slen"_s)->setText(url);
    d.secretField(u"slen"_s)->setText(key);
    d.urlField(u"helpdesk"_s)->setText(url);
}

void TestConnections::savingWritesOwnerOnlyFilesAndNoSecretInSettings()
{
    const QString url = m_sim->baseUrl().toString();
    {
        auto d = openDialog();
        fillStripe(*d, url, u"sk_test_demo"_s);
        d->urlField(u"slen"_s)->setText(url);
        d->projectField(u"slen"_s)->setText(u"demo"_s);
        d->secretField(u"slen"_s)->setText(u"sk_test_demo"_s);
        d->urlField(u"helpdesk"_s)->setText(url);
        d->secretField(u"helpdesk"_s)->setText(u"hd_secret_value_77"_s);
        d->secretField(u"stripe-webhook"_s)->setText(u"whsec_demo_secret_4242"_s);
        QSettings().setValue(u"probe"_s, true); // the console's own settings file exists too
        QTest::mouseClick(d->saveButton(), Qt::LeftButton);
        QVERIFY2(d->result() == QDialog::Accepted, qPrintable(d->messageLabel()->text()));
    }
    for (const QString &name : {u"stripe"_s, u"slen"_s, u"helpdesk"_s, u"stripe-webhook"_s}) {
        const QFileInfo file(configDir() + u'/' + name + u".key"_s);
        QVERIFY2(file.exists(), qPrintable(file.filePath()));
        QCOMPARE(file.permissions() & test::kGroupOrOther, QFileDevice::Permissions());
        QVERIFY(file.permissions() & QFileDevice::ReadOwner);
    }
    QCOMPARE(test::readFile(configDir() + u"/stripe-webhook.key"_s).trimmed(),
             "whsec_demo_secret_4242");
    // No secret in the console's QSettings file, nor in connections.ini, nor anywhere else in
    // the folder but its own .key file.
    QSettings().sync();
    const QByteArray settings = test::readFile(QSettings().fileName());
    QVERIFY2(!settings.isEmpty(), qPrintable(QSettings().fileName()));
    const QByteArray ini = test::readFile(ConnectionSettings().path());
    QVERIFY2(ini.contains(url.toUtf8()), ini.constData());
    for (const QByteArray secret : {"sk_test_demo", "hd_secret_value_77", "whsec_demo_secret"}) {
        QVERIFY2(!settings.contains(secret), settings.constData());
        QVERIFY2(!ini.contains(secret), ini.constData());
    }
    // opsctl's reading (engineenv) sees what the dialog saved.
    const auto stripe = stripeConfigFromEnv();
    QVERIFY2(stripe, qPrintable(stripe.error()));
    QCOMPARE(stripe->baseUrl, m_sim->baseUrl());
    QCOMPARE(stripe->secret, u"sk_test_demo"_s);
    const auto slen = slenConfigFromEnv();
    QVERIFY2(slen, qPrintable(slen.error()));
    QCOMPARE(slen->project, u"demo"_s);
    // Never shown again in full: an empty field with the last four beside it.
    auto again = openDialog();
    QVERIFY(again->secretField(u"stripe"_s)->text().isEmpty());
    QCOMPARE(again->secretField(u"stripe"_s)->placeholderText(), u"saved ••••demo"_s);
    QCOMPARE(again->secretField(u"helpdesk"_s)->placeholderText(), u"saved ••••e_77"_s);
    QCOMPARE(again->urlField(u"stripe"_s)->text(), url);
    // Save again with empty secret fields keeps the saved secrets.
    QTest::mouseClick(again->saveButton(), Qt::LeftButton);
    QCOMPARE(again->result(), int(QDialog::Accepted));
    QCOMPARE(test::readFile(configDir() + u"/stripe.key"_s).trimmed(), "sk_test_demo");
}

void TestConnections::environmentOverrideIsShown()
{
    QVERIFY(EnvFileSecretSource().writeSecretFile(u"stripe"_s, u"sk_test_fromfile_1111"_s));
    qputenv("OPS_STRIPE_KEY", "sk_test_fromenv_2222");
    qputenv("OPS_STRIPE_URL", m_sim->baseUrl().toString().toUtf8());
    auto d = openDialog();
    const QString state = d->stateLabel(u"stripe"_s)->text();
    QVERIFY2(state.contains(u"OPS_STRIPE_KEY is set in the environment and wins"_s),
             qPrintable(state));
    QVERIFY2(state.contains(u"OPS_STRIPE_URL is set in the environment"_s), qPrintable(state));
    QVERIFY(!d->urlField(u"stripe"_s)->isEnabled());
    QCOMPARE(d->secretField(u"stripe"_s)->placeholderText(), u"from OPS_STRIPE_KEY ••••2222"_s);
    QVERIFY(d->stateLabel(u"slen"_s)->isHidden());
    QCOMPARE(stripeConfigFromEnv()->secret, u"sk_test_fromenv_2222"_s);
    QVERIFY(d->grab().save(screenshotDir() + u"/connections-env.png"_s));
}

void TestConnections::checkConnectionAgainstTheSimulator()
{
    auto d = openDialog();
    fillAll(*d, m_sim->baseUrl().toString(), u"sk_test_demo"_s);
    for (const QString &id : {u"stripe"_s, u"slen"_s, u"helpdesk"_s})
        QVERIFY(test::checkShows(*d, id, u"Connected"_s));
    QVERIFY(d->checkResult(u"stripe"_s)->text().contains(u"GET /v1/refunds?limit=1"_s));
    QVERIFY2(d->checkResult(u"helpdesk"_s)->text().contains(u"Connected to generic at "_s),
             qPrintable(d->checkResult(u"helpdesk"_s)->text()));
    // Checking writes nothing.
    QVERIFY(!QFile::exists(configDir() + u"/stripe.key"_s));
    QVERIFY(d->grab().save(screenshotDir() + u"/connections.png"_s));
}

void TestConnections::checkConnectionWithAWrongKeyShowsTheRefusal()
{
    auto d = openDialog();
    fillAll(*d, m_sim->baseUrl().toString(), u"sk_test_not_a_known_key"_s);
    for (const QString &id : {u"stripe"_s, u"slen"_s}) {
        QVERIFY(test::checkShows(*d, id, u"Refused: HTTP 401"_s));
        QVERIFY(!d->checkResult(id)->text().contains(u"sk_test_not_a_known_key"_s));
    }
    // The provider's own words.
    QVERIFY2(d->checkResult(u"stripe"_s)->text().contains(u"Invalid API Key provided"_s),
             qPrintable(d->checkResult(u"stripe"_s)->text()));
    // Nothing listens on port 9: no answer, said so.
    d->urlField(u"helpdesk"_s)->setText(u"http://127.0.0.1:9"_s);
    QVERIFY(test::checkShows(*d, u"helpdesk"_s, u"no answer"_s));
    QVERIFY(d->grab().save(screenshotDir() + u"/connections-refused.png"_s));
}

void TestConnections::badBaseUrlIsRefusedWithTheReason_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("reason");
    QTest::newRow("empty") << QString() << u"the base URL is empty"_s;
    QTest::newRow("not http") << u"ftp://files.example.com"_s << u"is not an http(s) URL"_s;
    QTest::newRow("no scheme") << u"api.stripe.com"_s << u"is not an http(s) URL"_s;
    QTest::newRow("credentials") << u"https://sk_live_x:@api.stripe.com"_s
                                 << u"the URL carries credentials"_s;
}

void TestConnections::badBaseUrlIsRefusedWithTheReason()
{
    QFETCH(QString, url);
    QFETCH(QString, reason);
    auto d = openDialog();
    fillStripe(*d, url, u"sk_test_demo"_s);
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QVERIFY(d->isVisible());
    QVERIFY2(d->messageLabel()->text().contains(reason), qPrintable(d->messageLabel()->text()));
    QVERIFY(d->messageLabel()->text().contains(u"Not saved"_s));
    // Nothing half-stored: neither the URL nor the secret.
    QVERIFY(!QFile::exists(configDir() + u"/stripe.key"_s));
    QVERIFY(!QFile::exists(ConnectionSettings().path()));
    // Check connection refuses it the same way, without a request.
    QTest::mouseClick(d->checkButton(u"stripe"_s), Qt::LeftButton);
    QVERIFY2(d->checkResult(u"stripe"_s)->text().contains(reason),
             qPrintable(d->checkResult(u"stripe"_s)->text()));
}

void TestConnections::worldReadableSecretFileIsRefused()
{
    QVERIFY(EnvFileSecretSource().writeSecretFile(u"stripe"_s, u"sk_test_demo"_s));
    const QString path = configDir() + u"/stripe.key"_s;
    QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                            QFileDevice::ReadGroup | QFileDevice::ReadOther));
    const QString fix = u"chmod 600 %1"_s.arg(path);
    // opsctl's reading refuses it …
    const auto refused = stripeConfigFromEnv();
    QVERIFY(!refused);
    QVERIFY2(refused.error().contains(fix), qPrintable(refused.error()));
    // … and the dialog says so, with the fix.
    auto d = openDialog();
    QVERIFY2(d->stateLabel(u"stripe"_s)->text().contains(fix),
             qPrintable(d->stateLabel(u"stripe"_s)->text()));
    QCOMPARE(d->secretField(u"stripe"_s)->placeholderText(), u"refused"_s);
    // Saving a new secret replaces it with an owner-only file.
    fillStripe(*d, m_sim->baseUrl().toString(), u"sk_test_demo"_s);
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QCOMPARE(d->result(), int(QDialog::Accepted));
    QCOMPARE(QFileInfo(path).permissions() & test::kGroupOrOther, QFileDevice::Permissions());
    QVERIFY(stripeConfigFromEnv());
}

void TestConnections::keyThatDoesNotFitItsUrlWarnsFirst_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("warning");
    QTest::newRow("live key against the simulator")
        << QString() << u"sk_live_51Habcdef1234"_s << u"a LIVE key against the simulator"_s;
    QTest::newRow("live key against localhost")
        << u"http://localhost:12111"_s << u"rk_live_51Habcdef1234"_s << u"a LIVE key"_s;
    QTest::newRow("test key against a live URL")
        << u"https://payments.example.com"_s << u"sk_test_demo"_s
        << u"a TEST key against https://payments.example.com"_s;
    QTest::newRow("test key against the simulator: no warning")
        << QString() << u"sk_test_demo"_s << QString();
    QTest::newRow("live key against a live URL: no warning")
        << u"https://payments.example.com"_s << u"sk_live_51Habcdef1234"_s << QString();
}

void TestConnections::keyThatDoesNotFitItsUrlWarnsFirst()
{
    QFETCH(QString, url);
    QFETCH(QString, key);
    QFETCH(QString, warning);
    auto d = openDialog();
    fillStripe(*d, url.isEmpty() ? m_sim->baseUrl().toString() : url, key);
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    if (warning.isEmpty()) {
        QCOMPARE(d->result(), int(QDialog::Accepted));
        return;
    }
    QVERIFY(d->isVisible());
    QVERIFY2(d->messageLabel()->text().contains(warning), qPrintable(d->messageLabel()->text()));
    QVERIFY(d->saveButton()->text().contains(u"anyway"_s));
    QVERIFY(!QFile::exists(configDir() + u"/stripe.key"_s)); // not before it is confirmed
    if (QTest::currentDataTag() == QByteArray("live key against the simulator"))
        QVERIFY(d->grab().save(screenshotDir() + u"/connections-warning.png"_s));
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QCOMPARE(d->result(), int(QDialog::Accepted));
    QCOMPARE(test::readFile(configDir() + u"/stripe.key"_s).trimmed(), key.toUtf8());
}

void TestConnections::modeBadgeAndLiveBanner_data()
{
    QTest::addColumn<QString>("stripeKey");
    QTest::addColumn<bool>("demo");
    QTest::addColumn<int>("mode");
    QTest::addColumn<QString>("badge");
    QTest::addColumn<QString>("adyenUrl"); // empty: Adyen not configured
    QTest::newRow("test") << u"sk_test_demo"_s << false << int(ui::ConnectionMode::Test)
                          << u"TEST"_s << QString();
    QTest::newRow("live") << u"sk_live_51Habcdef1234"_s << false << int(ui::ConnectionMode::Live)
                          << u"LIVE"_s << QString();
    QTest::newRow("simulator") << u"sk_test_demo"_s << true << int(ui::ConnectionMode::Simulator)
                               << u"SIMULATOR"_s << QString();
    QTest::newRow("none") << QString() << false << int(ui::ConnectionMode::Unconfigured)
                          << u"NOT CONNECTED"_s << QString();
    // Adyen's platform is the endpoint's: a test Stripe key does not make a live Adyen TEST.
    QTest::newRow("adyen live")
        << u"sk_test_demo"_s << false << int(ui::ConnectionMode::Live) << u"LIVE"_s
        << u"https://1797a841fbb37ca7-AdyenDemo-checkout-live.adyenpayments.com/checkout"_s;
    QTest::newRow("adyen test") << u"sk_test_demo"_s << false << int(ui::ConnectionMode::Test)
                                << u"TEST"_s << u"https://checkout-test.adyen.com"_s;
    QTest::newRow("simulator beside a live adyen")
        << u"sk_test_demo"_s << true << int(ui::ConnectionMode::Live) << u"LIVE"_s
        << u"https://1797a841fbb37ca7-AdyenDemo-checkout-live.adyenpayments.com/checkout"_s;
}

void TestConnections::modeBadgeAndLiveBanner()
{
    QFETCH(QString, stripeKey);
    QFETCH(bool, demo);
    QFETCH(int, mode);
    QFETCH(QString, badge);
    QFETCH(QString, adyenUrl);
    QTemporaryDir dir;
    SystemClock clock;
    const QString db = dir.filePath(u"ops.sqlite"_s);
    Session session(db, clock);
    ui::MainWindow window(console::readsOf(session), u"operator:alice"_s, u"operator:alice#t"_s);
    qputenv("OPS_STRIPE_URL", m_sim->baseUrl().toString().toUtf8());
    if (!stripeKey.isEmpty())
        qputenv("OPS_STRIPE_KEY", stripeKey.toUtf8());
    if (!adyenUrl.isEmpty()) {
        qputenv("OPS_ADYEN_URL", adyenUrl.toUtf8());
        qputenv("OPS_ADYEN_KEY", "AQEyhmfxK4_test_key");
        qputenv("OPS_ADYEN_MERCHANT", "NorthwindECOM");
    }
    console::ConsoleController controller(window, console::jobConfigFromEnvironment(db), clock);
    console::ConsoleConnections connections(window, controller, db,
                                            demo ? m_sim->baseUrl().toString() : QString());
    window.resize(1100, 560);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ui::ModeBanner *banner = connections.banner();
    QCOMPARE(int(banner->mode()), mode);
    QCOMPARE(banner->badge()->text(), badge);
    QVERIFY(banner->badge()->isVisible());
    const bool live = mode == int(ui::ConnectionMode::Live);
    QCOMPARE(banner->liveBanner()->isVisible(), live);
    if (live && !adyenUrl.isEmpty())
        QVERIFY2(banner->liveText()->text().contains(u"Adyen uses its live endpoint"_s),
                 qPrintable(banner->liveText()->text()));
    if (live && adyenUrl.isEmpty()) {
        QVERIFY(banner->liveText()->text().contains(u"real money moves"_s));
        QVERIFY(banner->liveText()->text().contains(u"••••1234"_s));
        QVERIFY(!banner->liveText()->text().contains(stripeKey)); // never the whole key
        // Across the window: the banner is as wide as the window.
        QVERIFY(banner->liveBanner()->width() >= window.width() - 4);
    }
    QVERIFY(window.grab().save(
        screenshotDir() + u"/mode-%1.png"_s.arg(QString::fromLatin1(QTest::currentDataTag()))));
}

void TestConnections::liveKeyAsksBeforeTheFirstResend()
{
    // The preference "ask before resending with a test key" is off; a live key saved through the
    // dialog still makes the first resend ask.
    ui::storeConfirmResendWithTestKey(false);
    QTemporaryDir dir;
    SystemClock clock;
    const QString db = dir.filePath(u"ops.sqlite"_s);
    Session session(db, clock);
    ui::MainWindow window(console::readsOf(session), u"operator:alice"_s, u"operator:alice#t"_s);
    console::ConsoleController controller(window, console::jobConfigFromEnvironment(db), clock);
    console::ConsoleConnections connections(window, controller, db, {});
    Operation op;
    op.id = u"op_live"_s;
    op.provider = Provider::Stripe;
    QVERIFY(!window.rows()->resendAsksFirst(op));
    ui::ConnectionsDialog *d = connections.openDialog();
    fillStripe(*d, u"https://payments.example.com"_s, u"sk_live_51Habcdef1234"_s);
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QTRY_VERIFY(!connections.dialog());
    QCOMPARE(connections.banner()->mode(), ui::ConnectionMode::Live);
    QCOMPARE(controller.config().stripe.secret, u"sk_live_51Habcdef1234"_s);
    QVERIFY(window.rows()->resendAsksFirst(op));
    ui::storeConfirmResendWithTestKey(true);
}

QTEST_MAIN(TestConnections)
#include "tst_connections.moc"
