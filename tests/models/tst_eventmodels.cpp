// The item models of the console's provider events (issue 13 item 5), each under
// QAbstractItemModelTester, fed with what the event store hands over from a real database:
// an operation's events (created in local time with the zone, UTC in the tooltip, source,
// outcome with its reason, the JSON indented), the Attention queue (reason, raised at/by), and
// the receiver line from a heartbeat that is fresh, stale by the clock, or stopped.

#include "itemmodels/attentionmodel.h"
#include "itemmodels/eventlistmodel.h"
#include "itemmodels/localeformat.h"
#include "storage/events/eventstore.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <QTimeZone>

using namespace Qt::StringLiterals;
using namespace ops;
using Tester = QAbstractItemModelTester;

namespace {

const QString kOp = u"op_models"_s;

StoredEvent storedEvent(const QString &id, qint64 created, EventSource source, EventOutcome outcome,
                        const QString &reason, const QString &operationId = kOp)
{
    StoredEvent e;
    e.id = id;
    e.type = u"refund.updated"_s;
    e.created = created;
    e.objectType = u"refund"_s;
    e.objectId = u"re_m"_s;
    e.objectStatus = u"succeeded"_s;
    e.operationId = operationId;
    e.matchedBy = operationId.isEmpty() ? MatchedBy::None : MatchedBy::Metadata;
    e.source = source;
    e.outcome = outcome;
    e.outcomeReason = reason;
    e.receivedAt = QDateTime::fromSecsSinceEpoch(created + 2, QTimeZone::utc());
    e.raw = R"({"id":")" + id.toUtf8() + R"(","object":"event","data":{"object":{"id":"re_m"}}})";
    return e;
}

} // namespace

class TestEventModels : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void eventListShowsTheStoredEvents();
    void eventListKeepsInvalidJsonAsText();
    void attentionModelShowsTheQueue();
    void receiverLineFreshStaleStopped();

private:
    void store(const StoredEvent &e);
    // The refund row `id` as the agent opens it (agent:test; naming its login on PostgreSQL).
    void open(const QString &id, const QString &order);

    std::unique_ptr<test::RolesFixture> m_fx;
    // The receiver's, the importer's and the reconciler's events: the service's login.
    std::unique_ptr<EventStore> m_events;
};

void TestEventModels::initTestCase()
{
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestEventModels::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestEventModels::open(const QString &id, const QString &order)
{
    NewOperation op = test::refundOperation(id, order);
    op.agent = m_fx->agentOf();
    m_fx->agent().openOrGet(op);
}

void TestEventModels::init()
{
    m_fx = std::make_unique<test::RolesFixture>();
    m_events = std::make_unique<EventStore>(connectionOf(m_fx->store()), m_fx->clock());
    open(kOp, u"7101"_s);
}

void TestEventModels::cleanup()
{
    m_events.reset();
    m_fx.reset();
}

void TestEventModels::store(const StoredEvent &e)
{
    WriteTransaction tx(connectionOf(m_fx->store()));
    QVERIFY(m_fx->session().events().insertEventLocked(e));
    tx.commit();
}

void TestEventModels::eventListShowsTheStoredEvents()
{
    const qint64 t = m_fx->clock().now().toSecsSinceEpoch();
    store(storedEvent(u"evt_2"_s, t - 60, EventSource::Import, EventOutcome::Ignored, {}));
    store(storedEvent(u"evt_1"_s, t - 120, EventSource::Webhook, EventOutcome::Applied,
                      u"closed succeeded (succeeded)"_s));
    store(storedEvent(u"evt_other"_s, t, EventSource::Webhook, EventOutcome::Ignored,
                      u"unmatched: no operation of ours"_s, {}));
    EventListModel model;
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.setRows(m_events->eventsOf(kOp));
    QCOMPARE(reset.size(), 1);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), int(EventListModel::ColumnCount));
    const auto cell = [&](int row, int column, int role = Qt::DisplayRole) {
        return model.index(row, column).data(role).toString();
    };
    // Oldest first by the provider's clock, whatever order they arrived in.
    QCOMPARE(cell(0, 0, EventListModel::EventIdRole), u"evt_1"_s);
    QCOMPARE(cell(1, 0, EventListModel::EventIdRole), u"evt_2"_s);
    const QDateTime created = QDateTime::fromSecsSinceEpoch(t - 120, QTimeZone::utc());
    QCOMPARE(cell(0, EventListModel::CreatedColumn), formatDateTime(created, QLocale()));
    QCOMPARE(cell(0, EventListModel::CreatedColumn, Qt::ToolTipRole),
             u"%1 (received %2)"_s.arg(formatUtc(created), formatUtc(created.addSecs(2))));
    QCOMPARE(cell(0, EventListModel::TypeColumn), u"refund.updated"_s);
    QCOMPARE(cell(0, EventListModel::ObjectColumn), u"re_m (succeeded)"_s);
    QCOMPARE(cell(0, EventListModel::SourceColumn), u"verified webhook"_s);
    QCOMPARE(cell(1, EventListModel::SourceColumn), u"imported"_s);
    QCOMPARE(cell(0, EventListModel::OutcomeColumn), u"applied — closed succeeded (succeeded)"_s);
    QCOMPARE(cell(1, EventListModel::OutcomeColumn), u"ignored"_s); // no reason stored
    QCOMPARE(cell(0, 0, EventListModel::OperationIdRole), kOp);
    QCOMPARE(cell(0, 0, EventListModel::PrettyJsonRole),
             u"{\n    \"data\": {\n        \"object\": {\n            \"id\": \"re_m\"\n        }\n"
             "    },\n    \"id\": \"evt_1\",\n    \"object\": \"event\"\n}\n"_s);
    QCOMPARE(model.headerData(EventListModel::OutcomeColumn, Qt::Horizontal).toString(),
             u"Outcome"_s);
    QVERIFY(!model.index(0, 0).parent().isValid());
    QVERIFY(!model.eventAt(2));
    // The unmatched one is the supervisors' list, not the operation's.
    model.setRows(m_events->unmatched());
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(cell(0, 0, EventListModel::OperationIdRole), QString());
    model.setRows({});
    QCOMPARE(model.rowCount(), 0);
}

void TestEventModels::eventListKeepsInvalidJsonAsText()
{
    StoredEvent e = storedEvent(u"evt_raw"_s, 1, EventSource::Webhook, EventOutcome::Ignored, {});
    e.raw = "not json {";
    QCOMPARE(prettyEventJson(e.raw), u"not json {"_s);
    EventListModel model;
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    model.setRows({e});
    QCOMPARE(model.index(0, 0).data(EventListModel::PrettyJsonRole).toString(), u"not json {"_s);
}

void TestEventModels::attentionModelShowsTheQueue()
{
    open(u"op_second"_s, u"7102"_s);
    QVERIFY(m_events->raiseAttention(kOp, u"two provider refunds claim this operation"_s,
                                     u"system:reconciler"_s));
    const QDateTime first = m_fx->clock().now();
    m_fx->clock().advanceSecs(30);
    QVERIFY(m_events->raiseAttention(u"op_second"_s, u"amount disagrees"_s, u"system:webhook"_s));
    AttentionModel model;
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    model.setRows(m_events->attentionQueue());
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), int(AttentionModel::ColumnCount));
    const auto cell = [&](int row, int column, int role = Qt::DisplayRole) {
        return model.index(row, column).data(role).toString();
    };
    QCOMPARE(cell(0, AttentionModel::OperationColumn), kOp); // oldest Attention first
    QCOMPARE(cell(0, AttentionModel::ReasonColumn), u"two provider refunds claim this operation"_s);
    QCOMPARE(cell(0, AttentionModel::RaisedByColumn), u"system:reconciler"_s);
    QCOMPARE(cell(0, AttentionModel::RaisedAtColumn), formatDateTime(first, QLocale()));
    QCOMPARE(cell(0, AttentionModel::RaisedAtColumn, Qt::ToolTipRole), formatUtc(first));
    QCOMPARE(cell(0, AttentionModel::AmountColumn), u"38.00 USD"_s);
    QCOMPARE(cell(1, AttentionModel::ReasonColumn), u"amount disagrees"_s);
    QCOMPARE(cell(1, 0, AttentionModel::OperationIdRole), u"op_second"_s);
    QCOMPARE(model.rowOf(u"op_second"_s), 1);
    QCOMPARE(model.rowOf(u"op_none"_s), -1);
    QCOMPARE(model.headerData(AttentionModel::ReasonColumn, Qt::Horizontal).toString(),
             u"Reason"_s);
    EventStore alices(connectionOf(m_fx->as(u"alice"_s)), m_fx->clock()); // alice clears it
    QVERIFY(alices.clearAttention(kOp, m_fx->person(u"alice"_s), u"told the customer"_s));
    model.setRows(m_events->attentionQueue());
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.rowOf(kOp), -1);
}

void TestEventModels::receiverLineFreshStaleStopped()
{
    ReceiverLine line = receiverLine(m_events->receiverStatus(), m_fx->clock().now());
    QVERIFY(!line.running);
    QCOMPARE(line.text, u"No webhook receiver has run · last event none yet"_s);
    QVERIFY(line.toolTip.isEmpty());

    const QDateTime beat = m_fx->clock().now();
    m_events->beat(u"r1"_s, u"http://127.0.0.1:9/webhooks/stripe"_s, beat.toMSecsSinceEpoch());
    store(storedEvent(u"evt_w"_s, beat.toSecsSinceEpoch(), EventSource::Webhook,
                      EventOutcome::Applied, u"closed succeeded (succeeded)"_s));
    const ReceiverStatus status = m_events->receiverStatus();
    QVERIFY(status.running);
    line = receiverLine(status, beat);
    QVERIFY(line.running);
    const QDateTime received = beat.addSecs(2); // storedEvent() receives two seconds after created
    QCOMPARE(line.text, u"Webhook receiver running · last event %1"_s.arg(
                            formatDateTime(received, QLocale())));
    QCOMPARE(line.toolTip,
             u"Last heartbeat %1\nLast event %2\nListening at "
             "http://127.0.0.1:9/webhooks/stripe"_s.arg(formatUtc(beat), formatUtc(received)));
    // The same reading, judged later: fresh up to the limit, stale after it.
    QVERIFY(receiverLine(status, beat.addMSecs(kReceiverStaleAfterMs)).running);
    line = receiverLine(status, beat.addMSecs(kReceiverStaleAfterMs + 1));
    QVERIFY(!line.running);
    QVERIFY2(line.text.startsWith(u"Webhook receiver not running (last seen %1)"_s.arg(
                 formatDateTime(beat, QLocale()))),
             qPrintable(line.text));
    // Stopped: not running however fresh.
    m_events->stopped(u"r1"_s);
    QVERIFY(!receiverLine(m_events->receiverStatus(), beat).running);
}

QTEST_GUILESS_MAIN(TestEventModels)
#include "tst_eventmodels.moc"
