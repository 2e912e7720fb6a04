// The sender and each helpdesk's connector against a real provider-sim process over loopback,
// the simulator speaking Zendesk, Gorgias, Intercom and Freshdesk (docs/design.md §17): a reply
// reaches its ticket once, also when the answer is lost after the helpdesk stored it; a lost
// answer before a store is sent again only after a read proves it absent; a read that fails
// leaves the message unknown and sends nothing more until a later read; a 429 waits its
// Retry-After; refusals store nothing; Check connection moves nothing.

#include "itemmodels/messagetablemodel.h"
#include "storage/db/sqltransaction.h"
#include "support/outboxharness.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QTest>

using namespace ops;
using ops::test::SimProcess;
using Harness = ops::test::OutboxHarness;

namespace {

struct Vendor
{
    HelpdeskVendor vendor;
    const char *postRoute; // the fault table's label of a reply
    const char *readRoute; // … of the read-back
};

const Vendor kVendors[] = {
    {HelpdeskVendor::Zendesk, "PUT /api/v2/tickets/*", "GET /api/v2/tickets/*/comments.json"},
    {HelpdeskVendor::Gorgias, "POST /api/tickets/*/messages", "GET /api/tickets/*/messages"},
    {HelpdeskVendor::Intercom, "POST /conversations/*/reply", "GET /conversations/*"},
    {HelpdeskVendor::Freshdesk, "POST /api/v2/tickets/*/reply",
     "GET /api/v2/tickets/*/conversations"},
};

const Vendor &vendorInfo(HelpdeskVendor v)
{
    for (const Vendor &info : kVendors)
        if (info.vendor == v)
            return info;
    qFatal("no such vendor");
}

// The simulator's default account of each vendor (app/tools/providersim/README.md).
void signIn(HelpdeskConfig &c)
{
    switch (c.vendor) {
    case HelpdeskVendor::Zendesk:
        c.user = u"agent@example.com"_s;
        c.secret = u"zd_test_token"_s;
        break;
    case HelpdeskVendor::Gorgias:
        c.user = u"agent@example.com"_s;
        c.secret = u"gg_test_key"_s;
        break;
    case HelpdeskVendor::Intercom:
        c.secret = u"ic_test_token"_s;
        c.author = u"7001"_s;
        break;
    case HelpdeskVendor::Freshdesk:
        c.secret = u"fd_test_key"_s;
        break;
    case HelpdeskVendor::Generic:
        break;
    }
}

void addVendorRows()
{
    QTest::addColumn<int>("vendor");
    for (const Vendor &v : kVendors)
        QTest::newRow(qPrintable(toString(v.vendor))) << int(v.vendor);
}

// The posts the simulator holds on `ticket` of `vendor`.
std::vector<nlohmann::json> postsOn(SimProcess &sim, HelpdeskVendor vendor, const QString &ticket)
{
    std::vector<nlohmann::json> posts;
    const nlohmann::json ledger = sim.admin("GET", u"/_sim/helpdesk"_s);
    for (const auto &t : ledger["tickets"]) {
        if (t["vendor"] == toString(vendor).toStdString() && t["id"] == ticket.toStdString())
            for (const auto &p : t["posts"])
                posts.push_back(p);
    }
    return posts;
}

// Requests the simulator logged on `route` (a label such as "GET /conversations/*", * being one
// segment).
int requestsOn(SimProcess &sim, const QString &route)
{
    const QStringList want = route.split(u' ');
    int n = 0;
    const nlohmann::json log = sim.requests();
    for (const auto &r : log["requests"]) {
        const QString method = QString::fromStdString(r["method"].get<std::string>());
        const QStringList path = QString::fromStdString(r["path"].get<std::string>()).split(u'/');
        const QStringList pattern = want[1].split(u'/');
        bool match = method == want[0] && path.size() == pattern.size();
        for (qsizetype i = 0; match && i < path.size(); ++i)
            match = pattern[i] == u"*"_s || pattern[i] == path[i];
        n += match ? 1 : 0;
    }
    return n;
}

} // namespace

class TestHelpdeskSend : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init() { m_sim->reset(); }
    void aReplyReachesItsTicketOnce_data() { addVendorRows(); }
    void aReplyReachesItsTicketOnce();
    void aStoredReplyWhoseAnswerIsLostIsFoundNotRepeated_data();
    void aStoredReplyWhoseAnswerIsLostIsFoundNotRepeated();
    void aLostReplyNotStoredIsSentAgainAfterARead_data() { addVendorRows(); }
    void aLostReplyNotStoredIsSentAgainAfterARead();
    void aFailedReadLeavesItUnknownUntilALaterRead_data() { addVendorRows(); }
    void aFailedReadLeavesItUnknownUntilALaterRead();
    void a429WaitsItsRetryAfterAndIsNotAmbiguous_data() { addVendorRows(); }
    void a429WaitsItsRetryAfterAndIsNotAmbiguous();
    void refusalsStoreNothing_data();
    void refusalsStoreNothing();
    void checkConnectionMovesNothing_data() { addVendorRows(); }
    void checkConnectionMovesNothing();
    void aDecisionGoesToTheTicketAsAnInternalNote_data() { addVendorRows(); }
    void aDecisionGoesToTheTicketAsAnInternalNote();
    void theGenericHelpdeskIsNeverGivenANote();
    void aSecondSenderWaitsForAnAttemptInFlight();
    void outOfAttemptsWhileUnknownStaysUnknown();

private:
    HelpdeskConfig configFor(Harness &h, int vendor)
    {
        HelpdeskConfig c = h.config(m_sim->baseUrl(), HelpdeskVendor(vendor));
        c.timeout = std::chrono::milliseconds(800);
        signIn(c);
        return c;
    }

    std::unique_ptr<SimProcess> m_sim;
};

void TestHelpdeskSend::initTestCase()
{
    m_sim = std::make_unique<SimProcess>(ops::test::providerSimPath(),
                                         SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestHelpdeskSend::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestHelpdeskSend::aReplyReachesItsTicketOnce()
{
    QFETCH(int, vendor);
    Harness h;
    const CustomerMessage m = h.queue(MessageTemplate::Checking, u"op_a"_s, u"1001"_s);
    MessageSender sender = h.sender(configFor(h, vendor));
    const SendResult first = sender.send(m.id, h.alice());
    QVERIFY2(first.status == SendResult::Status::Sent, qPrintable(first.error));
    QCOMPARE(first.message->attempts, 1);
    auto posts = postsOn(*m_sim, HelpdeskVendor(vendor), u"1001"_s);
    QCOMPARE(posts.size(), 1u);
    QCOMPARE(QString::fromStdString(posts[0]["id"].dump()).remove(u'"'),
             first.message->providerMessageId);
    const QString stored = QString::fromStdString(posts[0]["body"].get<std::string>() +
                                                  posts[0]["external_id"].dump());
    QVERIFY2(stored.contains(markerOf(m.idempotencyKey)), qPrintable(stored));
    QVERIFY2(!stored.contains(m.idempotencyKey), "the customer never sees the key");
    QVERIFY(!posts[0]["internal"].get<bool>());

    QCOMPARE(toString(sender.send(m.id, h.alice()).status),
             toString(SendResult::Status::AlreadySent));
    // A row whose "sent" was lost (a console that died before recording it) reads the ticket
    // before posting, finds its reply, and posts nothing.
    runQuery(connectionOf(h.fixture.as(u"alice"_s)),
             u"UPDATE messages SET state = 'pending' WHERE id = ?"_s, {m.id});
    h.fixture.clock().advanceMs(60'000); // past the in-flight wait of an unanswered attempt
    const SendResult again = sender.send(m.id, h.alice());
    QVERIFY2(again.status == SendResult::Status::Sent, qPrintable(again.error));
    QCOMPARE(again.message->providerMessageId, first.message->providerMessageId);
    QCOMPARE(postsOn(*m_sim, HelpdeskVendor(vendor), u"1001"_s).size(), 1u);
    QCOMPARE(requestsOn(*m_sim, QString::fromLatin1(vendorInfo(HelpdeskVendor(vendor)).postRoute)),
             1);
}

void TestHelpdeskSend::aStoredReplyWhoseAnswerIsLostIsFoundNotRepeated_data()
{
    QTest::addColumn<int>("vendor");
    QTest::addColumn<QString>("fault");
    for (const Vendor &v : kVendors)
        for (const char *fault : {"stored_500_applied", "commit_then_hang"})
            QTest::addRow("%s %s", qPrintable(toString(v.vendor)), fault)
                << int(v.vendor) << QString::fromLatin1(fault);
}

void TestHelpdeskSend::aStoredReplyWhoseAnswerIsLostIsFoundNotRepeated()
{
    QFETCH(int, vendor);
    QFETCH(QString, fault);
    const Vendor &v = vendorInfo(HelpdeskVendor(vendor));
    m_sim->addFault({{"route", v.postRoute}, {"mode", fault.toStdString()}, {"count", 1}});
    Harness h;
    const CustomerMessage m = h.queue(MessageTemplate::Checking, u"op_b"_s, u"1002"_s);
    MessageSender sender = h.sender(configFor(h, vendor));
    const SendResult r = sender.send(m.id, h.alice());
    QVERIFY2(r.status == SendResult::Status::Sent, qPrintable(r.error));
    QCOMPARE(r.message->attempts, 1);
    const auto posts = postsOn(*m_sim, HelpdeskVendor(vendor), u"1002"_s);
    QCOMPARE(posts.size(), 1u);
    QCOMPARE(QString::fromStdString(posts[0]["id"].dump()).remove(u'"'),
             r.message->providerMessageId);
    QCOMPARE(requestsOn(*m_sim, QString::fromLatin1(v.postRoute)), 1);
    QVERIFY(requestsOn(*m_sim, QString::fromLatin1(v.readRoute)) >= 1);
    QVERIFY(h.sleeps.empty()); // found at once: no backoff, no second post
}

void TestHelpdeskSend::aLostReplyNotStoredIsSentAgainAfterARead()
{
    QFETCH(int, vendor);
    const Vendor &v = vendorInfo(HelpdeskVendor(vendor));
    m_sim->addFault({{"route", v.postRoute}, {"mode", "stored_500"}, {"count", 1}});
    Harness h;
    const CustomerMessage m = h.queue(MessageTemplate::Checking, u"op_c"_s, u"1003"_s);
    MessageSender sender = h.sender(configFor(h, vendor));
    const SendResult r = sender.send(m.id, h.alice());
    QVERIFY2(r.status == SendResult::Status::Sent, qPrintable(r.error));
    QCOMPARE(r.message->attempts, 2);
    QCOMPARE(postsOn(*m_sim, HelpdeskVendor(vendor), u"1003"_s).size(), 1u);
    QCOMPARE(requestsOn(*m_sim, QString::fromLatin1(v.postRoute)), 2);
    QCOMPARE(requestsOn(*m_sim, QString::fromLatin1(v.readRoute)), 1);
}

void TestHelpdeskSend::aFailedReadLeavesItUnknownUntilALaterRead()
{
    QFETCH(int, vendor);
    const Vendor &v = vendorInfo(HelpdeskVendor(vendor));
    m_sim->addFault({{"route", v.postRoute}, {"mode", "stored_500_applied"}, {"count", 1}});
    m_sim->addFault({{"route", v.readRoute}, {"mode", "503"}, {"count", 1}});
    Harness h;
    const CustomerMessage m = h.queue(MessageTemplate::Checking, u"op_d"_s, u"1004"_s);
    MessageSender sender = h.sender(configFor(h, vendor));
    const SendResult r = sender.send(m.id, h.alice());
    QCOMPARE(toString(r.status), toString(SendResult::Status::Unknown));
    QCOMPARE(toString(r.message->state), toString(MessageState::Pending));
    QVERIFY2(r.message->lastError.startsWith(u"unknown whether the ticket holds it"_s),
             qPrintable(r.message->lastError));
    QVERIFY2(!h.messages.markCopied(m.id, h.alice()).isEmpty(),
             "an unknown message is not pasted by hand as well");
    QCOMPARE(MessageTableModel::stateText(*r.message), u"unknown"_s); // what the detail pane says
    QCOMPARE(requestsOn(*m_sim, QString::fromLatin1(v.postRoute)), 1);

    // Bob sends it later: his sender reads first, finds the reply, and posts nothing.
    MessageSender bobs = h.sender(configFor(h, vendor), h.bobs);
    const SendResult later = bobs.send(m.id, h.fixture.person(u"bob"_s));
    QVERIFY2(later.status == SendResult::Status::Sent, qPrintable(later.error));
    QCOMPARE(postsOn(*m_sim, HelpdeskVendor(vendor), u"1004"_s).size(), 1u);
    QCOMPARE(requestsOn(*m_sim, QString::fromLatin1(v.postRoute)), 1);
}

void TestHelpdeskSend::a429WaitsItsRetryAfterAndIsNotAmbiguous()
{
    QFETCH(int, vendor);
    const Vendor &v = vendorInfo(HelpdeskVendor(vendor));
    m_sim->addFault({{"route", v.postRoute}, {"mode", "429"}, {"count", 1}});
    Harness h;
    const CustomerMessage m = h.queue(MessageTemplate::Checking, u"op_e"_s, u"1005"_s);
    MessageSender sender = h.sender(configFor(h, vendor));
    const SendResult r = sender.send(m.id, h.alice());
    QVERIFY2(r.status == SendResult::Status::Sent, qPrintable(r.error));
    QCOMPARE(r.message->attempts, 2);
    QCOMPARE(requestsOn(*m_sim, QString::fromLatin1(v.readRoute)), 0);
    QCOMPARE(postsOn(*m_sim, HelpdeskVendor(vendor), u"1005"_s).size(), 1u);
    // The pacer held the account for the simulator's Retry-After (1 s), less the backoff's head
    // start; the wait is measured on the real clock, so only its lower bound is checked.
    QCOMPARE(h.paced.size(), 1u);
    QVERIFY(h.paced[0] + h.sleeps.at(0) >= std::chrono::milliseconds(900));
}

void TestHelpdeskSend::refusalsStoreNothing_data()
{
    QTest::addColumn<int>("vendor");
    QTest::addColumn<QString>("ticket");
    QTest::addColumn<bool>("badSecret");
    QTest::addColumn<QString>("words");
    for (const Vendor &v : kVendors) {
        QTest::addRow("%s no such ticket", qPrintable(toString(v.vendor)))
            << int(v.vendor) << u"4040"_s << false << u"HTTP 404"_s;
        QTest::addRow("%s wrong token", qPrintable(toString(v.vendor)))
            << int(v.vendor) << u"1006"_s << true << u"check the helpdesk user and token"_s;
    }
    QTest::newRow("zendesk closed ticket")
        << int(HelpdeskVendor::Zendesk) << u"1099"_s << false
        << u"HTTP 422: RecordInvalid: Record validation errors (Status: closed prevents ticket "
           "update)"_s;
}

void TestHelpdeskSend::refusalsStoreNothing()
{
    QFETCH(int, vendor);
    QFETCH(QString, ticket);
    QFETCH(bool, badSecret);
    QFETCH(QString, words);
    Harness h;
    const CustomerMessage m = h.queue(MessageTemplate::Checking, u"op_f"_s, ticket);
    HelpdeskConfig c = configFor(h, vendor);
    if (badSecret)
        c.secret += u"-wrong"_s;
    MessageSender sender = h.sender(c);
    const SendResult r = sender.send(m.id, h.alice());
    QCOMPARE(toString(r.status), toString(SendResult::Status::Failed));
    QCOMPARE(r.message->attempts, 1);
    QVERIFY2(r.error.contains(words), qPrintable(r.error));
    QCOMPARE(m_sim->admin("GET", u"/_sim/helpdesk"_s)["tickets"].size(), 0u);
}

void TestHelpdeskSend::checkConnectionMovesNothing()
{
    QFETCH(int, vendor);
    Harness h;
    const auto who = checkHelpdesk(h.transport, configFor(h, vendor));
    QVERIFY2(who, qPrintable(who.error()));
    QVERIFY2(who->contains(u"@example.com"_s) || who->contains(u"sim"_s), qPrintable(*who));
    HelpdeskConfig wrong = configFor(h, vendor);
    wrong.secret += u"-wrong"_s;
    const auto no = checkHelpdesk(h.transport, wrong);
    QVERIFY(!no);
    QVERIFY2(no.error().contains(u"HTTP 401"_s), qPrintable(no.error()));
    QCOMPARE(m_sim->admin("GET", u"/_sim/helpdesk"_s)["tickets"].size(), 0u);
}

// A closed row linked to `ticket`, with decision notes on: the note its close queued.
CustomerMessage decisionNote(Harness &h, const QString &opId, const QString &ticket)
{
    const QString alice = h.alice();
    h.messages.setDecisionNotes(alice, true);
    const QString id = h.queue(MessageTemplate::Checking, opId, ticket).operationId;
    if (!h.fixture.as(u"alice"_s).linkTicket(id, ticket, alice).isEmpty() ||
        !test::closeByHand(h.fixture.as(u"alice"_s), id, alice).closed())
        qFatal("could not close %s", qPrintable(id));
    const std::vector<qint64> notes = h.messages.pendingNotes(id);
    if (notes.size() != 1)
        qFatal("%zu notes", notes.size());
    return *h.messages.message(notes.front());
}

void TestHelpdeskSend::aDecisionGoesToTheTicketAsAnInternalNote()
{
    QFETCH(int, vendor);
    Harness h;
    const CustomerMessage note = decisionNote(h, u"op_n"_s, u"1007"_s);
    MessageSender sender = h.sender(configFor(h, vendor));
    const SendResult r = sender.send(note.id, h.alice());
    QVERIFY2(r.status == SendResult::Status::Sent, qPrintable(r.error));
    const auto posts = postsOn(*m_sim, HelpdeskVendor(vendor), u"1007"_s);
    QCOMPARE(posts.size(), 1u);
    QVERIFY(posts[0]["internal"].get<bool>());
    QVERIFY(!posts[0]["public"].get<bool>());
    QVERIFY(QString::fromStdString(posts[0]["body"].get<std::string>())
                .contains(u"closed as succeeded"_s));
    QVERIFY(h.messages.pendingNotes(note.operationId).empty());
}

void TestHelpdeskSend::theGenericHelpdeskIsNeverGivenANote()
{
    Harness h;
    const CustomerMessage note = decisionNote(h, u"op_g"_s, u"cus_77"_s);
    MessageSender sender = h.sender(h.config(m_sim->baseUrl()));
    const SendResult r = sender.send(note.id, h.alice());
    QCOMPARE(toString(r.status), toString(SendResult::Status::Failed));
    QVERIFY2(r.error.contains(u"takes no internal notes"_s), qPrintable(r.error));
    QCOMPARE(r.message->attempts, 0);
    QCOMPARE(m_sim->messages()["messages"].size(), 0u); // the customer's conversation got nothing
}

void TestHelpdeskSend::aSecondSenderWaitsForAnAttemptInFlight()
{
    Harness h;
    const CustomerMessage m = h.queue(MessageTemplate::Checking, u"op_h"_s, u"1008"_s);
    const HelpdeskConfig c = configFor(h, int(HelpdeskVendor::Zendesk));
    // alice's console counted an attempt and is still waiting for Zendesk's answer.
    QCOMPARE(h.messages.beginAttempt(m.id, 6, h.alice()).refusal, MessageAttemptRefusal::None);
    MessageSender bobs = h.sender(c, h.bobs);
    const SendResult early = bobs.send(m.id, h.fixture.person(u"bob"_s));
    QCOMPARE(toString(early.status), toString(SendResult::Status::InProgress));
    QVERIFY2(early.error.contains(u"has not answered yet"_s), qPrintable(early.error));
    QCOMPARE(early.message->attempts, 1);
    QCOMPARE(m_sim->requestCount(), 0);
    // Her attempt never recorded anything (her console died): past its timeout, bob's send
    // reads the ticket first, finds nothing, and posts once.
    h.fixture.clock().advanceMs(c.timeout.count() + 2001);
    const SendResult later = bobs.send(m.id, h.fixture.person(u"bob"_s));
    QVERIFY2(later.status == SendResult::Status::Sent, qPrintable(later.error));
    QCOMPARE(requestsOn(*m_sim, QString::fromLatin1(kVendors[0].readRoute)), 1);
    QCOMPARE(postsOn(*m_sim, HelpdeskVendor::Zendesk, u"1008"_s).size(), 1u);
}

void TestHelpdeskSend::outOfAttemptsWhileUnknownStaysUnknown()
{
    const Vendor &v = kVendors[3]; // freshdesk
    m_sim->addFault({{"route", v.postRoute}, {"mode", "stored_500_applied"}, {"count", 1}});
    m_sim->addFault({{"route", v.readRoute}, {"mode", "503"}, {"count", 1}});
    Harness h;
    const CustomerMessage m = h.queue(MessageTemplate::Checking, u"op_u"_s, u"1009"_s);
    HelpdeskConfig c = configFor(h, int(v.vendor));
    c.attemptsPerMessage = 1;
    MessageSender sender = h.sender(c);
    QCOMPARE(toString(sender.send(m.id, h.alice()).status), toString(SendResult::Status::Unknown));
    const SendResult r = sender.send(m.id, h.alice());
    QCOMPARE(toString(r.status), toString(SendResult::Status::Unknown));
    QVERIFY2(r.error.contains(u"all 1 attempts are used"_s), qPrintable(r.error));
    QCOMPARE(toString(r.message->state), toString(MessageState::Pending));
    QVERIFY2(!h.messages.markCopied(m.id, h.alice()).isEmpty(), "never pasted on top");
    QCOMPARE(postsOn(*m_sim, v.vendor, u"1009"_s).size(), 1u);
}

QTEST_GUILESS_MAIN(TestHelpdeskSend)
#include "tst_helpdesksend.moc"
