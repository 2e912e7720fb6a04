// The message sender against a real provider-sim process over loopback: the same message sent
// twice reaches the sink once (also across a lost answer), a sink that is down or refuses leaves
// the message failed with the error kept, and a later send retries with the same key.

#include "storage/db/sqltransaction.h"
#include "support/outboxharness.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QProcess>
#include <QTcpServer>
#include <QTest>

using namespace ops;
using ops::test::RolesFixture;
using ops::test::SimProcess;

namespace {

using Harness = ops::test::OutboxHarness;
using ops::test::agentsOperation;

const QString kRoute = u"POST /v1/conversations/*/messages"_s;

// A loopback port with nothing listening.
quint16 deadPort()
{
    QTcpServer server;
    server.listen(QHostAddress::LocalHost, 0);
    return server.serverPort(); // closed when server goes out of scope
}

} // namespace

class TestMessageSender : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void sameMessageTwiceDeliversOnce();
    void lostAnswerIsRetriedWithTheSameKey();
    void sinkDownFailsThenLaterSendSucceeds();
    void unreachableHelpdeskKeepsTheError();
    void stored500IsNotRetried();
    void attemptCapPerMessage();
    void outdatedMessageIsNotSent();
    void operatorWithoutTheRightSendsNothing();
    void opsctlSendsAndLists_data();
    void opsctlSendsAndLists();

private:
    std::unique_ptr<SimProcess> m_sim;
};

void TestMessageSender::operatorWithoutTheRightSendsNothing()
{
    Harness h;
    const CustomerMessage m = h.queue();
    // Nothing listens there: had the attempt been allowed it would be counted and fail.
    MessageSender sender = h.sender(h.config(QUrl(u"http://127.0.0.1:%1"_s.arg(deadPort()))));
    QVERIFY_THROWS_EXCEPTION(ActionRefused, sender.send(m.id, u"operator:dave"_s));
    const CustomerMessage after = *h.messages.message(m.id);
    QCOMPARE(after.attempts, 0);
    QCOMPARE(toString(after.state), toString(MessageState::Pending));
    QVERIFY(after.lastError.isEmpty());
    QVERIFY(h.sleeps.empty());
}

void TestMessageSender::initTestCase()
{
    m_sim = std::make_unique<SimProcess>(ops::test::providerSimPath(),
                                         SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestMessageSender::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestMessageSender::sameMessageTwiceDeliversOnce()
{
    m_sim->reset();
    Harness h;
    const CustomerMessage m = h.queue();
    MessageSender sender = h.sender(h.config(m_sim->baseUrl()));
    const SendResult first = sender.send(m.id, h.alice());
    QVERIFY2(first.status == SendResult::Status::Sent, qPrintable(first.error));
    QCOMPARE(toString(first.message->state), toString(MessageState::Sent));
    QCOMPARE(first.message->attempts, 1);
    QVERIFY(first.message->providerMessageId.startsWith(u"msg_"_s));

    MessageSender bobs = h.sender(h.config(m_sim->baseUrl()), h.bobs);
    const SendResult second = bobs.send(m.id, h.fixture.person(u"bob"_s));
    QCOMPARE(toString(second.status), toString(SendResult::Status::AlreadySent));
    QCOMPARE(second.message->attempts, 1);

    const auto sink = m_sim->messages()["messages"];
    QCOMPARE(sink.size(), 1u);
    QCOMPARE(QString::fromStdString(sink[0]["body"].get<std::string>()), m.body);
    QCOMPARE(QString::fromStdString(sink[0]["idempotency_key"].get<std::string>()),
             m.idempotencyKey);
    QCOMPARE(QString::fromStdString(sink[0]["conversation"].get<std::string>()), u"cus_4417"_s);

    // Even a row whose "sent" was lost (a console that died before recording it) sends the same
    // key and bytes: the sink replays its first answer, and the customer still has one message.
    runQuery(connectionOf(h.fixture.as(u"alice"_s)),
             u"UPDATE messages SET state = 'pending' WHERE id = ?"_s, {m.id});
    h.fixture.clock().advanceMs(60'000); // past the in-flight wait of an unanswered attempt
    const SendResult replay = sender.send(m.id, h.alice());
    QCOMPARE(toString(replay.status), toString(SendResult::Status::Sent));
    QCOMPARE(replay.message->providerMessageId, first.message->providerMessageId);
    QCOMPARE(m_sim->messages()["messages"].size(), 1u);
}

void TestMessageSender::lostAnswerIsRetriedWithTheSameKey()
{
    m_sim->reset();
    Harness h;
    const CustomerMessage m = h.queue();
    // The sink stores the message, then never answers: the client times out and retries.
    m_sim->addFault({{"route", kRoute.toStdString()}, {"mode", "commit_then_hang"}, {"count", 1}});
    HelpdeskConfig c = h.config(m_sim->baseUrl());
    c.timeout = std::chrono::milliseconds(600);
    MessageSender sender = h.sender(c);
    const SendResult r = sender.send(m.id, h.alice());
    QVERIFY2(r.status == SendResult::Status::Sent, qPrintable(r.error));
    QCOMPARE(r.message->attempts, 2);
    QCOMPARE(h.sleeps.size(), 1u);
    QCOMPARE(m_sim->messages()["messages"].size(), 1u);
    const auto requests = m_sim->requests()["requests"];
    int posts = 0;
    for (const auto &req : requests)
        if (req["path"].get<std::string>().find("/v1/conversations/") == 0) {
            ++posts;
            QCOMPARE(QString::fromStdString(req["idempotency_key"].get<std::string>()),
                     m.idempotencyKey);
        }
    QCOMPARE(posts, 2);
}

void TestMessageSender::sinkDownFailsThenLaterSendSucceeds()
{
    m_sim->reset();
    Harness h;
    const CustomerMessage m = h.queue(MessageTemplate::NotConfirmed);
    m_sim->addFault({{"route", kRoute.toStdString()}, {"mode", "503"}, {"count", 3}});
    MessageSender sender = h.sender(h.config(m_sim->baseUrl()));
    const SendResult down = sender.send(m.id, h.alice());
    QCOMPARE(toString(down.status), toString(SendResult::Status::Failed));
    QCOMPARE(toString(down.message->state), toString(MessageState::Failed));
    QCOMPARE(down.message->attempts, 3);
    QVERIFY2(down.message->lastError.contains(u"HTTP 503"_s), qPrintable(down.message->lastError));
    QCOMPARE(down.error, down.message->lastError);
    QCOMPARE(m_sim->messages()["messages"].size(), 0u);

    const SendResult later = sender.send(m.id, h.alice());
    QVERIFY2(later.status == SendResult::Status::Sent, qPrintable(later.error));
    QCOMPARE(later.message->attempts, 4);
    QVERIFY(later.message->lastError.isEmpty());
    QCOMPARE(m_sim->messages()["messages"].size(), 1u);

    QStringList actions;
    for (const AuditEntry &e : h.fixture.store().audit(m.operationId))
        if (e.action.startsWith(u"message."_s))
            actions << e.action;
    QCOMPARE(actions, (QStringList{u"message.queued"_s, u"message.failed"_s, u"message.sent"_s}));
}

void TestMessageSender::unreachableHelpdeskKeepsTheError()
{
    Harness h;
    const CustomerMessage m = h.queue();
    QUrl dead;
    dead.setScheme(u"http"_s);
    dead.setHost(u"127.0.0.1"_s);
    dead.setPort(deadPort());
    MessageSender sender = h.sender(h.config(dead));
    const SendResult r = sender.send(m.id, h.alice());
    QCOMPARE(toString(r.status), toString(SendResult::Status::Failed));
    QCOMPARE(r.message->attempts, 3);
    QVERIFY(!r.message->lastError.isEmpty());
    QCOMPARE(h.sleeps.size(), 2u);
}

void TestMessageSender::stored500IsNotRetried()
{
    m_sim->reset();
    Harness h;
    const CustomerMessage m = h.queue();
    m_sim->addFault({{"route", kRoute.toStdString()}, {"mode", "stored_500"}, {"count", 1}});
    MessageSender sender = h.sender(h.config(m_sim->baseUrl()));
    const SendResult r = sender.send(m.id, h.alice());
    QCOMPARE(toString(r.status), toString(SendResult::Status::Failed));
    QCOMPARE(r.message->attempts, 1);
    QVERIFY2(r.error.contains(u"HTTP 500"_s) && r.error.contains(u"may have stored"_s),
             qPrintable(r.error));
}

void TestMessageSender::attemptCapPerMessage()
{
    m_sim->reset();
    Harness h;
    const CustomerMessage m = h.queue();
    m_sim->addFault({{"route", kRoute.toStdString()}, {"mode", "429"}, {"count", 10}});
    HelpdeskConfig c = h.config(m_sim->baseUrl());
    c.attemptsPerMessage = 4;
    MessageSender sender = h.sender(c);
    QCOMPARE(sender.send(m.id, h.alice()).message->attempts, 3);
    const SendResult r = sender.send(m.id, h.alice());
    QCOMPARE(toString(r.status), toString(SendResult::Status::Failed));
    QCOMPARE(r.message->attempts, 4);
    QVERIFY2(r.error.contains(u"all 4 attempts are used"_s), qPrintable(r.error));
    QCOMPARE(m_sim->messages()["messages"].size(), 0u);
    // A message that does not exist is refused without a request.
    QCOMPARE(toString(sender.send(99999, h.alice()).status), toString(SendResult::Status::Refused));
}

void TestMessageSender::outdatedMessageIsNotSent()
{
    m_sim->reset();
    Harness h;
    const Operation op =
        agentsOperation(h.fixture, test::refundOperation(u"op_old"_s), OperationState::Open);
    MessageDraft d;
    d.operationId = op.id;
    d.conversation = u"cus_4417"_s;
    d.actor = h.alice();
    const qint64 id = h.messages.enqueue(d).message->id;
    QVERIFY(h.fixture.agent().closeFailed(op.id, u"card_declined"_s, op.createdBy, u"x"_s));
    MessageSender sender = h.sender(h.config(m_sim->baseUrl()));
    const SendResult r = sender.send(id, h.alice());
    QCOMPARE(toString(r.status), toString(SendResult::Status::Failed));
    QVERIFY2(r.error.contains(u"no longer tells the truth"_s), qPrintable(r.error));
    QCOMPARE(r.message->attempts, 0);
    QCOMPARE(m_sim->messages()["messages"].size(), 0u);
}

struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

// opsctl on `fixture`'s database: on SQLite as the suite always ran it (its actor is
// agent:opsctl); on PostgreSQL as alice's login, whose messages the guard lets her write (an
// agent's login writes to no customer).
CliRun opsctl(const RolesFixture &fixture, const QUrl &helpdesk, const QStringList &args)
{
    QProcess p;
    const QString alice = test::loginOf(u"alice"_s);
    QProcessEnvironment env =
        fixture.onTeam() ? test::environmentAs(alice) : QProcessEnvironment::systemEnvironment();
    env.insert(u"OPS_HELPDESK_URL"_s, helpdesk.toString());
    env.remove(u"OPS_HELPDESK_KEY"_s);
    p.setProcessEnvironment(env);
    const QString db = fixture.onTeam() ? test::locationAs(fixture.path(), alice) : fixture.path();
    p.start(ops::test::opsctlPath(), QStringList{u"--db"_s, db} + args);
    p.waitForFinished(30000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

void TestMessageSender::opsctlSendsAndLists_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error");
    QTest::newRow("success template while unknown")
        << QStringList{u"--template"_s, u"refunded"_s} << u"cannot be sent while"_s;
    QTest::newRow("free text is not offered")
        << QStringList{u"--template"_s, u"custom"_s} << u"--template must be one of"_s;
    QTest::newRow("unknown language")
        << QStringList{u"--template"_s, u"checking"_s, u"--language"_s, u"de"_s}
        << u"unknown language 'de'"_s;
    QTest::newRow("bad conversation")
        << QStringList{u"--template"_s, u"checking"_s, u"--conversation"_s, u"a b"_s}
        << u"only letters"_s;
}

void TestMessageSender::opsctlSendsAndLists()
{
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    m_sim->reset();
    Harness h;
    const Operation op =
        agentsOperation(h.fixture, test::refundOperation(u"op_cli"_s), OperationState::Unknown);
    const RolesFixture &db = h.fixture;
    const QStringList send = {u"message"_s, u"send"_s, op.id};

    const CliRun refused = opsctl(db, m_sim->baseUrl(), send + args);
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains(error), qPrintable(refused.err));
    QVERIFY(h.messages.forOperation(op.id).empty());

    const QStringList good =
        send + QStringList{u"--template"_s, u"checking"_s, u"--language"_s, u"ru"_s};
    for (const char *expected : {"sent", "already_sent"}) {
        const CliRun r = opsctl(db, m_sim->baseUrl(), good);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto json = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(json["status"].get<std::string>(), std::string(expected));
        QCOMPARE(json["message"]["conversation"].get<std::string>(), std::string("cus_4417"));
    }
    QCOMPARE(m_sim->messages()["messages"].size(), 1u);
    const CliRun list = opsctl(db, m_sim->baseUrl(), {u"message"_s, u"list"_s, op.id, u"--json"_s});
    QVERIFY2(list.exitCode == 0, qPrintable(list.err));
    const auto listed = nlohmann::json::parse(list.out.toStdString());
    QCOMPARE(listed["messages"].size(), 1u);
    QCOMPARE(listed["messages"][0]["state"].get<std::string>(), std::string("sent"));
    QCOMPARE(listed["messages"][0]["language"].get<std::string>(), std::string("ru"));
}

QTEST_GUILESS_MAIN(TestMessageSender)
#include "tst_messagesender.moc"
