#include "pg/identityattacks.h"

#include <QTest>

using namespace Qt::StringLiterals;

namespace ops::test {

void addIdentityAttackRows()
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

} // namespace ops::test
