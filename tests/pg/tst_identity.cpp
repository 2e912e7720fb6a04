// Who acted is proven (issue 26, DESIGN §13). In team mode people and agents log in to
// PostgreSQL as themselves (scram-sha-256 passwords, scripts/pg.sh) and the database refuses
// what their group may not do, whatever program they use: every case runs opsctl and psql as
// real logins (tests/support/teamlogins.h) against a fresh database of the throwaway server.
// PostgreSQL only (ctest: tst_identity, fixture pg_server); it fails when there is no server.

#include "pg/identityattacks.h"
#include "support/simprocess.h"
#include "support/storefixture.h"
#include "support/teamloginshistory.h"
#include "support/testpaths.h"

#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

class TestIdentity : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void cleanupTestCase();
    void attackIsRefusedAndChangesNothing_data();
    void attackIsRefusedAndChangesNothing();
    void disabledPersonIsRefusedAndKeepsHistory_data();
    void disabledPersonIsRefusedAndKeepsHistory();
    void agentOpensARefundUnderItsOwnLogin();
    void supportAttachesAndSupervisorClosesUnderTheirLogins();
    void fourEyesCloseNamesBothPeople();
    void whoamiSaysWhoIsLoggedIn_data();
    void whoamiSaysWhoIsLoggedIn();
    void addingAPersonNeedsCreateRole();

private:
    QString loginOf(const QString &who) const;
    QString expand(QString text) const;
    test::ProcessRun opsctl(const QString &who, const QStringList &args,
                            const QProcessEnvironment &extra = {}) const;
    test::ProcessRun psql(const QString &who, const QString &sql) const;
    // The owner's answer to `sql` on this case's database, one line per row.
    QString ownerRead(const QString &sql) const;

    std::unique_ptr<test::StoreFixture> m_fx;
    std::unique_ptr<test::SimProcess> m_sim;
    qint64 m_evidence = 0;      // on op_u1, by system:seed
    qint64 m_approval = 0;      // alice's pending close of op_u1
    qint64 m_batchApproval = 0; // alice's pending batch "jan"
};

void TestIdentity::initTestCase()
{
    QVERIFY2(test::onPostgres(), "tst_identity runs on PostgreSQL only (OPS_TEST_BACKEND)");
    QVERIFY2(!test::psqlProgram().isEmpty(), "psql is needed (the postgresql-client package)");
    {
        test::StoreFixture groups(false); // migration 0011 creates the four groups if missing
    }
    const QString error = test::createTeam();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_sim = std::make_unique<test::SimProcess>(
        ops::test::providerSimPath(), test::SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
}

// Each case: two unknown refunds (usd 3800), evidence on the first, and alice's pending request
// to close it. Written as the owner, like rows an agent and alice made before the case began.
void TestIdentity::init()
{
    m_fx = std::make_unique<test::StoreFixture>(false);
    OperationStore &store = m_fx->store();
    store.openOrGet(test::teamRefundRow(u"op_u1"_s));
    store.openOrGet(test::teamRefundRow(u"op_u2"_s));
    Connection &db = connectionOf(store);
    runQuery(db, u"UPDATE operations SET state = 'unknown' WHERE id IN ('op_u1', 'op_u2')"_s);
    const Evidence charge{
        0,  u"op_u1"_s, u"provider_object"_s, u"charge"_s, u"application/json"_s, "{}",
        {}, {},         u"system:seed"_s};
    m_evidence = store.addEvidence(charge);
    const QString payload = u"{\"outcome\":\"failed\",\"provider_ref\":\"\",\"evidence_ids\":[%1],"
                            "\"reason\":\"no refund\"}"_s.arg(m_evidence);
    Query q = runQuery(db,
                       u"INSERT INTO approvals (operation_id, action, requested_by, requested_at, "
                       "payload) VALUES ('op_u1', 'close', ?, 0, ?) RETURNING id"_s,
                       {test::operatorActor(u"alice"_s), payload});
    QVERIFY(q.next());
    m_approval = q.value(0).toLongLong();
    q.finish();
    // A batch alice asked a second supervisor to approve (migration 0020).
    Query batch = runQuery(db,
                           u"INSERT INTO batch_approvals (name, file_sha256, totals, row_count, "
                           "requested_by, requested_at) VALUES ('jan', ?, '{\"usd\":250000}', 300, "
                           "?, 0) RETURNING id"_s,
                           {QString(64, u'a'), test::operatorActor(u"alice"_s)});
    QVERIFY(batch.next());
    m_batchApproval = batch.value(0).toLongLong();
}

void TestIdentity::cleanup()
{
    // Cluster-wide: what one case gave a login must not leak into the next.
    test::adminSql(expand(u"ALTER ROLE {alice} NOCREATEROLE; ALTER ROLE {bob} LOGIN NOCREATEROLE; "
                          "DROP ROLE IF EXISTS {carol};"_s));
    m_fx.reset();
}

void TestIdentity::cleanupTestCase()
{
    m_sim.reset();
    const QString error = test::dropTeam({u"carol"_s, u"mallory"_s, u"ops_app"_s});
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

QString TestIdentity::loginOf(const QString &who) const
{
    return test::loginOf(who);
}

// {alice} -> alice_<pid> (any short name), {ev} and {approval} -> this case's seeded ids.
QString TestIdentity::expand(QString text) const
{
    static const QRegularExpression name(u"\\{([a-z_]+)\\}"_s);
    text.replace(u"{ev}"_s, QString::number(m_evidence));
    text.replace(u"{approval}"_s, QString::number(m_approval));
    text.replace(u"{batch}"_s, QString::number(m_batchApproval));
    for (auto m = name.match(text); m.hasMatch(); m = name.match(text))
        text.replace(m.captured(0), test::pidName(m.captured(1)));
    return text;
}

test::ProcessRun TestIdentity::opsctl(const QString &who, const QStringList &args,
                                      const QProcessEnvironment &extra) const
{
    QStringList expanded;
    for (const QString &a : args)
        expanded << expand(a);
    return test::opsctlAs(ops::test::opsctlPath(), loginOf(who), m_fx->path(), expanded, extra);
}

test::ProcessRun TestIdentity::psql(const QString &who, const QString &sql) const
{
    return test::psqlAs(loginOf(who), m_fx->path(), expand(sql));
}

QString TestIdentity::ownerRead(const QString &sql) const
{
    return test::ownerRead(m_fx->path(), expand(sql)); // {alice} and the seeded ids, as psql()
}

void TestIdentity::attackIsRefusedAndChangesNothing_data()
{
    test::addIdentityAttackRows();
}

// Each attack exits non-zero with the rule that refused it, and leaves every table, the audit
// chain's head and this run's logins as they were.
void TestIdentity::attackIsRefusedAndChangesNothing()
{
    QFETCH(QString, who);
    QFETCH(QString, tool);
    QFETCH(QStringList, args);
    QFETCH(QString, reason);
    const QStringList before = test::databaseState(m_fx->path());
    QVERIFY2(!before.value(0).startsWith(u"unreadable"_s), qPrintable(before.join(u'\n')));
    QProcessEnvironment helpdesk; // so that `message send` gets as far as the outbox
    helpdesk.insert(u"OPS_HELPDESK_URL"_s, m_sim->baseUrl().toString());
    const test::ProcessRun r =
        tool == u"opsctl"_s ? opsctl(who, args, helpdesk) : psql(who, args.value(0));
    const QString err = r.errText();
    if (tool == u"opsctl"_s)
        QVERIFY2(r.exitCode == 2, qPrintable(u"exit %1: %2"_s.arg(r.exitCode).arg(err)));
    else
        QVERIFY2(r.exitCode > 0, qPrintable(u"exit %1: %2"_s.arg(r.exitCode).arg(err)));
    QVERIFY2(err.contains(expand(reason)), qPrintable(err));
    QCOMPARE(test::databaseState(m_fx->path()), before);
}

void TestIdentity::disabledPersonIsRefusedAndKeepsHistory_data()
{
    QTest::addColumn<bool>("createRole"); // alice may create roles: disable is NOLOGIN too
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("reason");
    QTest::addRow("closes with opsctl")
        << false << u"opsctl"_s << test::closeArgs(u"op_u1"_s, u"{ev}"_s) << u"may not close"_s;
    QTest::addRow("attaches evidence with opsctl")
        << false << u"opsctl"_s
        << QStringList{u"evidence"_s, u"add"_s,  u"op_u1"_s,  u"--kind"_s, u"note"_s,
                       u"--title"_s,  u"late"_s, u"--text"_s, u"x"_s}
        << u"may not"_s;
    QTest::addRow("writes evidence with psql")
        << false << u"psql"_s
        << QStringList{u"INSERT INTO evidence (operation_id, kind, title, content_type, body, "
                       "sha256, size_bytes, created_by, created_at) VALUES ('op_u1', 'note', 't', "
                       "'text/plain', 'x', 'h', 1, 'operator:{bob}', 1)"_s}
        << u"ops-refused[disabled]"_s;
    const QString close = u"UPDATE operations SET state = 'failed', closed_by = 'operator:{bob}', "
                          "closed_at = 1, close_reason = 'x' WHERE id = 'op_u1'"_s;
    QTest::addRow("closes with psql")
        << false << u"psql"_s << QStringList{close} << u"ops-refused[disabled]"_s;
    QTest::addRow("closes with psql after NOLOGIN")
        << true << u"psql"_s << QStringList{close} << u"not permitted to log in"_s;
}

// bob, a supervisor, attaches evidence; alice disables him (her login may not create roles, so
// the directory's flag does it); bob's next action is refused, and what he did stays.
void TestIdentity::disabledPersonIsRefusedAndKeepsHistory()
{
    QFETCH(bool, createRole);
    QFETCH(QString, tool);
    QFETCH(QStringList, args);
    QFETCH(QString, reason);
    if (createRole)
        QVERIFY(test::adminSql(expand(u"ALTER ROLE {alice} CREATEROLE"_s)).isEmpty());
    const QStringList note = {u"evidence"_s, u"add"_s,     u"op_u2"_s,  u"--kind"_s,   u"note"_s,
                              u"--title"_s,  u"checked"_s, u"--text"_s, u"no refund"_s};
    test::ProcessRun r = opsctl(u"bob"_s, note);
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    r = opsctl(u"alice"_s, {u"operator"_s, u"disable"_s, u"{bob}"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    QCOMPARE(ownerRead(u"SELECT disabled FROM operators WHERE name = '{bob}'"_s), u"1"_s);

    const QStringList before = test::databaseState(m_fx->path());
    r = tool == u"opsctl"_s ? opsctl(u"bob"_s, args) : psql(u"bob"_s, args.value(0));
    QVERIFY2(tool == u"opsctl"_s ? r.exitCode == 2 : r.exitCode > 0,
             qPrintable(u"exit %1: %2"_s.arg(r.exitCode).arg(r.errText())));
    QVERIFY2(r.errText().contains(expand(reason)), qPrintable(r.errText()));
    QCOMPARE(test::databaseState(m_fx->path()), before);
    QCOMPARE(ownerRead(u"SELECT title FROM evidence WHERE created_by = 'operator:{bob}'"_s),
             u"checked"_s);
}

// The agent opens a refund against provider-sim as its own login: the row, its provider
// evidence and every audit entry name the agent (by its login) or the engine, never a person.
void TestIdentity::agentOpensARefundUnderItsOwnLogin()
{
    QProcessEnvironment stripe;
    stripe.insert(u"OPS_STRIPE_URL"_s, m_sim->baseUrl().toString());
    stripe.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_demo"_s);
    test::ProcessRun r = opsctl(u"agent"_s,
                                {u"refund"_s, u"--order"_s, u"4417"_s, u"--charge"_s, u"ch_4417"_s,
                                 u"--amount"_s, u"500"_s},
                                stripe);
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    const QString opened = QString::fromStdString(r.result().value("operation_id", ""));
    QVERIFY2(!opened.isEmpty(), r.out.constData());
    const QString where = u" WHERE operation_id = '%1'"_s.arg(opened);
    // Its login names it: agent:<login>:opsctl:cli (DESIGN §13).
    const QString actor = expand(u"agent:{agent}:opsctl:cli"_s);
    QCOMPARE(ownerRead(u"SELECT state || ' ' || created_by FROM operations WHERE id = '%1'"_s.arg(
                 opened)),
             u"succeeded "_s + actor);
    QCOMPARE(ownerRead(u"SELECT string_agg(DISTINCT created_by, ',') FROM evidence"_s + where),
             actor);
    QCOMPARE(ownerRead(u"SELECT count(*) FROM audit"_s + where +
                       u" AND actor NOT LIKE 'agent:%' AND actor NOT LIKE 'system:%'"_s),
             u"0"_s);
    r = opsctl(u"bob"_s, {u"audit"_s, u"verify"_s});
    QVERIFY2(r.exitCode == 0, r.out.constData());
}

// Support attaches evidence and a supervisor closes by hand, each recorded under their login
// whatever they typed, and the chain verifies.
void TestIdentity::supportAttachesAndSupervisorClosesUnderTheirLogins()
{
    const QString head = ownerRead(u"SELECT max(id) FROM audit"_s);
    test::ProcessRun r =
        opsctl(u"sam"_s, {u"evidence"_s, u"add"_s, u"op_u2"_s, u"--kind"_s, u"support_answer"_s,
                          u"--title"_s, u"customer"_s, u"--text"_s, u"no money arrived"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    const QString evidence = QString::number(r.result().value("evidence_id", 0));
    QCOMPARE(ownerRead(u"SELECT created_by FROM evidence WHERE id = "_s + evidence),
             test::operatorActor(u"sam"_s));

    r = opsctl(u"alice"_s, QStringList{u"--operator"_s, u"{alice}"_s} +
                               test::closeArgs(u"op_u2"_s, evidence)); // her own name: allowed
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    QCOMPARE(ownerRead(u"SELECT state || ' ' || closed_by FROM operations WHERE id = 'op_u2'"_s),
             u"failed "_s + test::operatorActor(u"alice"_s));
    const QString people = ownerRead(
        u"SELECT action || ' ' || actor FROM audit WHERE id > %1 ORDER BY id"_s.arg(head));
    QCOMPARE(people.split(u'\n'),
             QStringList({u"evidence.added "_s + test::operatorActor(u"sam"_s),
                          u"state.closed_manually "_s + test::operatorActor(u"alice"_s)}));
    r = opsctl(u"bob"_s, {u"audit"_s, u"verify"_s});
    QVERIFY2(r.exitCode == 0, r.out.constData());
    QCOMPARE(r.result().value("verified", false), true);
}

// Four-eyes from the database: alice sets a threshold, her close above it waits, bob approves,
// and the close carried out names both, as do the audit entries of each step.
void TestIdentity::fourEyesCloseNamesBothPeople()
{
    const QString head = ownerRead(u"SELECT max(id) FROM audit"_s);
    test::ProcessRun r =
        opsctl(u"alice"_s, {u"settings"_s, u"set"_s, u"approval-threshold"_s, u"usd"_s, u"1000"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    r = opsctl(u"sam"_s, {u"evidence"_s, u"add"_s, u"op_u2"_s, u"--kind"_s, u"note"_s, u"--title"_s,
                          u"checked"_s, u"--text"_s, u"no refund at Stripe"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    const QString evidence = QString::number(r.result().value("evidence_id", 0));

    r = opsctl(u"alice"_s, test::closeArgs(u"op_u2"_s, evidence));
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    QCOMPARE(QString::fromStdString(r.result().value("state", "")), u"awaiting_approval"_s);
    const QString approval = QString::number(r.result().value("approval_id", 0));
    QCOMPARE(ownerRead(u"SELECT state FROM operations WHERE id = 'op_u2'"_s), u"unknown"_s);

    // The approval carries the close out (its entry is bob's, who wrote it), or alice closes
    // once it is approved (then the entry is hers): either way under the writer's own login.
    r = opsctl(u"bob"_s, {u"approval"_s, u"approve"_s, approval});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    QString closer = u"bob"_s;
    if (ownerRead(u"SELECT state FROM operations WHERE id = 'op_u2'"_s) == u"unknown"_s) {
        r = opsctl(u"alice"_s, test::closeArgs(u"op_u2"_s, evidence));
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        closer = u"alice"_s;
    }
    QCOMPARE(ownerRead(u"SELECT state || ' / ' || closed_by FROM operations WHERE id = 'op_u2'"_s),
             u"failed / %1, approved by %2"_s.arg(test::operatorActor(u"alice"_s),
                                                  test::operatorActor(u"bob"_s)));
    QCOMPARE(ownerRead(u"SELECT requested_by || ' ' || decided_by FROM approvals WHERE id = "_s +
                       approval),
             test::operatorActor(u"alice"_s) + u' ' + test::operatorActor(u"bob"_s));
    const QString steps =
        ownerRead(u"SELECT DISTINCT action || ' ' || actor FROM audit WHERE id > %1 AND action IN "
                  "('settings.approval_threshold', 'approval.requested', 'approval.approved', "
                  "'state.closed_manually') ORDER BY 1"_s.arg(head));
    QCOMPARE(steps.split(u'\n'),
             QStringList({u"approval.approved "_s + test::operatorActor(u"bob"_s),
                          u"approval.requested "_s + test::operatorActor(u"alice"_s),
                          u"settings.approval_threshold "_s + test::operatorActor(u"alice"_s),
                          u"state.closed_manually "_s + test::operatorActor(closer)}));
    r = opsctl(u"alice"_s, {u"audit"_s, u"verify"_s});
    QVERIFY2(r.exitCode == 0, r.out.constData());
    QCOMPARE(r.result().value("verified", false), true);
}

void TestIdentity::whoamiSaysWhoIsLoggedIn_data()
{
    QTest::addColumn<QString>("who");
    QTest::addColumn<QString>("principal");
    QTest::addRow("supervisor") << u"alice"_s << u"supervisor"_s;
    QTest::addRow("second supervisor") << u"bob"_s << u"supervisor"_s;
    QTest::addRow("support") << u"sam"_s << u"support"_s;
    QTest::addRow("agent") << u"agent"_s << u"agent"_s;
    QTest::addRow("service") << u"svc"_s << u"service"_s;
    QTest::addRow("in no group") << u"nobody"_s << u"no group"_s;
    QTest::addRow("the tables' owner") << test::ownerLogin() << u"unchecked"_s;
}

void TestIdentity::whoamiSaysWhoIsLoggedIn()
{
    QFETCH(QString, who);
    QFETCH(QString, principal);
    const test::ProcessRun r = opsctl(who, {u"operator"_s, u"whoami"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    const nlohmann::json j = r.result();
    QVERIFY2(j.is_object(), r.out.constData());
    QCOMPARE(QString::fromStdString(j.value("login", "")), loginOf(who));
    QCOMPARE(QString::fromStdString(j.value("mode", "")), u"team"_s);
    QCOMPARE(QString::fromStdString(j.value("principal", "")), principal);
    const bool owner = who == test::ownerLogin();
    QCOMPARE(j.value("authenticated", owner), !owner);
    // Only the owner's names are unchecked, and whoami says so.
    QCOMPARE(j.contains("note"), owner);
    if (owner)
        QVERIFY2(j.value("note", "").find("not checked") != std::string::npos, r.out.constData());
    if (principal == u"supervisor"_s || principal == u"support"_s) {
        QCOMPARE(QString::fromStdString(j.value("operator", "")), loginOf(who));
        QCOMPARE(QString::fromStdString(j.value("role", "")), principal);
    }
}

// A supervisor whose login may not create roles is given the DBA's SQL and nothing changes;
// with CREATEROLE the same command creates the login in ops_support.
void TestIdentity::addingAPersonNeedsCreateRole()
{
    const QStringList add = {u"operator"_s, u"add"_s, u"{carol}"_s, u"--role"_s, u"support"_s};
    const QStringList before = test::databaseState(m_fx->path());
    test::ProcessRun r = opsctl(u"alice"_s, add);
    QVERIFY2(r.exitCode == 2, qPrintable(r.errText()));
    const QString told = QString::fromUtf8(r.out + r.err);
    QVERIFY2(told.contains(expand(u"CREATE ROLE \"{carol}\" LOGIN"_s)), qPrintable(told));
    QVERIFY2(told.contains(expand(u"GRANT ops_support TO \"{carol}\""_s)), qPrintable(told));
    QCOMPARE(test::databaseState(m_fx->path()), before);
    QCOMPARE(ownerRead(u"SELECT count(*) FROM pg_roles WHERE rolname = '{carol}'"_s), u"0"_s);

    QVERIFY(test::adminSql(expand(u"ALTER ROLE {bob} CREATEROLE"_s)).isEmpty());
    r = opsctl(u"bob"_s, add);
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    QCOMPARE(ownerRead(u"SELECT rolcanlogin FROM pg_roles WHERE rolname = '{carol}'"_s), u"t"_s);
    QCOMPARE(ownerRead(u"SELECT string_agg(g.rolname, ',' ORDER BY g.rolname) FROM "
                       "pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN "
                       "pg_roles u ON u.oid = m.member WHERE u.rolname = '{carol}'"_s),
             u"ops_support"_s);
    QCOMPARE(ownerRead(u"SELECT role || ' ' || created_by FROM operators WHERE name = "
                       "'{carol}'"_s),
             u"support "_s + test::operatorActor(u"bob"_s));
    QCOMPARE(ownerRead(u"SELECT actor FROM audit WHERE action = 'operator.added'"_s),
             test::operatorActor(u"bob"_s));
    QVERIFY(test::databaseState(m_fx->path()) != before); // what the attack cases compare sees it
}

QTEST_MAIN(TestIdentity)
#include "tst_identity.moc"
