// The alert store (DESIGN §18, migration 0023) as the service writes it (rolesfixture.h: on
// PostgreSQL the service's own login): a key fires once for good and resolves when it stops
// holding; each delivery follows the outbox discipline (counted before the call, Unknown sent
// once more at most, Retry until its attempts are spent, a sender that died counts as ambiguous);
// people and agents may read alerts but not write them.

#include "storage/alerts/alertstore.h"
#include "storage/db/sqltransaction.h"
#include "storage/session.h"
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
    // b holding again later does not fire again: its key fired once for good.
    QCOMPARE(store.sync({condition(u"a"_s), condition(u"b"_s)}, kChannels).fired, 0);
    const std::vector<AlertRecord> all = store.alerts(false, 10);
    QCOMPARE(all.size(), size_t(2));
    const AlertRecord b = all.front().key == u"b"_s ? all.front() : all.back();
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
    QVERIFY(store.beginAttempt(due[0].id));
    QVERIFY(!store.beginAttempt(due[0].id)); // in flight: nobody else takes it
    store.finish(due[0].id, DeliveryResult::Delivered, {}, 3);
    QVERIFY(store.beginAttempt(due[1].id));
    store.finish(due[1].id, DeliveryResult::Refused, u"404 no_service"_s, 3);
    for (int i = 0; i < 3; ++i) {
        QVERIFY(store.beginAttempt(due[2].id));
        store.finish(due[2].id, DeliveryResult::Retry, u"429"_s, 3);
    }
    QVERIFY(store.due(u"webhook"_s, 10, 0).empty());
    QCOMPARE(states(store, due[0].alertId), QStringList{u"webhook/fire/sent"_s});
    QCOMPARE(states(store, due[1].alertId), QStringList{u"webhook/fire/failed"_s});
    QCOMPARE(states(store, due[2].alertId), QStringList{u"webhook/fire/failed"_s});
    QCOMPARE(store.deliveries(due[1].alertId).front().lastError, u"404 no_service"_s);
    QCOMPARE(store.deliveries(due[2].alertId).front().attempts, 3);
}

void TestAlertStore::anUnknownIsSentOnceMoreAtMost()
{
    RolesFixture f;
    AlertStore &store = f.sessionAs(u"svc"_s).alerts();
    store.sync({condition(u"a"_s)}, {u"smtp"_s});
    const qint64 id = store.due(u"smtp"_s, 10, 0).front().id;
    QVERIFY(store.beginAttempt(id));
    store.finish(id, DeliveryResult::Unknown, u"no reply to the final dot"_s, 5);
    QCOMPARE(store.due(u"smtp"_s, 10, 0).size(), size_t(1)); // once more
    QVERIFY(store.beginAttempt(id));
    store.finish(id, DeliveryResult::Unknown, u"no reply to the final dot"_s, 5);
    QVERIFY(store.due(u"smtp"_s, 10, 0).empty()); // never a third time
    const AlertDelivery d = store.deliveries(store.alerts(false, 1).front().id).front();
    QCOMPARE(d.state, u"unknown"_s);
    QCOMPARE(d.ambiguous, 2);
    QCOMPARE(d.attempts, 2);
}

void TestAlertStore::aSenderThatDiedCountsAsAmbiguous()
{
    RolesFixture f;
    AlertStore &store = f.sessionAs(u"svc"_s).alerts();
    store.sync({condition(u"a"_s)}, {u"webhook"_s});
    const qint64 id = store.due(u"webhook"_s, 10, 0).front().id;
    QVERIFY(store.beginAttempt(id)); // and the sender dies here
    const qint64 began = f.clock().nowMs();
    QVERIFY(store.due(u"webhook"_s, 10, began - 1).empty()); // not stale yet: still in flight
    f.clock().advanceSecs(300);
    const std::vector<AlertDelivery> again = store.due(u"webhook"_s, 10, began + 1);
    QCOMPARE(again.size(), size_t(1));
    QCOMPARE(again.front().ambiguous, 1);
    QVERIFY(store.beginAttempt(id));
    f.clock().advanceSecs(300);
    QVERIFY(store.due(u"webhook"_s, 10, f.clock().nowMs()).empty()); // second death: unknown
    QCOMPARE(store.deliveries(again.front().alertId).front().state, u"unknown"_s);
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
}

QTEST_GUILESS_MAIN(TestAlertStore)
#include "tst_alertstore.moc"
