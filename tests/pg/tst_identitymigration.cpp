// Migration 0011 on a team database that already has history (issue 26, item 7): built at
// schema 10 from the older scripts, written by the old shared login, then migrated by the owner.
// And 0021's generated guards: one per table with an actor column, each current (issue 52).
// PostgreSQL only (ctest: tst_identitymigration, fixture pg_server).

#include "support/storefixture.h"
#include "support/teamloginshistory.h"
#include "support/testpaths.h"

#include <QTest>
#include <algorithm>

using namespace Qt::StringLiterals;
using namespace ops;

class TestIdentityMigration : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void schemaTenTeamDatabaseMigratesWithItsHistory();
    void everyTableWithAnActorHasItsOwnCurrentGuard();

private:
    ManualClock m_clock{QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC)};
};

void TestIdentityMigration::initTestCase()
{
    QVERIFY2(test::onPostgres(), "runs on PostgreSQL only (OPS_TEST_BACKEND)");
    QVERIFY2(!test::psqlProgram().isEmpty(), "psql is needed (the postgresql-client package)");
    {
        test::StoreFixture groups(false); // migration 0011 creates the four groups if missing
    }
    const QString error = test::createTeam();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestIdentityMigration::cleanupTestCase()
{
    const QString error = test::dropTeam({u"ops_app"_s});
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

// A schema-10 team database with history: `db migrate` as the owner reaches the latest version,
// prints the SQL for each directory row without its login, drops and changes nothing; the old
// shared login still reads and may no longer write.
void TestIdentityMigration::schemaTenTeamDatabaseMigratesWithItsHistory()
{
    test::TestDatabase old;
    const QString app = test::pidName(u"ops_app"_s);
    test::buildSchemaTen(ops::test::sourceDir(), old.location(), app);
    if (QTest::currentTestFailed())
        return;
    test::writeOldHistory(old.location(), app, m_clock);
    const QString opsctlPath = ops::test::opsctlPath();
    const QStringList before = test::databaseState(old.location());

    test::ProcessRun r =
        test::opsctlAs(opsctlPath, test::ownerLogin(), old.location(), {u"db"_s, u"migrate"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    const nlohmann::json j = r.result();
    QVERIFY(Database::latestVersion() >= 11);
    QCOMPARE(j.value("schema_version", 0), Database::latestVersion());
    QVERIFY2(j.contains("logins_to_create") && j["logins_to_create"].is_array(), r.out.constData());
    QStringList logins;
    for (const auto &sql : j["logins_to_create"])
        logins << QString::fromStdString(sql.get<std::string>());
    QCOMPARE(logins.size(), 3); // alice_<pid> has her login in ops_supervisor already
    const std::pair<QString, QString> pending[] = {{u"old_alice"_s, u"ops_supervisor"_s},
                                                   {u"old_bob"_s, u"ops_supervisor"_s},
                                                   {u"old_sam"_s, u"ops_support"_s}};
    for (const auto &[who, group] : pending) {
        const QString create = u"CREATE ROLE \"%1\" LOGIN"_s.arg(test::pidName(who));
        const QString grant = u"GRANT %1 TO \"%2\""_s.arg(group, test::pidName(who));
        QVERIFY2(
            std::any_of(logins.begin(), logins.end(),
                        [&](const QString &s) { return s.contains(create) && s.contains(grant); }),
            qPrintable(logins.join(u'\n')));
    }
    QCOMPARE(test::databaseState(old.location()), before); // nothing dropped, nothing rewritten

    r = test::opsctlAs(opsctlPath, app, old.location(), {u"list"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    QVERIFY2(r.out.contains("op_hist"), r.out.constData());
    const QStringList writes = {
        u"INSERT INTO evidence (operation_id, kind, title, content_type, body, sha256, "
        "size_bytes, created_by, created_at) VALUES ('op_hist', 'note', 't', 'text/plain', 'x', "
        "'h', 1, 'operator:%1', 1)"_s.arg(app),
        u"UPDATE operations SET close_reason = 'rewritten' WHERE id = 'op_hist'"_s,
        u"INSERT INTO audit (at, actor, action, operation_id, detail, prev_hash, hash) VALUES "
        "(1, 'operator:%1', 'note', 'op_hist', '{}', 'x', 'y')"_s.arg(app),
        u"INSERT INTO operators (name, role, created_by, created_at) VALUES ('%1', "
        "'supervisor', 'operator:%1', 1)"_s.arg(app),
        u"DELETE FROM settings"_s,
        u"UPDATE approvals SET state = 'used'"_s,
    };
    for (const QString &sql : writes) {
        r = test::psqlAs(app, old.location(), sql);
        QVERIFY2(r.exitCode > 0, qPrintable(sql));
        QVERIFY2(r.errText().contains(u"ops-refused[group]"_s) ||
                     r.errText().contains(u"permission denied"_s),
                 qPrintable(sql + u": "_s + r.errText()));
    }
    r = test::opsctlAs(opsctlPath, app, old.location(),
                       {u"evidence"_s, u"add"_s, u"op_hist"_s, u"--kind"_s, u"note"_s, u"--title"_s,
                        u"t"_s, u"--text"_s, u"x"_s});
    QVERIFY2(r.exitCode == 2, qPrintable(r.errText()));
    QCOMPARE(test::databaseState(old.location()), before);

    // The history is intact: a supervisor's verify walks the old chain.
    r = test::opsctlAs(opsctlPath, test::pidName(u"alice"_s), old.location(),
                       {u"audit"_s, u"verify"_s});
    QVERIFY2(r.exitCode == 0, QByteArray(r.out + r.err).constData());
    QCOMPARE(r.result().value("verified", false), true);
}

void TestIdentityMigration::everyTableWithAnActorHasItsOwnCurrentGuard()
{
    // Since 0021 each table's guard is generated from its columns (ops_guard_source). Every table
    // with an actor column has one, and each matches its table as it is now. A later migration
    // that adds an actor column must regenerate the guard (docs/team.md); the owner, who
    // migrates, plays that migration here.
    test::StoreFixture fx(false);
    const auto ownerRead = [&fx](const QString &sql) {
        return test::ownerRead(fx.path(), sql);
    };
    const QString unguarded =
        u"SELECT c.relname FROM pg_class c JOIN pg_attribute a ON a.attrelid = "
        "c.oid WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace "
        "AND a.attname = ANY (ops_actor_columns()) AND NOT a.attisdropped AND "
        "NOT EXISTS (SELECT 1 FROM pg_trigger t JOIN pg_proc p ON p.oid = "
        "t.tgfoid WHERE t.tgrelid = c.oid AND p.proname = 'ops_row_guard_' || "
        "c.relname) GROUP BY c.relname"_s;
    QCOMPARE(ownerRead(unguarded), QString());
    QCOMPARE(ownerRead(u"SELECT * FROM ops_guard_stale()"_s), QString());
    QVERIFY(ownerRead(u"SELECT count(*) FROM ops_actor_columns() c, unnest(c) n"_s).toInt() >= 8);
    // An actor column added without regenerating the guard would go unchecked: it is named.
    ownerRead(u"ALTER TABLE attempts ADD COLUMN sent_by text"_s);
    QCOMPARE(ownerRead(u"SELECT * FROM ops_guard_stale()"_s), u"attempts"_s);
    ownerRead(u"SELECT ops_guard_specialize('attempts')"_s);
    QCOMPARE(ownerRead(u"SELECT * FROM ops_guard_stale()"_s), QString());
    QVERIFY(ownerRead(u"SELECT prosrc FROM pg_proc WHERE proname = 'ops_row_guard_attempts'"_s)
                .contains(u"NEW.sent_by IS DISTINCT FROM OLD.sent_by"_s));
}

QTEST_MAIN(TestIdentityMigration)
#include "tst_identitymigration.moc"
