// The team's day in storage (DESIGN §18, migration 0023), each actor in its role
// (rolesfixture.h): carol (support) takes a row for herself and gives it back; a supervisor
// assigns and releases anyone's; a change meanwhile is reported, not overwritten; everything is
// audited; notes are appended and never changed; the targets are settings with the approve
// right; the Checking queue's order is the earlier of the deadline and the target; the Mine
// filter lists one person's rows. On PostgreSQL the database refuses the same writes on its own.

#include "storage/access/operatordirectory.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationquery.h"
#include "storage/session.h"
#include "storage/team/teamstore.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"

#include <QTest>

using namespace ops;
using namespace std::chrono_literals;
using ops::test::RolesFixture;

namespace {

// `id` opened by the agent and turned unknown (the Checking queue's row).
QString unknownRow(RolesFixture &f, const QString &id)
{
    return test::agentsOperation(f, test::refundOperation(id, id.mid(3)), OperationState::Unknown)
        .id;
}

QStringList ownerAudit(RolesFixture &f, const QString &id)
{
    QStringList lines;
    for (const AuditEntry &e : f.store().audit(id))
        if (e.action.startsWith(u"operation.owner"_s))
            lines << u"%1 by %2"_s.arg(e.action, e.actor);
    return lines;
}

TeamStore &teamOf(RolesFixture &f, const QString &who)
{
    return f.sessionAs(who).team();
}

} // namespace

class TestTeamDay : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(test::prepareRoles().isEmpty()); }
    void cleanupTestCase() { QVERIFY(test::dropRoles().isEmpty()); }
    void supportTakesAndGivesBackItsOwn();
    void aSupervisorAssignsAndReleases();
    void aChangeMeanwhileIsReportedNotOverwritten();
    void supportMayNotAssignOthers();
    void nobodyOwnsAClosedRowOrIsGivenToAStranger();
    void theDatabaseRefusesOwnersOnItsOwn();
    void notesAreAppendedAndNeverChanged();
    void badNotesStoreNothing_data();
    void badNotesStoreNothing();
    void targetsAreSettingsWithTheApproveRight();
    void lateRowsAndTheQueuesOrder();
    void mineListsOnePersonsRows();
    void theQueuePagesInDueOrder();
};

void TestTeamDay::supportTakesAndGivesBackItsOwn()
{
    RolesFixture f;
    const QString id = unknownRow(f, u"op_8001"_s);
    const QString carol = f.person(u"carol"_s);
    QCOMPARE(teamOf(f, u"carol"_s).take(id, carol, QString()), QString());
    const Operation taken = *f.store().operation(id);
    QCOMPARE(taken.ownedBy, carol);
    QCOMPARE(taken.ownedSince->toMSecsSinceEpoch(), f.clock().nowMs());
    QCOMPARE(teamOf(f, u"carol"_s).take(id, carol, carol), QString()); // again: nothing written
    QCOMPARE(teamOf(f, u"carol"_s).release(id, carol, carol), QString());
    QCOMPARE(f.store().operation(id)->ownedBy, QString());
    // owned_since: when it lost its owner (a late alert's episode starts there).
    QCOMPARE(f.store().operation(id)->ownedSince->toMSecsSinceEpoch(), f.clock().nowMs());
    QCOMPARE(ownerAudit(f, id), (QStringList{u"operation.owner_taken by "_s + carol,
                                             u"operation.owner_released by "_s + carol}));
}

void TestTeamDay::aSupervisorAssignsAndReleases()
{
    RolesFixture f;
    const QString id = unknownRow(f, u"op_8101"_s);
    const QString alice = f.person(u"alice"_s);
    const QString carol = f.person(u"carol"_s);
    QCOMPARE(teamOf(f, u"alice"_s).assign(id, carol, alice, QString()), QString());
    QCOMPARE(f.store().operation(id)->ownedBy, carol);
    // bob (a supervisor) takes it from carol, then releases it.
    const QString bob = f.person(u"bob"_s);
    QCOMPARE(teamOf(f, u"bob"_s).take(id, bob, carol), QString());
    QCOMPARE(teamOf(f, u"bob"_s).release(id, bob, bob), QString());
    QCOMPARE(ownerAudit(f, id), (QStringList{u"operation.owner_assigned by "_s + alice,
                                             u"operation.owner_taken by "_s + bob,
                                             u"operation.owner_released by "_s + bob}));
    for (const AuditEntry &e : f.store().audit(id))
        if (e.action == u"operation.owner_taken"_s)
            QVERIFY2(e.detail.contains(u"\"previous\":\""_s + carol), qPrintable(e.detail));
}

void TestTeamDay::aChangeMeanwhileIsReportedNotOverwritten()
{
    RolesFixture f;
    const QString id = unknownRow(f, u"op_8201"_s);
    const QString carol = f.person(u"carol"_s);
    const QString bob = f.person(u"bob"_s);
    QCOMPARE(teamOf(f, u"carol"_s).take(id, carol, QString()), QString());
    // bob was asked "nobody owns it; take it?" before carol took it.
    const QString refusal = teamOf(f, u"bob"_s).take(id, bob, QString());
    QVERIFY2(refusal.contains(u"took %1 meanwhile"_s.arg(id)), qPrintable(refusal));
    QCOMPARE(f.store().operation(id)->ownedBy, carol);
    QCOMPARE(ownerAudit(f, id).size(), 1);
}

void TestTeamDay::supportMayNotAssignOthers()
{
    RolesFixture f;
    const QString id = unknownRow(f, u"op_8301"_s);
    const QString carol = f.person(u"carol"_s);
    const QString alice = f.person(u"alice"_s);
    QVERIFY_THROWS_EXCEPTION(ActionRefused,
                             teamOf(f, u"carol"_s).assign(id, alice, carol, QString()));
    QCOMPARE(teamOf(f, u"alice"_s).take(id, alice, QString()), QString());
    // carol may not release alice's row, but may take it (ownership is not a lock).
    QVERIFY_THROWS_EXCEPTION(ActionRefused, teamOf(f, u"carol"_s).release(id, carol, alice));
    QCOMPARE(f.store().operation(id)->ownedBy, alice);
    QCOMPARE(teamOf(f, u"carol"_s).take(id, carol, alice), QString());
    QCOMPARE(f.store().operation(id)->ownedBy, carol);
    // dave is nobody in the directory: he owns nothing.
    QVERIFY_THROWS_EXCEPTION(ActionRefused,
                             teamOf(f, u"dave"_s).take(id, f.person(u"dave"_s), carol));
    QCOMPARE(f.store().operation(id)->ownedBy, carol);
}

void TestTeamDay::nobodyOwnsAClosedRowOrIsGivenToAStranger()
{
    RolesFixture f;
    const QString id = unknownRow(f, u"op_8401"_s);
    const QString alice = f.person(u"alice"_s);
    QVERIFY_THROWS_EXCEPTION(
        ActionRefused, teamOf(f, u"alice"_s).assign(id, u"operator:nobody_here"_s, alice, {}));
    QVERIFY(teamOf(f, u"alice"_s).assign(id, u"agent:x"_s, alice, {}).contains(u"not a person"_s));
    QVERIFY(teamOf(f, u"alice"_s).take(u"op_none"_s, alice, {}).contains(u"no operation"_s));
    NewOperation n = test::refundOperation(u"op_8402"_s, u"8402"_s);
    n.agent = f.agentOf();
    n.createdBy = f.agentActor(u"test"_s);
    f.agent().openOrGet(n);
    f.agent().closeFailed(u"op_8402"_s, u"declined"_s, f.agentActor(u"test"_s), u"declined"_s);
    const QString refusal = teamOf(f, u"alice"_s).take(u"op_8402"_s, alice, {});
    QVERIFY2(refusal.contains(u"needs no owner"_s), qPrintable(refusal));
    QCOMPARE(f.store().operation(u"op_8402"_s)->ownedBy, QString());
}

void TestTeamDay::theDatabaseRefusesOwnersOnItsOwn()
{
    if (!test::onPostgres())
        QSKIP("the database's own guard is PostgreSQL's (migration 0023)");
    RolesFixture f;
    const QString id = unknownRow(f, u"op_8501"_s);
    const QString carol = f.person(u"carol"_s);
    const QString alice = f.person(u"alice"_s);
    auto write = [&](const QString &who, const QString &owner) {
        try {
            runQuery(connectionOf(f.as(who)), u"UPDATE operations SET owned_by = ? WHERE id = ?"_s,
                     {owner.isEmpty() ? QVariant() : QVariant(owner), id});
            return QString();
        } catch (const ActionRefused &e) {
            return e.databaseCode();
        }
    };
    QCOMPARE(write(u"carol"_s, alice), u"owner"_s);                // support names someone else
    QCOMPARE(write(u"agent"_s, carol), u"owner"_s);                // an agent owns nothing
    QCOMPARE(write(u"svc"_s, carol), u"owner"_s);                  // nor does a service
    QCOMPARE(write(u"alice"_s, u"operator:nobody"_s), u"owner"_s); // no such person
    QCOMPARE(write(u"carol"_s, carol), QString());                 // herself: allowed
    QCOMPARE(write(u"bob"_s, QString()), QString());               // a supervisor releases
    QCOMPARE(write(u"alice"_s, carol), QString());                 // and assigns
    QCOMPARE(write(u"carol"_s, QString()), QString());             // carol gives hers back
    QCOMPARE(write(u"alice"_s, alice), QString());
    QCOMPARE(write(u"carol"_s, QString()), u"owner"_s); // but not alice's
    QCOMPARE(f.store().operation(id)->ownedBy, alice);
}

void TestTeamDay::notesAreAppendedAndNeverChanged()
{
    RolesFixture f;
    const QString id = unknownRow(f, u"op_8601"_s);
    const QString carol = f.person(u"carol"_s);
    const qint64 first = teamOf(f, u"carol"_s).addNote(id, u"  Called the bank.  "_s, carol);
    f.clock().advanceSecs(60);
    const qint64 second =
        teamOf(f, u"alice"_s).addNote(id, u"Line one\nline two"_s, f.person(u"alice"_s));
    const std::vector<RowNote> notes = teamOf(f, u"svc"_s).notes(id);
    QCOMPARE(notes.size(), size_t(2));
    QCOMPARE(notes[0].id, first);
    QCOMPARE(notes[0].body, u"Called the bank."_s);
    QCOMPARE(notes[0].createdBy, carol);
    QCOMPARE(notes[1].id, second);
    QCOMPARE(notes[1].createdAt.toMSecsSinceEpoch() - notes[0].createdAt.toMSecsSinceEpoch(),
             60000);
    int audited = 0;
    for (const AuditEntry &e : f.store().audit(id))
        audited += e.action == u"operation.note_added"_s;
    QCOMPARE(audited, 2);
    // Append-only: neither the support login nor a supervisor changes or deletes one.
    for (const QString &who : {u"carol"_s, u"alice"_s}) {
        QVERIFY_THROWS_EXCEPTION(
            StoreError, runQuery(connectionOf(f.as(who)),
                                 u"UPDATE operation_notes SET body = 'x' WHERE id = ?"_s, {first}));
        QVERIFY_THROWS_EXCEPTION(StoreError,
                                 runQuery(connectionOf(f.as(who)),
                                          u"DELETE FROM operation_notes WHERE id = ?"_s, {first}));
    }
    QCOMPARE(teamOf(f, u"svc"_s).notes(id), notes);
}

void TestTeamDay::badNotesStoreNothing_data()
{
    QTest::addColumn<QString>("who");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("reason");
    QTest::newRow("empty") << "carol"
                           << "op_8701"
                           << "   "
                           << "needs some text";
    QTest::newRow("too long") << "carol"
                              << "op_8701" << QString(2001, u'x') << "at most 2000";
    QTest::newRow("a control character") << "carol"
                                         << "op_8701" << u"bell\u0007"_s << "no control characters";
    QTest::newRow("no such row") << "carol"
                                 << "op_none"
                                 << "hello"
                                 << "no operation op_none";
    QTest::newRow("no attach right") << "dave"
                                     << "op_8701"
                                     << "hello"
                                     << "may not";
}

void TestTeamDay::badNotesStoreNothing()
{
    QFETCH(QString, who);
    QFETCH(QString, id);
    QFETCH(QString, body);
    QFETCH(QString, reason);
    RolesFixture f;
    unknownRow(f, u"op_8701"_s);
    try {
        teamOf(f, who).addNote(id, body, f.person(who));
        QFAIL("the note was stored");
    } catch (const ActionRefused &e) {
        QVERIFY2(e.message().contains(reason), qPrintable(e.message()));
    }
    QVERIFY(teamOf(f, u"svc"_s).notes(u"op_8701"_s).empty());
}

void TestTeamDay::targetsAreSettingsWithTheApproveRight()
{
    RolesFixture f;
    QCOMPARE(teamOf(f, u"svc"_s).targets(), ServiceTargets{});
    QVERIFY_THROWS_EXCEPTION(
        ActionRefused,
        teamOf(f, u"carol"_s).setTarget(TargetKind::Unowned, 2h, f.person(u"carol"_s)));
    const QString alice = f.person(u"alice"_s);
    teamOf(f, u"alice"_s).setTarget(TargetKind::Unowned, 2h, alice);
    teamOf(f, u"alice"_s).setTarget(TargetKind::Approval, 0ms, alice);
    QVERIFY_THROWS_EXCEPTION(
        ActionRefused, teamOf(f, u"alice"_s).setTarget(TargetKind::Undecided, 24h * 400, alice));
    const ServiceTargets now = teamOf(f, u"svc"_s).targets();
    QCOMPARE(now.unowned, std::chrono::milliseconds(2h));
    QCOMPARE(now.undecided, std::chrono::milliseconds(24h));
    QCOMPARE(now.approval, 0ms);
    teamOf(f, u"alice"_s).setTarget(TargetKind::Unowned, std::nullopt, alice);
    QCOMPARE(teamOf(f, u"svc"_s).targets().unowned, std::chrono::milliseconds(1h));
}

void TestTeamDay::lateRowsAndTheQueuesOrder()
{
    RolesFixture f;
    ServiceTargets targets;
    targets.unowned = 1h;
    targets.undecided = 24h;
    // op_8801 is older (opened 2 h before the others) but owned: due at its undecided target.
    // op_8802 is unowned: due one hour after it was opened, before op_8801's 24 h.
    const QString older = unknownRow(f, u"op_8801"_s);
    QCOMPARE(teamOf(f, u"carol"_s).take(older, f.person(u"carol"_s), {}), QString());
    f.clock().advanceSecs(2 * 3600);
    const QString unowned = unknownRow(f, u"op_8802"_s);
    OperationQuery query(connectionOf(f.store()), f.clock());
    QueryFilter queue = QueryFilter::checkingQueue();
    queue.targets = targets;
    QStringList order;
    for (const OperationSummary &row : query.page(queue, std::nullopt, 10))
        order << row.id;
    QCOMPARE(order, (QStringList{unowned, older}));
    // Without targets the deadline alone orders them: the older row first.
    queue.targets = {0ms, 0ms, 0ms};
    order.clear();
    for (const OperationSummary &row : query.page(queue, std::nullopt, 10))
        order << row.id;
    QCOMPARE(order.first(), older);
    // Late: the unowned row past its hour, the owned one not yet past 24 h.
    f.clock().advanceSecs(3601);
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(f.clock().nowMs(), Qt::UTC);
    for (const OperationSummary &row : query.page(QueryFilter::checkingQueue(), std::nullopt, 10)) {
        const TargetSubject subject{row.state, row.createdAt, row.ownedBy, row.deadline};
        QCOMPARE(lateReason(subject, targets, now),
                 row.id == unowned ? LateReason::NoOwner : LateReason::None);
    }
}

void TestTeamDay::mineListsOnePersonsRows()
{
    RolesFixture f;
    const QString carol = f.person(u"carol"_s);
    const QString a = unknownRow(f, u"op_8901"_s);
    unknownRow(f, u"op_8902"_s);
    const QString c = unknownRow(f, u"op_8903"_s);
    QCOMPARE(teamOf(f, u"carol"_s).take(a, carol, {}), QString());
    QCOMPARE(teamOf(f, u"alice"_s).assign(c, carol, f.person(u"alice"_s), {}), QString());
    OperationQuery query(connectionOf(f.store()), f.clock());
    QueryFilter mine;
    mine.ownedBy = carol;
    QStringList ids;
    for (const OperationSummary &row : query.page(mine, std::nullopt, 10)) {
        ids << row.id;
        QCOMPARE(row.ownedBy, carol);
    }
    ids.sort();
    QCOMPARE(ids, (QStringList{a, c}));
    QCOMPARE(query.count(mine), 2);
}

void TestTeamDay::theQueuePagesInDueOrder()
{
    // Rows opened 20 minutes apart; every third has a deadline (its first attempt counted), every
    // other one an owner: each of the three terms of the due time decides some rows.
    RolesFixture f;
    const QString carol = f.person(u"carol"_s);
    for (int i = 0; i < 12; ++i) {
        const QString id = u"op_89%1"_s.arg(i, 2, 10, QChar(u'0'));
        test::agentsOperation(f, test::refundOperation(id, id.mid(3)), OperationState::Unknown,
                              i % 3 == 0);
        if (i % 2 == 1)
            QCOMPARE(teamOf(f, u"carol"_s).take(id, carol, {}), QString());
        f.clock().advanceSecs(20 * 60);
    }
    OperationQuery query(connectionOf(f.store()), f.clock());
    QueryFilter queue = QueryFilter::checkingQueue();
    queue.targets.unowned = 30min; // decides the unowned rows
    queue.targets.undecided = 48h; // the deadline (23 h 45 m) comes first where there is one
    int byDeadline = 0;
    const std::vector<OperationSummary> whole = query.page(queue, std::nullopt, 100);
    QCOMPARE(whole.size(), size_t(12));
    QStringList wholeIds;
    for (size_t i = 0; i < whole.size(); ++i) {
        wholeIds << whole[i].id;
        const TargetSubject row{whole[i].state, whole[i].createdAt, whole[i].ownedBy,
                                whole[i].deadline};
        QCOMPARE(whole[i].sortValue.toLongLong(),
                 queueDue(row, queue.targets)->toMSecsSinceEpoch());
        byDeadline += whole[i].deadline && *queueDue(row, queue.targets) == *whole[i].deadline;
        if (i > 0)
            QVERIFY(whole[i - 1].sortValue.toLongLong() <= whole[i].sortValue.toLongLong());
    }
    QVERIFY(byDeadline >= 2);          // the deadline decides some rows, the targets the others
    for (const int size : {1, 2, 5}) { // page by page, as the list fetches more
        QStringList paged;
        std::optional<PageCursor> after;
        for (int guard = 0; guard < 20; ++guard) {
            const auto page = query.page(queue, after, size);
            for (const OperationSummary &row : page)
                paged << row.id;
            if (int(page.size()) < size)
                break;
            after = OperationQuery::cursorAfter(page.back());
        }
        QCOMPARE(paged, wholeIds);
    }
}

QTEST_GUILESS_MAIN(TestTeamDay)
#include "tst_teamday.moc"
