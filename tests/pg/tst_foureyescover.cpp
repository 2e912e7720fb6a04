// `opsctl db check`'s four-eyes warning on PostgreSQL with real logins (issue 50): a threshold
// with fewer than two supervisor logins that may log in warns; two do not; no threshold does not.
// PostgreSQL counts logins, which are shared by every database of a server, and the suites'
// shared server holds other suites' supervisors at the same time: so this suite starts a server
// of its own (scripts/pg.sh start), like the failover suites, and needs no fixture.

#include "support/processrun.h"
#include "support/teamlogins.h"
#include "support/testpaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test;
using nlohmann::json;

namespace {

ProcessRun pgsh(const QStringList &args)
{
    return runProcess(sourceDir() + u"/scripts/pg.sh"_s, args);
}

QStringList strings(const json &list)
{
    QStringList out;
    for (const json &s : list)
        out << QString::fromStdString(s.get<std::string>());
    return out;
}

} // namespace

class TestFourEyesCover : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void warnsWithFewerThanTwoSupervisorLogins();

private:
    // db check --json as `login`: its JSON object when it exited 0 with one, else an empty
    // array (the error logged), which every check below refuses.
    json check(const QString &login);
    ProcessRun as(const QString &login, const QStringList &args)
    {
        return opsctlAs(opsctlPath(), login, m_url, args);
    }

    QString m_dir =
        QDir::tempPath() + u"/ops-foureyes-%1"_s.arg(QCoreApplication::applicationPid());
    QString m_url;
};

void TestFourEyesCover::initTestCase()
{
    QVERIFY2(!psqlProgram().isEmpty(), "psql is needed (the postgresql-client package)");
    const ProcessRun start = pgsh({u"start"_s, m_dir});
    QVERIFY2(start.exitCode == 0, qPrintable(start.errText()));
    m_url = QString::fromUtf8(start.out).trimmed();
    const ProcessRun migrate = as(ownerLogin(), {u"db"_s, u"migrate"_s});
    QVERIFY2(migrate.exitCode == 0, qPrintable(migrate.errText()));
    // docs/team.md's example team: two supervisors, one support, an agent and the service.
    const ProcessRun team = psqlAs(
        ownerLogin(), m_url,
        u"CREATE ROLE alice LOGIN PASSWORD 'pw-alice'; GRANT ops_supervisor TO alice; "
        "CREATE ROLE bob LOGIN PASSWORD 'pw-bob'; GRANT ops_supervisor TO bob; "
        "CREATE ROLE carol LOGIN PASSWORD 'pw-carol'; GRANT ops_support TO carol; "
        "CREATE ROLE refund_bot LOGIN PASSWORD 'pw-refund_bot'; GRANT ops_agent TO refund_bot; "
        "CREATE ROLE receiver LOGIN PASSWORD 'pw-receiver'; GRANT ops_service TO receiver;"_s);
    QVERIFY2(team.exitCode == 0, qPrintable(team.errText()));
}

void TestFourEyesCover::cleanupTestCase()
{
    pgsh({u"stop"_s, m_dir});
}

json TestFourEyesCover::check(const QString &login)
{
    const ProcessRun r = as(login, {u"db"_s, u"check"_s, u"--json"_s});
    const json j = r.result();
    if (r.exitCode == 0 && j.is_object())
        return j;
    qWarning("db check as %s: exit %d: %s", qPrintable(login), r.exitCode, qPrintable(r.errText()));
    return json::array();
}

void TestFourEyesCover::warnsWithFewerThanTwoSupervisorLogins()
{
    // No threshold: nothing to warn about, whoever asks.
    json j = check(u"carol"_s);
    QVERIFY(j.is_object());
    QCOMPARE(strings(j["approval_thresholds"]), QStringList());
    QCOMPARE(strings(j["approvers"]), (QStringList{u"alice"_s, u"bob"_s}));
    QCOMPARE(j["warnings"].size(), size_t(0));

    // A threshold with two supervisors: still nothing.
    ProcessRun r =
        as(u"alice"_s, {u"settings"_s, u"set"_s, u"approval-threshold"_s, u"usd"_s, u"100000"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    j = check(u"carol"_s);
    QVERIFY(j.is_object());
    QCOMPARE(strings(j["approval_thresholds"]), QStringList{u"usd"_s});
    QCOMPARE(j["warnings"].size(), size_t(0));

    // bob disabled (the directory's flag; alice has no CREATEROLE): one supervisor is left. The
    // same answer for support, the agent, the service and the owner.
    r = as(u"alice"_s, {u"operator"_s, u"disable"_s, u"bob"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    for (const QString &login : {u"carol"_s, u"refund_bot"_s, u"receiver"_s, ownerLogin()}) {
        j = check(login);
        QVERIFY(j.is_object());
        QCOMPARE(strings(j["approvers"]), QStringList{u"alice"_s});
        QCOMPARE(j["warnings"].size(), size_t(1));
        QVERIFY2(
            strings(j["warnings"])
                .first()
                .startsWith(
                    u"a four-eyes threshold is set (usd) but only one active supervisor (alice) "
                    "may approve"_s),
            j.dump().c_str());
    }
    r = as(u"carol"_s, {u"db"_s, u"check"_s});
    QCOMPARE(r.exitCode, 0); // a warning is a finding: the exit code stays 0
    QVERIFY2(QString::fromUtf8(r.out).contains(u"\nwarning: a four-eyes threshold is set (usd)"_s),
             r.out.constData());

    // bob back, but unable to log in (NOLOGIN, as a DBA would do it): still one.
    r = as(u"alice"_s, {u"operator"_s, u"enable"_s, u"bob"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    j = check(u"carol"_s);
    QVERIFY(j.is_object());
    QCOMPARE(j["warnings"].size(), size_t(0));
    r = psqlAs(ownerLogin(), m_url, u"ALTER ROLE bob NOLOGIN;"_s);
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    j = check(u"carol"_s);
    QVERIFY(j.is_object());
    QCOMPARE(strings(j["approvers"]), QStringList{u"alice"_s});

    // The threshold cleared: one supervisor is no longer a problem.
    r = as(u"alice"_s, {u"settings"_s, u"clear"_s, u"approval-threshold"_s, u"usd"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    j = check(u"carol"_s);
    QVERIFY(j.is_object());
    QCOMPARE(strings(j["approval_thresholds"]), QStringList());
    QCOMPARE(j["warnings"].size(), size_t(0));
}

QTEST_GUILESS_MAIN(TestFourEyesCover)
#include "tst_foureyescover.moc"
