// The alert store (DESIGN §18, migration 0023) as the service writes it (rolesfixture.h: on
// PostgreSQL the service's own login): a key fires once while it holds and resolves when it
// stops, and fires its next episode if it comes back; each delivery follows the outbox
// discipline (counted before the call, Unknown sent once more at most, Retry until the message
// is an hour old, a sender that died counts as ambiguous and its late answer writes nothing);
// the watched rows come most urgent first; people and agents may read alerts but not write them.

#include "storage/alerts/alertstore.h"
#include "storage/db/sqltransaction.h"
#include "storage/session.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"

#include <QTest>

using namespace ops;
using namespace Qt::StringLiterals;
using ops::test::RolesFixture;

namespace {

AlertCondition condition(const QString &key)
{
    return {key, u"late"_s, {}, u"subject "_s + key, u"body"_s};
}

QStringList states(AlertStore &store, qint64 alertId)
{
    QStringList out;
    for (const AlertDelivery &d : store.deliveries(alertId))
        out << u"%1/%2/%3"_s.arg(d.channel, d.kind == DeliveryKind::Fire ? u"fire"_s : u"resolve"_s,
                                 d.state);
    return out;
}

const QStringList kChannels{u"webhook"_s, u"smtp"_s};
constexpr qint64 kHour = 3600 * 1000;

} // namespace

class TestAlertStore : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(test::prepareRoles().isEmpty()); }
    void cleanupTestCase() { QVERIFY(test::dropRoles().isEmpty()); }
    void aKeyFiresOnceAndResolvesOnce();
    void deliveredRefusedAndRetried();
    void anUnknownIsSentOnceMoreAtMost();
    void aSenderThatDiedCountsAsAmbiguous();
    void waitingRowsAreTheMostUrgentFirst();
    void onlyTheServiceWritesAlerts();
};

void TestAlertStore::aKeyFiresOnceAndResolvesOnce()
{
    RolesFixture f;
    AlertStore &store = f.sessionAs(u"svc"_s).alerts();
    QCOMPARE(store.sync({condition(u"a"_s), condition(u"b"_s)}, kChannels).fired, 2);
    const AlertSync again = store.sync({condition(u"a"_s), condition(u"b"_s)}, kChannels);
    QCOMPARE(again.fired, 0);
    QCOMPARE(again.resolved, 0);
    f.clock().advanceSecs(30);
    const AlertSync cleared = store.sync({condition(u"a"_s)}, kChannels);
    QCOMPARE(cleared.resolved, 1);
    QCOMPARE(store.alerts(true, 10).size(), size_t(1));
    // b holding again later is its next episode: it fires once more, as a second alert.
    QCOMPARE(store.sync({condition(u"a"_s), condition(u"b"_s)}, kChannels).fired, 1);
    QCOMPARE(store.sync({condition(u"a"_s), condition(u"b"_s)}, kChannels).fired, 0);
    const std::vector<AlertRecord> all = store.alerts(false, 10);
    QCOMPARE(all.size(), size_t(3));
    QCOMPARE(all.front().key, u"b"_s);
    QCOMPARE(all.front().episode, 2);
    QVERIFY(!all.front().resolvedAt);
    const AlertRecord b = all.at(1).key == u"b"_s ? all.at(1) : all.at(2);
    QCOMPARE(b.episode, 1);
    // A watch that did not see all its rows resolves none of its condition's alerts.
    QCOMPARE(store.sync({}, kChannels, {u"late"_s}).resolved, 0);
    QVERIFY(b.resolvedAt);
    QCOMPARE(b.resolvedAt->toMSecsSinceEpoch() - b.firedAt.toMSecsSinceEpoch(), 30000);
    QCOMPARE(states(store, b.id),
             (QStringList{u"webhook/fire/pending"_s, u"smtp/fire/pending"_s,
                          u"webhook/resolve/pending"_s, u"smtp/resolve/pending"_s}));
}

void TestAlertStore::deliveredRefusedAndRetried()
{
    RolesFixture f;
    AlertStore &store = f.sessionAs(u"svc"_s).alerts();
    store.sync({condition(u"a"_s), condition(u"b"_s), condition(u"c"_s)}, {u"webhook"_s});
    const std::vector<AlertDelivery> due = store.due(u"webhook"_s, 10, 0);
    QCOMPARE(due.size(), size_t(3));
    const auto first = store.beginAttempt(due[0].id);
    QVERIFY(first);
    QVERIFY(!store.beginAttempt(due[0].id)); // in flight: nobody else takes it
    store.finish(due[0].id, *first, DeliveryResult::Delivered, {}, kHour);
    const auto second = store.beginAttempt(due[1].id);
    store.finish(due[1].id, *second, DeliveryResult::Refused, u"404 no_service"_s, kHour);
    // Retry while the message is younger than its retry time; failed after it.
    for (int i = 0; i < 3; ++i) {
        const auto token = store.beginAttempt(due[2].id);
        QVERIFY(token);
        store.finish(due[2].id, *token, DeliveryResult::Retry, u"429"_s, kHour);
        f.clock().advanceSecs(600);
    }
    QCOMPARE(store.due(u"webhook"_s, 10, 0).size(), size_t(1));
    f.clock().advanceSecs(3600);
    const auto last = store.beginAttempt(due[2].id);
    store.finish(due[2].id, *last, DeliveryResult::Retry, u"429"_s, kHour);
    QVERIFY(store.due(u"webhook"_s, 10, 0).empty());
    QCOMPARE(states(store, due[0].alertId), QStringList{u"webhook/fire/sent"_s});
    QCOMPARE(states(store, due[1].alertId), QStringList{u"webhook/fire/failed"_s});
    QCOMPARE(states(store, due[2].alertId), QStringList{u"webhook/fire/failed"_s});
    QCOMPARE(store.deliveries(due[1].alertId).front().lastError, u"404 no_service"_s);
    QCOMPARE(store.deliveries(due[2].alertId).front().attempts, 4);
}

void TestAlertStore::anUnknownIsSentOnceMoreAtMost()
{
    RolesFixture f;
    AlertStore &store = f.sessionAs(u"svc"_s).alerts();
    store.sync({condition(u"a"_s)}, {u"smtp"_s});
    const qint64 id = store.due(u"smtp"_s, 10, 0).front().id;
    auto token = store.beginAttempt(id);
    store.finish(id, *token, DeliveryResult::Unknown, u"no reply to the final dot"_s, kHour);
    QCOMPARE(store.due(u"smtp"_s, 10, 0).size(), size_t(1)); // once more
    // A certain refusal now proves nothing about the first call: it may have arrived.
    token = store.beginAttempt(id);
    store.finish(id, *token, DeliveryResult::Retry, u"451"_s, kHour);
    token = store.beginAttempt(id);
    store.finish(id, *token, DeliveryResult::Unknown, u"no reply to the final dot"_s, kHour);
    QVERIFY(store.due(u"smtp"_s, 10, 0).empty()); // never a third time that may arrive
    const AlertDelivery d = store.deliveries(store.alerts(false, 1).front().id).front();
    QCOMPARE(d.state, u"unknown"_s);
    QCOMPARE(d.ambiguous, 2);
    QCOMPARE(d.attempts, 3);
    // A refusal after an ambiguous answer ends unknown, not failed.
    store.sync({condition(u"a"_s), condition(u"b"_s)}, {u"smtp"_s});
    const qint64 b = store.due(u"smtp"_s, 10, 0).front().id;
    token = store.beginAttempt(b);
    store.finish(b, *token, DeliveryResult::Unknown, u"reset"_s, kHour);
    token = store.beginAttempt(b);
    store.finish(b, *token, DeliveryResult::Refused, u"554"_s, kHour);
    QCOMPARE(store.deliveries(store.alerts(false, 1).front().id).front().state, u"unknown"_s);
}

void TestAlertStore::aSenderThatDiedCountsAsAmbiguous()
{
    RolesFixture f;
    AlertStore &store = f.sessionAs(u"svc"_s).alerts();
    store.sync({condition(u"a"_s)}, {u"webhook"_s});
    const qint64 id = store.due(u"webhook"_s, 10, 0).front().id;
    const auto late = store.beginAttempt(id); // and the sender stalls here
    QVERIFY(late);
    const qint64 began = f.clock().nowMs();
    QVERIFY(store.due(u"webhook"_s, 10, began - 1).empty()); // not stale yet: still in flight
    f.clock().advanceSecs(300);
    const std::vector<AlertDelivery> again = store.due(u"webhook"_s, 10, began + 1);
    QCOMPARE(again.size(), size_t(1));
    QCOMPARE(again.front().ambiguous, 1);
    // The stalled sender's answer arrives after its attempt was judged: it writes nothing.
    store.finish(id, *late, DeliveryResult::Retry, u"429"_s, kHour);
    QCOMPARE(store.deliveries(again.front().alertId).front().ambiguous, 1);
    QVERIFY(store.beginAttempt(id));
    f.clock().advanceSecs(300);
    QVERIFY(store.due(u"webhook"_s, 10, f.clock().nowMs()).empty()); // second death: unknown
    QCOMPARE(store.deliveries(again.front().alertId).front().state, u"unknown"_s);
}

void TestAlertStore::waitingRowsAreTheMostUrgentFirst()
{
    RolesFixture f;
    AlertStore &store = f.sessionAs(u"svc"_s).alerts();
    for (int i = 0; i < 5; ++i) {
        const QString id = u"op_870%1"_s.arg(i);
        test::agentsOperation(f, test::refundOperation(id, id.mid(3)), OperationState::Unknown,
                              i % 2 == 0); // 0, 2, 4 have a deadline
        f.clock().advanceSecs(600);
    }
    const qint64 now = f.clock().nowMs();
    const qint64 day = 24 * 3600 * 1000;
    // Deadlines within a day, or opened before now: all five, the deadlines first.
    WaitingRows all = store.waitingRows(OperationState::Unknown, now + day, now, 10);
    QVERIFY(all.complete);
    QStringList ids;
    for (const Operation &op : all.rows)
        ids << op.id;
    QCOMPARE(ids,
             (QStringList{u"op_8700"_s, u"op_8702"_s, u"op_8704"_s, u"op_8701"_s, u"op_8703"_s}));
    const WaitingRows cut = store.waitingRows(OperationState::Unknown, now + day, now, 2);
    QVERIFY(!cut.complete);
    QCOMPARE(cut.rows.size(), size_t(2));
    // Only deadlines: the two rows without one are not read.
    QCOMPARE(store.waitingRows(OperationState::Unknown, now + day, 0, 10).rows.size(), size_t(3));
    QVERIFY(store.waitingRows(OperationState::Unknown, 0, 0, 10).rows.empty());
}

void TestAlertStore::onlyTheServiceWritesAlerts()
{
    if (!test::onPostgres())
        QSKIP("grants are PostgreSQL's (migration 0023)");
    RolesFixture f;
    f.sessionAs(u"svc"_s).alerts().sync({condition(u"a"_s)}, {u"webhook"_s});
    for (const QString &who : {u"alice"_s, u"carol"_s, u"agent"_s}) {
        QCOMPARE(f.sessionAs(who).alerts().alerts(false, 10).size(), size_t(1)); // reads
        QVERIFY_THROWS_EXCEPTION(StoreError,
                                 f.sessionAs(who).alerts().sync({condition(u"x"_s)}, {}));
        QVERIFY_THROWS_EXCEPTION(
            StoreError,
            runQuery(connectionOf(f.as(who)), u"UPDATE alert_deliveries SET state = 'sent'"_s));
    }
    QCOMPARE(f.sessionAs(u"svc"_s).alerts().alerts(false, 10).size(), size_t(1));
    // The service changes what it keeps track of, never what fired.
    for (const QString &sql :
         {u"UPDATE alerts SET alert_key = 'x'"_s, u"UPDATE alerts SET body = 'x'"_s,
          u"DELETE FROM alert_deliveries"_s})
        QVERIFY_THROWS_EXCEPTION(StoreError, runQuery(connectionOf(f.as(u"svc"_s)), sql));
}

QTEST_GUILESS_MAIN(TestAlertStore)
#include "tst_alertstore.moc"
