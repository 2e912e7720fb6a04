// Issue 31's incident story, end to end, in the console (DESIGN §16, docs/roles.md), scaled down
// from 60 refunds to 16 so that it runs in seconds. Real refunds through `opsctl refund` against
// provider-sim with the issue's fault mix: confirmed refunds; unknown rows where the money moved
// (a stored 500 after applying); unknown rows where nothing moved (a stored 500 without applying,
// six 503s, six attempts that hung before the provider committed). Then, as people would:
//  1. one reconciler pass closes the proven rows and proposes the step that finishes each other
//     one: resend with the stored key where nothing is stored under it, close failed and start a
//     new refund after a stored 500;
//  2. a support person (carol) looks one stored-500 row up; the look-up's default is "Attach
//     evidence and ask a supervisor", and the supervisor (alice) sees the request;
//  3. the supervisor selects every row with a proposal (Ctrl+Shift+P), applies the proposals
//     (Ctrl+Shift+Y, Enter), and the summary counts each row by its outcome; she approves
//     carol's request, and a second supervisor (bob) approves her close above the threshold;
//  4. she starts a new refund for each row closed as failed, from the row (Ctrl+Shift+N): a new
//     operation with a new key, linked to the failed one; the one above the threshold waits
//     until bob sends it from his Agent requests tab;
//  5. at the provider's ledger and in the store: each customer is refunded exactly once, by the
//     row itself or by the new refund that replaced it; nothing was closed failed that a resend
//     could have completed; the audit chain verifies and names who closed what.

#include "console/consolecontroller.h"
#include "console/sessionreads.h"
#include "demo/demostory.h"
#include "dialogs/bulkapplydialog.h"
#include "dialogs/lookupdialog.h"
#include "dialogs/newrefunddialog.h"
#include "dialogs/resendconfirmdialog.h"
#include "itemmodels/approvallistmodel.h"
#include "mainwindow/bulkactions.h"
#include "mainwindow/decisionspresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/rowactions.h"
#include "mainwindow/supervisorpresenter.h"
#include "reconcile/reconciler.h"
#include "slen/slenclient.h"
#include "storage/access/approvals.h"
#include "storage/audit/auditlog.h"
#include "storage/operations/operationquery.h"
#include "storage/reconcile/proposals.h"
#include "storage/session.h"
#include "stripe/stripeclient.h"
#include "supervisor/agentrequestspanel.h"
#include "supervisor/approvalspanel.h"
#include "supervisor/supervisorwindow.h"
#include "support/incidentmix.h"
#include "support/simprocess.h"
#include "support/testpaths.h"
#include "widgets/operationlistview.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test::incident;

namespace {

// One person's console on the incident's database: its own session, window and jobs.
struct Desk
{
    Desk(const QString &db, const QString &name)
        : session(db, clock)
        , window(console::readsOf(session), u"operator:"_s + name, u"operator:%1#1"_s.arg(name))
        , controller(window, console::jobConfigFromEnvironment(db), clock)
    {
        window.show();
    }

    bool activate()
    {
        window.raise();
        window.activateWindow();
        QApplication::setActiveWindow(&window);
        return QTest::qWaitForWindowActive(&window);
    }
    // A window shortcut, as a person presses it.
    void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QWidget *focus = QApplication::focusWidget();
        QTest::keyClick(focus ? focus : &window, key, modifiers);
    }
    // Checking (Ctrl+2), the row, Ctrl+L: the look-up's dialog once its answer is in, or null.
    ui::LookupDialog *lookUp(const QString &id)
    {
        if (!activate())
            return nullptr;
        press(Qt::Key_2, Qt::ControlModifier);
        if (window.tabs()->currentIndex() != ui::MainWindow::CheckingTab ||
            !window.queue()->checkingView()->selectOperation(id))
            return nullptr;
        press(Qt::Key_L, Qt::ControlModifier);
        controller.waitForIdle();
        QTest::qWait(0);
        return window.findChild<ui::LookupDialog *>();
    }
    // Approvals (Ctrl+4), the request, Approve (Alt+A).
    bool approve(qint64 approvalId)
    {
        if (!activate())
            return false;
        press(Qt::Key_4, Qt::ControlModifier);
        ui::ApprovalsPanel *panel = window.decisions()->approvalsPanel();
        if (!panel || window.tabs()->currentWidget() != panel || !panel->selectApproval(approvalId))
            return false;
        press(Qt::Key_A, Qt::AltModifier);
        return true;
    }

    SystemClock clock;
    Session session;
    ui::MainWindow window;
    console::ConsoleController controller;
};

// The entry that closed `id` (the four close actions of the audit trail).
std::optional<AuditEntry> closeEntry(OperationStore &store, const QString &id)
{
    static const QStringList closes = {u"state.succeeded"_s, u"state.failed"_s,
                                       u"state.closed_manually"_s, u"state.closed_by_resend"_s};
    for (const AuditEntry &e : AuditLog::forOperation(connectionOf(store), id))
        if (closes.contains(e.action))
            return e;
    return std::nullopt;
}

std::optional<Approval> pendingApprovalOf(OperationStore &store, const QString &id)
{
    for (const Approval &a : listApprovals(connectionOf(store), ApprovalState::Pending))
        if (a.operationId == id)
            return a;
    return std::nullopt;
}

} // namespace

class TestIncidentStory : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void supportAndSupervisorClearTheIncidentInTheConsole();

private:
    // Steps of the one story; each uses QVERIFY, so the caller checks QTest::currentTestFailed().
    void reconcileOnce();
    void supportAsksASupervisor();
    void supervisorAppliesTheProposals();
    void supervisorsDecideTheRequests();
    void newRefundsForTheFailedRows();
    void checkEndState();

    QString id(const QString &order) const { return m_ids.value(order); }
    // How many requests under `key` the provider met with fault `mode`.
    int faultsUnderKey(const QString &key, const std::string &mode)
    {
        int n = 0;
        const nlohmann::json log = m_sim->requests(); // kept: the loop reads into it
        for (const auto &r : log["requests"])
            n += r.value("idempotency_key", nlohmann::json()) == key.toStdString() &&
                 r.value("fault", nlohmann::json()) == mode;
        return n;
    }
    OperationStore &store() { return m_session->store(); }

    std::unique_ptr<test::SimProcess> m_sim;
    QTemporaryDir m_dir;
    QString m_db;
    SystemClock m_clock;
    std::unique_ptr<Session> m_session;
    QHash<QString, QString> m_ids;          // order → operation id
    QHash<QString, QString> m_replacements; // order → the new refund replacing its failed row
};

void TestIncidentStory::initTestCase()
{
    m_sim = std::make_unique<test::SimProcess>(ops::test::providerSimPath());
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath(u"incident.sqlite"_s);
    useSimulatorEnvironment(m_sim->baseUrl().toString());
    ui::storeConfirmResendWithTestKey(false);
}

void TestIncidentStory::supportAndSupervisorClearTheIncidentInTheConsole()
{
    QElapsedTimer timer;
    timer.start();
    const QString made = makeRefunds(*m_sim, m_db);
    QVERIFY2(made.isEmpty(), qPrintable(made));
    const QString people = addPeople(m_db);
    QVERIFY2(people.isEmpty(), qPrintable(people));
    m_session = std::make_unique<Session>(m_db, m_clock);
    for (const Operation &op : store().list({}))
        m_ids.insert(op.orderId, op.id);
    QCOMPARE(m_ids.size(), incident().size());
    for (const Customer &c : incident()) {
        const OperationState expected =
            c.fault == Fault::None ? OperationState::Succeeded : OperationState::Unknown;
        const Operation op = *store().operation(id(c.order));
        QVERIFY2(op.state == expected, qPrintable(c.order));
        // Six attempts (two calls of three) for the 503 and hang rows; the provider saw each with
        // its fault, and none of them reached a stored answer.
        const bool six = c.fault == Fault::Unavailable || c.fault == Fault::Hang;
        QCOMPARE(op.attempts, six ? 6 : 1);
        if (six) {
            const std::string mode = c.fault == Fault::Hang ? "hang_before_commit" : "503";
            QVERIFY2(faultsUnderKey(op.idempotencyKey, mode) > 0, qPrintable(c.order));
            QVERIFY(keyMemoryFor(op, store().attempts(op.id)) == KeyMemory::Nothing);
        }
    }
    QCOMPARE(m_session->query().count(QueryFilter::checkingQueue()), qint64(12));
    qInfo() << "refunds made in" << timer.elapsed() << "ms";

    using Step = void (TestIncidentStory::*)();
    for (const Step step :
         {&TestIncidentStory::reconcileOnce, &TestIncidentStory::supportAsksASupervisor,
          &TestIncidentStory::supervisorAppliesTheProposals,
          &TestIncidentStory::supervisorsDecideTheRequests,
          &TestIncidentStory::newRefundsForTheFailedRows, &TestIncidentStory::checkEndState}) {
        (this->*step)();
        if (QTest::currentTestFailed())
            return;
    }
    qInfo() << "incident story took" << timer.elapsed() << "ms";
}

// Step 1. The three rows whose money moved are proven by the charge's refund list and closed;
// every other unknown row gets the proposal that finishes it (DESIGN §16).
void TestIncidentStory::reconcileOnce()
{
    const console::JobConfig jobs = console::jobConfigFromEnvironment(m_db);
    QtHttpTransport transport;
    StripeClient stripe(transport, jobs.stripe);
    SlenClient slen(transport, jobs.slen);
    Reconciler reconciler(*m_session, &stripe, &slen);
    const PassReport pass = reconciler.pass(true);
    for (const RowReport &r : pass.rows)
        qInfo() << r.operationId << r.result << r.detail;
    QCOMPARE(pass.count(u"closed_succeeded"_s), countOf(Fault::MoneyMoved)); // 3
    QCOMPARE(pass.count(u"closed_failed"_s), 0);
    QCOMPARE(pass.count(u"proposal"_s), 12 - countOf(Fault::MoneyMoved)); // 9
    for (const Customer &c : incident()) {
        const Operation op = *store().operation(id(c.order));
        const auto p = openProposal(connectionOf(store()), op.id);
        switch (c.fault) {
        case Fault::None:
        case Fault::MoneyMoved:
            QVERIFY2(op.state == OperationState::Succeeded, qPrintable(c.order));
            QVERIFY2(!p, qPrintable(c.order));
            break;
        case Fault::Stored500: // the key replays its 500: close failed, start a new refund
            QVERIFY2(p && p->action == ProposalAction::Close, qPrintable(c.order));
            QVERIFY(p->outcome == OperationState::Failed);
            QVERIFY2(p->reason.contains(u"close failed and start a new refund"_s),
                     qPrintable(p->reason));
            break;
        case Fault::Unavailable:
        case Fault::Hang: // nothing stored under the key, window open: resend with it
            QVERIFY2(p && p->action == ProposalAction::Resend, qPrintable(c.order));
            QVERIFY2(p->reason.contains(u"resend it with the stored key"_s), qPrintable(p->reason));
            break;
        }
    }
    QCOMPARE(m_session->query().count(QueryFilter::checkingQueue()), qint64(9));
}

// Step 2. Carol (support) looks inc-08 up: no refund at the provider, a close she may not make;
// the default is to attach the answer and ask a supervisor, which alice then sees.
void TestIncidentStory::supportAsksASupervisor()
{
    const QString asked = id(kAsked);
    {
        Desk carol(m_db, kCarol);
        ui::LookupDialog *lookup = carol.lookUp(asked);
        QVERIFY2(lookup, qPrintable(carol.window.bannerText()));
        QVERIFY(lookup->answer().proposedOutcome == OperationState::Failed);
        QVERIFY(!lookup->answer().resendHelps);
        QVERIFY(!lookup->closeButton()->isVisible());
        QVERIFY(lookup->askButton()->isVisible());
        QVERIFY(lookup->askButton()->isDefault());
        QTest::keyClick(lookup, Qt::Key_Return);
        carol.controller.waitForIdle(); // attach, then ask: the console's jobs
        QVERIFY2(lookup->statusText().contains(u"approval #"_s), qPrintable(lookup->statusText()));
        QTest::keyClick(lookup, Qt::Key_Escape);
    }
    QVERIFY(store().operation(asked)->state == OperationState::Unknown);
    const auto request = pendingApprovalOf(store(), asked);
    QVERIFY(request);
    QCOMPARE(request->requestedBy, u"operator:carol"_s);
    QVERIFY(request->requestedClose()->outcome == OperationState::Failed);

    Desk alice(m_db, kAlice);
    QVERIFY(alice.activate());
    alice.press(Qt::Key_4, Qt::ControlModifier);
    ui::ApprovalsPanel *panel = alice.window.decisions()->approvalsPanel();
    QVERIFY(panel);
    QCOMPARE(alice.window.tabs()->currentWidget(), panel);
    QCOMPARE(panel->count(), 1);
    QCOMPARE(panel->selectedId(), request->id);
    QCOMPARE(alice.window.currentOperationId(), asked);
    const QString text =
        panel->model()->index(0, ApprovalListModel::RequestColumn).data().toString();
    QVERIFY2(text.contains(u"close as failed"_s), qPrintable(text));
}

// Step 3. Alice selects every row with a proposal and applies them. From the mix: the 6 rows with
// nothing stored under their keys are resent and succeed; inc-10's stored 500 is closed failed;
// inc-09 (1,500.00 USD, above the threshold) is sent for approval; inc-08 is excluded because
// carol's close request already waits for a supervisor.
void TestIncidentStory::supervisorAppliesTheProposals()
{
    Desk alice(m_db, kAlice);
    QVERIFY(alice.activate());
    alice.press(Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier); // Select all with a proposal
    QCOMPARE(alice.window.tabs()->currentIndex(), int(ui::MainWindow::CheckingTab));
    QCOMPARE(alice.window.bulk()->selectedIds().size(), 9);
    alice.press(Qt::Key_Y, Qt::ControlModifier | Qt::ShiftModifier); // Apply proposals…
    ui::BulkApplyDialog *dialog = alice.window.bulk()->dialog();
    QVERIFY(dialog);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->phase() == ui::BulkApplyDialog::Phase::Preview, 60'000);
    const int resends = countOf(Fault::Unavailable) + countOf(Fault::Hang); // 6
    QCOMPARE(dialog->model()->runnableCount(), 8);
    for (const BulkRow &row : dialog->model()->rows()) {
        const bool shouldResend = row.operationId != id(kAsked) && row.operationId != id(kAbove) &&
                                  row.operationId != id(u"inc-10"_s);
        QVERIFY2(row.resend == shouldResend, qPrintable(row.operationId));
        QCOMPARE(row.proposal,
                 shouldResend ? u"resend with the stored key"_s : u"close as failed"_s);
        QVERIFY2(!row.onlyReplays, qPrintable(row.operationId)); // no replay-only key is resent
        QVERIFY2(!row.evidence.isEmpty(), qPrintable(row.operationId));
        if (row.operationId == id(kAsked))
            QCOMPARE(row.exclusion, u"pending_approval"_s);
        else
            QVERIFY2(row.runnable(), qPrintable(row.operationId + u": "_s + row.reason));
        QCOMPARE(row.needsApproval, row.operationId == id(kAbove));
    }
    QTest::keyClick(dialog, Qt::Key_Return); // Confirm
    QTRY_VERIFY_WITH_TIMEOUT(dialog->phase() == ui::BulkApplyDialog::Phase::Done, 60'000);
    const BulkSummary s = dialog->model()->summary();
    qInfo().noquote() << dialog->summaryLabel()->text();
    QCOMPARE(s.sent, resends);
    QCOMPARE(s.succeeded, resends);
    QCOMPARE(s.applied, 1);         // inc-10
    QCOMPARE(s.closedFailed, 1);    // inc-10
    QCOMPARE(s.stillUnknown, 0);    // no resend met a stored answer
    QCOMPARE(s.sentForApproval, 1); // inc-09
    QCOMPARE(s.excluded, 1);        // inc-08
    QCOMPARE(s.failed, 0);
    QCOMPARE(s.notReached, 0);
    const QString summary = dialog->summaryLabel()->text();
    QVERIFY2(summary.startsWith(u"Succeeded 6 · closed as failed 1 · still unknown 0 · sent for "
                                "approval 1 · excluded 1"_s),
             qPrintable(summary));
    QVERIFY2(summary.endsWith(u"errors 0."_s), qPrintable(summary));
    QTest::keyClick(dialog, Qt::Key_Escape);
    // Left in Checking: inc-08 (carol's request) and inc-09 (alice's), each awaiting a person.
    QTRY_COMPARE(m_session->query().count(QueryFilter::checkingQueue()), qint64(2));
}

// Alice approves carol's request (her own above the threshold she may not approve); bob approves
// alice's close of inc-09. Each close is carried out under both names.
void TestIncidentStory::supervisorsDecideTheRequests()
{
    const auto carolsRequest = pendingApprovalOf(store(), id(kAsked));
    const auto alicesRequest = pendingApprovalOf(store(), id(kAbove));
    QVERIFY(carolsRequest && alicesRequest);
    QCOMPARE(alicesRequest->requestedBy, u"operator:alice"_s);
    {
        Desk alice(m_db, kAlice);
        QCOMPARE(alice.window.decisions()->approvalsPanel()->count(), 2);
        QVERIFY(alice.approve(carolsRequest->id));
        QTRY_VERIFY(store().operation(id(kAsked))->state == OperationState::Failed);
        // Her own request stays: nobody approves their own.
        ui::ApprovalsPanel *panel = alice.window.decisions()->approvalsPanel();
        QTRY_COMPARE(panel->count(), 1);
        QVERIFY(panel->selectApproval(alicesRequest->id));
        QVERIFY(!panel->approveButton()->isEnabled());
        QVERIFY(store().operation(id(kAbove))->state == OperationState::Unknown);
    }
    Desk bob(m_db, kBob);
    QCOMPARE(bob.window.decisions()->approvalsPanel()->count(), 1);
    QVERIFY(bob.approve(alicesRequest->id));
    QTRY_VERIFY(store().operation(id(kAbove))->state == OperationState::Failed);
    QCOMPARE(m_session->query().count(QueryFilter::checkingQueue()), qint64(0));
    QVERIFY(listApprovals(connectionOf(store()), ApprovalState::Pending).empty());
}

// Step 4. Alice starts a new refund for each failed row from the console (Operations, the row,
// Ctrl+Shift+N, Enter): a new operation with a new key, linked to the failed one. inc-09's is
// above the threshold, so it waits, and bob sends it from his Agent requests tab.
void TestIncidentStory::newRefundsForTheFailedRows()
{
    {
        Desk alice(m_db, kAlice);
        for (const Customer &c : incident()) {
            if (c.fault != Fault::Stored500)
                continue;
            QVERIFY(alice.activate());
            alice.press(Qt::Key_1, Qt::ControlModifier);
            QVERIFY2(alice.window.queue()->operationsView()->selectOperation(id(c.order)),
                     qPrintable(c.order));
            alice.press(Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
            ui::NewRefundDialog *form = alice.window.rows()->newRefundDialog();
            QVERIFY2(form, qPrintable(alice.window.statusText()));
            QVERIFY(form->draft().amount == (Money{c.amount, u"usd"_s}));
            QCOMPARE(form->draft().chargeId, c.charge());
            QCOMPARE(form->needsSecondPerson(), c.order == kAbove);
            QTest::keyClick(form->amountEdit(), Qt::Key_Return);
            alice.controller.waitForIdle();
            const std::vector<Operation> r = store().replacementsOf(id(c.order));
            QCOMPARE(int(r.size()), 1);
            const OperationState expected =
                c.order == kAbove ? OperationState::AwaitingApproval : OperationState::Succeeded;
            QVERIFY2(r.front().state == expected, qPrintable(c.order));
            m_replacements.insert(c.order, r.front().id);
        }
    }
    const QString held = m_replacements.value(kAbove);
    Desk bob(m_db, kBob);
    ui::SupervisorWindow *supervisor = bob.window.supervision()->openSupervisorWindow();
    QVERIFY(supervisor && supervisor->agentRequestsPanel());
    ui::AgentRequestsPanel *panel = supervisor->agentRequestsPanel();
    supervisor->tabs()->setCurrentWidget(panel);
    const int row = panel->model()->rowOf(held);
    QVERIFY(row >= 0);
    panel->table()->setCurrentIndex(panel->model()->index(row, 0));
    QTest::mouseClick(panel->approveButton(), Qt::LeftButton);
    bob.controller.waitForIdle();
    QTRY_VERIFY(store().operation(held)->state == OperationState::Succeeded);
    QCOMPARE(store().attempts(held).back().actor, u"operator:bob"_s);
}

// Step 5. The provider's ledger and the store agree on every customer.
void TestIncidentStory::checkEndState()
{
    const nlohmann::json movements = m_sim->ledger()["movements"];
    int refunded = 0;
    int failed = 0;
    for (const Customer &c : incident()) {
        const Operation op = *store().operation(id(c.order));
        const std::string charge = c.charge().toStdString();
        int moved = 0;
        // The refund that moved the money: the row itself, or the new refund that replaced it.
        const QString refundedBy =
            c.fault == Fault::Stored500 ? m_replacements.value(c.order) : op.id;
        for (const auto &m : movements)
            if (m.value("charge", std::string()) == charge) {
                ++moved;
                QCOMPARE(qint64(m.value("amount", std::int64_t(0))), c.amount);
                QCOMPARE(QString::fromStdString(m.value("operation_id", std::string())),
                         refundedBy);
            }
        QVERIFY2(moved == 1, qPrintable(u"%1 refunded %2 times"_s.arg(c.order).arg(moved)));
        ++refunded;
        if (c.fault == Fault::Stored500) {
            // Failed, and rightly: the provider holds a 500 under the key, so no resend could
            // have refunded the customer; the new refund with a new key did (step 5).
            ++failed;
            QVERIFY2(op.state == OperationState::Failed, qPrintable(c.order));
            QVERIFY2(faultsUnderKey(op.idempotencyKey, "stored_500") == 1, qPrintable(c.order));
            const Operation next = *store().operation(refundedBy);
            QVERIFY(next.state == OperationState::Succeeded);
            QCOMPARE(next.replaces, op.id);
            QCOMPARE(next.createdBy, u"operator:alice"_s);
            QVERIFY(next.idempotencyKey != op.idempotencyKey);
        } else {
            QVERIFY2(op.state == OperationState::Succeeded, qPrintable(c.order));
        }
        // Nothing closed failed that a resend could complete: a failed row's key holds a stored
        // answer (keyMemory), never "nothing" inside its window.
        if (op.state == OperationState::Failed)
            QVERIFY2(keyMemoryFor(op, store().attempts(op.id)) == KeyMemory::StoredAnswer,
                     qPrintable(c.order));
    }
    QCOMPARE(refunded, 16); // every customer, once
    QCOMPARE(failed, 3);    // each with its new refund
    QCOMPARE(int(movements.size()), 16);

    // The audit says who did what, and its chain holds.
    QString verified;
    QCOMPARE(opsctl(m_db, kAlice, {u"audit"_s, u"verify"_s}, &verified), 0);
    QVERIFY2(verified.contains(u"\"verified\": true"_s) ||
                 verified.contains(u"\"verified\":true"_s),
             qPrintable(verified));
    const auto closedBy = [this](const QString &order) {
        const auto e = closeEntry(store(), id(order));
        return e ? e->action + u" "_s + e->actor : QString();
    };
    QCOMPARE(closedBy(u"inc-10"_s), u"state.closed_manually operator:alice"_s);
    QCOMPARE(closedBy(kAsked), u"state.closed_manually operator:alice"_s); // approver carries out
    QCOMPARE(closedBy(kAbove), u"state.closed_manually operator:bob"_s);
    QCOMPARE(store().operation(id(kAsked))->closedBy,
             u"operator:carol, approved by operator:alice"_s);
    QCOMPARE(store().operation(id(kAbove))->closedBy,
             u"operator:alice, approved by operator:bob"_s);
    for (const Customer &c : incident()) {
        if (c.fault == Fault::Unavailable || c.fault == Fault::Hang)
            QCOMPARE(closedBy(c.order), u"state.closed_by_resend operator:alice"_s);
        if (c.fault == Fault::MoneyMoved)
            QCOMPARE(closedBy(c.order), u"state.succeeded system:reconciler"_s);
    }
}

QTEST_MAIN(TestIncidentStory)
#include "tst_incidentstory.moc"
