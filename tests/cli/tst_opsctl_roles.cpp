// opsctl obeys the same rights as the console (issue 6): a real opsctl process on a real SQLite
// file. Refused actions exit 2 with a clear message and write nothing; a close above the
// four-eyes threshold prints the pending approval; another supervisor approves it. db check warns
// when a threshold is set and fewer than two people may approve it (issue 50). On PostgreSQL each
// person runs opsctl on their own login and the rows are seeded by their roles (issue 50); names
// no login has (dave, erin, the bootstrap's x, root and sam) run as the owner, whose typed names
// are not checked (tests/pg/owner_writers.txt says where).

#include "storage/access/approvals.h"
#include "support/rolesfixture.h"
#include "support/testpaths.h"

#include <QProcess>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;
using ops::test::RolesFixture;
using ops::test::StoreFixture;

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QString err;
    json result() const { return json::parse(out.constData(), nullptr, false); }
};

class Opsctl
{
public:
    // On `db` as the one file (SQLite) or the owner (PostgreSQL); with `roles`, each run logs in
    // as the person its --operator names, else as the agent (routeOperator).
    explicit Opsctl(const QString &db, const RolesFixture *roles = nullptr)
        : m_roles(roles)
    {
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.insert(u"OPS_DB"_s, db);
        m_env.remove(u"OPS_OPERATOR"_s);
        m_env.insert(u"USER"_s, u"nobody-here"_s);
    }
    Run run(QStringList args) const
    {
        QProcess p;
        p.setProcessEnvironment(m_env);
        if (m_roles) {
            const QString who = ops::test::routeOperator(args);
            p.setProcessEnvironment(m_roles->programEnv(who, m_env));
        }
        p.start(ops::test::opsctlPath(), args);
        p.waitForFinished(60000);
        return {p.exitCode(), p.readAllStandardOutput().trimmed(),
                QString::fromUtf8(p.readAllStandardError())};
    }
    QProcessEnvironment &env() { return m_env; }

private:
    const RolesFixture *m_roles = nullptr;
    QProcessEnvironment m_env;
};

// A JSON string or number as text, for comparisons.
QString text(const json &j)
{
    if (j.is_string())
        return QString::fromStdString(j.get<std::string>());
    return QString::fromStdString(j.dump());
}

int count(Connection &db, const QString &table)
{
    QSqlQuery q(db);
    if (!q.exec(u"SELECT COUNT(*) FROM "_s + table) || !q.next())
        return -1;
    return q.value(0).toInt();
}

// An unknown refund of `amount` cents, opened and left unknown by the agent, with one evidence
// item by alice; returns the evidence id.
qint64 unknownRow(RolesFixture &f, const QString &id, qint64 amount)
{
    NewOperation op;
    op.id = id;
    op.unitOfWork = id;
    op.orderId = id;
    op.chargeId = u"ch_"_s + id;
    op.amount = {amount, u"usd"_s};
    op.idempotencyKey = u"key-"_s + id;
    op.request = {"POST", u"/v1/refunds"_s, "amount=1", "application/x-www-form-urlencoded"};
    op.createdBy = f.agentActor(u"test"_s);
    op.agent = f.agentOf();
    f.agent().openOrGet(op);
    f.agent().markUnknown(id, u"stored 500"_s, f.agentActor(u"t"_s));
    return f.as(u"alice"_s)
        .addEvidence({0,
                      id,
                      u"note"_s,
                      u"looked"_s,
                      u"text/plain"_s,
                      "no refund",
                      {},
                      {},
                      f.person(u"alice"_s)});
}

} // namespace

class TestOpsctlRoles : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QCOMPARE(ops::test::prepareRoles(), QString()); }
    void cleanupTestCase() { QCOMPARE(ops::test::dropRoles(), QString()); }
    void refusedActions_data();
    void refusedActions();
    void fourEyesCloseFromTheCommandLine();
    void bootstrapAndDirectory();
    void dbCheckWarnsWithoutASecondSupervisor_data();
    void dbCheckWarnsWithoutASecondSupervisor();
    void dbCheckRefusesBadInput_data();
    void dbCheckRefusesBadInput();
};

void TestOpsctlRoles::refusedActions_data()
{
    QTest::addColumn<QString>("identity"); // "--operator NAME", "env NAME" or "user NAME"
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QStringList close = {u"close"_s,    u"op_a"_s,      u"--outcome"_s,  u"failed"_s,
                               u"--reason"_s, u"no refund"_s, u"--evidence"_s, u"1"_s};
    QTest::addRow("support closes")
        << u"--operator carol"_s << close << u"operator carol (support) may not close"_s;
    QTest::addRow("support closes via OPS_OPERATOR")
        << u"env carol"_s << close << u"operator carol (support) may not close"_s;
    QTest::addRow("support closes as the OS user")
        << u"user carol"_s << close << u"operator carol (support) may not close"_s;
    QTest::addRow("unknown operator attaches")
        << u"--operator dave"_s
        << QStringList{u"evidence"_s, u"add"_s, u"op_a"_s,   u"--kind"_s, u"note"_s,
                       u"--title"_s,  u"t"_s,   u"--text"_s, u"x"_s}
        << u"operator dave (not an operator) may not attach"_s;
    QTest::addRow("support approves")
        << u"--operator carol"_s << QStringList{u"approval"_s, u"approve"_s, u"1"_s}
        << u"operator carol (support) may not approve"_s;
    QTest::addRow("support promotes itself")
        << u"--operator carol"_s
        << QStringList{u"operator"_s, u"grant"_s, u"carol"_s, u"--role"_s, u"supervisor"_s}
        << u"only a supervisor may"_s;
    QTest::addRow("support sets the threshold")
        << u"--operator carol"_s
        << QStringList{u"settings"_s, u"set"_s, u"approval-threshold"_s, u"usd"_s, u"0"_s}
        << u"operator carol (support) may not change the four-eyes threshold"_s;
    QTest::addRow("no operator at all")
        << u"nobody -"_s << QStringList{u"approval"_s, u"approve"_s, u"1"_s}
        << u"this is done by a person"_s;
    QTest::addRow("bad operator name") << u"--operator a;b"_s << close << u"must be 1-64 letters"_s;
    QTest::addRow("reject without reason")
        << u"--operator bob"_s << QStringList{u"approval"_s, u"reject"_s, u"1"_s}
        << u"a rejection needs --reason"_s;
    QTest::addRow("bad role") << u"--operator alice"_s
                              << QStringList{u"operator"_s, u"add"_s, u"zed"_s, u"--role"_s,
                                             u"admin"_s}
                              << u"--role must be support or supervisor"_s;
    QTest::addRow("bad rights") << u"--operator alice"_s
                                << QStringList{u"operator"_s, u"add"_s,     u"zed"_s,
                                               u"--role"_s,   u"support"_s, u"--rights"_s,
                                               u"view,fly"_s}
                                << u"unknown right 'fly'"_s;
    // Message, Audit and Export (support has message, so an unknown or disabled operator
    // stands in for "without message"). "@" is a file in a fresh folder that must stay absent.
    const QStringList message = {u"message"_s,  u"send"_s,           u"op_a"_s, u"--template"_s,
                                 u"checking"_s, u"--conversation"_s, u"cus_1"_s};
    QTest::addRow("unknown operator messages")
        << u"--operator dave"_s << message << u"operator dave (not an operator) may not message"_s;
    QTest::addRow("disabled operator messages")
        << u"env erin"_s << message << u"operator erin (disabled) may not message"_s;
    QTest::addRow("support exports the audit trail")
        << u"--operator carol"_s << QStringList{u"audit"_s, u"export"_s, u"--csv"_s, u"@"_s}
        << u"operator carol (support) may not export"_s;
    QTest::addRow("support exports as the OS user")
        << u"user carol"_s << QStringList{u"audit"_s, u"export"_s, u"--csv"_s, u"@"_s}
        << u"operator carol (support) may not export"_s;
    QTest::addRow("support verifies the audit chain")
        << u"env carol"_s << QStringList{u"audit"_s, u"verify"_s}
        << u"operator carol (support) may not audit"_s;
    QTest::addRow("nobody verifies the audit chain")
        << u"nobody -"_s << QStringList{u"audit"_s, u"verify"_s}
        << u"the audit trail is read by a person"_s;
    QTest::addRow("nobody exports the audit trail")
        << u"nobody -"_s << QStringList{u"audit"_s, u"export"_s, u"--csv"_s, u"@"_s}
        << u"the audit trail is read by a person"_s;
    QTest::addRow("negative threshold")
        << u"--operator alice"_s
        << QStringList{u"settings"_s, u"set"_s, u"approval-threshold"_s, u"usd"_s, u"-5"_s}
        << u"0 or more"_s;
}

void TestOpsctlRoles::refusedActions()
{
    QFETCH(QString, identity);
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    RolesFixture f;
    Connection &db = connectionOf(f.store());
    const QString alice = f.person(u"alice"_s);
    QCOMPARE(unknownRow(f, u"op_a"_s, 3800), qint64(1));
    // A pending approval #1 that carol may not approve: alice's close of a large refund.
    setApprovalThreshold(connectionOf(f.as(u"alice"_s)), 0, alice, u"usd"_s, 100000);
    const qint64 big = unknownRow(f, u"op_b"_s, 500000);
    QCOMPARE(f.as(u"alice"_s)
                 .closeManually({u"op_b"_s, OperationState::Failed, {}, {big}, alice, u"none"_s})
                 .refusal,
             ManualCloseRefusal::AwaitingApproval);
    // erin, disabled, has no login on PostgreSQL: a directory row the owner writes there, for
    // her row only.
    const QString ownerName = u"roles-owner"_s;
    if (!f.onTeam() || identity.endsWith(u" erin"_s)) {
        Connection owner = f.onTeam() ? Database::open(f.path(), ownerName) : Connection{};
        Connection &directory = f.onTeam() ? owner : connectionOf(f.as(u"alice"_s));
        addOperator(directory, f.clock().nowMs(), alice, u"erin"_s, Role::Support);
        setOperatorDisabled(directory, 0, alice, u"erin"_s, true);
    }
    if (QSqlDatabase::contains(ownerName))
        QSqlDatabase::removeDatabase(ownerName);
    const int audit = count(db, u"audit"_s);
    const int evidence = count(db, u"evidence"_s);
    const int operators = count(db, u"operators"_s);
    const int messages = count(db, u"messages"_s);
    QTemporaryDir dir;
    const QString target = dir.filePath(u"audit.csv"_s);
    for (QString &a : args)
        a.replace(u"@"_s, target);

    Opsctl cli(f.path());
    // A helpdesk nobody listens on: a message refused by the store never reaches it.
    cli.env().insert(u"OPS_HELPDESK_URL"_s, u"http://127.0.0.1:9"_s);
    const QString how = identity.section(u' ', 0, 0);
    QString who = identity.section(u' ', 1);
    const bool person = QStringList{u"alice"_s, u"bob"_s, u"carol"_s}.contains(who);
    if (f.onTeam() && (person || how == u"nobody"_s || who == u"a;b"_s)) {
        // A person on their own login (named as the backend names them), nobody as the agent (a
        // login, not a person), the bad name typed at alice's desk. Others (dave, erin) have no
        // login: the owner runs them, as before.
        cli.env() = f.programEnv(person               ? who
                                 : how == u"nobody"_s ? u"agent"_s
                                                      : u"alice"_s,
                                 cli.env());
        if (person) {
            message.replace(u"operator %1 "_s.arg(who),
                            u"operator %1 "_s.arg(ops::test::personName(who)));
            who = ops::test::personName(who);
        }
    }
    if (how == u"env"_s)
        cli.env().insert(u"OPS_OPERATOR"_s, who);
    else if (how == u"user"_s)
        cli.env().insert(u"USER"_s, who);
    else if (how == u"nobody"_s) {
        cli.env().remove(u"USER"_s);
        cli.env().remove(u"USERNAME"_s);
    } else
        args = QStringList{u"--operator"_s, who} + args;
    const Run r = cli.run(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
    QCOMPARE(count(db, u"audit"_s), audit);
    QCOMPARE(count(db, u"evidence"_s), evidence);
    QCOMPARE(count(db, u"operators"_s), operators);
    QCOMPARE(count(db, u"messages"_s), messages);
    QVERIFY(!QFile::exists(target));
    QCOMPARE(toString(f.store().operation(u"op_a"_s)->state), toString(OperationState::Unknown));
    QCOMPARE(toString(findApproval(db, 1)->state), toString(ApprovalState::Pending));
    QCOMPARE(approvalThreshold(db, u"usd"_s).value_or(-1), qint64(100000));
}

void TestOpsctlRoles::fourEyesCloseFromTheCommandLine()
{
    RolesFixture f;
    const qint64 ev = unknownRow(f, u"op_a"_s, 250000);
    Opsctl cli(f.path(), &f);
    Run r = cli.run({u"--operator"_s, u"alice"_s, u"settings"_s, u"set"_s, u"approval-threshold"_s,
                     u"USD"_s, u"100000"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(text(r.result()["approval_threshold"]), u"100000"_s);

    r = cli.run({u"--operator"_s, u"alice"_s, u"close"_s, u"op_a"_s, u"--outcome"_s, u"failed"_s,
                 u"--reason"_s, u"no refund at the provider"_s, u"--evidence"_s,
                 QString::number(ev)});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(text(r.result()["state"]), QStringLiteral("awaiting_approval"));
    const qint64 id = r.result()["approval_id"].get<qint64>();
    QVERIFY(id > 0);
    QVERIFY2(r.err.contains(u"approval #%1 is pending"_s.arg(id)), qPrintable(r.err));
    QCOMPARE(toString(f.store().operation(u"op_a"_s)->state), toString(OperationState::Unknown));

    r = cli.run({u"--operator"_s, u"alice"_s, u"approval"_s, u"approve"_s, QString::number(id)});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(u"nobody approves their own request"_s), qPrintable(r.err));

    r = cli.run({u"approval"_s, u"list"_s, u"--state"_s, u"pending"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.result()["approvals"].size(), size_t(1));
    QCOMPARE(text(r.result()["approvals"][0]["requested_by"]), f.person(u"alice"_s));
    QCOMPARE(text(r.result()["approvals"][0]["request"]["outcome"]), QStringLiteral("failed"));

    r = cli.run({u"--operator"_s, u"bob"_s, u"approval"_s, u"approve"_s, QString::number(id),
                 u"--reason"_s, u"ledger checked"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(text(r.result()["state"]), QStringLiteral("approved"));
    QCOMPARE(text(r.result()["operation_state"]), QStringLiteral("failed"));
    QCOMPARE(f.store().operation(u"op_a"_s)->closedBy,
             u"%1, approved by %2"_s.arg(f.person(u"alice"_s), f.person(u"bob"_s)));

    r = cli.run({u"--operator"_s, u"bob"_s, u"approval"_s, u"approve"_s, QString::number(id)});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(u"already approved"_s), qPrintable(r.err));
    r = cli.run({u"--operator"_s, u"bob"_s, u"approval"_s, u"approve"_s, u"99"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(u"no approval #99"_s), qPrintable(r.err));
    r = cli.run({u"--operator"_s, u"bob"_s, u"audit"_s, u"verify"_s});
    QCOMPARE(r.exitCode, 0);
}

void TestOpsctlRoles::bootstrapAndDirectory()
{
    StoreFixture f(false);
    Opsctl cli(f.path());
    // The first operator must be a supervisor, and may be added by anyone.
    Run r = cli.run(
        {u"--operator"_s, u"x"_s, u"operator"_s, u"add"_s, u"sam"_s, u"--role"_s, u"support"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(u"first operator must be a supervisor"_s), qPrintable(r.err));
    r = cli.run({u"--operator"_s, u"x"_s, u"operator"_s, u"add"_s, u"root"_s, u"--role"_s,
                 u"supervisor"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(text(r.result()["rights"]),
             QStringLiteral("view,attach,resend,close,message,approve,audit,export"));
    r = cli.run({u"--operator"_s, u"root"_s, u"operator"_s, u"add"_s, u"sam"_s, u"--role"_s,
                 u"support"_s, u"--rights"_s, u"view,attach"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(text(r.result()["rights"]), QStringLiteral("view,attach"));
    r = cli.run({u"operator"_s, u"list"_s, u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.result()["operators"].size(), size_t(2));
    QCOMPARE(text(r.result()["operators"][1]["role"]), QStringLiteral("support"));
    r = cli.run({u"--operator"_s, u"sam"_s, u"operator"_s, u"whoami"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(text(r.result()["role"]), QStringLiteral("support"));
    QCOMPARE(text(r.result()["rights"]), QStringLiteral("view,attach"));
    r = cli.run({u"--operator"_s, u"root"_s, u"operator"_s, u"disable"_s, u"root"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(u"last enabled supervisor"_s), qPrintable(r.err));
}

void TestOpsctlRoles::dbCheckWarnsWithoutASecondSupervisor_data()
{
    // The fixture's directory: alice and bob supervise, carol supports. Each row changes it with
    // SQL first, then runs db check; `warning` is part of the one warning expected, or empty.
    QTest::addColumn<QStringList>("setup");
    QTest::addColumn<QString>("warning");
    QTest::addColumn<QStringList>("approvers");
    const QString threshold = u"INSERT INTO settings (name, value, updated_by, updated_at) "
                              "VALUES ('approval_threshold.usd', '100000', 'operator:alice', 0)"_s;
    const QString bobSupports = u"UPDATE operators SET role = 'support' WHERE name = 'bob'"_s;
    QTest::addRow("threshold, one supervisor")
        << QStringList{threshold, bobSupports}
        << u"a four-eyes threshold is set (usd) but only one active supervisor (alice) may "
           "approve"_s
        << QStringList{u"alice"_s};
    QTest::addRow("threshold, the second supervisor disabled")
        << QStringList{threshold, u"UPDATE operators SET disabled = 1 WHERE name = 'bob'"_s}
        << u"only one active supervisor (alice)"_s << QStringList{u"alice"_s};
    QTest::addRow("threshold, no supervisor")
        << QStringList{threshold, u"DELETE FROM operators WHERE role = 'supervisor'"_s}
        << u"(usd) but no active supervisor may approve"_s << QStringList{};
    QTest::addRow("two thresholds, one supervisor")
        << QStringList{threshold, QString(threshold).replace(u".usd"_s, u".eur"_s), bobSupports}
        << u"a four-eyes threshold is set (eur, usd)"_s << QStringList{u"alice"_s};
    QTest::addRow("threshold, two supervisors")
        << QStringList{threshold} << QString() << QStringList{u"alice"_s, u"bob"_s};
    QTest::addRow("threshold, a support with the approve right (--rights)")
        << QStringList{threshold, bobSupports,
                       u"UPDATE operators SET rights_override = 'view,approve' WHERE name = "
                       "'carol'"_s}
        << QString() << QStringList{u"alice"_s, u"carol"_s};
    QTest::addRow("threshold of 0, two supervisors")
        << QStringList{QString(threshold).replace(u"'100000'"_s, u"'0'"_s)} << QString()
        << QStringList{u"alice"_s, u"bob"_s};
    QTest::addRow("no threshold, one supervisor")
        << QStringList{bobSupports} << QString() << QStringList{u"alice"_s};
}

// SQLite counts the directory (foureyescover.h); on PostgreSQL the logins count, which
// tests/pg/tst_foureyescover checks with real logins.
void TestOpsctlRoles::dbCheckWarnsWithoutASecondSupervisor()
{
    QFETCH(QStringList, setup);
    QFETCH(QString, warning);
    QFETCH(QStringList, approvers);
    if (ops::test::onPostgres())
        QSKIP(
            "PostgreSQL counts supervisor logins, not directory rows: tests/pg/tst_foureyescover");
    StoreFixture f;
    for (const QString &sql : setup)
        runQuery(connectionOf(f.store()), sql);
    const Opsctl cli(f.path());

    const Run json = cli.run({u"db"_s, u"check"_s, u"--json"_s});
    QCOMPARE(json.exitCode, 0); // a warning is a finding, not a failure (docs/team.md)
    const auto result = json.result();
    QStringList names;
    for (const auto &name : result["approvers"])
        names << text(name);
    QCOMPARE(names, approvers);
    QCOMPARE(result["warnings"].size(), size_t(warning.isEmpty() ? 0 : 1));
    if (!warning.isEmpty())
        QVERIFY2(text(result["warnings"][0]).contains(warning), json.out.constData());
    QCOMPARE(text(result["verdict"]), u"embedded"_s);

    const Run plain = cli.run({u"db"_s, u"check"_s});
    QCOMPARE(plain.exitCode, 0);
    const QString out = QString::fromUtf8(plain.out);
    QCOMPARE(out.count(u"\nwarning: "_s), warning.isEmpty() ? 0 : 1);
    if (!warning.isEmpty())
        QVERIFY2(out.contains(u"\nwarning: "_s + text(result["warnings"][0])), qPrintable(out));
    QVERIFY2(out.contains(u"\napprovers: "_s + approvers.join(u", "_s)), qPrintable(out));
}

void TestOpsctlRoles::dbCheckRefusesBadInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addRow("unknown option") << QStringList{u"db"_s, u"check"_s, u"--warnings"_s};
    QTest::addRow("an argument") << QStringList{u"db"_s, u"check"_s, u"usd"_s};
    QTest::addRow("--json twice") << QStringList{u"db"_s, u"check"_s, u"--json"_s, u"--json"_s};
    QTest::addRow("no sub-command") << QStringList{u"db"_s};
}

void TestOpsctlRoles::dbCheckRefusesBadInput()
{
    QFETCH(QStringList, args);
    RolesFixture f;
    const Run r = Opsctl(f.path(), &f).run(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(u"usage: opsctl db migrate | db check [--json]"_s), qPrintable(r.err));
    // With --json the error is also one JSON object on stdout (docs/design.md §9); no report.
    QVERIFY2(r.out.isEmpty() || text(r.result()["error"]["code"]) == u"invalid_request"_s,
             r.out.constData());
}

QTEST_GUILESS_MAIN(TestOpsctlRoles)
#include "tst_opsctl_roles.moc"
