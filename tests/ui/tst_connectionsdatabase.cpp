// Tools → Connections, the team database row (issue 29), offscreen with real files: what cannot
// work is refused with the reason and nothing stored; the password goes to database.key (0600),
// never into connections.ini and never shown; opsctl's and the console's reading
// (databaseLocation) keeps it beside the saved URL; --db and OPS_DB win, PGPASSWORD wins over
// the file; an old password goes neither by Save nor by Check to other servers; Check without a
// server says why. tst_failoverconsole checks a real primary and standby through the same row.

#include "config/engineenv.h"
#include "console/connectionsservice.h"
#include "dialogs/connectionsdialog.h"
#include "domain/dblocation.h"
#include "support/connectionsdialogtest.h"
#include "transport/connectionsettings.h"
#include "transport/secrets.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

class TestConnectionsDatabase : public QObject, private test::ConnectionsFixture
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void databaseThatCannotWorkIsRefused_data();
    void databaseThatCannotWorkIsRefused();
    void databaseIsSavedWithoutItsPasswordInTheIni();
    void databasePasswordNeverGoesToOtherServers();
    void databaseCheckSaysWhyItCannotConnect();

private:
};

void TestConnectionsDatabase::initTestCase()
{
    const QString failed = enterHome();
    QVERIFY2(failed.isEmpty(), qPrintable(failed));
}

void TestConnectionsDatabase::init()
{
    resetConnections();
}

void TestConnectionsDatabase::cleanup()
{
    m_service.reset();
}

void TestConnectionsDatabase::databaseThatCannotWorkIsRefused_data()
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

void TestConnectionsDatabase::databaseThatCannotWorkIsRefused()
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
    QCOMPARE(d->pages()->currentWidget(),
             d->checkButton(u"database"_s)->parentWidget()->parentWidget());
    QTest::mouseClick(d->checkButton(u"database"_s), Qt::LeftButton);
    QVERIFY2(d->checkResult(u"database"_s)->text().contains(reason),
             qPrintable(d->checkResult(u"database"_s)->text()));
}

void TestConnectionsDatabase::databaseIsSavedWithoutItsPasswordInTheIni()
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
    QCOMPARE(QFileInfo(key).permissions() & test::kGroupOrOther, QFileDevice::Permissions());
    // The ini holds the URL exactly as typed: no password, encoded or not.
    QCOMPARE(QSettings(ConnectionSettings().path(), QSettings::IniFormat)
                 .value(u"database/url"_s)
                 .toString(),
             url);
    QCOMPARE(m_service->savedDatabase(), u"postgresql://alice@db1:5432,db2:5433/ops"_s);

    // opsctl's and the console's reading: the saved URL as it is, its password kept beside it.
    const auto location = databaseLocation(QString());
    QVERIFY2(location, qPrintable(location.error()));
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
    QCOMPARE(DbLocation::parse(*databaseLocation(QString())).password, QString());
    QCOMPARE(*databaseLocation(u"/srv/ops.sqlite"_s), u"/srv/ops.sqlite"_s);
    qputenv("OPS_DB", "postgresql://bob:TopSecret9@db9/ops");
    QCOMPARE(*databaseLocation(QString()), u"postgresql://bob:TopSecret9@db9/ops"_s);
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
    const auto refused = databaseLocation(QString());
    QVERIFY(!refused);
    QVERIFY2(refused.error().contains(u"chmod 600"_s), qPrintable(refused.error()));
    QVERIFY(QFile::setPermissions(key, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
}

void TestConnectionsDatabase::databasePasswordNeverGoesToOtherServers()
{
    const QString first = u"postgresql://alice@db1/ops"_s;
    QVERIFY(ConnectionSettings().store(u"database"_s, u"url"_s, first));
    QVERIFY(EnvFileSecretSource().writeSecretFile(u"database"_s, u"Hunter2pw"_s));
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
    QCOMPARE(DbLocation::parse(*databaseLocation(QString())).password, QString());
    // Emptied: back to the embedded default, and no password kept.
    QVERIFY(EnvFileSecretSource().writeSecretFile(u"database"_s, u"Hunter2pw"_s));
    QVERIFY(saveUrl(QString()));
    QVERIFY(!QFile::exists(key));
    QCOMPARE(*databaseLocation(QString()), DbLocation::defaultLocation());
}

void TestConnectionsDatabase::databaseCheckSaysWhyItCannotConnect()
{
    auto d = openDialog();
    QVERIFY(
        test::checkShows(*d, u"database"_s,
                         u"Empty: a start without --db or OPS_DB uses the embedded SQLite file"_s));
    // Nothing listens on port 9 of either host; the password never shows.
    d->urlField(u"database"_s)
        ->setText(u"postgresql://alice@127.0.0.1:9,127.0.0.2:9/ops?connect_timeout=2"_s);
    d->secretField(u"database"_s)->setText(u"Hunter2pw"_s);
    QVERIFY(test::checkShows(*d, u"database"_s,
                             u"Cannot open: cannot connect to PostgreSQL at "
                             "postgresql://alice@127.0.0.1:9,127.0.0.2:9/ops"_s));
    QVERIFY(!d->checkResult(u"database"_s)->text().contains(u"Hunter2pw"_s));
    QVERIFY(!QFile::exists(ConnectionSettings().path())); // checking saves nothing
    // OPS_DB naming a SQLite file: nothing to connect to, said so.
    qputenv("OPS_DB", "/srv/ops/operations.sqlite");
    d = openDialog();
    QVERIFY(test::checkShows(*d, u"database"_s,
                             u"/srv/ops/operations.sqlite is an embedded SQLite file"_s));
    qunsetenv("OPS_DB");
}

QTEST_MAIN(TestConnectionsDatabase)
#include "tst_connectionsdatabase.moc"
