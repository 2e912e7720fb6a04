// The customer-message outbox on a real SQLite file: key derivation, the same message queued
// twice is one row, templates and free text judged against the row's state at commit, bad
// input refused with nothing stored, attempts counted, copy to clipboard, audit entries. Each
// actor in its role (rolesfixture.h, issue 50): on PostgreSQL the agent opens and closes the rows
// on its login, alice queues and sends on hers, bob copies on his, carol (sam) on hers.

#include "itemmodels/messagetablemodel.h"
#include "storage/access/operatordirectory.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/messages/messagestore.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"

#include <QAbstractItemModelTester>
#include <QSqlQuery>
#include <QTest>

using namespace ops;
using ops::test::personActorOf;
using ops::test::RolesFixture;

Q_DECLARE_METATYPE(ops::OperationState)
Q_DECLARE_METATYPE(ops::MessageTemplate)

namespace {

qint64 countRows(Connection &db, const QString &table, const QString &where = u"1=1"_s)
{
    Query q = runQuery(db, u"SELECT COUNT(*) FROM %1 WHERE %2"_s.arg(table, where));
    q.next();
    return q.value(0).toLongLong();
}

MessageDraft draft(const QString &operationId, MessageTemplate t = MessageTemplate::Checking,
                   const QString &language = u"en"_s)
{
    MessageDraft d;
    d.operationId = operationId;
    d.tmpl = t;
    d.language = language;
    d.conversation = u"cus_4417"_s;
    d.actor = personActorOf(u"alice"_s);
    return d;
}

// `n` opened by the agent and moved to `state` as the engine would (naming its login, 0013).
Operation opened(RolesFixture &f, NewOperation n, OperationState state,
                 const QString &providerStatus = u"succeeded"_s)
{
    n.agent = f.agentOf();
    return test::operationIn(f.agent(), n, state, providerStatus);
}

// The outbox of `who`'s console (alice, bob, carol), on their own connection.
MessageStore outboxOf(RolesFixture &f, const QString &who)
{
    return MessageStore(connectionOf(f.as(who)), f.clock());
}

} // namespace

class TestMessageStore : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void keyDerivation();
    void sameMessageTwiceIsOneRow();
    void stateChangeMakesANewMessage();
    void badInputStoresNothing_data();
    void badInputStoresNothing();
    void templatesFollowTheRowState_data();
    void templatesFollowTheRowState();
    void attemptsAreCountedAndCapped();
    void copyToClipboard();
    void outdatedMessagesAreNotDelivered();
    void auditTrailAndModel();
    void messagingNeedsTheRight_data();
    void messagingNeedsTheRight();
    void pendingRefundGetsIssuedNotRefunded();
};

void TestMessageStore::initTestCase()
{
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestMessageStore::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestMessageStore::keyDerivation()
{
    const QString k =
        MessageStore::messageKey(u"op_1"_s, OperationState::Unknown, MessageTemplate::Checking);
    QVERIFY(k.startsWith(u"msg_"_s));
    QCOMPARE(k.size(), 4 + 64);
    QCOMPARE(
        k, MessageStore::messageKey(u"op_1"_s, OperationState::Unknown, MessageTemplate::Checking));
    QVERIFY(k != MessageStore::messageKey(u"op_2"_s, OperationState::Unknown,
                                          MessageTemplate::Checking));
    QVERIFY(k !=
            MessageStore::messageKey(u"op_1"_s, OperationState::Open, MessageTemplate::Checking));
    QVERIFY(k != MessageStore::messageKey(u"op_1"_s, OperationState::Unknown,
                                          MessageTemplate::NotConfirmed));
    // Templates ignore the text; free text is keyed by its (trimmed) words.
    QCOMPARE(k, MessageStore::messageKey(u"op_1"_s, OperationState::Unknown,
                                         MessageTemplate::Checking, u"anything"_s));
    const auto custom = [](const QString &body) {
        return MessageStore::messageKey(u"op_1"_s, OperationState::Unknown, MessageTemplate::Custom,
                                        body);
    };
    QCOMPARE(custom(u"We are checking."_s), custom(u"  We are checking. "_s));
    QVERIFY(custom(u"We are checking."_s) != custom(u"We are still checking."_s));
}

void TestMessageStore::sameMessageTwiceIsOneRow()
{
    RolesFixture f;
    const Operation op = opened(f, test::refundOperation(u"op_a"_s), OperationState::Unknown);
    MessageStore messages = outboxOf(f, u"alice"_s);
    const EnqueueResult first = messages.enqueue(draft(op.id));
    QVERIFY2(first.error.isEmpty(), qPrintable(first.error));
    QVERIFY(first.created);
    QCOMPARE(toString(first.message->state), toString(MessageState::Pending));
    QCOMPARE(toString(first.message->operationState), toString(OperationState::Unknown));
    QCOMPARE(first.message->idempotencyKey,
             MessageStore::messageKey(op.id, op.state, MessageTemplate::Checking));
    QVERIFY(first.message->body.contains(u"38.00 USD"_s));

    f.clock().advanceSecs(60);
    const EnqueueResult again = messages.enqueue(draft(op.id));
    QVERIFY(!again.created);
    QCOMPARE(again.message->id, first.message->id);
    // Another language is still the same message: the customer gets it once, as first queued.
    const EnqueueResult russian =
        messages.enqueue(draft(op.id, MessageTemplate::Checking, u"ru"_s));
    QVERIFY(!russian.created);
    QCOMPARE(russian.message->language, u"en"_s);
    QCOMPARE(countRows(connectionOf(f.store()), u"messages"_s), 1);
    QCOMPARE(countRows(connectionOf(f.store()), u"audit"_s, u"action = 'message.queued'"_s), 1);

    // Another connection (another console) queueing the same message gets the same row.
    const auto console = f.another(u"alice"_s);
    MessageStore otherStore(console->db(), f.clock());
    QCOMPARE(otherStore.enqueue(draft(op.id)).message->id, first.message->id);
    QCOMPARE(countRows(connectionOf(f.store()), u"messages"_s), 1);

    // A different template is a different message.
    const EnqueueResult second = messages.enqueue(draft(op.id, MessageTemplate::NotConfirmed));
    QVERIFY(second.created);
    QVERIFY(second.message->idempotencyKey != first.message->idempotencyKey);
    QCOMPARE(countRows(connectionOf(f.store()), u"messages"_s), 2);
}

void TestMessageStore::stateChangeMakesANewMessage()
{
    RolesFixture f;
    const Operation op = opened(f, test::refundOperation(u"op_b"_s), OperationState::Open);
    MessageStore messages = outboxOf(f, u"alice"_s);
    const auto open = messages.enqueue(draft(op.id));
    QVERIFY(open.created);
    f.agent().markUnknown(op.id, u"cap reached"_s, u"agent:test"_s);
    const auto unknown = messages.enqueue(draft(op.id));
    QVERIFY(unknown.created);
    QVERIFY(unknown.message->idempotencyKey != open.message->idempotencyKey);
    QCOMPARE(toString(unknown.message->operationState), toString(OperationState::Unknown));
}

void TestMessageStore::badInputStoresNothing_data()
{
    QTest::addColumn<ops::OperationState>("state");
    QTest::addColumn<ops::MessageTemplate>("tmpl");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("conversation");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("operation"); // empty: the fixture's
    QTest::addColumn<QString>("error");     // part of the expected message

    const auto U = OperationState::Unknown;
    const auto T = MessageTemplate::Checking;
    const QString conv = u"cus_4417"_s;
    QTest::newRow("unknown language")
        << U << T << u"de"_s << conv << QString() << QString() << u"unknown language 'de'"_s;
    QTest::newRow("empty conversation")
        << U << T << u"en"_s << u"  "_s << QString() << QString() << u"conversation id is empty"_s;
    QTest::newRow("conversation with slash")
        << U << T << u"en"_s << u"a/b"_s << QString() << QString() << u"only letters"_s;
    QTest::newRow("conversation too long") << U << T << u"en"_s << QString(191, u'c') << QString()
                                           << QString() << u"longer than 190"_s;
    QTest::newRow("unknown operation")
        << U << T << u"en"_s << conv << QString() << u"op_none"_s << u"no operation op_none"_s;
    QTest::newRow("refunded while unknown")
        << U << MessageTemplate::Refunded << u"en"_s << conv << QString() << QString()
        << u"cannot be sent while the operation is unknown"_s;
    QTest::newRow("failed while open")
        << OperationState::Open << MessageTemplate::Failed << u"uk"_s << conv << QString()
        << QString() << u"while the operation is open"_s;
    QTest::newRow("checking after success")
        << OperationState::Succeeded << T << u"en"_s << conv << QString() << QString()
        << u"cannot be sent while the operation is succeeded"_s;
    QTest::newRow("refunded after failure")
        << OperationState::Failed << MessageTemplate::Refunded << u"ru"_s << conv << QString()
        << QString() << u"while the operation is failed"_s;
    QTest::newRow("empty free text") << U << MessageTemplate::Custom << u"en"_s << conv << u"   "_s
                                     << QString() << u"text is empty"_s;
    QTest::newRow("free text too long")
        << U << MessageTemplate::Custom << u"en"_s << conv << QString(4001, u'x') << QString()
        << u"longer than 4000"_s;
    QTest::newRow("free text claims success en")
        << U << MessageTemplate::Custom << u"en"_s << conv << u"Your refund has been processed."_s
        << QString() << u"claims success"_s;
    QTest::newRow("free text claims success ru")
        << OperationState::Open << MessageTemplate::Custom << u"ru"_s << conv
        << u"Деньги возвращены."_s << QString() << u"«возвращены» означает"_s;
    QTest::newRow("free text claims failure uk")
        << U << MessageTemplate::Custom << u"uk"_s << conv << u"Повернення відхилено."_s
        << QString() << u"означає, що гроші не переказано"_s;
    QTest::newRow("free text claims failure after success")
        << OperationState::Succeeded << MessageTemplate::Custom << u"en"_s << conv
        << u"Sorry, the refund was declined."_s << QString() << u"claims failure"_s;
}

void TestMessageStore::badInputStoresNothing()
{
    QFETCH(ops::OperationState, state);
    QFETCH(ops::MessageTemplate, tmpl);
    QFETCH(QString, language);
    QFETCH(QString, conversation);
    QFETCH(QString, text);
    QFETCH(QString, operation);
    QFETCH(QString, error);

    RolesFixture f;
    const Operation op = opened(f, test::refundOperation(u"op_c"_s), state);
    const qint64 auditBefore = countRows(connectionOf(f.store()), u"audit"_s);
    MessageStore messages = outboxOf(f, u"alice"_s);
    MessageDraft d = draft(operation.isEmpty() ? op.id : operation, tmpl, language);
    d.conversation = conversation;
    d.customBody = text;
    const EnqueueResult r = messages.enqueue(d);
    QVERIFY(!r.message);
    QVERIFY(!r.created);
    QVERIFY2(r.error.contains(error), qPrintable(r.error));
    QCOMPARE(countRows(connectionOf(f.store()), u"messages"_s), 0);
    QCOMPARE(countRows(connectionOf(f.store()), u"audit"_s), auditBefore);
}

void TestMessageStore::templatesFollowTheRowState_data()
{
    QTest::addColumn<bool>("credit");
    QTest::addColumn<ops::OperationState>("state");
    QTest::addColumn<ops::MessageTemplate>("tmpl");
    QTest::addColumn<QString>("expected");
    QTest::newRow("open refund checking")
        << false << OperationState::Open << MessageTemplate::NotConfirmed << u"38.00 USD"_s;
    QTest::newRow("succeeded refund refunded")
        << false << OperationState::Succeeded << MessageTemplate::Refunded << u"re_3Q9x"_s;
    QTest::newRow("succeeded credit credited")
        << true << OperationState::Succeeded << MessageTemplate::Credited << u"500 credits"_s;
    QTest::newRow("failed refund failed")
        << false << OperationState::Failed << MessageTemplate::Failed << u"4417"_s;
    QTest::newRow("unknown credit checking uses the work name")
        << true << OperationState::Unknown << MessageTemplate::Checking << u"invoice-7781:topup"_s;
}

void TestMessageStore::templatesFollowTheRowState()
{
    QFETCH(bool, credit);
    QFETCH(ops::OperationState, state);
    QFETCH(ops::MessageTemplate, tmpl);
    QFETCH(QString, expected);
    RolesFixture f;
    const NewOperation n = credit ? test::creditOperation(u"op_d"_s, u"invoice-7781:topup"_s)
                                  : test::refundOperation(u"op_d"_s);
    const Operation op = opened(f, n, state);
    QCOMPARE(toString(op.state), toString(state));
    MessageStore messages = outboxOf(f, u"alice"_s);
    for (const QString &language : messageLanguages()) {
        const auto r = messages.enqueue(draft(op.id, tmpl, language));
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(r.message->body.contains(expected), qPrintable(r.message->body));
    }
    // A credit movement cannot be "refunded", nor a refund "credited".
    const auto wrongKind = messages.enqueue(
        draft(op.id, credit ? MessageTemplate::Refunded : MessageTemplate::Credited));
    QVERIFY(!wrongKind.error.isEmpty());
}

void TestMessageStore::attemptsAreCountedAndCapped()
{
    RolesFixture f;
    const Operation op = opened(f, test::refundOperation(u"op_e"_s), OperationState::Unknown);
    MessageStore messages = outboxOf(f, u"alice"_s);
    const qint64 id = messages.enqueue(draft(op.id)).message->id;

    auto t = messages.beginAttempt(id, 2, f.person(u"alice"_s));
    QCOMPARE(t.refusal, MessageAttemptRefusal::None);
    QCOMPARE(t.message.attempts, 1);
    // Committed before the caller sends: another connection sees it.
    const auto other = f.another(u"alice"_s);
    QCOMPARE(MessageStore(other->db(), f.clock()).message(id)->attempts, 1);

    messages.noteAttemptError(id, u"HTTP 503"_s);
    QCOMPARE(messages.message(id)->lastError, u"HTTP 503"_s);
    QCOMPARE(toString(messages.message(id)->state), toString(MessageState::Pending));
    messages.markFailed(id, u"no answer within 2000 ms"_s, f.person(u"alice"_s));
    QCOMPARE(toString(messages.message(id)->state), toString(MessageState::Failed));

    t = messages.beginAttempt(id, 2, f.person(u"alice"_s)); // a failed message may be retried
    QCOMPARE(t.refusal, MessageAttemptRefusal::None);
    QCOMPARE(toString(t.message.state), toString(MessageState::Pending));
    QCOMPARE(messages.beginAttempt(id, 2, f.person(u"alice"_s)).refusal,
             MessageAttemptRefusal::CapReached);
    messages.markSent(id, u"msg_9"_s, f.person(u"alice"_s));
    const auto sent = *messages.message(id);
    QCOMPARE(toString(sent.state), toString(MessageState::Sent));
    QCOMPARE(sent.providerMessageId, u"msg_9"_s);
    QVERIFY(sent.lastError.isEmpty());
    QCOMPARE(messages.beginAttempt(id, 10, f.person(u"alice"_s)).refusal,
             MessageAttemptRefusal::AlreadySent);
    QCOMPARE(messages.beginAttempt(424242, 10, f.person(u"alice"_s)).refusal,
             MessageAttemptRefusal::NotFound);
}

void TestMessageStore::copyToClipboard()
{
    RolesFixture f;
    const Operation op = opened(f, test::refundOperation(u"op_f"_s), OperationState::Unknown);
    MessageStore messages = outboxOf(f, u"alice"_s);
    MessageStore bobs = outboxOf(f, u"bob"_s);
    const QString bob = f.person(u"bob"_s);
    const qint64 fresh = messages.enqueue(draft(op.id)).message->id;
    QVERIFY(bobs.markCopied(fresh, bob).isEmpty());
    const auto copied = *messages.message(fresh);
    QCOMPARE(toString(copied.state), toString(MessageState::Sent));
    QCOMPARE(toString(copied.channel), toString(MessageChannel::Clipboard));
    QCOMPARE(copied.sentBy, bob);
    QCOMPARE(MessageTableModel::stateText(copied), u"copied"_s);
    // Copied counts as sent: the helpdesk will not deliver it as well, nor is it copied twice.
    QCOMPARE(messages.beginAttempt(fresh, 6, f.person(u"alice"_s)).refusal,
             MessageAttemptRefusal::AlreadySent);
    QVERIFY(bobs.markCopied(fresh, bob).contains(u"already sent"_s));

    // A send whose answer was never recorded may have arrived: copying it is refused.
    const qint64 inFlight =
        messages.enqueue(draft(op.id, MessageTemplate::NotConfirmed)).message->id;
    messages.beginAttempt(inFlight, 6, f.person(u"alice"_s));
    QVERIFY(bobs.markCopied(inFlight, bob).contains(u"may have arrived"_s));
    bobs.markFailed(inFlight, u"HTTP 400"_s, bob);
    QVERIFY(bobs.markCopied(inFlight, bob).isEmpty());
    QVERIFY(!bobs.markCopied(777, bob).isEmpty());
}

void TestMessageStore::outdatedMessagesAreNotDelivered()
{
    RolesFixture f;
    const Operation op = opened(f, test::refundOperation(u"op_o"_s), OperationState::Open);
    MessageStore messages = outboxOf(f, u"alice"_s);
    MessageStore bobs = outboxOf(f, u"bob"_s);
    const QString bob = f.person(u"bob"_s);
    const qint64 checking = messages.enqueue(draft(op.id)).message->id;
    MessageDraft honest = draft(op.id, MessageTemplate::Custom);
    honest.customBody = u"Thank you for your patience."_s;
    const qint64 neutral = messages.enqueue(honest).message->id;
    QVERIFY(
        f.agent().closeSucceeded(op.id, u"re_1"_s, u"succeeded"_s, u"agent:test"_s, u"provider"_s));

    // "We cannot confirm your refund yet" after the refund was confirmed: not delivered.
    const auto t = messages.beginAttempt(checking, 6, f.person(u"alice"_s));
    QCOMPARE(t.refusal, MessageAttemptRefusal::Outdated);
    QVERIFY2(t.reason.contains(u"succeeded now"_s), qPrintable(t.reason));
    QCOMPARE(messages.message(checking)->attempts, 0);
    QVERIFY(bobs.markCopied(checking, bob).contains(u"no longer"_s));
    // Text that is true in either state may still go.
    QCOMPARE(messages.beginAttempt(neutral, 6, f.person(u"alice"_s)).refusal,
             MessageAttemptRefusal::None);
}

void TestMessageStore::auditTrailAndModel()
{
    RolesFixture f;
    const Operation op = opened(f, test::refundOperation(u"op_g"_s), OperationState::Unknown);
    MessageStore messages = outboxOf(f, u"alice"_s);
    const qint64 a = messages.enqueue(draft(op.id)).message->id;
    messages.beginAttempt(a, 6, f.person(u"alice"_s));
    messages.markSent(a, u"msg_1"_s, f.person(u"alice"_s));
    const qint64 b = messages.enqueue(draft(op.id, MessageTemplate::NotConfirmed)).message->id;
    messages.beginAttempt(b, 6, f.person(u"alice"_s));
    messages.markFailed(b, u"HTTP 400 parameter_invalid"_s, f.person(u"alice"_s));
    MessageDraft custom = draft(op.id, MessageTemplate::Custom);
    custom.customBody = u"We are still checking with the bank; thank you for waiting."_s;
    const qint64 c = messages.enqueue(custom).message->id;
    QVERIFY(messages.markCopied(c, f.person(u"alice"_s)).isEmpty());

    QStringList actions;
    for (const AuditEntry &e : f.store().audit(op.id))
        if (e.action.startsWith(u"message."_s))
            actions << e.action;
    QCOMPARE(actions, (QStringList{u"message.queued"_s, u"message.sent"_s, u"message.queued"_s,
                                   u"message.failed"_s, u"message.queued"_s, u"message.copied"_s}));
    QVERIFY(!AuditLog::firstBroken(connectionOf(f.store())));

    MessageTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRows(messages.forOperation(op.id));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), int(MessageTableModel::ColumnCount));
    const auto cell = [&](int row, int column) {
        return model.index(row, column).data().toString();
    };
    QCOMPARE(cell(0, MessageTableModel::StateColumn), u"sent"_s);
    QCOMPARE(cell(0, MessageTableModel::ResultColumn), u"msg_1 by "_s + f.person(u"alice"_s));
    QCOMPARE(cell(1, MessageTableModel::StateColumn), u"failed"_s);
    QCOMPARE(cell(1, MessageTableModel::ResultColumn), u"HTTP 400 parameter_invalid"_s);
    QCOMPARE(cell(2, MessageTableModel::StateColumn), u"copied"_s);
    QCOMPARE(cell(2, MessageTableModel::TemplateColumn), u"custom"_s);
    QCOMPARE(model.index(2, 0).data(MessageTableModel::BodyRole).toString(), custom.customBody);
    QCOMPARE(model.index(0, 0).data(MessageTableModel::MessageIdRole).toLongLong(), a);
    QCOMPARE(model.headerData(MessageTableModel::StateColumn, Qt::Horizontal).toString(),
             u"State"_s);
    model.setRows({});
    QCOMPARE(model.rowCount(), 0);
}

void TestMessageStore::messagingNeedsTheRight_data()
{
    QTest::addColumn<QString>("actor");
    QTest::addColumn<QString>("step");    // queue, copy or send (the counted attempt)
    QTest::addColumn<QString>("refusal"); // empty: allowed
    const struct
    {
        const char *tag;
        QString actor;
        QString refusal;
    } actors[] = {
        {"unknown operator", u"operator:dave"_s,
         u"operator dave (not an operator) may not message"_s},
        // In team mode a person is disabled with a login (erin would have none): bob there.
        {"disabled operator", test::onPostgres() ? personActorOf(u"bob"_s) : u"operator:erin"_s,
         u"operator %1 (disabled) may not message"_s.arg(
             test::onPostgres() ? test::personName(u"bob"_s) : u"erin"_s)},
        // In team mode the login's group is the right (identity.h): sam's directory row, which
        // takes the message right away from a support person, has no login there, so no right.
        {"support without the right", u"operator:sam"_s,
         test::onPostgres() ? u"operator sam (not an operator) may not message"_s
                            : u"operator sam (support) may not message"_s},
        {"support", personActorOf(u"carol"_s), {}},
        // The directory does not govern an agent; in team mode its login writes no message
        // (no grant on messages: people write to customers, docs/team.md).
        {"agent", u"agent:toolu_1"_s,
         test::onPostgres()
             ? u"the database refused: ERROR:  permission denied for table messages\n(42501)"_s
             : QString()},
    };
    for (const auto &a : actors)
        for (const QString &step : {u"queue"_s, u"copy"_s, u"send"_s})
            QTest::addRow("%s %s", a.tag, qPrintable(step)) << a.actor << step << a.refusal;
}

void TestMessageStore::messagingNeedsTheRight()
{
    QFETCH(QString, actor);
    QFETCH(QString, step);
    QFETCH(QString, refusal);
    RolesFixture f;
    // alice sets the directory up and queues the message, on her own login on PostgreSQL.
    Connection &db = connectionOf(f.as(u"alice"_s));
    const Rights samRights = Rights(Right::View) | Right::Attach | Right::Resend;
    if (f.onTeam()) {
        // Adding a person makes their login there, which only a DBA may (CREATEROLE): sam is a
        // directory row without a login, which alice writes as the team's seed is; the disabled
        // person is bob, whom alice disables.
        runQuery(db,
                 u"INSERT INTO operators (name, role, rights_override, created_by, created_at, "
                 "disabled) VALUES ('sam', 'support', ?, ?, 0, 0)"_s,
                 {formatRights(samRights), f.person(u"alice"_s)});
        setOperatorDisabled(db, 0, f.person(u"alice"_s), test::personName(u"bob"_s), true);
    } else {
        addOperator(db, f.clock().nowMs(), f.person(u"alice"_s), u"erin"_s, Role::Support);
        setOperatorDisabled(db, 0, f.person(u"alice"_s), u"erin"_s, true);
        addOperator(db, 0, f.person(u"alice"_s), u"sam"_s, Role::Support, samRights);
    }
    const Operation op = opened(f, test::refundOperation(u"op_r"_s), OperationState::Unknown);
    MessageStore messages(db, f.clock());
    // A message alice queued, for the copy and send steps.
    const qint64 id = messages.enqueue(draft(op.id)).message->id;
    const qint64 rows = countRows(db, u"messages"_s);
    const qint64 audit = countRows(db, u"audit"_s);

    // The step at the console of whoever acts: carol's, bob's and the agent's own logins on
    // PostgreSQL; dave, erin and sam have none, and try at alice's, where the directory refuses
    // them before anything is written.
    const bool ownLogin = actor == f.person(u"carol"_s) || actor == f.person(u"bob"_s) ||
                          actor.startsWith(u"agent:"_s);
    MessageStore acting(ownLogin ? connectionOf(f.by(actor)) : db, f.clock());
    QString refused;
    try {
        if (step == u"queue"_s) {
            MessageDraft d = draft(op.id, MessageTemplate::NotConfirmed);
            d.actor = actor;
            const EnqueueResult r = acting.enqueue(d);
            QVERIFY2(r.created, qPrintable(r.error));
        } else if (step == u"copy"_s) {
            const QString problem = acting.markCopied(id, actor);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        } else {
            QCOMPARE(acting.beginAttempt(id, 6, actor).refusal, MessageAttemptRefusal::None);
        }
    } catch (const ActionRefused &e) {
        refused = e.message();
    }
    QCOMPARE(refused, refusal);
    const CustomerMessage m = *messages.message(id);
    if (!refusal.isEmpty()) {
        // Nothing written: no row, no audit entry, no attempt counted, not marked sent.
        QCOMPARE(countRows(db, u"messages"_s), rows);
        QCOMPARE(countRows(db, u"audit"_s), audit);
        QCOMPARE(m.attempts, 0);
        QCOMPARE(toString(m.state), toString(MessageState::Pending));
        return;
    }
    QCOMPARE(countRows(db, u"messages"_s), rows + (step == u"queue"_s ? 1 : 0));
    QCOMPARE(m.attempts, step == u"send"_s ? 1 : 0);
    QCOMPARE(toString(m.state),
             toString(step == u"copy"_s ? MessageState::Sent : MessageState::Pending));
}

void TestMessageStore::pendingRefundGetsIssuedNotRefunded()
{
    RolesFixture f;
    const Operation op =
        opened(f, test::refundOperation(u"op_p"_s), OperationState::Succeeded, u"pending"_s);
    MessageStore messages = outboxOf(f, u"alice"_s);
    Connection db = connectionOf(f.store());
    // "Refunded" says completed: refused while the provider reports pending, nothing stored.
    const auto refunded = messages.enqueue(draft(op.id, MessageTemplate::Refunded));
    QVERIFY(!refunded.message);
    QVERIFY2(refunded.error.contains(u"still reports the refund pending"_s),
             qPrintable(refunded.error));
    MessageDraft lie = draft(op.id, MessageTemplate::Custom);
    lie.customBody = u"The money is back on your card."_s;
    const auto refusedText = messages.enqueue(lie);
    QVERIFY2(refusedText.error.contains(u"pending"_s), qPrintable(refusedText.error));
    QCOMPARE(countRows(db, u"messages"_s), 0);
    for (const QString &language : messageLanguages()) {
        const auto issued = messages.enqueue(draft(op.id, MessageTemplate::Issued, language));
        QVERIFY2(issued.message, qPrintable(issued.error));
        QVERIFY(issued.message->body.contains(u"re_3Q9x"_s));
    }
    QCOMPARE(countRows(db, u"messages"_s), 1); // one message per (operation, state, template)
}

QTEST_GUILESS_MAIN(TestMessageStore)
#include "tst_messagestore.moc"
