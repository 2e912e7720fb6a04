// Issue 31 item 2: a new refund that replaces a failed one, started from the console with no
// terminal (DESIGN §16). Against the real provider-sim and a real store: after a close as failed
// from the look-up, the next-step offer opens the new-refund form prefilled from the failed row;
// Enter starts it on the console's worker thread; the new operation has a new key, refunds the
// customer once, and the two rows link to each other in the detail pane. Wrong input is refused
// in the form (nothing leaves it); a refusal by rule 9 or by a replacement that won meanwhile
// stores and sends nothing; above the four-eyes threshold the form says so first and the new row
// waits for a second person, who sends it from the Agent requests tab; support (who holds the
// resend right) may start one; a person without that right is told why not. Each actor in its
// role (consolefixture.h): on PostgreSQL (tst_newrefund_pg) the agent's engines make the rows,
// each console logs in as its person, and alice's close and settings are written on her login.

#include "console/consolecontroller.h"
#include "dialogs/closedialog.h"
#include "dialogs/lookupdialog.h"
#include "dialogs/newrefunddialog.h"
#include "dialogs/nextstepdialog.h"
#include "domain/evidencemaking.h"
#include "engine/adyenrefundengine.h"
#include "itemmodels/agentrequestmodel.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/rowactions.h"
#include "mainwindow/supervisorpresenter.h"
#include "storage/access/approvals.h"
#include "storage/session.h"
#include "supervisor/agentrequestspanel.h"
#include "supervisor/supervisorwindow.h"
#include "support/consolefixture.h"
#include "support/messagefixture.h"
#include "support/screenshots.h"
#include "widgets/detailpane.h"
#include "widgets/operationlistview.h"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

struct Console : test::OperatorConsole
{
    Console(test::ConsoleFixture &fx, const QString &name = u"alice"_s,
            test::WatchedModels watched = {})
        : OperatorConsole(fx, name, u"1"_s, watched)
    {}

    // Activates the window and selects `id` on the Operations tab (Ctrl+1, then the row).
    bool select(const QString &id)
    {
        window.raise();
        window.activateWindow();
        QApplication::setActiveWindow(&window);
        if (!QTest::qWaitForWindowActive(&window))
            return false;
        QTest::keyClick(&window, Qt::Key_1, Qt::ControlModifier);
        window.reloadAll();
        return window.tabs()->currentIndex() == ui::MainWindow::OperationsTab &&
               window.queue()->operationsView()->selectOperation(id);
    }
    // Ctrl+Shift+N on the selected row: the form, or null.
    ui::NewRefundDialog *pressNewRefund()
    {
        QWidget *focus = QApplication::focusWidget();
        QTest::keyClick(focus ? focus : &window, Qt::Key_N,
                        Qt::ControlModifier | Qt::ShiftModifier);
        return window.rows()->newRefundDialog();
    }
    // Enter in the form; waits for the console's job.
    void confirm(ui::NewRefundDialog *dialog)
    {
        QTest::keyClick(dialog->amountEdit(), Qt::Key_Return);
        controller.waitForIdle();
        QTest::qWait(0);
    }
};

int refundRequests(test::SimProcess &sim)
{
    int n = 0;
    const nlohmann::json log = sim.requests(); // kept: the loop reads into it
    for (const auto &r : log["requests"])
        n += r.value("method", std::string()) == "POST" &&
             r.value("path", std::string()) == "/v1/refunds";
    return n;
}

int adyenRefundRequests(test::SimProcess &sim)
{
    int n = 0;
    const nlohmann::json log = sim.requests(); // kept: the loop reads into it
    for (const auto &r : log["requests"])
        n += r.value("method", std::string()) == "POST" &&
             r.value("path", std::string()).rfind("/v71/payments/", 0) == 0;
    return n;
}

} // namespace

class TestNewRefund : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void nextStepStartsALinkedNewRefund();
    void formRefusesWrongAmounts_data();
    void formRefusesWrongAmounts();
    void ruleNineRefusalStoresNothing();
    void aReplacementThatWonMeanwhileRefusesTheSecond();
    void aboveTheThresholdWaitsForASecondPerson();
    void aConfirmedRefundOfTheSameOrderIsNotANewOne();
    void withoutTheResendRightIsToldWhyNot();
    void supportStartsOne();
    void onlyAFailedRefundOffersIt();
    void aFailedAdyenRowIsReplacedFromTheConsole();

private:
    // alice closes `id` as failed with a note as evidence (rule 8); false when refused.
    bool closeFailedByAlice(const QString &id);
    // A refund the provider declined (the seed's ch_declined): failed, nothing moved.
    QString declinedRefund();
    // A stored 500 with nothing applied, closed as failed by alice with a note: the provider
    // would refund a new key.
    QString closedFailedWithoutMoney(const QString &charge, qint64 amount);
    // A four-eyes threshold of 10.00 USD, set by alice.
    void setAliceThreshold()
    {
        setApprovalThreshold(connectionOf(m_fx.as(u"alice"_s)), 0, m_fx.person(u"alice"_s),
                             u"usd"_s, 1000);
    }

    test::ConsoleFixture m_fx;
};

void TestNewRefund::initTestCase()
{
    QVERIFY2(m_fx.startSim(), qPrintable(m_fx.sim().error()));
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestNewRefund::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestNewRefund::init()
{
    m_fx.beginCase();
}

void TestNewRefund::cleanup()
{
    m_fx.sim().clearFaults();
    m_fx.endCase();
}

QString TestNewRefund::declinedRefund()
{
    const ToolResult r = m_fx.agentRefund(u"ch_declined"_s, 1500);
    const auto op = m_fx.store().operation(r.operationId);
    return op && op->state == OperationState::Failed ? op->id : QString();
}

QString TestNewRefund::closedFailedWithoutMoney(const QString &charge, qint64 amount)
{
    const QString id = m_fx.unknownRefund(
        charge, amount, {{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}});
    return closeFailedByAlice(id) ? id : QString();
}

bool TestNewRefund::closeFailedByAlice(const QString &id)
{
    const Evidence e = noteEvidence(id, u"the charge lists no refund"_s,
                                    "no refund of ours at the provider", m_fx.person(u"alice"_s));
    OperationStore &alice = m_fx.as(u"alice"_s);
    ManualClose close;
    close.operationId = id;
    close.outcome = OperationState::Failed;
    close.evidenceIds = {alice.addEvidence(e)};
    close.actor = m_fx.person(u"alice"_s);
    close.reason = u"no money moved"_s;
    return alice.closeManually(close).refusal == ManualCloseRefusal::None;
}

void TestNewRefund::nextStepStartsALinkedNewRefund()
{
    // A stored 500 with nothing applied: every resend would replay it (DESIGN §16).
    const QString failed = m_fx.unknownRefund(
        u"ch_1002"_s, 2900, {{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}});
    Console c(m_fx);
    c.window.tabs()->setCurrentIndex(ui::MainWindow::CheckingTab);
    c.window.reloadAll();
    QVERIFY(c.window.queue()->checkingView()->selectOperation(failed));
    c.window.rows()->lookUpAction()->trigger();
    c.controller.waitForIdle();
    QTRY_VERIFY(c.window.findChild<ui::LookupDialog *>());
    QTest::mouseClick(c.window.findChild<ui::LookupDialog *>()->closeButton(), Qt::LeftButton);
    QTRY_VERIFY(c.window.findChild<ui::CloseDialog *>());
    QTest::mouseClick(c.window.findChild<ui::CloseDialog *>()->closeButton(), Qt::LeftButton);
    QTRY_VERIFY(m_fx.store().operation(failed)->state == OperationState::Failed);

    QTRY_VERIFY(c.window.rows()->nextStepDialog());
    ui::NextStepDialog *next = c.window.rows()->nextStepDialog();
    QVERIFY(next->newRefundButton() && next->newRefundButton()->isDefault());
    QCOMPARE(next->commandField()->text(),
             u"opsctl refund --order order-ch_1002 --charge ch_1002 --amount 2900 --currency usd "
             "--replaces "_s +
                 failed);
    QTest::keyClick(next, Qt::Key_Return); // the default: start a new refund
    QTRY_VERIFY(c.window.rows()->newRefundDialog());
    ui::NewRefundDialog *form = c.window.rows()->newRefundDialog();
    QCOMPARE(form->amountEdit()->text(), u"29.00"_s);
    QVERIFY(form->problemLabel()->text().isEmpty());
    QVERIFY(!form->approvalLabel()->isVisible());
    QVERIFY(form->findChild<QLabel *>(u"newRefundIntro"_s)->text().contains(failed));
    test::screenshots(&c.window, u"new-refund-form"_s, form);
    const int before = refundRequests(m_fx.sim());
    c.confirm(form);

    const std::vector<Operation> replacements = m_fx.store().replacementsOf(failed);
    QCOMPARE(int(replacements.size()), 1);
    const Operation &opened = replacements.front();
    QVERIFY(opened.state == OperationState::Succeeded);
    QCOMPARE(opened.replaces, failed);
    QCOMPARE(opened.orderId, u"order-ch_1002"_s);
    QCOMPARE(opened.amount, (Money{2900, u"usd"_s}));
    QVERIFY(opened.idempotencyKey != m_fx.store().operation(failed)->idempotencyKey);
    QCOMPARE(opened.createdBy, m_fx.person(u"alice"_s));
    QCOMPARE(refundRequests(m_fx.sim()), before + 1);
    QCOMPARE(m_fx.sim().ledger()["movements"].size(), 1u); // the customer's money, once
    QVERIFY2(c.window.statusText().contains(opened.id) &&
                 c.window.statusText().contains(u"succeeded"_s),
             qPrintable(c.window.statusText()));

    // The new row is selected and names the failed one; the failed one names it back.
    QCOMPARE(c.window.currentOperationId(), opened.id);
    QLabel *links = c.window.detailArea()->pane()->linksLabel();
    QVERIFY(links->isVisible());
    QVERIFY2(links->text().contains(u"Replaces <a href=\"op:%1\">"_s.arg(failed)),
             qPrintable(links->text()));
    test::screenshots(&c.window, u"new-refund-linked"_s);
    emit links->linkActivated(u"op:"_s + failed);
    QCOMPARE(c.window.currentOperationId(), failed);
    QVERIFY2(links->text().contains(u"Replaced by <a href=\"op:%1\">"_s.arg(opened.id)),
             qPrintable(links->text()));
    // Once replaced by a live refund, the failed row offers no second one, and says why.
    QVERIFY(!c.window.rows()->newRefundAction()->isEnabled());
    QVERIFY2(
        c.window.refusalFor(c.window.rows()->newRefundAction()).contains(u"already replaced"_s),
        qPrintable(c.window.refusalFor(c.window.rows()->newRefundAction())));
    QVERIFY(!c.window.rows()->openNewRefundDialogFor(failed));
}

void TestNewRefund::formRefusesWrongAmounts_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("problem"); // '' when the form may start
    QTest::newRow("letters") << u"abc"_s << u"write an amount in USD"_s;
    QTest::newRow("empty") << u""_s << u"write an amount in USD"_s;
    QTest::newRow("zero") << u"0.00"_s << u"above zero"_s;
    QTest::newRow("three decimals") << u"12.345"_s << u"2 decimals at most"_s;
    QTest::newRow("negative") << u"-5"_s << u"write an amount in USD"_s;
    QTest::newRow("above one request") << u"1000000.00"_s << u"at most"_s;
    QTest::newRow("fine") << u"12.50"_s << QString();
}

void TestNewRefund::formRefusesWrongAmounts()
{
    QFETCH(QString, typed);
    QFETCH(QString, problem);
    RefundDraft draft;
    draft.replaces = u"op_failed"_s;
    draft.orderId = u"order-7"_s;
    draft.chargeId = u"ch_7"_s;
    draft.amount = {2900, u"usd"_s};
    ui::NewRefundDialog form(draft, std::nullopt);
    QSignalSpy started(&form, &ui::NewRefundDialog::startRequested);
    form.show();
    form.amountEdit()->selectAll();
    QTest::keyClicks(form.amountEdit(), typed);
    if (typed.isEmpty())
        form.amountEdit()->clear();
    QTest::keyClick(form.amountEdit(), Qt::Key_Return);
    if (!problem.isEmpty()) {
        QVERIFY2(form.problemLabel()->text().contains(problem),
                 qPrintable(form.problemLabel()->text()));
        QVERIFY(!form.startButton()->isEnabled());
        QCOMPARE(started.count(), 0); // Enter does not slip past the checks
        QVERIFY(form.isVisible());
        return;
    }
    QCOMPARE(started.count(), 1);
    const auto sent = started.first().first().value<RefundDraft>();
    QCOMPARE(sent.amount, (Money{1250, u"usd"_s}));
    QCOMPARE(sent.replaces, u"op_failed"_s);
    QCOMPARE(sent.chargeId, u"ch_7"_s);
}

void TestNewRefund::ruleNineRefusalStoresNothing()
{
    const QString failed = declinedRefund();
    QVERIFY(!failed.isEmpty());
    Console c(m_fx);
    QVERIFY(c.select(failed));
    ui::NewRefundDialog *form = c.pressNewRefund();
    QVERIFY(form);
    QCOMPARE(form->amountEdit()->text(), u"15.00"_s);
    form->amountEdit()->setText(u"16.00"_s); // the charge is 15.00
    const int rows = int(m_fx.store().list({}).size());
    const int before = refundRequests(m_fx.sim());
    QTest::keyClick(form->amountEdit(), Qt::Key_Return);
    // While it runs, Esc cannot detach it: its outcome is always shown.
    QVERIFY(!c.window.rows()->cancelAction()->isEnabled());
    c.controller.waitForIdle();
    QTest::qWait(0);
    QVERIFY2(c.window.bannerText().contains(u"not started"_s), qPrintable(c.window.bannerText()));
    QVERIFY2(c.window.bannerText().contains(u"1600 cannot be refunded"_s), // rule 9's reason
             qPrintable(c.window.bannerText()));
    QVERIFY2(c.window.bannerText().contains(u"Nothing was stored or sent"_s),
             qPrintable(c.window.bannerText()));
    QCOMPARE(int(m_fx.store().list({}).size()), rows);
    QVERIFY(m_fx.store().replacementsOf(failed).empty());
    QCOMPARE(refundRequests(m_fx.sim()), before);
}

void TestNewRefund::aReplacementThatWonMeanwhileRefusesTheSecond()
{
    const QString failed = declinedRefund();
    QVERIFY(!failed.isEmpty());
    Console alice(m_fx);
    QVERIFY(alice.select(failed));
    ui::NewRefundDialog *form = alice.pressNewRefund();
    QVERIFY(form);
    // While alice's form is open, bob starts the replacement from his console; it is held for
    // approval (a live row), so nothing more reaches the provider either way.
    setAliceThreshold();
    Console bob(m_fx, u"bob"_s);
    QVERIFY(bob.select(failed));
    ui::NewRefundDialog *bobs = bob.pressNewRefund();
    QVERIFY(bobs);
    bob.confirm(bobs);
    QCOMPARE(int(m_fx.store().replacementsOf(failed).size()), 1);
    const int rows = int(m_fx.store().list({}).size());
    alice.confirm(form);
    QVERIFY2(alice.window.bannerText().contains(u"already replaced"_s),
             qPrintable(alice.window.bannerText()));
    QCOMPARE(int(m_fx.store().list({}).size()), rows);
    QCOMPARE(int(m_fx.store().replacementsOf(failed).size()), 1);
}

void TestNewRefund::aboveTheThresholdWaitsForASecondPerson()
{
    const QString failed = closedFailedWithoutMoney(u"ch_1001"_s, 5000);
    QVERIFY(!failed.isEmpty());
    setAliceThreshold();
    const QString opened = [&] {
        Console alice(m_fx);
        if (!alice.select(failed))
            return QString();
        ui::NewRefundDialog *form = alice.pressNewRefund();
        if (!form)
            return QString();
        // Said before confirming, and the button says what it does.
        if (!form->approvalLabel()->isVisible() ||
            !form->approvalLabel()->text().contains(u"10.00 USD"_s) ||
            !form->startButton()->text().contains(u"approval"_s))
            return QString();
        form->amountEdit()->setText(u"9.00"_s);
        if (form->approvalLabel()->isVisible())
            return QString();
        form->amountEdit()->setText(u"50.00"_s);
        test::screenshots(&alice.window, u"new-refund-four-eyes"_s, form);
        const int before = refundRequests(m_fx.sim());
        alice.confirm(form);
        if (refundRequests(m_fx.sim()) != before) // nothing sent before the second person
            return QString();
        if (!alice.window.statusText().contains(u"waits for approval"_s))
            return alice.window.statusText();
        const auto replacements = m_fx.store().replacementsOf(failed);
        return replacements.size() == 1 ? replacements.front().id : QString();
    }();
    QVERIFY2(opened.startsWith(u"op_"_s), qPrintable(opened));
    const Operation held = *m_fx.store().operation(opened);
    QVERIFY(held.state == OperationState::AwaitingApproval);
    QVERIFY(OperationStore::isFourEyesHold(held));

    // Issue 50 item 4: alice sees her own request as hers, and may not send it herself.
    {
        Console alice(m_fx);
        ui::SupervisorWindow *own = alice.window.supervision()->openSupervisorWindow();
        QVERIFY(own && own->agentRequestsPanel());
        ui::AgentRequestsPanel *mine = own->agentRequestsPanel();
        const int at = mine->model()->rowOf(opened);
        QVERIFY(at >= 0);
        mine->table()->setCurrentIndex(mine->model()->index(at, 0));
        QVERIFY(!mine->approveButton()->isEnabled());
        QVERIFY2(mine->hint().startsWith(u"You started %1: another person"_s.arg(opened)),
                 qPrintable(mine->hint()));
        QCOMPARE(mine->approveButton()->toolTip(), u"Nobody approves their own request."_s);
        own->close();
    }

    // Bob sees it among the requests, started by alice above the threshold, and sends it.
    Console bob(m_fx, u"bob"_s);
    ui::SupervisorWindow *supervisor = bob.window.supervision()->openSupervisorWindow();
    QVERIFY(supervisor && supervisor->agentRequestsPanel());
    ui::AgentRequestsPanel *panel = supervisor->agentRequestsPanel();
    supervisor->tabs()->setCurrentWidget(panel);
    const int row = panel->model()->rowOf(opened);
    QVERIFY(row >= 0);
    const auto cell = [&](int column) {
        return panel->model()->index(row, column).data().toString();
    };
    const QString alice = test::personName(u"alice"_s);
    QCOMPARE(cell(AgentRequestModel::AgentColumn), alice + u" (person)"_s);
    QCOMPARE(cell(AgentRequestModel::HoldColumn), u"above the four-eyes threshold"_s);
    panel->table()->setCurrentIndex(panel->model()->index(row, 0));
    QVERIFY2(panel->hint().contains(u"of order %1, asked by %2 (a person), with the stored"_s.arg(
                 held.orderId, alice)),
             qPrintable(panel->hint()));
    QTest::mouseClick(panel->approveButton(), Qt::LeftButton);
    bob.controller.waitForIdle();
    QTRY_VERIFY(m_fx.store().operation(opened)->state == OperationState::Succeeded);
    QCOMPARE(m_fx.store().attempts(opened).back().actor, m_fx.person(u"bob"_s));
    QCOMPARE(m_fx.sim().ledger()["movements"].size(), 1u);
}

void TestNewRefund::aConfirmedRefundOfTheSameOrderIsNotANewOne()
{
    // The agent refunded the same order and amount after the failed row was closed, and the
    // charge (129.00) has room for another: rule 13 answers the agent's confirmed refund, and
    // the console says no new refund was started rather than calling it new.
    const QString failed = closedFailedWithoutMoney(u"ch_1002"_s, 2900);
    QVERIFY(!failed.isEmpty());
    m_fx.clock().advanceSecs(60); // the agent's refund is the unit's latest, as in real time
    const ToolResult agents = m_fx.agentRefund(u"ch_1002"_s, 2900);
    QVERIFY(agents.status == ToolResult::Status::Refunded);
    Console c(m_fx);
    QVERIFY(c.select(failed));
    ui::NewRefundDialog *form = c.pressNewRefund();
    QVERIFY(form);
    const int before = refundRequests(m_fx.sim());
    c.confirm(form);
    QVERIFY2(
        c.window.bannerText().contains(u"No new refund was started: %1"_s.arg(agents.operationId)),
        qPrintable(c.window.bannerText()));
    QVERIFY(m_fx.store().replacementsOf(failed).empty());
    QCOMPARE(refundRequests(m_fx.sim()), before);
    QCOMPARE(m_fx.sim().ledger()["movements"].size(), 1u);
}

void TestNewRefund::withoutTheResendRightIsToldWhyNot()
{
    // dave is not in the operator directory: he may look, not send money.
    const QString failed = declinedRefund();
    QVERIFY(!failed.isEmpty());
    Console c(m_fx, u"dave"_s);
    if (test::onPostgres()) {
        // Team mode: a login in no group may not even read (docs/roles.md), so there is no row
        // to start from, and the console says why.
        QVERIFY(!c.select(failed));
        QVERIFY2(c.window.statusText().contains(u"Could not read the operations"_s),
                 qPrintable(c.window.statusText()));
    } else {
        QVERIFY(c.select(failed));
    }
    QVERIFY(!c.window.rows()->newRefundAction()->isEnabled());
    QVERIFY(!c.pressNewRefund());
    if (!test::onPostgres())
        QVERIFY2(c.window.statusText().contains(u"resend right"_s) &&
                     c.window.statusText().contains(u"dave"_s),
                 qPrintable(c.window.statusText()));
    QVERIFY(!c.window.rows()->openNewRefundDialogFor(failed));
    QVERIFY(m_fx.store().replacementsOf(failed).empty());
}

void TestNewRefund::supportStartsOne()
{
    // Support holds the resend right (docs/roles.md): carol finishes the customer's refund.
    const QString failed = closedFailedWithoutMoney(u"ch_4417"_s, 3800);
    QVERIFY(!failed.isEmpty());
    Console c(m_fx, u"carol"_s);
    QVERIFY(c.select(failed));
    ui::NewRefundDialog *form = c.pressNewRefund();
    QVERIFY2(form, qPrintable(c.window.statusText()));
    c.confirm(form);
    const std::vector<Operation> r = m_fx.store().replacementsOf(failed);
    QCOMPARE(int(r.size()), 1);
    QVERIFY(r.front().state == OperationState::Succeeded);
    QCOMPARE(r.front().createdBy, m_fx.person(u"carol"_s));
}

void TestNewRefund::onlyAFailedRefundOffersIt()
{
    const ToolResult done = m_fx.agentRefund(u"ch_1001"_s, 5000);
    QVERIFY(done.status == ToolResult::Status::Refunded);
    Console c(m_fx);
    QVERIFY(c.select(done.operationId));
    QVERIFY(!c.window.rows()->newRefundAction()->isEnabled());
    QVERIFY(!c.pressNewRefund());
    QVERIFY2(c.window.statusText().contains(u"only a refund closed as failed"_s),
             qPrintable(c.window.statusText()));
    QVERIFY(!c.window.rows()->openNewRefundDialogFor(done.operationId));
}

// Issue 50 item 5: Adyen kept a 500 under the row's key, and alice closed the row as failed with
// evidence. Start a new refund… opens the form for the same Adyen payment (no Stripe reason), and
// Enter sends the replacement to Adyen with a new key; it is received, linked to the failed row.
void TestNewRefund::aFailedAdyenRowIsReplacedFromTheConsole()
{
    m_fx.sim().admin("POST", u"/_sim/adyen/config"_s, {{"auto_settle_ms", -1}});
    m_fx.sim().addFault({{"route", "POST /v71/payments/*"}, {"mode", "stored_500"}, {"count", 1}});
    QtHttpTransport transport;
    AdyenClient client(transport, m_fx.adyen());
    RefundInput in;
    in.orderId = u"7001"_s;
    in.adyenPaymentId = u"DZ4DPSHB4WD2WN82"_s;
    in.amountMinor = 1500;
    in.currency = u"eur"_s;
    AdyenEngineConfig engine;
    engine.jitterSeed = 1;
    const QString failed = AdyenRefundEngine(m_fx.db().agentSession(), client, engine)
                               .refund(in, u"agent:toolu_t"_s)
                               .operationId;
    m_fx.sim().clearFaults();
    QCOMPARE(toString(m_fx.store().operation(failed)->state), u"unknown"_s);
    QVERIFY(closeFailedByAlice(failed));

    Console c(m_fx, u"alice"_s, {.operations = true, .checking = true});
    QVERIFY(c.select(failed));
    QVERIFY(c.window.rows()->newRefundAction()->isEnabled());
    ui::NewRefundDialog *form = c.pressNewRefund();
    QVERIFY2(form, qPrintable(c.window.statusText())); // before: nothing opened, nothing said
    bool namesPayment = false;
    for (const QLabel *l : form->findChildren<QLabel *>())
        namesPayment = namesPayment || l->text() == u"DZ4DPSHB4WD2WN82"_s;
    QVERIFY(namesPayment);
    QVERIFY(!form->findChild<QComboBox *>(u"newRefundReason"_s)->isVisible());
    QVERIFY2(form->findChild<QLabel *>(u"newRefundBalance"_s)->text().contains(u"Adyen"_s),
             qPrintable(form->findChild<QLabel *>(u"newRefundBalance"_s)->text()));
    QCOMPARE(form->amountEdit()->text(), u"15.00"_s);
    test::screenshots(&c.window, u"new-refund-adyen-form"_s, form);
    const int before = adyenRefundRequests(m_fx.sim());
    c.confirm(form);

    const std::vector<Operation> replacements = m_fx.store().replacementsOf(failed);
    QCOMPARE(int(replacements.size()), 1);
    const Operation &opened = replacements.front();
    QVERIFY(opened.provider == Provider::Adyen);
    QCOMPARE(opened.chargeId, u"DZ4DPSHB4WD2WN82"_s);
    QCOMPARE(toString(opened.state), u"open"_s);
    QCOMPARE(opened.providerStatus, u"received"_s);
    QVERIFY(!opened.providerRef.isEmpty());
    QCOMPARE(opened.createdBy, m_fx.person(u"alice"_s));
    QVERIFY(opened.idempotencyKey != m_fx.store().operation(failed)->idempotencyKey);
    QCOMPARE(adyenRefundRequests(m_fx.sim()), before + 1);
    QVERIFY2(c.window.statusText().contains(opened.id) &&
                 c.window.statusText().contains(opened.providerRef),
             qPrintable(c.window.statusText()));
    QCOMPARE(c.window.currentOperationId(), opened.id);
    test::screenshots(&c.window, u"new-refund-adyen-linked"_s);
}

QTEST_MAIN(TestNewRefund)
#include "tst_newrefund.moc"
