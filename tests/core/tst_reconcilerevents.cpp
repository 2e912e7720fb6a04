// The reconciler's use of provider events already stored for a row (issue 14, "the events by
// key", docs/design.md §10): an event that proves the refund's outcome is the reading — the row
// is closed with it as evidence and the provider is not read again — and anything short of
// positive proof falls back to the charge's refund list. eventProof's rules as a pure table;
// the pass against a real provider-sim over loopback, on a real database. Each actor in its role
// (reconcilefixture.h): on PostgreSQL the engine logs in as the agent, the receiver that keeps an
// event and the reconciler as the service.

#include "reconcile/eventproof.h"
#include "storage/audit/auditlog.h"
#include "storage/db/sqltransaction.h"
#include "storage/events/eventstore.h"
#include "support/reconcilefixture.h"

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;
using ops::test::ReconcileFixture;

namespace {

Operation refundRow()
{
    Operation op;
    op.id = u"op_1"_s;
    op.kind = OperationKind::Refund;
    op.state = OperationState::Unknown;
    op.idempotencyKey = u"key_1"_s;
    op.amount = {3800, u"usd"_s};
    op.chargeId = u"ch_1"_s;
    return op;
}

StoredEvent storedRefundEvent(const QString &eventId, qint64 created, const QString &refundId,
                              const QString &status, qint64 amount = 3800,
                              const QString &operationId = u"op_1"_s)
{
    const json event = {{"id", eventId.toStdString()},
                        {"object", "event"},
                        {"type", "refund.updated"},
                        {"created", created},
                        {"livemode", false},
                        {"data",
                         {{"object",
                           {{"id", refundId.toStdString()},
                            {"object", "refund"},
                            {"amount", amount},
                            {"currency", "usd"},
                            {"charge", "ch_1"},
                            {"status", status.toStdString()},
                            {"metadata", {{"operation_id", operationId.toStdString()}}}}}}},
                        {"request", {{"id", nullptr}, {"idempotency_key", nullptr}}}};
    StoredEvent e;
    e.id = eventId;
    e.created = created;
    e.objectType = u"refund"_s;
    e.objectId = refundId;
    e.operationId = u"op_1"_s;
    e.raw = QByteArray::fromStdString(event.dump());
    return e;
}

// What the receiver stores for an event it keeps: the event row and its evidence item, as one
// transaction. The decision step is left out, so the row stays as it was (an event kept, not
// applied) and only the reconciler can act on it.
void keepEvent(ReconcileFixture &f, const json &event, const QString &operationId)
{
    const auto parsed = parseStripeEvent(QByteArray::fromStdString(event.dump()));
    QVERIFY(parsed && parsed->refund);
    Session &receiver = f.db.sessionAs(u"svc"_s);
    Connection &db = connectionOf(receiver.store());
    StoredEvent row;
    row.id = parsed->id;
    row.type = parsed->type;
    row.created = parsed->created;
    row.objectType = parsed->objectType;
    row.objectId = parsed->objectId;
    row.objectStatus = parsed->objectStatus;
    row.operationId = operationId;
    row.matchedBy = MatchedBy::Metadata;
    row.receivedAt = QDateTime::currentDateTimeUtc();
    row.outcomeReason = u"kept"_s;
    row.raw = parsed->raw;
    WriteTransaction tx(db);
    EventStore &events = receiver.events();
    QVERIFY(events.insertEventLocked(row));
    events.addEventEvidenceLocked(receiver.clock().nowMs(), row, u"system:webhook"_s);
    tx.commit();
}

// The simulator's refund.created event for the refund carrying this operation id.
json providerEventFor(ReconcileFixture &f, const QString &operationId)
{
    const StripeReply reply = f.client->listEvents({{u"limit"_s, u"100"_s}});
    const json list = json::parse(reply.http.body.toStdString(), nullptr, false);
    for (const json &e : list.value("data", json::array())) {
        const json &object = e["data"]["object"];
        if (e.value("type", "") == "refund.created" &&
            object["metadata"].value("operation_id", "") == operationId.toStdString())
            return e;
    }
    return nullptr;
}

const RowReport *reportOf(const PassReport &pass, const QString &id)
{
    for (const RowReport &r : pass.rows) {
        if (r.operationId == id)
            return &r;
    }
    return nullptr;
}

} // namespace

class TestReconcilerEvents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void proofRules_data();
    void proofRules();
    void storedEventClosesWithoutAProviderRead();
    void storedEventThatProvesNothingFallsBackToTheList();
};

void TestReconcilerEvents::initTestCase()
{
    const QString error = ops::test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestReconcilerEvents::cleanupTestCase()
{
    const QString error = ops::test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestReconcilerEvents::proofRules_data()
{
    QTest::addColumn<std::vector<StoredEvent>>("events");
    QTest::addColumn<QString>("providerRef"); // the row's, '' when none
    QTest::addColumn<QString>("proves");      // the proven status, '' when no proof
    QTest::addRow("no event") << std::vector<StoredEvent>{} << QString() << QString();
    QTest::addRow("one succeeded")
        << std::vector{storedRefundEvent(u"evt_1"_s, 10, u"re_1"_s, u"succeeded"_s)} << QString()
        << u"succeeded"_s;
    QTest::addRow("failed settles too")
        << std::vector{storedRefundEvent(u"evt_1"_s, 10, u"re_1"_s, u"failed"_s)} << QString()
        << u"failed"_s;
    QTest::addRow("the newest by created wins, whatever the order")
        << std::vector{storedRefundEvent(u"evt_2"_s, 20, u"re_1"_s, u"succeeded"_s),
                       storedRefundEvent(u"evt_1"_s, 10, u"re_1"_s, u"pending"_s)}
        << QString() << u"succeeded"_s;
    QTest::addRow("requires_action settles nothing")
        << std::vector{storedRefundEvent(u"evt_1"_s, 10, u"re_1"_s, u"requires_action"_s)}
        << QString() << QString();
    QTest::addRow("two refund objects: the list must show the conflict")
        << std::vector{storedRefundEvent(u"evt_1"_s, 10, u"re_1"_s, u"succeeded"_s),
                       storedRefundEvent(u"evt_2"_s, 11, u"re_2"_s, u"succeeded"_s)}
        << QString() << QString();
    QTest::addRow("amount disagrees")
        << std::vector{storedRefundEvent(u"evt_1"_s, 10, u"re_1"_s, u"succeeded"_s, 3700)}
        << QString() << QString();
    QTest::addRow("another operation's refund")
        << std::vector{storedRefundEvent(u"evt_1"_s, 10, u"re_1"_s, u"succeeded"_s, 3800,
                                         u"op_2"_s)}
        << QString() << QString();
    QTest::addRow("the row already names another refund")
        << std::vector{storedRefundEvent(u"evt_1"_s, 10, u"re_1"_s, u"succeeded"_s)} << u"re_9"_s
        << QString();
}

void TestReconcilerEvents::proofRules()
{
    QFETCH(std::vector<StoredEvent>, events);
    QFETCH(QString, providerRef);
    QFETCH(QString, proves);
    Operation op = refundRow();
    op.providerRef = providerRef;
    const auto proof = eventProof(op, events);
    QCOMPARE(proof ? proof->refund.status : QString(), proves);
}

void TestReconcilerEvents::storedEventClosesWithoutAProviderRead()
{
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    const QString proved = f.unknownRefund(u"4417"_s, u"ch_4417"_s, 3800, true);
    const QString listed = f.unknownRefund(u"1001"_s, u"ch_1001"_s, 5000, true);
    const json event = providerEventFor(f, proved);
    QVERIFY(event.is_object());
    keepEvent(f, event, proved);
    QCOMPARE(toString(f.row(proved).state), u"unknown"_s);
    f.clearRequests();

    const PassReport pass = f.reconciler().pass(true);
    QCOMPARE(reportOf(pass, proved)->result, u"closed_succeeded"_s);
    QCOMPARE(reportOf(pass, listed)->result, u"closed_succeeded"_s);
    // The stored event was the reading of the first row: the simulator saw one list read, for
    // the other row's charge, and nothing that could move money.
    QCOMPARE(f.refundListReads(), 1);
    QCOMPARE(pass.providerRequests, 1);
    QCOMPARE(pass.chargesRead, 1);
    QCOMPARE(f.moneyPosts(), 0);
    QCOMPARE(int(f.sim.requests()["requests"].size()), 1);

    const Operation op = f.row(proved);
    const std::string refundId = event["data"]["object"]["id"];
    QCOMPARE(op.closedBy, u"system:reconciler"_s);
    QCOMPARE(op.providerRef.toStdString(), refundId);
    QCOMPARE(op.providerStatus, u"succeeded"_s);
    const auto evidence = f.db.store().evidence(proved);
    QCOMPARE(evidence.back().kind, u"provider_object"_s);
    QCOMPARE(evidence.back().createdBy, u"system:reconciler"_s);
    const json body = json::parse(evidence.back().body.toStdString());
    QVERIFY(body["source"] == "stored_provider_event");
    QVERIFY(body["event_id"] == event["id"]);
    QVERIFY(body["event"]["data"]["object"]["id"] == refundId);
    const auto audit = f.db.store().audit(proved);
    QCOMPARE(audit.back().action, u"state.succeeded"_s);
    const json detail = json::parse(audit.back().detail.toStdString());
    QVERIFY(detail["provider_ref"] == refundId);
    QVERIFY(QString::fromStdString(detail["reason"])
                .contains(u"Evidence #%1."_s.arg(evidence.back().id)));
    QVERIFY(AuditLog::verify(connectionOf(f.db.store())).holds());
}

void TestReconcilerEvents::storedEventThatProvesNothingFallsBackToTheList()
{
    ReconcileFixture f;
    QVERIFY2(f.start(), qPrintable(f.sim.error()));
    // The money did not move, but a stored event claims a refund of another amount for the
    // row: no proof, so the list is read — and the list shows nothing of ours (a proposal).
    const QString id = f.unknownRefund(u"4417"_s, u"ch_4417"_s, 3800, false);
    json claim = {{"id", "evt_claim"},
                  {"object", "event"},
                  {"type", "refund.created"},
                  {"created", 1},
                  {"livemode", false},
                  {"data",
                   {{"object",
                     {{"id", "re_elsewhere"},
                      {"object", "refund"},
                      {"amount", 100},
                      {"currency", "usd"},
                      {"charge", "ch_4417"},
                      {"status", "succeeded"},
                      {"metadata", {{"operation_id", id.toStdString()}}}}}}}};
    keepEvent(f, claim, id);
    f.clearRequests();
    const PassReport pass = f.reconciler().pass(true);
    QCOMPARE(f.refundListReads(), 1);
    QCOMPARE(reportOf(pass, id)->result, u"proposal"_s);
    QCOMPARE(toString(f.row(id).state), u"unknown"_s);
}

QTEST_GUILESS_MAIN(TestReconcilerEvents)
#include "tst_reconcilerevents.moc"
