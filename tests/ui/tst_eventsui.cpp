// The console side of provider events (issue 13 item 5), offscreen on a real SQLite file with
// events applied by the receiver's own EventApplier: the detail pane's Events tab (each event,
// its source and outcome, its JSON), the Attention tab (count in the title, the reason; clearing
// needs the Close right and a note, and is audited), the supervisors' Unmatched events, and the
// status bar's receiver line with a fresh and a stale heartbeat on the injected clock.
// Screenshots of the Events tab and the Attention queue at 1440×900 and 1024×700.

#include "console/consolewriter.h"
#include "console/sessionreads.h"
#include "itemmodels/attentionmodel.h"
#include "itemmodels/eventlistmodel.h"
#include "itemmodels/localeformat.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/eventspresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/supervisorpresenter.h"
#include "storage/events/eventstore.h"
#include "storage/session.h"
#include "supervisor/supervisorwindow.h"
#include "supervisor/unmatchedeventsview.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"
#include "support/screenshots.h"
#include "webhook/eventapplier.h"
#include "widgets/attentionpanel.h"
#include "widgets/detailpane.h"
#include "widgets/eventspanel.h"
#include "widgets/operationlistview.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTimeZone>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;
using ops::ui::MainWindow;
using Tester = QAbstractItemModelTester;

namespace {

const QString kClosed = u"op_evt_closed"_s;   // unknown, closed succeeded by refund.created
const QString kAttention = u"op_evt_later"_s; // closed by an event, then the refund failed

// A Stripe refund event as provider-sim sends it; metadata.operation_id names our row.
StripeEvent refundEvent(const std::string &id, const std::string &type, const std::string &refund,
                        const std::string &status, qint64 created, const QString &operationId,
                        qint64 amount)
{
    json metadata = json::object();
    if (!operationId.isEmpty())
        metadata["operation_id"] = operationId.toStdString();
    const json body = {
        {"id", id},
        {"object", "event"},
        {"type", type},
        {"created", created},
        {"livemode", false},
        {"api_version", "2024-06-20"},
        {"data",
         {{"object",
           {{"id", refund},
            {"object", "refund"},
            {"amount", amount},
            {"currency", "usd"},
            {"status", status},
            {"failure_reason", status == "failed" ? json("insufficient_funds") : json(nullptr)},
            {"metadata", metadata}}}}},
        {"request", {{"id", "req_" + id}, {"idempotency_key", nullptr}}}};
    return *parseStripeEvent(QByteArray::fromStdString(body.dump()));
}

} // namespace

class TestEventsUi : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void eventsTabShowsEachEventWithItsJson();
    void attentionTabCountsAndShowsTheReason();
    void clearingAttentionNeedsTheCloseRight();
    void clearingAttentionNeedsANoteAndIsAudited();
    void unmatchedViewListsAnUnmatchedEvent();
    void statusBarFollowsTheHeartbeat();
    void screenshots();

private:
    void apply(const StripeEvent &event);
    // `who`'s console (alice, carol): its session logs in as who (PostgreSQL) and acts as who.
    void openWindow(const QString &who);
    int audits(const QString &operationId, const QString &action);

    std::unique_ptr<test::RolesFixture> m_fx;
    std::unique_ptr<Session> m_session;
    std::unique_ptr<console::ConsoleWriter> m_writer; // the window's writes
    std::unique_ptr<MainWindow> m_window;
    std::vector<std::unique_ptr<Tester>> m_testers;
    qint64 m_created = 0;
};

void TestEventsUi::initTestCase()
{
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestEventsUi::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

// As the receiver: store() is the service's login on PostgreSQL.
void TestEventsUi::apply(const StripeEvent &event)
{
    EventApplier applier(m_fx->session(), u"system:webhook"_s);
    WriteTransaction tx(connectionOf(m_fx->store()));
    applier.applyLocked(event, EventSource::Webhook);
    tx.commit();
}

void TestEventsUi::init()
{
    m_fx = std::make_unique<test::RolesFixture>(); // alice supervisor, carol support
    m_created = m_fx->clock().now().toSecsSinceEpoch() - 600;
    // The agent's rows (naming its login on PostgreSQL, migration 0013).
    for (const auto &[id, order] : {std::pair{kClosed, u"7001"_s}, {kAttention, u"7002"_s}}) {
        NewOperation op = test::refundOperation(id, order);
        op.agent = m_fx->agentOf();
        test::unknownAfterStored500(m_fx->agent(), op);
    }
    apply(refundEvent("evt_closed_1", "refund.created", "re_closed", "succeeded", m_created,
                      kClosed, 3800));
    apply(refundEvent("evt_later_1", "refund.created", "re_later", "succeeded", m_created,
                      kAttention, 3800));
    apply(refundEvent("evt_later_2", "refund.failed", "re_later", "failed", m_created + 60,
                      kAttention, 3800));
    apply(refundEvent("evt_outside", "refund.created", "re_dashboard", "succeeded", m_created, {},
                      1234));
}

void TestEventsUi::cleanup()
{
    m_testers.clear();
    m_window.reset();
    m_writer.reset();
    m_session.reset();
    m_fx.reset();
}

void TestEventsUi::openWindow(const QString &who)
{
    m_session = std::make_unique<Session>(m_fx->location(who), m_fx->clock());
    const QString actor = m_fx->person(who);
    m_window = std::make_unique<MainWindow>(console::readsOf(*m_session), actor, actor + u"#t"_s);
    m_writer = std::make_unique<console::ConsoleWriter>(m_fx->location(who), m_fx->clock());
    m_window->setWrites(*m_writer);
    m_testers.push_back(std::make_unique<Tester>(m_window->events()->panel()->model(),
                                                 Tester::FailureReportingMode::QtTest));
    m_testers.push_back(
        std::make_unique<Tester>(m_window->detailArea()->pane()->eventsPanel()->model(),
                                 Tester::FailureReportingMode::QtTest));
    m_window->resize(1440, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

int TestEventsUi::audits(const QString &operationId, const QString &action)
{
    int n = 0;
    for (const AuditEntry &e : m_fx->store().audit(operationId))
        n += e.action == action;
    return n;
}

void TestEventsUi::eventsTabShowsEachEventWithItsJson()
{
    openWindow(u"alice"_s);
    m_window->tabs()->setCurrentIndex(MainWindow::OperationsTab);
    QVERIFY(m_window->queue()->operationsView()->selectOperation(kAttention));
    ui::DetailPane *detail = m_window->detailArea()->pane();
    detail->showTab(ui::DetailPane::EventsTab);
    QCOMPARE(detail->tabs()->tabText(ui::DetailPane::EventsTab), u"Eve&nts (2)"_s);
    const EventListModel *model = detail->eventsPanel()->model();
    QCOMPARE(model->rowCount(), 2);
    const auto cell = [&](int row, int column, int role = Qt::DisplayRole) {
        return model->index(row, column).data(role).toString();
    };
    // Oldest first by the provider's clock; each with its source and what it did.
    QCOMPARE(cell(0, EventListModel::TypeColumn), u"refund.created"_s);
    QCOMPARE(cell(1, EventListModel::TypeColumn), u"refund.failed"_s);
    QCOMPARE(cell(0, EventListModel::SourceColumn), u"verified webhook"_s);
    QCOMPARE(cell(0, EventListModel::OutcomeColumn), u"applied — closed succeeded (succeeded)"_s);
    QVERIFY2(cell(1, EventListModel::OutcomeColumn)
                 .startsWith(u"Attention — refund re_later "
                             "failed after the provider"_s),
             qPrintable(cell(1, EventListModel::OutcomeColumn)));
    QCOMPARE(cell(0, EventListModel::ObjectColumn), u"re_later (succeeded)"_s);
    // Created in local time with the zone; the tooltip gives UTC.
    const QDateTime created = QDateTime::fromSecsSinceEpoch(m_created, QTimeZone::utc());
    QCOMPARE(cell(0, EventListModel::CreatedColumn), formatDateTime(created, QLocale()));
    QVERIFY(cell(0, EventListModel::CreatedColumn).endsWith(localZoneName()));
    QVERIFY2(cell(0, EventListModel::CreatedColumn, Qt::ToolTipRole).startsWith(formatUtc(created)),
             qPrintable(cell(0, EventListModel::CreatedColumn, Qt::ToolTipRole)));
    // The newest is selected and its JSON shown indented; picking another shows that one.
    QPlainTextEdit *json = detail->eventsPanel()->jsonView();
    QVERIFY2(json->toPlainText().contains(u"\n    \"id\": \"evt_later_2\""_s),
             qPrintable(json->toPlainText()));
    QVERIFY(detail->eventsPanel()->caption()->text().startsWith(
        u"evt_later_2 · verified webhook · Attention — refund re_later failed"_s));
    detail->eventsPanel()->table()->setCurrentIndex(model->index(0, 0));
    QVERIFY(json->toPlainText().contains(u"\"id\": \"evt_later_1\""_s));
    QVERIFY(json->toPlainText().contains(u"\"operation_id\": \"op_evt_later\""_s));
    // Another operation: its own events only.
    QVERIFY(m_window->queue()->operationsView()->selectOperation(kClosed));
    QCOMPARE(model->rowCount(), 1);
    QVERIFY(json->toPlainText().contains(u"\"id\": \"evt_closed_1\""_s));
}

void TestEventsUi::attentionTabCountsAndShowsTheReason()
{
    openWindow(u"alice"_s);
    QTabWidget *tabs = m_window->tabs();
    QCOMPARE(tabs->widget(MainWindow::AttentionTab), m_window->events()->panel());
    QCOMPARE(tabs->tabText(MainWindow::AttentionTab), u"Attention (1)"_s);
    const AttentionModel *model = m_window->events()->panel()->model();
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->index(0, AttentionModel::OperationColumn).data().toString(), kAttention);
    const auto stored = m_session->events().attentionOf(kAttention);
    QVERIFY(stored);
    QCOMPARE(model->index(0, AttentionModel::ReasonColumn).data().toString(), stored->reason);
    QVERIFY(stored->reason.contains(u"the money did"_s));
    QCOMPARE(model->index(0, AttentionModel::RaisedByColumn).data().toString(),
             u"system:webhook"_s);
    QCOMPARE(model->index(0, AttentionModel::RaisedAtColumn).data(Qt::ToolTipRole).toString(),
             formatUtc(stored->at));
    // Selecting the row shows it in the detail pane, and the row actions act on it.
    tabs->setCurrentIndex(MainWindow::AttentionTab);
    QCOMPARE(m_window->currentOperationId(), kAttention);
    QCOMPARE(m_window->detailArea()->pane()->operationId(), kAttention);
    // Attention raised by another connection shows up on the next reload, count and all.
    EventStore other(connectionOf(m_fx->store()), m_fx->clock());
    QVERIFY(other.raiseAttention(kClosed, u"two provider refunds claim this operation"_s,
                                 u"system:reconciler"_s));
    m_window->reloadAll();
    QCOMPARE(tabs->tabText(MainWindow::AttentionTab), u"Attention (2)"_s);
    QCOMPARE(m_window->currentOperationId(), kAttention); // the selection stays
}

void TestEventsUi::clearingAttentionNeedsTheCloseRight()
{
    openWindow(u"carol"_s); // support: no Close right
    ui::AttentionPanel *panel = m_window->events()->panel();
    m_window->tabs()->setCurrentIndex(MainWindow::AttentionTab);
    QCOMPARE(panel->currentOperationId(), kAttention);
    QVERIFY(!panel->clearButton()->isEnabled());
    QCOMPARE(panel->clearButton()->toolTip(),
             u"%1 (support) may not clear Attention; ask a supervisor."_s.arg(
                 test::personName(u"carol"_s)));
    QCOMPARE(panel->noteEdit()->placeholderText(), panel->clearButton()->toolTip());
    // The store refuses it anyway, and writes nothing.
    QVERIFY_THROWS_EXCEPTION(
        ActionRefused,
        m_session->events().clearAttention(kAttention, m_fx->person(u"carol"_s), u"told them"_s));
    QVERIFY(m_session->events().attentionOf(kAttention));
    QCOMPARE(audits(kAttention, u"attention.cleared"_s), 0);
}

void TestEventsUi::clearingAttentionNeedsANoteAndIsAudited()
{
    openWindow(u"alice"_s);
    ui::AttentionPanel *panel = m_window->events()->panel();
    m_window->tabs()->setCurrentIndex(MainWindow::AttentionTab);
    QVERIFY(panel->clearButton()->isEnabled());
    // An empty note: refused with the reason, nothing written.
    panel->noteEdit()->setText(u"   "_s);
    QTest::mouseClick(panel->clearButton(), Qt::LeftButton);
    m_writer->waitForIdle(); // the write is the writer's job
    QVERIFY(panel->outcomeLabel()->isVisible());
    QVERIFY2(panel->outcomeLabel()->text().contains(u"needs a note"_s),
             qPrintable(panel->outcomeLabel()->text()));
    QVERIFY(m_session->events().attentionOf(kAttention));
    QCOMPARE(audits(kAttention, u"attention.cleared"_s), 0);
    QCOMPARE(m_window->tabs()->tabText(MainWindow::AttentionTab), u"Attention (1)"_s);
    // With a note: cleared, audited with the note, gone from the queue.
    panel->noteEdit()->setText(u"Told the customer; opened a new refund"_s);
    QTest::mouseClick(panel->clearButton(), Qt::LeftButton);
    m_writer->waitForIdle(); // the write is the writer's job
    QVERIFY(!m_session->events().attentionOf(kAttention));
    QCOMPARE(audits(kAttention, u"attention.cleared"_s), 1);
    const auto trail = m_fx->store().audit(kAttention);
    const auto cleared = std::find_if(trail.begin(), trail.end(), [](const AuditEntry &e) {
        return e.action == u"attention.cleared"_s;
    });
    QCOMPARE(cleared->actor, m_fx->person(u"alice"_s));
    QVERIFY(cleared->detail.contains(u"Told the customer; opened a new refund"_s));
    QCOMPARE(panel->count(), 0);
    QCOMPARE(m_window->tabs()->tabText(MainWindow::AttentionTab), u"Attention"_s);
    QVERIFY(panel->noteEdit()->text().isEmpty());
    QVERIFY(panel->outcomeLabel()->text().contains(u"cleared"_s));
}

void TestEventsUi::unmatchedViewListsAnUnmatchedEvent()
{
    openWindow(u"alice"_s);
    ui::SupervisorWindow *supervisor = m_window->supervision()->openSupervisorWindow();
    QVERIFY(supervisor);
    supervisor->tabs()->setCurrentIndex(ui::SupervisorWindow::UnmatchedTab);
    ui::UnmatchedEventsView *view = supervisor->unmatchedView();
    QCOMPARE(supervisor->tabs()->currentWidget(), view);
    EventListModel *model = view->events()->model();
    Tester tester(model, Tester::FailureReportingMode::QtTest);
    QCOMPARE(view->count(), 1);
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->index(0, EventListModel::ObjectColumn).data().toString(),
             u"re_dashboard (succeeded)"_s);
    QVERIFY(
        model->index(0, EventListModel::OutcomeColumn).data().toString().contains(u"unmatched"_s));
    QVERIFY(view->summary()->text().startsWith(u"Refund events that matched no operation: 1."_s));
    QVERIFY(view->events()->jsonView()->toPlainText().contains(u"\"id\": \"re_dashboard\""_s));
    // A second one arrives: the open window shows it after the next change.
    apply(refundEvent("evt_outside_2", "refund.created", "re_dashboard_2", "succeeded",
                      m_created + 5, {}, 999));
    m_window->reloadAll();
    QCOMPARE(view->count(), 2);
    QCOMPARE(model->index(0, EventListModel::ObjectColumn).data().toString(),
             u"re_dashboard_2 (succeeded)"_s); // newest first
    supervisor->close();
}

void TestEventsUi::statusBarFollowsTheHeartbeat()
{
    openWindow(u"alice"_s);
    QVERIFY2(m_window->events()->receiverText().startsWith(u"No webhook receiver has run"_s),
             qPrintable(m_window->events()->receiverText()));
    // The events above came in by webhook: the last one is named.
    EventStore receiver(connectionOf(m_fx->store()), m_fx->clock());
    receiver.beat(u"rcv-1"_s, u"http://127.0.0.1:8788/webhooks/stripe"_s, m_fx->clock().nowMs());
    m_window->reloadAll(); // what the change watcher does on the heartbeat's commit
    const QString lastEvent = formatDateTime(m_fx->clock().now(), QLocale());
    QCOMPARE(m_window->events()->receiverText(),
             u"Webhook receiver running · last event %1"_s.arg(lastEvent));
    QVERIFY(m_window->events()->receiverLabel()->toolTip().contains(u"http://127.0.0.1:8788"_s));
    QVERIFY(m_window->events()->receiverLabel()->toolTip().contains(u"UTC"_s));
    // No heartbeat for longer than the limit: the clock alone turns it stale, without a reload.
    const QDateTime seen = m_fx->clock().now();
    m_fx->clock().advanceMs(kReceiverStaleAfterMs + 1000);
    QTRY_VERIFY_WITH_TIMEOUT(
        m_window->events()->receiverText().startsWith(u"Webhook receiver not running"_s), 3000);
    QCOMPARE(m_window->events()->receiverText(),
             u"Webhook receiver not running (last seen %1) · last event %2"_s.arg(
                 formatDateTime(seen, QLocale()), lastEvent));
    // A fresh beat: running again.
    receiver.beat(u"rcv-1"_s, u"http://127.0.0.1:8788/webhooks/stripe"_s, m_fx->clock().nowMs());
    m_window->reloadAll();
    QVERIFY(m_window->events()->receiverText().startsWith(u"Webhook receiver running"_s));
    // A receiver that stopped says so at once.
    receiver.stopped(u"rcv-1"_s);
    m_window->reloadAll();
    QVERIFY(m_window->events()->receiverText().startsWith(u"Webhook receiver not running"_s));
}

void TestEventsUi::screenshots()
{
    openWindow(u"alice"_s);
    m_window->tabs()->setCurrentIndex(MainWindow::OperationsTab);
    QVERIFY(m_window->queue()->operationsView()->selectOperation(kAttention));
    m_window->detailArea()->pane()->showTab(ui::DetailPane::EventsTab);
    for (const QSize size : {QSize(1440, 900), QSize(1024, 700)}) {
        const QString path = test::screenshot(m_window.get(), size, u"events-tab"_s);
        QVERIFY(QFile::exists(path));
    }
    m_window->tabs()->setCurrentIndex(MainWindow::AttentionTab);
    m_window->detailArea()->pane()->showTab(ui::DetailPane::EventsTab);
    for (const QSize size : {QSize(1440, 900), QSize(1024, 700)}) {
        const QString path = test::screenshot(m_window.get(), size, u"attention-queue"_s);
        QVERIFY(QFile::exists(path));
    }
}

QTEST_MAIN(TestEventsUi)
#include "tst_eventsui.moc"
