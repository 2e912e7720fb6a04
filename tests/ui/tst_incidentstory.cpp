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
//  4. at the provider's ledger and in the store: each customer is refunded exactly once, or the
//     row is failed; nothing was closed failed that a resend could have completed; the audit
//     chain verifies and names who closed what.

#include "cli/opsctl.h"
#include "console/consolecontroller.h"
#include "demo/demostory.h"
#include "dialogs/bulkapplydialog.h"
#include "dialogs/lookupdialog.h"
#include "dialogs/resendconfirmdialog.h"
#include "itemmodels/approvallistmodel.h"
#include "mainwindow/mainwindow.h"
#include "reconcile/reconciler.h"
#include "slen/slenclient.h"
#include "storage/access/approvals.h"
#include "storage/audit/auditlog.h"
#include "storage/operationquery.h"
#include "storage/reconcile/proposals.h"
#include "storage/session.h"
#include "stripe/stripeclient.h"
#include "supervisor/approvalspanel.h"
#include "support/simprocess.h"
#include "widgets/operationlistview.h"

#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

const QString kAlice = u"alice"_s;     // supervisor: runs the refunds' commands, applies proposals
const QString kBob = u"bob"_s;         // second supervisor: four-eyes above the threshold
const QString kCarol = u"carol"_s;     // support
constexpr qint64 kThreshold = 100'000; // 1,000.00 USD (minor units)

enum class Fault
{
    None,        // confirmed at once
    MoneyMoved,  // stored 500 after the refund was applied: unknown, the money moved
    Stored500,   // stored 500, nothing applied: every resend replays the 500
    Unavailable, // 503 on all six attempts: nothing stored under the key
    Hang,        // six attempts that hung before commit (client timeout): nothing stored
};

struct Customer
{
    QString order;
    qint64 amount = 0;
    Fault fault = Fault::None;
    QString charge() const { return u"ch_"_s + order; }
};

// The issue's mix, scaled down: 4 confirmed; 12 unknown, of which 3 where the money moved and 9
// where it did not (3 stored 500s, 3 × six 503s, 3 × six hangs before commit).
const QList<Customer> &incident()
{
    static const QList<Customer> mix = {
        {u"inc-01"_s, 4200, Fault::None},         {u"inc-02"_s, 1800, Fault::None},
        {u"inc-03"_s, 7500, Fault::None},         {u"inc-04"_s, 2600, Fault::None},
        {u"inc-05"_s, 5000, Fault::MoneyMoved},   {u"inc-06"_s, 3100, Fault::MoneyMoved},
        {u"inc-07"_s, 9900, Fault::MoneyMoved},   {u"inc-08"_s, 2900, Fault::Stored500},
        {u"inc-09"_s, 150'000, Fault::Stored500}, {u"inc-10"_s, 4400, Fault::Stored500},
        {u"inc-11"_s, 1000, Fault::Unavailable},  {u"inc-12"_s, 6400, Fault::Unavailable},
        {u"inc-13"_s, 2300, Fault::Unavailable},  {u"inc-14"_s, 3800, Fault::Hang},
        {u"inc-15"_s, 5600, Fault::Hang},         {u"inc-16"_s, 1200, Fault::Hang},
    };
    return mix;
}
const QString kAsked = u"inc-08"_s; // the row carol looks up and asks about
const QString kAbove = u"inc-09"_s; // above the four-eyes threshold

int countOf(Fault fault)
{
    return int(std::count_if(incident().begin(), incident().end(),
                             [fault](const Customer &c) { return c.fault == fault; }));
}

// One opsctl command in this process (cli::runOpsctl, as the demo story runs them).
int opsctl(const QString &db, const QString &who, const QStringList &args, QString *output = {})
{
    QString out;
    QString err;
    QTextStream o(&out);
    QTextStream e(&err);
    const int code = cli::runOpsctl(QStringList{u"--db"_s, db, u"--operator"_s, who} + args, o, e);
    o.flush();
    e.flush();
    if (code != 0)
        qWarning().noquote() << u"opsctl %1 → %2: %3 %4"_s.arg(args.join(u' '))
                                    .arg(code)
                                    .arg(out.trimmed(), err.trimmed());
    if (output)
        *output = out;
    return code;
}

nlohmann::json faultRule(Fault fault)
{
    nlohmann::json rule = {{"route", "POST /v1/refunds"}};
    switch (fault) {
    case Fault::MoneyMoved:
        rule.update({{"mode", "stored_500"}, {"count", 1}, {"apply", true}});
        break;
    case Fault::Stored500:
        rule.update({{"mode", "stored_500"}, {"count", 1}});
        break;
    case Fault::Unavailable:
        rule["mode"] = "503";
        break;
    case Fault::Hang: // held until the client gives up, then dropped with nothing applied
        rule["mode"] = "hang_before_commit";
        break;
    case Fault::None:
        return nullptr;
    }
    return rule;
}

// Seeds one charge per customer, then makes each refund with its fault through `opsctl refund`
// (the agent's command). A 503 or hang row takes two calls of three attempts each, as the
// incident's "six times". '' or what failed.
QString makeRefunds(test::SimProcess &sim, const QString &db)
{
    nlohmann::json charges = nlohmann::json::array();
    for (const Customer &c : incident()) {
        nlohmann::json charge = nlohmann::json::object();
        charge["id"] = c.charge().toStdString();
        charge["amount"] = std::int64_t(c.amount);
        charge["currency"] = "usd";
        charge["payment_intent"] = QString(u"pi_"_s + c.order).toStdString();
        charges.push_back(charge);
    }
    sim.seed(
        {{"api_keys", {{{"key", "sk_test_demo"}, {"project", "demo"}}}}, {"charges", charges}});
    int toolCall = 0;
    for (const Customer &c : incident()) {
        sim.clearFaults();
        if (const nlohmann::json rule = faultRule(c.fault); !rule.is_null())
            sim.addFault(rule);
        if (!sim.error().isEmpty())
            return sim.error();
        // A hang is a client timeout: short here so that six of them take seconds, not minutes.
        qputenv("OPS_ATTEMPT_TIMEOUT_MS", c.fault == Fault::Hang ? "400" : "1500");
        const int calls = c.fault == Fault::Unavailable || c.fault == Fault::Hang ? 2 : 1;
        for (int i = 0; i < calls; ++i) {
            const QStringList args = {u"refund"_s,
                                      u"--order"_s,
                                      c.order,
                                      u"--charge"_s,
                                      c.charge(),
                                      u"--amount"_s,
                                      QString::number(c.amount),
                                      u"--currency"_s,
                                      u"usd"_s,
                                      u"--tool-call"_s,
                                      u"toolu_%1"_s.arg(++toolCall)};
            if (opsctl(db, kAlice, args) != 0)
                return u"opsctl refund for %1 failed"_s.arg(c.order);
        }
    }
    sim.clearFaults();
    qputenv("OPS_ATTEMPT_TIMEOUT_MS", "1500");
    return {};
}

// alice and bob supervisors, carol support, four-eyes above 1,000.00 USD: as the demo's roles.
QString addPeople(const QString &db)
{
    const QList<QStringList> commands = {
        {u"operator"_s, u"add"_s, kAlice, u"--role"_s, u"supervisor"_s},
        {u"operator"_s, u"add"_s, kBob, u"--role"_s, u"supervisor"_s},
        {u"operator"_s, u"add"_s, kCarol, u"--role"_s, u"support"_s},
        {u"settings"_s, u"set"_s, u"approval-threshold"_s, u"usd"_s, QString::number(kThreshold)},
    };
    for (const QStringList &args : commands)
        if (opsctl(db, kAlice, args) != 0)
            return u"opsctl %1 failed"_s.arg(args.join(u' '));
    return {};
}

// One person's console on the incident's database: its own session, window and jobs.
struct Desk
{
    Desk(const QString &db, const QString &name)
        : session(db, clock)
        , window(session, u"operator:"_s + name, u"operator:%1#1"_s.arg(name))
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
            !window.checkingView()->selectOperation(id))
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
        ui::ApprovalsPanel *panel = window.approvalsPanel();
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
    QHash<QString, QString> m_ids; // order → operation id
};

void TestIncidentStory::initTestCase()
{
    m_sim = std::make_unique<test::SimProcess>(QStringLiteral(OPS_PROVIDER_SIM_PATH));
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
          &TestIncidentStory::supervisorsDecideTheRequests, &TestIncidentStory::checkEndState}) {
        (this->*step)();
        if (QTest::currentTestFailed())
            return;
    }
    // ---- Step 5, issue 31 item 2 (the lead adds it): a failed row gets a new refund started
    // from the console. For each failed row (inc-08, inc-09, inc-10): the supervisor opens
    // NewRefundDialog from the row (prefilled order, charge, amount, currency; linked to the
    // failed operation; rule 9 checked; four-eyes above the threshold for inc-09), confirms, and
    // the new operation (new key, `replaces` = the failed id; `opsctl refund --replaces OP` is
    // its twin) refunds the customer. Then assert: every customer refunded exactly once at the
    // ledger (16 movements), each failed row linked to its replacement, and the audit naming
    // who started each new refund.
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
    Reconciler reconciler(store(), &stripe, &slen);
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
    ui::ApprovalsPanel *panel = alice.window.approvalsPanel();
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
    QCOMPARE(alice.window.selectedCheckingIds().size(), 9);
    alice.press(Qt::Key_Y, Qt::ControlModifier | Qt::ShiftModifier); // Apply proposals…
    ui::BulkApplyDialog *dialog = alice.window.bulkDialog();
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
        QCOMPARE(alice.window.approvalsPanel()->count(), 2);
        QVERIFY(alice.approve(carolsRequest->id));
        QTRY_VERIFY(store().operation(id(kAsked))->state == OperationState::Failed);
        // Her own request stays: nobody approves their own.
        ui::ApprovalsPanel *panel = alice.window.approvalsPanel();
        QTRY_COMPARE(panel->count(), 1);
        QVERIFY(panel->selectApproval(alicesRequest->id));
        QVERIFY(!panel->approveButton()->isEnabled());
        QVERIFY(store().operation(id(kAbove))->state == OperationState::Unknown);
    }
    Desk bob(m_db, kBob);
    QCOMPARE(bob.window.approvalsPanel()->count(), 1);
    QVERIFY(bob.approve(alicesRequest->id));
    QTRY_VERIFY(store().operation(id(kAbove))->state == OperationState::Failed);
    QCOMPARE(m_session->query().count(QueryFilter::checkingQueue()), qint64(0));
    QVERIFY(listApprovals(connectionOf(store()), ApprovalState::Pending).empty());
}

// Step 4. The provider's ledger and the store agree on every customer.
void TestIncidentStory::checkEndState()
{
    const nlohmann::json movements = m_sim->ledger()["movements"];
    int refunded = 0;
    int failed = 0;
    for (const Customer &c : incident()) {
        const Operation op = *store().operation(id(c.order));
        const std::string charge = c.charge().toStdString();
        int moved = 0;
        for (const auto &m : movements)
            if (m.value("charge", std::string()) == charge) {
                ++moved;
                QCOMPARE(qint64(m.value("amount", std::int64_t(0))), c.amount);
                QCOMPARE(QString::fromStdString(m.value("operation_id", std::string())), op.id);
            }
        if (c.fault == Fault::Stored500) {
            // Failed, and rightly: the provider holds a 500 under the key, so no resend could
            // have refunded the customer; a new refund with a new key will (step 5).
            ++failed;
            QCOMPARE(moved, 0);
            QVERIFY2(op.state == OperationState::Failed, qPrintable(c.order));
            QVERIFY2(faultsUnderKey(op.idempotencyKey, "stored_500") == 1, qPrintable(c.order));
        } else {
            ++refunded;
            QVERIFY2(moved == 1, qPrintable(u"%1 refunded %2 times"_s.arg(c.order).arg(moved)));
            QVERIFY2(op.state == OperationState::Succeeded, qPrintable(c.order));
        }
        // Nothing closed failed that a resend could complete: a failed row's key holds a stored
        // answer (keyMemory), never "nothing" inside its window.
        if (op.state == OperationState::Failed)
            QVERIFY2(keyMemoryFor(op, store().attempts(op.id)) == KeyMemory::StoredAnswer,
                     qPrintable(c.order));
    }
    QCOMPARE(refunded, 13);
    QCOMPARE(failed, 3);
    QCOMPARE(int(movements.size()), 13);

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
