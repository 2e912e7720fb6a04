// DbLocation::parse (domain/dblocation.h): a SQLite path or a postgresql:// URL, one host or
// several, read without connecting. What a location shows (never its password), its connect
// options, and each refusal naming what is wrong. Pure parsing: no database, one backend.

#include "domain/dblocation.h"
#include "domain/storeerror.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

class TestDbLocation : public QObject
{
    Q_OBJECT

private slots:
    void locationsParse_data();
    void locationsParse();
    void badUrlsSayWhatIsWrong_data();
    void badUrlsSayWhatIsWrong();
};

void TestDbLocation::locationsParse_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<bool>("postgres");
    QTest::addColumn<QString>("display");
    QTest::addColumn<QString>("password");
    QTest::addColumn<QString>("options");
    QTest::addRow("file") << u"/var/ops/ops.sqlite"_s << false << u"/var/ops/ops.sqlite"_s << u""_s
                          << u""_s;
    QTest::addRow("relative file") << u"ops.sqlite"_s << false << u"ops.sqlite"_s << u""_s << u""_s;
    QTest::addRow("postgresql, default port")
        << u"postgresql://ops_app@db.internal/operations"_s << true
        << u"postgresql://ops_app@db.internal:5432/operations"_s << u""_s << u"connect_timeout=5"_s;
    QTest::addRow("postgres scheme, password, port")
        << u"postgres://ops_app:p%40ss@10.0.0.5:6543/ops"_s << true
        << u"postgresql://ops_app@10.0.0.5:6543/ops"_s << u"p@ss"_s << u"connect_timeout=5"_s;
    QTest::addRow("no user: libpq's default")
        << u"postgresql://127.0.0.1:5433/ops"_s << true << u"postgresql://127.0.0.1:5433/ops"_s
        << u""_s << u"connect_timeout=5"_s;
    QTest::addRow("two hosts: read-write by default")
        << u"postgresql://ops:pw@db1.internal:5432,db2.internal:5433/ops"_s << true
        << u"postgresql://ops@db1.internal:5432,db2.internal:5433/ops"_s << u"pw"_s
        << u"connect_timeout=5;target_session_attrs=read-write"_s;
    QTest::addRow("two hosts, default port, primary")
        << u"postgresql://ops@10.0.0.5,10.0.0.6:6543/ops?target_session_attrs=primary"_s << true
        << u"postgresql://ops@10.0.0.5:5432,10.0.0.6:6543/ops"_s << u""_s
        << u"target_session_attrs=primary;connect_timeout=5"_s;
    QTest::addRow("IPv6 and a name") << u"postgresql://ops@[::1]:5432,db2:5433/ops"_s << true
                                     << u"postgresql://ops@[::1]:5432,db2:5433/ops"_s << u""_s
                                     << u"connect_timeout=5;target_session_attrs=read-write"_s;
    QTest::addRow("one host, any")
        << u"postgresql://u@h/d?target_session_attrs=any"_s << true << u"postgresql://u@h:5432/d"_s
        << u""_s << u"target_session_attrs=any;connect_timeout=5"_s;
    QTest::addRow("options") << u"postgresql://u@h/d?sslmode=require&connect_timeout=2"_s << true
                             << u"postgresql://u@h:5432/d"_s << u""_s
                             << u"sslmode=require;connect_timeout=2"_s;
}

void TestDbLocation::locationsParse()
{
    QFETCH(QString, location);
    QFETCH(bool, postgres);
    QFETCH(QString, display);
    QFETCH(QString, password);
    QFETCH(QString, options);
    const DbLocation l = DbLocation::parse(location);
    QCOMPARE(l.backend == DbLocation::Backend::Postgres, postgres);
    QCOMPARE(l.display(), display);
    QCOMPARE(l.password, password);
    QCOMPARE(l.connectOptions, options);
}

// Parsed without connecting: each refusal is the parser's, names what is wrong, and never
// quotes the password, also when an unencoded '/' would cut the host list out of it.
void TestDbLocation::badUrlsSayWhatIsWrong_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("says");
    QTest::addRow("bad host in a list")
        << u"postgresql://ops:s3cret-pw@127.0.0.1:5432,bad_host!:5433/ops"_s
        << u"invalid host 2 of 2"_s;
    QTest::addRow("empty host in a list")
        << u"postgresql://ops@127.0.0.1,,h2/ops"_s << u"invalid host 2 of 3"_s;
    QTest::addRow("port 0 in a list")
        << u"postgresql://ops@h1:5432,h2:0/ops"_s << u"invalid port for host 2 of 2"_s;
    QTest::addRow("port not a number")
        << u"postgresql://ops@h1:5432,h2:pg/ops"_s << u"invalid port for host 2 of 2"_s;
    QTest::addRow("standby sessions")
        << u"postgresql://ops@h1,h2/ops?target_session_attrs=standby"_s
        << u"target_session_attrs=standby is not supported"_s;
    QTest::addRow("prefer-standby")
        << u"postgresql://ops@h1/ops?target_session_attrs=prefer-standby"_s
        << u"target_session_attrs=prefer-standby is not supported"_s;
    QTest::addRow("any with two hosts") << u"postgresql://ops@h1,h2/ops?target_session_attrs=any"_s
                                        << u"use read-write or primary with several hosts"_s;
    QTest::addRow("read-only") << u"postgresql://ops@h1/ops?target_session_attrs=read-only"_s
                               << u"target_session_attrs=read-only is not supported"_s;
    QTest::addRow("slash in the password")
        << u"postgresql://ops:s3cret-pw/x@h1,h2/ops"_s << u"percent-encode '/'"_s;
    QTest::addRow("colon and slash in the password")
        << u"postgresql://ops:s3cret-pw:x/y@h1/ops"_s << u"percent-encode '/'"_s;
    QTest::addRow("no path, options")
        << u"postgresql://ops@h1:5432?sslmode=require"_s << u"names no database"_s;
}

void TestDbLocation::badUrlsSayWhatIsWrong()
{
    QFETCH(QString, location);
    QFETCH(QString, says);
    try {
        DbLocation::parse(location);
        QFAIL("parsed a bad URL");
    } catch (const StoreError &e) {
        QVERIFY2(e.message().contains(says), qPrintable(e.message()));
        QVERIFY2(!e.message().contains(u"s3cret-pw"_s), qPrintable(e.message()));
    }
}

QTEST_GUILESS_MAIN(TestDbLocation)
#include "tst_dblocation.moc"
