// Tools → Connections and the mode badge (issue 17 items 3, 4) offscreen against a real
// provider-sim: saving writes owner-only secret files and no secret anywhere in QSettings or
// connections.ini; opsctl's reading sees what the dialog saved; an environment variable wins and
// the dialog says so; Check connection succeeds with the seed's key and shows the provider's
// refusal with a wrong one; bad base URLs and world-readable secret files are refused with the
// reason; a key that does not fit its URL is a warning first. Screenshots of the dialog and of
// every mode land in <build>/tests/ui/screenshots/ (connections.png, mode-*.png). The team
// database row (issue 29): what cannot work is refused with the reason and nothing stored, the
// password goes to database.key and never into connections.ini, and opsctl's reading
// (databaseLocation) puts the two together; --db and OPS_DB win, PGPASSWORD wins over the file.
// tst_failoverconsole checks a real primary and standby through the same row.

#include "config/engineenv.h"
#include "console/connectionsservice.h"
#include "console/consoleconnections.h"
#include "console/consolecontroller.h"
#include "dialogs/connectionsdialog.h"
#include "dialogs/resendconfirmdialog.h"
#include "mainwindow/mainwindow.h"
#include "storage/db/dblocation.h"
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
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

const char *const kProviderVariables[] = {
    "OPS_STRIPE_URL",   "OPS_STRIPE_KEY",   "OPS_SLEN_URL",     "OPS_SLEN_KEY",
    "OPS_SLEN_PROJECT", "OPS_HELPDESK_URL", "OPS_HELPDESK_KEY", "OPS_STRIPE_WEBHOOK_SECRET",
    "OPS_DB",           "PGPASSWORD"};

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
    void databaseThatCannotWorkIsRefused_data();
    void databaseThatCannotWorkIsRefused();
    void databaseIsSavedWithoutItsPasswordInTheIni();
    void databasePasswordNeverGoesToOtherServers();
    void databaseCheckSaysWhyItCannotConnect();

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
    QTest::newRow("test") << u"sk_test_demo"_s << false << int(ui::ConnectionMode::Test)
                          << u"TEST"_s;
    QTest::newRow("live") << u"sk_live_51Habcdef1234"_s << false << int(ui::ConnectionMode::Live)
                          << u"LIVE"_s;
    QTest::newRow("simulator") << u"sk_test_demo"_s << true << int(ui::ConnectionMode::Simulator)
                               << u"SIMULATOR"_s;
    QTest::newRow("none") << QString() << false << int(ui::ConnectionMode::Unconfigured)
                          << u"NOT CONNECTED"_s;
}

void TestConnections::modeBadgeAndLiveBanner()
{
    QFETCH(QString, stripeKey);
    QFETCH(bool, demo);
    QFETCH(int, mode);
    QFETCH(QString, badge);
    QTemporaryDir dir;
    SystemClock clock;
    const QString db = dir.filePath(u"ops.sqlite"_s);
    Session session(db, clock);
    ui::MainWindow window(session, u"operator:alice"_s, u"operator:alice#t"_s);
    qputenv("OPS_STRIPE_URL", m_sim->baseUrl().toString().toUtf8());
    if (!stripeKey.isEmpty())
        qputenv("OPS_STRIPE_KEY", stripeKey.toUtf8());
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
    if (live) {
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

void TestConnections::databaseThatCannotWorkIsRefused_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("password");
    QTest::addColumn<QString>("reason");
    QTest::newRow("a SQLite file") << u"/var/lib/ops/operations.sqlite"_s << QString()
                                   << u"the team database is a postgresql:// URL"_s;
    QTest::newRow("password in the URL")
        << u"postgresql://alice:Hunter2pw@db1:5432/ops"_s << QString()
        << u"the URL carries a password; put it in the Password field"_s;
    QTest::newRow("password without a user") << u"postgresql://db1:5432/ops"_s << u"Hunter2pw"_s
                                             << u"a password needs the user name in the URL"_s;
    QTest::newRow("password without a URL")
        << QString() << u"Hunter2pw"_s << u"a password needs a server URL"_s;
    QTest::newRow("second host has no name")
        << u"postgresql://alice@db1:5432,:5433/ops"_s << QString() << u"host 2 of 2"_s;
    QTest::newRow("a port that is not one")
        << u"postgresql://alice@db1:5432,db2:99999/ops"_s << QString() << u"host 2 of 2"_s;
    QTest::newRow("a standby is asked for")
        << u"postgresql://alice@db1,db2/ops?target_session_attrs=read-only"_s << QString()
        << u"target_session_attrs=read-only is not supported"_s;
    QTest::newRow("any with two hosts")
        << u"postgresql://alice@db1,db2/ops?target_session_attrs=any"_s << QString()
        << u"use read-write or primary with several hosts"_s;
}

void TestConnections::databaseThatCannotWorkIsRefused()
{
    QFETCH(QString, url);
    QFETCH(QString, password);
    QFETCH(QString, reason);
    auto d = openDialog();
    d->urlField(u"database"_s)->setText(url);
    d->secretField(u"database"_s)->setText(password);
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QVERIFY(d->isVisible());
    const QString message = d->messageLabel()->text();
    QVERIFY2(message.contains(reason), qPrintable(message));
    QVERIFY2(!message.contains(u"Hunter2pw"_s), qPrintable(message));
    // Nothing half-stored, and Check connection refuses it the same way without connecting.
    QVERIFY(!QFile::exists(configDir() + u"/database.key"_s));
    QVERIFY(!QFile::exists(ConnectionSettings().path()));
    QTest::mouseClick(d->checkButton(u"database"_s), Qt::LeftButton);
    QVERIFY2(d->checkResult(u"database"_s)->text().contains(reason),
             qPrintable(d->checkResult(u"database"_s)->text()));
}

void TestConnections::databaseIsSavedWithoutItsPasswordInTheIni()
{
    const QString url =
        u"postgresql://alice@db1:5432,db2:5433/ops?target_session_attrs=read-write"_s;
    const QString password = u"p/w?#&x пароль"_s; // any text on one line, spaces included
    m_service->setRunningDatabase(u"/tmp/operations.sqlite"_s);
    {
        auto d = openDialog();
        QCOMPARE(d->urlField(u"database"_s)->placeholderText(),
                 u"postgresql://you@db1:5432,db2:5432/ops"_s);
        QVERIFY(d->stateLabel(u"database"_s)
                    ->text()
                    .contains(u"This console uses /tmp/operations.sqlite"_s));
        d->urlField(u"database"_s)->setText(url);
        d->secretField(u"database"_s)->setText(password);
        QTest::mouseClick(d->saveButton(), Qt::LeftButton);
        QVERIFY2(d->result() == QDialog::Accepted, qPrintable(d->messageLabel()->text()));
    }
    const QString key = configDir() + u"/database.key"_s;
    QCOMPARE(QFileInfo(key).permissions() & kGroupOrOther, QFileDevice::Permissions());
    // The ini holds the URL exactly as typed: no password, encoded or not.
    QCOMPARE(QSettings(ConnectionSettings().path(), QSettings::IniFormat)
                 .value(u"database/url"_s)
                 .toString(),
             url);
    QCOMPARE(m_service->savedDatabase(), u"postgresql://alice@db1:5432,db2:5433/ops"_s);

    // opsctl's and the console's reading: the saved URL as it is, its password kept beside it.
    QString error;
    const auto location = databaseLocation(QString(), &error);
    QVERIFY2(location, qPrintable(error));
    QCOMPARE(*location, url);
    const DbLocation parsed = DbLocation::parse(*location);
    QCOMPARE(parsed.password, password);
    QCOMPARE(parsed.hosts, (QStringList{u"db1"_s, u"db2"_s}));
    // Not even the password's last characters are shown.
    auto d = openDialog();
    QCOMPARE(d->secretField(u"database"_s)->placeholderText(), u"saved"_s);
    // PGPASSWORD wins over the file, --db and OPS_DB over the saved URL (and bring no password).
    // The console started on the saved database saves again: the row's URL is not taken for
    // one that carries a password.
    QTest::mouseClick(d->saveButton(), Qt::LeftButton);
    QVERIFY2(d->result() == QDialog::Accepted, qPrintable(d->messageLabel()->text()));
    QVERIFY(QFile::exists(key));
    // PGPASSWORD is libpq's to read as it is: nothing of the file is kept beside the URL then.
    qputenv("PGPASSWORD", "from-env");
    QCOMPARE(DbLocation::parse(*databaseLocation(QString(), &error)).password, QString());
    QCOMPARE(*databaseLocation(u"/srv/ops.sqlite"_s, &error), u"/srv/ops.sqlite"_s);
    qputenv("OPS_DB", "postgresql://bob:TopSecret9@db9/ops");
    QCOMPARE(*databaseLocation(QString(), &error), u"postgresql://bob:TopSecret9@db9/ops"_s);
    d = openDialog();
    QVERIFY(!d->urlField(u"database"_s)->isEnabled());
    QCOMPARE(d->urlField(u"database"_s)->text(), u"postgresql://bob@db9:5432/ops"_s);
    QVERIFY(!d->stateLabel(u"database"_s)->text().contains(u"TopSecret9"_s));
    QVERIFY(d->stateLabel(u"database"_s)->text().contains(u"OPS_DB is set in the environment"_s));
    QVERIFY(d->stateLabel(u"database"_s)->text().contains(u"PGPASSWORD is set"_s));
    QCOMPARE(d->secretField(u"database"_s)->placeholderText(), u"from PGPASSWORD"_s);
    qunsetenv("OPS_DB");
    qunsetenv("PGPASSWORD");
    // A database.key others can read is refused at start with the fix, not used.
    QVERIFY(QFile::setPermissions(key, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                           QFileDevice::ReadOther));
    QVERIFY(!databaseLocation(QString(), &error));
    QVERIFY2(error.contains(u"chmod 600"_s), qPrintable(error));
    QVERIFY(QFile::setPermissions(key, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
}

void TestConnections::databasePasswordNeverGoesToOtherServers()
{
    QString error;
    const QString first = u"postgresql://alice@db1/ops"_s;
    QVERIFY(ConnectionSettings().store(u"database"_s, u"url"_s, first, &error));
    QVERIFY(EnvFileSecretSource().writeSecretFile(u"database"_s, u"Hunter2pw"_s, &error));
    const QString key = configDir() + u"/database.key"_s;
    const auto saveUrl = [this](const QString &url) {
        auto d = openDialog();
        d->urlField(u"database"_s)->setText(url);
        QTest::mouseClick(d->saveButton(), Qt::LeftButton);
        return d->result() == QDialog::Accepted;
    };
    // Another option for the same login and servers keeps the password.
    QVERIFY(saveUrl(first + u"?connect_timeout=3"_s));
    QVERIFY(QFile::exists(key));
    // Check connection sends the saved password to the saved login only, unless one is typed.
    const auto mayUse = [this](const QString &url, const QString &typed) {
        return m_service->databaseCheckMayUseSavedPassword({u"database"_s, url, {}, typed});
    };
    QVERIFY(mayUse(first, {}));
    QVERIFY(!mayUse(u"postgresql://alice@db7/ops"_s, {}));
    QVERIFY(!mayUse(u"postgresql://mallory@db1/ops"_s, {}));
    QVERIFY(mayUse(u"postgresql://alice@db7/ops"_s, u"typed"_s));
    // Another server, with no password typed: the old one is not sent there.
    QVERIFY(saveUrl(u"postgresql://alice@db7/ops"_s));
    QVERIFY(!QFile::exists(key));
    QCOMPARE(DbLocation::parse(*databaseLocation(QString(), &error)).password, QString());
    // Emptied: back to the embedded default, and no password kept.
    QVERIFY(EnvFileSecretSource().writeSecretFile(u"database"_s, u"Hunter2pw"_s, &error));
    QVERIFY(saveUrl(QString()));
    QVERIFY(!QFile::exists(key));
    QCOMPARE(*databaseLocation(QString(), &error), DbLocation::defaultLocation());
}

void TestConnections::databaseCheckSaysWhyItCannotConnect()
{
    auto d = openDialog();
    QVERIFY(checkShows(*d, u"database"_s,
                       u"Empty: a start without --db or OPS_DB uses the embedded SQLite file"_s));
    // Nothing listens on port 9 of either host; the password never shows.
    d->urlField(u"database"_s)
        ->setText(u"postgresql://alice@127.0.0.1:9,127.0.0.2:9/ops?connect_timeout=2"_s);
    d->secretField(u"database"_s)->setText(u"Hunter2pw"_s);
    QVERIFY(checkShows(*d, u"database"_s,
                       u"Cannot open: cannot connect to PostgreSQL at "
                       "postgresql://alice@127.0.0.1:9,127.0.0.2:9/ops"_s));
    QVERIFY(!d->checkResult(u"database"_s)->text().contains(u"Hunter2pw"_s));
    QVERIFY(!QFile::exists(ConnectionSettings().path())); // checking saves nothing
    // OPS_DB naming a SQLite file: nothing to connect to, said so.
    qputenv("OPS_DB", "/srv/ops/operations.sqlite");
    d = openDialog();
    QVERIFY(
        checkShows(*d, u"database"_s, u"/srv/ops/operations.sqlite is an embedded SQLite file"_s));
    qunsetenv("OPS_DB");
}

QTEST_MAIN(TestConnections)
#include "tst_connections.moc"
