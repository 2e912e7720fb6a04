// A row's helpdesk ticket (DESIGN §17, migration 0022), each actor in its role (rolesfixture.h):
// the agent's call stores it with the row, carol (support) links, corrects and unlinks it on her
// own login, each change audited with the ticket it replaced; dave, with no message right, and
// a ticket that is not one are refused with nothing stored; the list's search finds rows by it.

#include "storage/audit/auditlog.h"
#include "storage/messages/messagestore.h"
#include "storage/operations/operationquery.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"

#include <QTest>

using namespace ops;
using ops::test::personActorOf;
using ops::test::RolesFixture;

namespace {

// `id` opened by the agent, for `ticket`.
Operation opened(RolesFixture &f, const QString &id, const QString &ticket = {})
{
    NewOperation n = test::refundOperation(id, id.mid(3));
    n.agent = f.agentOf();
    n.createdBy = f.agentActor(u"test"_s);
    n.ticket = ticket;
    return *f.agent().operation(f.agent().openOrGet(n).operation.id);
}

QStringList ticketAudit(RolesFixture &f, const QString &id)
{
    QStringList lines;
    for (const AuditEntry &e : f.store().audit(id))
        if (e.action.startsWith(u"operation.ticket"_s))
            lines << u"%1 %2"_s.arg(e.action, e.detail);
    return lines;
}

} // namespace

class TestTickets : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(test::prepareRoles().isEmpty()); }
    void cleanupTestCase() { QVERIFY(test::dropRoles().isEmpty()); }
    void theOpeningCallStoresItsTicket();
    void supportLinksCorrectsAndUnlinksAudited();
    void refusalsStoreNothing_data();
    void refusalsStoreNothing();
    void searchFindsARowByItsTicket();
    void aCloseNotesTheDecisionOnTheTicketWhenTheTeamWantsIt();
};

void TestTickets::theOpeningCallStoresItsTicket()
{
    RolesFixture f;
    QCOMPARE(opened(f, u"op_7001"_s, u"zd-48213"_s).ticket, u"zd-48213"_s);
    QCOMPARE(opened(f, u"op_7002"_s).ticket, QString());
    // The same unit of work asked again from another ticket is the same row, which keeps its own.
    NewOperation again = test::refundOperation(u"op_7003"_s, u"7001"_s);
    again.agent = f.agentOf();
    again.createdBy = f.agentActor(u"test"_s);
    again.ticket = u"zd-99"_s;
    const OpenResult r = f.agent().openOrGet(again);
    QVERIFY(!r.created);
    QCOMPARE(r.operation.ticket, u"zd-48213"_s);
}

void TestTickets::supportLinksCorrectsAndUnlinksAudited()
{
    RolesFixture f;
    const QString id = opened(f, u"op_7101"_s).id;
    OperationStore &carol = f.as(u"carol"_s);
    const QString by = f.person(u"carol"_s);
    QCOMPARE(carol.linkTicket(id, u" 48213 "_s, by), QString());
    QCOMPARE(f.store().operation(id)->ticket, u"48213"_s);
    QCOMPARE(carol.linkTicket(id, u"48213"_s, by), QString()); // the same again writes nothing
    QCOMPARE(carol.linkTicket(id, u"48214"_s, by), QString());
    QCOMPARE(carol.linkTicket(id, QString(), by), QString());
    QCOMPARE(f.store().operation(id)->ticket, QString());
    QCOMPARE(
        ticketAudit(f, id),
        (QStringList{u"operation.ticket_linked {\"previous\":\"\",\"ticket\":\"48213\"}"_s,
                     u"operation.ticket_linked {\"previous\":\"48213\",\"ticket\":\"48214\"}"_s,
                     u"operation.ticket_unlinked {\"previous\":\"48214\",\"ticket\":\"\"}"_s}));
    for (const AuditEntry &e : f.store().audit(id))
        if (e.action.startsWith(u"operation.ticket"_s))
            QCOMPARE(e.actor, by);
    // dave has no message right: refused before anything is written.
    QVERIFY_THROWS_EXCEPTION(ActionRefused,
                             f.as(u"dave"_s).linkTicket(id, u"1"_s, f.person(u"dave"_s)));
    QCOMPARE(ticketAudit(f, id).size(), 3);
}

void TestTickets::refusalsStoreNothing_data()
{
    QTest::addColumn<QString>("who");
    QTest::addColumn<QString>("ticket");
    QTest::addColumn<QString>("reason");
    QTest::newRow("a space") << "carol"
                             << "48 213"
                             << "only letters, digits";
    QTest::newRow("a slash") << "carol"
                             << "../48213"
                             << "only letters, digits";
    QTest::newRow("too long") << "carol" << QString(191, u'7') << "longer than 190";
    QTest::newRow("a path step") << "carol"
                                 << ".."
                                 << "may not be . or ..";
    QTest::newRow("no such operation") << "carol"
                                       << "48213"
                                       << "no operation op_nope";
}

void TestTickets::refusalsStoreNothing()
{
    QFETCH(QString, who);
    QFETCH(QString, ticket);
    QFETCH(QString, reason);
    RolesFixture f;
    const QString id = opened(f, u"op_7201"_s, u"zd-1"_s).id;
    const QString target = reason.startsWith(u"no operation"_s) ? u"op_nope"_s : id;
    const QString refusal = f.as(who).linkTicket(target, ticket, f.person(who));
    QVERIFY2(refusal.contains(reason), qPrintable(refusal));
    QCOMPARE(f.store().operation(id)->ticket, u"zd-1"_s);
    QVERIFY(ticketAudit(f, id).isEmpty());
}

void TestTickets::searchFindsARowByItsTicket()
{
    RolesFixture f;
    opened(f, u"op_7301"_s, u"zd-48213"_s);
    opened(f, u"op_7302"_s, u"zd-48299"_s);
    opened(f, u"op_7303"_s);
    OperationQuery query(connectionOf(f.store()), f.clock());
    QueryFilter filter;
    filter.search = u"zd-482"_s;
    QStringList ids;
    for (const OperationSummary &row : query.page(filter, std::nullopt, 10))
        ids << row.id;
    ids.sort();
    QCOMPARE(ids, (QStringList{u"op_7301"_s, u"op_7302"_s}));
    filter.search = u"zd-48213"_s;
    QCOMPARE(query.count(filter), 1);
}

void TestTickets::aCloseNotesTheDecisionOnTheTicketWhenTheTeamWantsIt()
{
    RolesFixture f;
    const QString alice = f.person(u"alice"_s);
    MessageStore alices(connectionOf(f.as(u"alice"_s)), f.clock());
    // Off by default: a close queues nothing.
    const QString before = opened(f, u"op_7401"_s, u"48213"_s).id;
    QVERIFY(test::closeByHand(f.as(u"alice"_s), before, alice).closed());
    QVERIFY(alices.pendingNotes(before).empty());
    // Support may not turn it on; a supervisor may, audited.
    MessageStore carols(connectionOf(f.as(u"carol"_s)), f.clock());
    QVERIFY_THROWS_EXCEPTION(ActionRefused, carols.setDecisionNotes(f.person(u"carol"_s), true));
    QVERIFY(!alices.decisionNotes());
    alices.setDecisionNotes(alice, true);
    QVERIFY(alices.decisionNotes());

    const QString linked = opened(f, u"op_7402"_s, u"48213"_s).id;
    const QString unlinked = opened(f, u"op_7403"_s).id;
    QVERIFY(
        test::closeByHand(f.as(u"alice"_s), linked, alice, u"the bank confirmed it"_s).closed());
    QVERIFY(test::closeByHand(f.as(u"alice"_s), unlinked, alice).closed());
    QVERIFY(alices.pendingNotes(unlinked).empty());
    const std::vector<qint64> notes = alices.pendingNotes(linked);
    QCOMPARE(notes.size(), size_t(1));
    const CustomerMessage note = *alices.message(notes[0]);
    QVERIFY(note.internal);
    QCOMPARE(note.conversation, u"48213"_s);
    QCOMPARE(note.createdBy, alice);
    QCOMPARE(toString(note.state), toString(MessageState::Pending));
    for (const QString &fact :
         QStringList{u"closed as succeeded by "_s + alice, u"Reason: the bank confirmed it"_s,
                     u"Provider reference: re_3Q9x"_s, u"Evidence: 1 item(s)"_s})
        QVERIFY2(note.body.contains(fact), qPrintable(note.body));
    bool audited = false;
    for (const AuditEntry &e : f.store().audit(linked))
        audited = audited ||
                  (e.action == u"message.queued"_s && e.detail.contains(u"\"internal\":true"_s));
    QVERIFY(audited);
    // The customer's messages never count it as theirs.
    QVERIFY(!alices.forOperation(unlinked).size());
}

QTEST_GUILESS_MAIN(TestTickets)
#include "tst_tickets.moc"
