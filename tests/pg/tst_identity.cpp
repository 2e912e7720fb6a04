// Who acted is proven (issue 26, DESIGN §13). In team mode people and agents log in to
// PostgreSQL as themselves (scram-sha-256 passwords, scripts/pg.sh) and the database refuses
// what their group may not do, whatever program they use: every case runs opsctl and psql as
// real logins (tests/support/teamlogins.h) against a fresh database of the throwaway server.
// PostgreSQL only (ctest: tst_identity, fixture pg_server); it fails when there is no server.

#include "support/simprocess.h"
#include "support/storefixture.h"
#include "support/teamloginshistory.h"
#include "support/testpaths.h"

#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

// A manual close's arguments for opsctl (the evidence is an id or a placeholder).
QStringList closeArgs(const QString &op, const QString &evidence)
{
    return {u"close"_s,      op,
            u"--outcome"_s,  u"failed"_s,
            u"--reason"_s,   u"the provider has no refund"_s,
            u"--evidence"_s, evidence};
}

} // namespace

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
    void everyTableWithAnActorHasItsOwnCurrentGuard();

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
    QTest::addColumn<QString>("who");
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QStringList>("args"); // opsctl's arguments, or one SQL text for psql
    QTest::addColumn<QString>("reason");   // in stderr: which rule said no
    const QString opsctl = u"opsctl"_s;
    const QString psql = u"psql"_s;
    const QString closeSql = u"UPDATE operations SET state = '%1', closed_by = '%2', "
                             "closed_at = 1, close_reason = 'x' WHERE id = 'op_u1'"_s;

    QTest::addRow("support closes an unknown row with opsctl")
        << u"sam"_s << opsctl << closeArgs(u"op_u1"_s, u"{ev}"_s) << u"may not close"_s;
    QTest::addRow("support closes with psql")
        << u"sam"_s << psql
        << QStringList{u"UPDATE operations SET state='succeeded' WHERE id='op_u1'"_s}
        << u"ops-refused[close]"_s;
    QTest::addRow("support closes with psql, naming itself")
        << u"sam"_s << psql << QStringList{closeSql.arg(u"failed"_s, u"operator:{sam}"_s)}
        << u"ops-refused[close]"_s;
    QTest::addRow("bob types --operator alice")
        << u"bob"_s << opsctl
        << QStringList{u"--operator"_s, u"{alice}"_s} + closeArgs(u"op_u1"_s, u"{ev}"_s)
        << u"you are logged in as {bob}"_s;
    QTest::addRow("bob writes an audit entry as alice with psql")
        << u"bob"_s << psql
        << QStringList{u"INSERT INTO audit_pending (at, actor, action, operation_id, detail) "
                       "VALUES (1, 'operator:{alice}', 'state.closed_manually', 'op_u1', '{}')"_s}
        << u"ops-refused[actor]: you are logged in as {bob}"_s;
    // Since migration 0015 only the sequencer writes the chain itself (DESIGN §14).
    QTest::addRow("bob writes a chained entry with psql")
        << u"bob"_s << psql
        << QStringList{u"INSERT INTO audit (at, actor, action, operation_id, detail, prev_hash, "
                       "hash) VALUES (1, 'operator:{bob}', 'state.closed_manually', 'op_u1', "
                       "'{}', 'forged', 'forged')"_s}
        << u"permission denied for table audit"_s;
    QTest::addRow("bob backdates his queued entry with psql")
        << u"bob"_s << psql
        << QStringList{u"INSERT INTO audit_pending (at, actor, action, detail, queued_at) VALUES "
                       "(1, 'operator:{bob}', 'note', '{}', now() - interval '1 day')"_s}
        << u"permission denied for table audit_pending"_s;
    QTest::addRow("bob closes naming an approval alice never gave")
        << u"bob"_s << psql
        << QStringList{closeSql.arg(u"failed"_s, u"operator:{bob}, approved by operator:{alice}"_s)}
        << u"ops-refused[approval]"_s;
    QTest::addRow("alice closes above the threshold with psql, skipping four-eyes")
        << u"alice"_s << psql
        << QStringList{u"INSERT INTO settings (name, value, updated_by, updated_at) VALUES "
                       "('approval_threshold.usd', '1000', 'operator:{alice}', 1); "_s +
                       closeSql.arg(u"failed"_s, u"operator:{alice}"_s)}
        << u"ops-refused[threshold]"_s;
    // Migration 0014: a person's refund, written past opsctl. The row is op_u2 copied with a new
    // id and key, so that only the rule under test can refuse it.
    const QString personRefund =
        u"INSERT INTO operations SELECT * FROM jsonb_populate_record(NULL::operations, "
        "(SELECT to_jsonb(o) || '{\"id\": \"op_p1\", \"idempotency_key\": \"k-p1\", "
        "\"created_by\": \"operator:{alice}\", %1}'::jsonb FROM operations o "
        "WHERE id = 'op_u2'))"_s;
    QTest::addRow("alice replaces a refund that is not failed with psql")
        << u"alice"_s << psql << QStringList{personRefund.arg(u"\"replaces\": \"op_u1\""_s)}
        << u"ops-refused[replaces]"_s;
    QTest::addRow("alice opens a refund above the threshold unheld with psql")
        << u"alice"_s << psql
        << QStringList{u"INSERT INTO settings (name, value, updated_by, updated_at) VALUES "
                       "('approval_threshold.usd', '1000', 'operator:{alice}', 1); "_s +
                       personRefund.arg(u"\"state\": \"open\""_s)}
        << u"ops-refused[threshold]"_s;
    QTest::addRow("alice approves her own close with opsctl")
        << u"alice"_s << opsctl << QStringList{u"approval"_s, u"approve"_s, u"{approval}"_s}
        << u"own request"_s;
    QTest::addRow("alice approves her own close with psql")
        << u"alice"_s << psql
        << QStringList{u"UPDATE approvals SET state = 'approved', decided_by = 'operator:{alice}', "
                       "decided_at = 1 WHERE id = {approval}"_s}
        << u"ops-refused[own]"_s;
    // Two names that are not bob's: refused for the first column of the actor list (0011's
    // order, kept by 0021's generated guards), whatever the table's column order.
    QTest::addRow("bob renames both people of an approval with psql")
        << u"bob"_s << psql
        << QStringList{u"UPDATE approvals SET requested_by = 'operator:{sam}', decided_by = "
                       "'operator:{alice}' WHERE id = {approval}"_s}
        << u"the approvals.decided_by names operator:{alice}"_s;
    QTest::addRow("support approves with opsctl")
        << u"sam"_s << opsctl << QStringList{u"approval"_s, u"approve"_s, u"{approval}"_s}
        << u"may not approve"_s;
    QTest::addRow("support approves with psql")
        << u"sam"_s << psql
        << QStringList{u"UPDATE approvals SET state = 'approved', decided_by = 'operator:{sam}', "
                       "decided_at = 1 WHERE id = {approval}"_s}
        << u"ops-refused[approve]"_s;
    QTest::addRow("support sets the threshold with opsctl")
        << u"sam"_s << opsctl
        << QStringList{u"settings"_s, u"set"_s, u"approval-threshold"_s, u"usd"_s, u"100000"_s}
        << u"may not change the four-eyes threshold"_s;
    QTest::addRow("support sets the threshold with psql")
        << u"sam"_s << psql
        << QStringList{u"INSERT INTO settings (name, value, updated_by, updated_at) VALUES "
                       "('approval_threshold.usd', '100000', 'operator:{sam}', 1)"_s}
        << u"permission denied for table settings"_s;
    QTest::addRow("support adds a supervisor with opsctl")
        << u"sam"_s << opsctl
        << QStringList{u"operator"_s, u"add"_s, u"{mallory}"_s, u"--role"_s, u"supervisor"_s}
        << u"may not change the operator directory"_s;
    QTest::addRow("support adds a supervisor with psql")
        << u"sam"_s << psql
        << QStringList{u"INSERT INTO operators (name, role, created_by, created_at) VALUES "
                       "('{mallory}', 'supervisor', 'operator:{sam}', 1)"_s}
        << u"permission denied for table operators"_s;
    QTest::addRow("support grants itself the supervisor group")
        << u"sam"_s << psql << QStringList{u"GRANT ops_supervisor TO {sam}"_s}
        << u"ops_supervisor"_s;
    QTest::addRow("agent closes by hand with opsctl")
        << u"agent"_s << opsctl << closeArgs(u"op_u1"_s, u"{ev}"_s) << u"may not close"_s;
    QTest::addRow("agent closes by hand with psql")
        << u"agent"_s << psql << QStringList{closeSql.arg(u"failed"_s, u"agent:opsctl"_s)}
        << u"ops-refused[close]"_s;
    QTest::addRow("agent approves with opsctl")
        << u"agent"_s << opsctl << QStringList{u"approval"_s, u"approve"_s, u"{approval}"_s}
        << u"may not approve"_s;
    QTest::addRow("agent approves with psql")
        << u"agent"_s << psql
        << QStringList{u"UPDATE approvals SET state = 'approved', decided_by = 'agent:opsctl' "
                       "WHERE id = {approval}"_s}
        << u"permission denied for table approvals"_s;
    QTest::addRow("agent writes to the customer with opsctl")
        << u"agent"_s << opsctl
        << QStringList{u"message"_s,  u"send"_s,           u"op_u1"_s, u"--template"_s,
                       u"checking"_s, u"--conversation"_s, u"cus_1"_s}
        << u"permission denied for table messages"_s;
    QTest::addRow("agent writes to the customer with psql")
        << u"agent"_s << psql
        << QStringList{u"INSERT INTO messages (operation_id, conversation, template, language, "
                       "body, idempotency_key, created_by, created_at) VALUES ('op_u1', 'cus_1', "
                       "'custom', 'en', 'refunded!', 'msg-agent', 'agent:opsctl', 1)"_s}
        << u"permission denied for table messages"_s;
    QTest::addRow("service approves with psql")
        << u"svc"_s << psql
        << QStringList{u"UPDATE approvals SET state = 'approved', decided_by = 'system:svc' "
                       "WHERE id = {approval}"_s}
        << u"permission denied for table approvals"_s;
    // Issue 54: a batch's four-eyes holds in the database, as every approval's does.
    const QString decideBatch = u"UPDATE batch_approvals SET state = 'approved', decided_by = "
                                "'operator:%1', decided_at = 1 WHERE id = {batch}"_s;
    QTest::addRow("alice approves her own batch with psql")
        << u"alice"_s << psql << QStringList{decideBatch.arg(u"{alice}"_s)}
        << u"ops-refused[own]"_s;
    QTest::addRow("alice approves her own batch with opsctl")
        << u"alice"_s << opsctl << QStringList{u"batch"_s, u"approve"_s, u"jan"_s}
        << u"another supervisor decides it"_s;
    QTest::addRow("support moves a batch approval to another file with psql")
        << u"sam"_s << psql
        << QStringList{u"UPDATE batch_approvals SET file_sha256 = repeat('c', 64) WHERE id = "
                       "{batch}"_s}
        << u"ops-refused[approval]"_s;
    QTest::addRow("support approves a batch with psql")
        << u"sam"_s << psql << QStringList{decideBatch.arg(u"{sam}"_s)}
        << u"ops-refused[approve]"_s;
    QTest::addRow("bob asks for a batch in alice's name with psql")
        << u"bob"_s << psql
        << QStringList{u"INSERT INTO batch_approvals (name, file_sha256, totals, row_count, "
                       "requested_by, requested_at) VALUES ('feb', repeat('b', 64), '{}', 1, "
                       "'operator:{alice}', 1)"_s}
        << u"ops-refused[actor]"_s;
    QTest::addRow("an agent asks for a batch approval with psql")
        << u"agent"_s << psql
        << QStringList{u"INSERT INTO batch_approvals (name, file_sha256, totals, row_count, "
                       "requested_by, requested_at) VALUES ('feb', repeat('b', 64), '{}', 1, "
                       "'agent:x', 1)"_s}
        << u"permission denied for table batch_approvals"_s;
    QTest::addRow("no group lists operations with opsctl")
        << u"nobody"_s << opsctl << QStringList{u"list"_s}
        << u"permission denied for table operations"_s;
    QTest::addRow("no group reads operations with psql")
        << u"nobody"_s << psql << QStringList{u"SELECT count(*) FROM operations"_s}
        << u"permission denied for table operations"_s;
    QTest::addRow("no group attaches evidence with opsctl")
        << u"nobody"_s << opsctl
        << QStringList{u"evidence"_s, u"add"_s, u"op_u1"_s,  u"--kind"_s, u"note"_s,
                       u"--title"_s,  u"t"_s,   u"--text"_s, u"x"_s}
        << u"permission denied"_s;
    QTest::addRow("no group writes evidence with psql")
        << u"nobody"_s << psql
        << QStringList{u"INSERT INTO evidence (operation_id, kind, title, content_type, body, "
                       "sha256, size_bytes, created_by, created_at) VALUES ('op_u1', 'note', 't', "
                       "'text/plain', 'x', 'h', 1, 'operator:{nobody}', 1)"_s}
        << u"permission denied for table evidence"_s;
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
        << false << u"opsctl"_s << closeArgs(u"op_u1"_s, u"{ev}"_s) << u"may not close"_s;
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
                               closeArgs(u"op_u2"_s, evidence)); // her own name: allowed
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

    r = opsctl(u"alice"_s, closeArgs(u"op_u2"_s, evidence));
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
        r = opsctl(u"alice"_s, closeArgs(u"op_u2"_s, evidence));
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

void TestIdentity::everyTableWithAnActorHasItsOwnCurrentGuard()
{
    // Since 0021 each table's guard is generated from its columns (ops_guard_source). Every table
    // with an actor column has one, and each matches its table as it is now.
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

QTEST_MAIN(TestIdentity)
#include "tst_identity.moc"
