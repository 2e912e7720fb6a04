// Tools → Connections and the mode badge (issue 17 items 3, 4) offscreen against a real
// provider-sim: saving writes owner-only secret files and no secret anywhere in QSettings or
// connections.ini; opsctl's reading sees what the dialog saved; an environment variable wins and
// the dialog says so; Check connection succeeds with the seed's key and shows the provider's
// refusal with a wrong one; bad base URLs and world-readable secret files are refused with the
// reason; a key that does not fit its URL is a warning first. Screenshots of the dialog and of
// every mode land in <build>/tests/ui/screenshots/ (connections.png, mode-*.png). Adyen (issue
// 30): its API key, merchant account and HMAC key are saved where opsctl reads them, Check
// connection lists the merchant account's payment methods at the simulator, and a bad merchant
// account or HMAC key is refused with nothing saved. The team database row is
// tst_connectionsdatabase's.

#include "config/engineenv.h"
#include "console/connectionsservice.h"
#include "console/consoleconnections.h"
#include "console/consolecontroller.h"
#include "dialogs/connectionsdialog.h"
#include "dialogs/resendconfirmdialog.h"
#include "mainwindow/mainwindow.h"
#include "storage/session.h"
#include "support/simprocess.h"
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
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

const char *const kProviderVariables[] = {"OPS_STRIPE_URL",
                                          "OPS_STRIPE_KEY",
                                          "OPS_SLEN_URL",
                                          "OPS_SLEN_KEY",
                                          "OPS_SLEN_PROJECT",
                                          "OPS_HELPDESK_URL",
                                          "OPS_HELPDESK_KEY",
                                          "OPS_STRIPE_WEBHOOK_SECRET",
                                          "OPS_DB",
                                          "PGPASSWORD",
                                          "OPS_ADYEN_URL",
                                          "OPS_ADYEN_KEY",
                                          "OPS_ADYEN_MERCHANT",
                                          "OPS_ADYEN_HMAC_KEY"};

// 64 hex digits, as Adyen's Customer Area shows an HMAC key.
const QString kHmacKey = u"4e6f72746877696e642064656d6f20484d41432c206e6f742061206b65792121"_s;

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString screenshotDir()
{
    const QString dir = QDir(QStringLiteral(QT_TESTCASE_BUILDDIR)).filePath(u"screenshots"_s);
    QDir().mkpath(dir);
    return dir;
}

constexpr auto kGroupOrOther = QFileDevice::ReadGroup | QFileDevice::WriteGroup |
                               QFileDevice::ExeGroup | QFileDevice::ReadOther |
                               QFileDevice::WriteOther | QFileDevice::ExeOther;

} // namespace

class TestConnections : public QObject
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
    void rowsAreGroupedIntoTabs();
    void adyenIsSavedCheckedAndReadByOpsctl();
    void adyenBadInputIsRefusedWithNothingSaved_data();
    void adyenBadInputIsRefusedWithNothingSaved();
    void adyenCheckShowsTheRefusal_data();
    void adyenCheckShowsTheRefusal();

private:
    QString configDir() const { return m_xdg.path() + u"/opsconsole"_s; }
    std::unique_ptr<ui::ConnectionsDialog> openDialog();
    void fillStripe(ui::ConnectionsDialog &d, const QString &url, const QString &key);
    // Stripe and Slen with `key`, the helpdesk without one, all at `url`.
    void fillAll(ui::ConnectionsDialog &d, const QString &url, const QString &key);
    // Presses Check connection on row `id` and waits for a result containing `expected`.
    static bool checkShows(ui::ConnectionsDialog &d, const QString &id, const QString &expected);

    QTemporaryDir m_xdg;
    std::unique_ptr<test::SimProcess> m_sim;
    std::unique_ptr<console::ConnectionsService> m_service;
};

void TestConnections::initTestCase()
{
    QVERIFY(m_xdg.isValid());
    // The user's configuration folder is this test's: QStandardPaths reads it on every call.
    qputenv("XDG_CONFIG_HOME", m_xdg.path().toUtf8());
    QCOMPARE(opsConfigDir(), configDir());
    m_sim = std::make_unique<test::SimProcess>(
        QStringLiteral(OPS_PROVIDER_SIM_PATH),
        test::SimProcess::demoSeedPath(QStringLiteral(OPS_SOURCE_DIR)));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
}

void TestConnections::init()
{
    for (const char *name : kProviderVariables)
        qunsetenv(name);
    QDir(configDir()).removeRecursively();
    m_service = std::make_unique<console::ConnectionsService>();
}

void TestConnections::cleanup()
{
    m_service.reset();
}

std::unique_ptr<ui::ConnectionsDialog> TestConnections::openDialog()
{
    auto d = std::make_unique<ui::ConnectionsDialog>(*m_service);
    d->show();
    return d;
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

bool TestConnections::checkShows(ui::ConnectionsDialog &d, const QString &id,
                                 const QString &expected)
{
    d.revealRow(id); // its tab: a button on a hidden tab takes no click
    QTest::mouseClick(d.checkButton(id), Qt::LeftButton);
    const bool shown =
        QTest::qWaitFor([&] { return d.checkResult(id)->text().contains(expected); }, 10000);
    if (!shown)
        qWarning() << id << "shows" << d.checkResult(id)->text();
    return shown;
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
        QCOMPARE(file.permissions() & kGroupOrOther, QFileDevice::Permissions());
        QVERIFY(file.permissions() & QFileDevice::ReadOwner);
    }
    QCOMPARE(readAll(configDir() + u"/stripe-webhook.key"_s).trimmed(), "whsec_demo_secret_4242");
    // No secret in the console's QSettings file, nor in connections.ini, nor anywhere else in
    // the folder but its own .key file.
    QSettings().sync();
    const QByteArray settings = readAll(QSettings().fileName());
    QVERIFY2(!settings.isEmpty(), qPrintable(QSettings().fileName()));
    const QByteArray ini = readAll(ConnectionSettings().path());
    QVERIFY2(ini.contains(url.toUtf8()), ini.constData());
    for (const QByteArray secret : {"sk_test_demo", "hd_secret_value_77", "whsec_demo_secret"}) {
        QVERIFY2(!settings.contains(secret), settings.constData());
        QVERIFY2(!ini.contains(secret), ini.constData());
    }
    // opsctl's reading (engineenv) sees what the dialog saved.
    QString error;
    const auto stripe = stripeConfigFromEnv(&error);
    QVERIFY2(stripe, qPrintable(error));
    QCOMPARE(stripe->baseUrl, m_sim->baseUrl());
    QCOMPARE(stripe->secret, u"sk_test_demo"_s);
    const auto slen = slenConfigFromEnv(&error);
    QVERIFY2(slen, qPrintable(error));
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
    QCOMPARE(readAll(configDir() + u"/stripe.key"_s).trimmed(), "sk_test_demo");
}

void TestConnections::environmentOverrideIsShown()
{
    QString error;
    QVERIFY(EnvFileSecretSource().writeSecretFile(u"stripe"_s, u"sk_test_fromfile_1111"_s, &error));
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
    QCOMPARE(stripeConfigFromEnv(&error)->secret, u"sk_test_fromenv_2222"_s);
    QVERIFY(d->grab().save(screenshotDir() + u"/connections-env.png"_s));
}

void TestConnections::checkConnectionAgainstTheSimulator()
{
    auto d = openDialog();
    fillAll(*d, m_sim->baseUrl().toString(), u"sk_test_demo"_s);
    for (const QString &id : {u"stripe"_s, u"slen"_s, u"helpdesk"_s})
        QVERIFY(checkShows(*d, id, u"Connected"_s));
    QVERIFY(d->checkResult(u"stripe"_s)->text().contains(u"GET /v1/refunds?limit=1"_s));
    QVERIFY(d->checkResult(u"helpdesk"_s)->text().contains(u"GET /v1/health"_s));
    // Checking writes nothing.
    QVERIFY(!QFile::exists(configDir() + u"/stripe.key"_s));
    QVERIFY(d->grab().save(screenshotDir() + u"/connections.png"_s));
}

void TestConnections::checkConnectionWithAWrongKeyShowsTheRefusal()
{
    auto d = openDialog();
    fillAll(*d, m_sim->baseUrl().toString(), u"sk_test_not_a_known_key"_s);
    for (const QString &id : {u"stripe"_s, u"slen"_s}) {
        QVERIFY(checkShows(*d, id, u"Refused: HTTP 401"_s));
        QVERIFY(!d->checkResult(id)->text().contains(u"sk_test_not_a_known_key"_s));
    }
    // The provider's own words.
    QVERIFY2(d->checkResult(u"stripe"_s)->text().contains(u"Invalid API Key provided"_s),
             qPrintable(d->checkResult(u"stripe"_s)->text()));
    // Nothing listens on port 9: no answer, said so.
    d->urlField(u"helpdesk"_s)->setText(u"http://127.0.0.1:9"_s);
    QVERIFY(checkShows(*d, u"helpdesk"_s, u"No answer"_s));
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
    QString error;
    QVERIFY(EnvFileSecretSource().writeSecretFile(u"stripe"_s, u"sk_test_demo"_s, &error));
    const QString path = configDir() + u"/stripe.key"_s;
    QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                            QFileDevice::ReadGroup | QFileDevice::ReadOther));
    const QString fix = u"chmod 600 %1"_s.arg(path);
    // opsctl's reading refuses it …
    QVERIFY(!stripeConfigFromEnv(&error));
    QVERIFY2(error.contains(fix), qPrintable(error));
    // … and the dialog says so, with the fix.
    auto d = openDialog();
    QVERIFY2(d->stateLabel(u"stripe"_s)->text().contains(fix),
             qPrintable(d->stateLabel(u"stripe"_s)->text()));
    QCOMPARE(d->secretField(u"stripe"_s)->placeholderText(), u"refused"_s);
    // Saving a new secret replaces it with an owner-only file.
    fillStripe(*d, m_sim->baseUrl().toString(), u"sk_test_demo"_s);
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QCOMPARE(d->result(), int(QDialog::Accepted));
    QCOMPARE(QFileInfo(path).permissions() & kGroupOrOther, QFileDevice::Permissions());
    QVERIFY(stripeConfigFromEnv(&error));
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
    QCOMPARE(readAll(configDir() + u"/stripe.key"_s).trimmed(), key.toUtf8());
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
    ui::MainWindow window(session, u"operator:alice"_s, u"operator:alice#t"_s);
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
    ui::MainWindow window(session, u"operator:alice"_s, u"operator:alice#t"_s);
    console::ConsoleController controller(window, console::jobConfigFromEnvironment(db), clock);
    console::ConsoleConnections connections(window, controller, db, {});
    Operation op;
    op.id = u"op_live"_s;
    op.provider = Provider::Stripe;
    QVERIFY(!window.resendAsksFirst(op));
    ui::ConnectionsDialog *d = connections.openDialog();
    fillStripe(*d, u"https://payments.example.com"_s, u"sk_live_51Habcdef1234"_s);
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QTRY_VERIFY(!connections.dialog());
    QCOMPARE(connections.banner()->mode(), ui::ConnectionMode::Live);
    QCOMPARE(controller.config().stripe.secret, u"sk_live_51Habcdef1234"_s);
    QVERIFY(window.resendAsksFirst(op));
    ui::storeConfirmResendWithTestKey(true);
}

QTEST_MAIN(TestConnections)
void TestConnections::rowsAreGroupedIntoTabs()
{
    auto d = openDialog();
    QTabWidget *pages = d->pages();
    QStringList titles;
    for (int i = 0; i < pages->count(); ++i)
        titles << pages->tabText(i);
    QCOMPARE(titles, (QStringList{u"Payment providers"_s, u"Notifications"_s,
                                  u"Credits and helpdesk"_s, u"Team database"_s}));
    const auto pageOf = [&](const QString &id) {
        return pages->indexOf(d->secretField(id)->parentWidget()->parentWidget());
    };
    QCOMPARE(pageOf(u"stripe"_s), 0);
    QCOMPARE(pageOf(u"adyen"_s), 0);
    QCOMPARE(pageOf(u"stripe-webhook"_s), 1);
    QCOMPARE(pageOf(u"adyen-hmac"_s), 1);
    QCOMPARE(pageOf(u"slen"_s), 2);
    QCOMPARE(pageOf(u"database"_s), 3);
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

void TestConnections::adyenIsSavedCheckedAndReadByOpsctl()
{
    auto d = openDialog();
    // The endpoint's default is Adyen's test platform.
    QCOMPARE(d->urlField(u"adyen"_s)->text(), u"https://checkout-test.adyen.com"_s);
    d->urlField(u"adyen"_s)->setText(m_sim->baseUrl().toString());
    d->projectField(u"adyen"_s)->setText(u"NorthwindECOM"_s);
    d->secretField(u"adyen"_s)->setText(u"adyen_test_demo"_s);
    d->secretField(u"adyen-hmac"_s)->setText(kHmacKey);
    QVERIFY(checkShows(*d, u"adyen"_s, u"Connected"_s));
    QVERIFY2(d->checkResult(u"adyen"_s)->text().contains(u"POST /v71/paymentMethods"_s),
             qPrintable(d->checkResult(u"adyen"_s)->text()));
    QVERIFY(d->grab().save(screenshotDir() + u"/connections-adyen.png"_s));
    QVERIFY(!QFile::exists(configDir() + u"/adyen.key"_s)); // checking writes nothing
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QVERIFY2(d->result() == QDialog::Accepted, qPrintable(d->messageLabel()->text()));
    for (const QString &name : {u"adyen.key"_s, u"adyen-hmac.key"_s}) {
        const QFileInfo file(configDir() + u'/' + name);
        QVERIFY2(file.exists(), qPrintable(file.filePath()));
        QCOMPARE(file.permissions() & kGroupOrOther, QFileDevice::Permissions());
    }
    const QByteArray ini = readAll(ConnectionSettings().path());
    QVERIFY2(ini.contains("merchant=NorthwindECOM"), ini.constData());
    QVERIFY2(!ini.contains("adyen_test_demo") && !ini.contains(kHmacKey.toLatin1()),
             ini.constData());
    // opsctl, the MCP server and the receiver read what the dialog saved.
    QString error;
    const auto config = adyenConfigFromEnv(&error);
    QVERIFY2(config, qPrintable(error));
    QCOMPARE(config->baseUrl, m_sim->baseUrl());
    QCOMPARE(config->secret, u"adyen_test_demo"_s);
    QCOMPARE(config->merchantAccount, u"NorthwindECOM"_s);
    const auto expectation = adyenExpectationFromEnv(&error);
    QVERIFY2(expectation, qPrintable(error));
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

void TestConnections::adyenBadInputIsRefusedWithNothingSaved_data()
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

void TestConnections::adyenBadInputIsRefusedWithNothingSaved()
{
    QFETCH(QString, merchant);
    QFETCH(QString, key);
    QFETCH(QString, hmac);
    QFETCH(QString, reason);
    auto d = openDialog();
    fillStripe(*d, m_sim->baseUrl().toString(), u"sk_test_demo"_s);
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

void TestConnections::adyenCheckShowsTheRefusal_data()
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

void TestConnections::adyenCheckShowsTheRefusal()
{
    QFETCH(QString, merchant);
    QFETCH(QString, key);
    QFETCH(QString, refusal);
    auto d = openDialog();
    d->urlField(u"adyen"_s)->setText(m_sim->baseUrl().toString());
    d->projectField(u"adyen"_s)->setText(merchant);
    d->secretField(u"adyen"_s)->setText(key);
    QVERIFY(checkShows(*d, u"adyen"_s, refusal));
    QVERIFY(!d->checkResult(u"adyen"_s)->text().contains(key));
    QVERIFY(!QFile::exists(configDir() + u"/adyen.key"_s));
}

#include "tst_connections.moc"
