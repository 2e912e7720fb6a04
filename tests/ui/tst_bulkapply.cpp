// Bulk resolution in the checking queue (issue 14 item 3): 200 unknown rows with mixed
// proposals on a real database file; the preview names every exclusion of docs/design.md §10;
// Confirm applies exactly what the preview said, off the UI thread; Cancel half-way leaves each
// row applied or untouched; two consoles applying the same proposals close each row once; no
// close right → the actions are off with the reason and the store refuses; Resend selected
// resends against provider-sim over loopback with the stored keys. QTest drives the widgets
// offscreen and writes screenshots of the preview and the summary. Each actor in its role
// (rolesfixture.h): on PostgreSQL (tst_bulkapply_pg) the agent opens the rows, the service reads
// and proposes, and each console, its jobs and every setting or lease made by hand are on the
// person's login.

#include "console/consolecontroller.h"
#include "console/sessionreads.h"
#include "dialogs/bulkapplydialog.h"
#include "dialogs/resendconfirmdialog.h"
#include "engine/refundengine.h"
#include "itemmodels/applypreviewmodel.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/bulkactions.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "storage/events/eventstore.h"
#include "storage/operations/proposalapply.h"
#include "storage/operations/resendlease.h"
#include "storage/session.h"
#include "support/proposalfixture.h"
#include "support/screenshots.h"
#include "support/shortcuts.h"
#include "support/simprocess.h"
#include "support/testpaths.h"
#include "widgets/operationlistview.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QSemaphore>
#include <QSqlQuery>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

using test::propose;
using test::reading;
using test::unknownRefund;

using test::RolesFixture;

int closesOf(RolesFixture &f, const QString &id)
{
    QSqlQuery q(connectionOf(f.store()));
    q.prepare(u"SELECT COUNT(*) FROM audit WHERE action = 'state.closed_manually' AND "
              "operation_id = ?"_s);
    q.addBindValue(id);
    return q.exec() && q.next() ? q.value(0).toInt() : -1;
}

// `n` unknown refunds op_000…, each with an open close proposal.
QStringList proposedRows(RolesFixture &f, int n)
{
    QStringList ids;
    for (int i = 0; i < n; ++i) {
        ids << unknownRefund(f, u"op_%1"_s.arg(i, 3, 10, QChar(u'0')));
        propose(f, ids.back());
    }
    return ids;
}

// The console jobs of `name`, on its login.
console::JobConfig jobs(RolesFixture &fx, const QString &name, const StripeConfig &stripe = {})
{
    console::JobConfig c;
    c.dbLocation = fx.location(name);
    c.stripe = stripe;
    if (stripe.baseUrl.isEmpty())
        c.stripeProblem = u"Stripe is not used in this test."_s;
    c.slenProblem = u"Slen is not used in this test."_s;
    return c;
}

struct Console
{
    Console(RolesFixture &fx, const QString &name, const StripeConfig &stripe = {})
        : session(fx.location(name), fx.clock())
        , window(console::readsOf(session), fx.person(name), fx.person(name) + u'#' + name)
        , controller(window, jobs(fx, name, stripe), fx.clock())
    {
        window.show();
        window.tabs()->setCurrentIndex(ui::MainWindow::CheckingTab);
        window.reloadAll();
    }

    // A window shortcut, as a person presses it: the window must be the active one.
    void press(Qt::Key key, Qt::KeyboardModifiers modifiers)
    {
        test::pressInWindow(window, key, modifiers);
    }
    // The bulk dialog a shortcut opened, once its preview is read (off the UI thread).
    ui::BulkApplyDialog *previewed()
    {
        QPointer<ui::BulkApplyDialog> dialog = window.bulk()->dialog();
        QElapsedTimer t;
        t.start();
        while (dialog && dialog->phase() == ui::BulkApplyDialog::Phase::Reading &&
               t.elapsed() < 60'000)
            QTest::qWait(10);
        return dialog && dialog->phase() != ui::BulkApplyDialog::Phase::Reading ? dialog.data()
                                                                                : nullptr;
    }
    // Select all with a proposal → Apply proposals…, through the actions' shortcuts.
    ui::BulkApplyDialog *previewAll()
    {
        press(Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        press(Qt::Key_Y, Qt::ControlModifier | Qt::ShiftModifier);
        return previewed();
    }

    Session session;
    ui::MainWindow window;
    console::ConsoleController controller;
};

// The reconciler's reading of `id` (reconciler.cpp): no refund of ours on the complete list.
qint64 noRefundReading(RolesFixture &f, const QString &id)
{
    Evidence e;
    e.operationId = id;
    e.kind = u"provider_object"_s;
    e.title = u"Reconciler reading"_s;
    e.contentType = u"application/json"_s;
    e.body =
        uR"({"operation_id":"%1","list_complete":true,"claiming_refunds":[]})"_s.arg(id).toUtf8();
    e.createdBy = u"system:reconciler"_s;
    return f.by(e.createdBy).addEvidence(e);
}

bool waitDone(ui::BulkApplyDialog *dialog, int ms = 60'000)
{
    QElapsedTimer t;
    t.start();
    while (dialog && dialog->phase() != ui::BulkApplyDialog::Phase::Done && t.elapsed() < ms)
        QTest::qWait(20);
    return dialog && dialog->phase() == ui::BulkApplyDialog::Phase::Done;
}

} // namespace

class TestBulkApply : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void previewExcludesAndConfirmAppliesExactlyThat();
    void cancelHalfWayLeavesRowsAppliedOrUntouched();
    void dialogOpensWhileThePreviewIsRead();
    void twoConsolesCloseEachRowOnce();
    void withoutTheCloseRightBulkIsOff();
    void resendSelectedUsesTheStoredKeys();
    void resendAboveTheThresholdIsPreviewedAsAnApproval();
    void shortcutsAreListedOnce();
};

void TestBulkApply::initTestCase()
{
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestBulkApply::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestBulkApply::previewExcludesAndConfirmAppliesExactlyThat()
{
    RolesFixture f;
    setApprovalThreshold(connectionOf(f.as(u"alice"_s)), f.clock().nowMs(), f.person(u"alice"_s),
                         u"usd"_s, 10'000);
    // Past the window: resend proposals made a day before the rest.
    QStringList ids(200);
    for (int i = 4; i < 200; i += 10) {
        ids[i] = unknownRefund(f, u"op_%1"_s.arg(i, 3, 10, QChar(u'0')));
        propose(f, ids[i], OperationState::Failed, ProposalAction::Resend);
    }
    f.clock().advanceSecs(25 * 3600);
    for (int i = 0; i < 200; ++i) {
        if (i % 10 == 4)
            continue;
        const qint64 amount = i % 10 == 2 ? 20'000 : 3800;
        ids[i] = unknownRefund(f, u"op_%1"_s.arg(i, 3, 10, QChar(u'0')), amount);
        switch (i % 10) {
        case 0:
            break; // no proposal
        case 1:
            propose(f, ids[i]);
            reading(f, ids[i], u"system:webhook"_s); // newer evidence
            break;
        case 5:
            propose(f, ids[i]);
            QVERIFY(claimResendLease(f.as(u"bob"_s), ids[i], f.person(u"bob"_s) + u"#2"_s, 600));
            break;
        case 6:
            propose(f, ids[i]);
            EventStore(connectionOf(f.as(u"svc"_s)), f.clock())
                .raiseAttention(ids[i], u"2 refund objects claim this operation"_s,
                                u"system:reconciler"_s);
            break;
        default: // 2: above the threshold; 3: changed after the preview; 7–9: applied
            propose(f, ids[i]);
        }
    }
    Console c(f, u"alice"_s);
    QCOMPARE(c.window.queue()->checkingModel()->rowCount() > 0, true);
    c.window.queue()
        ->checkingView()
        ->table()
        ->selectAll(); // every row, the ones without proposal too
    QCOMPARE(c.window.bulk()->selectedIds().size(), 200);
    c.press(Qt::Key_Y, Qt::ControlModifier | Qt::ShiftModifier);
    ui::BulkApplyDialog *dialog = c.previewed();
    QVERIFY(dialog);
    const ApplyPreviewModel &model = *dialog->model();
    QCOMPARE(model.rowCount(), 200);
    QMap<QString, int> exclusions;
    int approvals = 0;
    for (const BulkRow &row : model.rows()) {
        ++exclusions[row.exclusion];
        approvals += row.needsApproval;
    }
    QCOMPARE(exclusions.value(u"no_proposal"_s), 20);
    QCOMPARE(exclusions.value(u"newer_evidence"_s), 20);
    QCOMPARE(exclusions.value(u"past_window"_s), 20);
    QCOMPARE(exclusions.value(u"leased_by_colleague"_s), 20);
    QCOMPARE(exclusions.value(u"conflicting_evidence"_s), 20);
    QCOMPARE(exclusions.value(QString()), 100);
    QCOMPARE(approvals, 20);
    QVERIFY2(dialog->heading()->text().contains(u"200 selected"_s),
             qPrintable(dialog->heading()->text()));
    QVERIFY(dialog->heading()->text().contains(u"20 will ask a second person"_s));
    dialog->fitTo({1440, 900});
    test::screenshot(&c.window, {1440, 900}, u"bulk-preview"_s, dialog);
    dialog->fitTo({1024, 700});
    test::screenshot(&c.window, {1024, 700}, u"bulk-preview"_s, dialog);

    // Someone changes the i%10==3 rows while the preview is open.
    f.clock().advanceSecs(1);
    for (int i = 3; i < 200; i += 10)
        QVERIFY(f.as(u"bob"_s).recordProviderObject(ids[i], u"re_x"_s, u"pending"_s,
                                                    f.person(u"bob"_s)));
    const int before = int(f.store().audit(ids[0]).size());
    QTest::keyClick(dialog, Qt::Key_Return); // Confirm is the default button
    QCOMPARE(dialog->phase() == ui::BulkApplyDialog::Phase::Preview, false);
    QVERIFY(waitDone(dialog));
    const BulkSummary s = model.summary();
    QCOMPARE(s.applied, 60);
    QCOMPARE(s.sentForApproval, 20);
    QCOMPARE(s.failed, 0);
    QCOMPARE(s.closedFailed, 60); // the 60 proposals closed failed, as proposed
    QCOMPARE(s.notReached, 0);
    QCOMPARE(s.excluded, 120);
    QCOMPARE(s.excludedBy.value(exclusionLabel(u"changed_since_preview"_s)), 20);
    QVERIFY2(dialog->summaryLabel()->text().contains(
                 u"Succeeded 0 · closed as failed 60 · still unknown 0 · sent for approval 20"_s),
             qPrintable(dialog->summaryLabel()->text()));
    QVERIFY(dialog->summaryLabel()->text().contains(u"Changed since preview 20"_s));
    dialog->fitTo({1440, 900});
    test::screenshot(&c.window, {1440, 900}, u"bulk-summary"_s, dialog);
    dialog->fitTo({1024, 700});
    test::screenshot(&c.window, {1024, 700}, u"bulk-summary"_s, dialog);

    // Exactly the rows the preview offered (less the ones changed since) were closed, once.
    for (int i = 0; i < 200; ++i) {
        const Operation op = *f.store().operation(ids[i]);
        const bool closes = i % 10 >= 7;
        QVERIFY2(isFinal(op.state) == closes, qPrintable(ids[i]));
        QCOMPARE(closesOf(f, ids[i]), closes ? 1 : 0);
        if (closes)
            QCOMPARE(op.closedBy, f.person(u"alice"_s));
    }
    QCOMPARE(int(f.store().audit(ids[0]).size()), before); // an excluded row: nothing written
    QVERIFY(c.session.openApproval(ids[2], ApprovalAction::Close, ApprovalState::Pending));
    QTest::keyClick(dialog, Qt::Key_Escape); // the summary closes
    QTRY_VERIFY(!c.window.bulk()->dialog());
    QTRY_COMPARE(c.window.queue()->checkingModel()->rowCount(), 140);
}

void TestBulkApply::cancelHalfWayLeavesRowsAppliedOrUntouched()
{
    RolesFixture f;
    const QStringList ids = proposedRows(f, 200);
    Console c(f, u"alice"_s);
    QSemaphore reached;
    QSemaphore go;
    c.controller.setBulkRowHook([&](int index) {
        if (index == 100) {
            reached.release();
            go.acquire();
        }
    });
    ui::BulkApplyDialog *dialog = c.previewAll();
    QVERIFY(dialog);
    QCOMPARE(dialog->model()->runnableCount(), 200);
    QTest::keyClick(dialog->confirmButton(), Qt::Key_Space);
    QVERIFY(reached.tryAcquire(1, 60'000));
    QTest::keyClick(dialog, Qt::Key_Escape); // Cancel run
    QVERIFY(dialog->cancelled());
    go.release();
    QVERIFY(waitDone(dialog));
    const BulkSummary s = dialog->model()->summary();
    QCOMPARE(s.applied, 100);
    QCOMPARE(s.notReached, 100);
    QVERIFY2(dialog->summaryLabel()->text().contains(u"100 row(s) left untouched"_s),
             qPrintable(dialog->summaryLabel()->text()));
    for (int i = 0; i < 200; ++i) {
        const Operation op = *f.store().operation(ids[i]);
        const auto open = openProposal(connectionOf(f.store()), ids[i]);
        if (i < 100) {
            QCOMPARE(toString(op.state), u"failed"_s);
            QVERIFY(!open);
        } else {
            QCOMPARE(toString(op.state), u"unknown"_s); // untouched: state and proposal
            QVERIFY(open);
            QCOMPARE(closesOf(f, ids[i]), 0);
        }
    }
}

void TestBulkApply::dialogOpensWhileThePreviewIsRead()
{
    RolesFixture f;
    const QStringList ids = proposedRows(f, 120);
    Console c(f, u"alice"_s);
    QSemaphore reached;
    QSemaphore go;
    QList<int> parts; // the first row of each part read, on the bulk thread
    c.controller.setBulkPreviewHook([&](int from) {
        parts.append(from);
        if (from == 50) { // the second part: the first 50 rows are read, the rest not
            reached.release();
            go.acquire();
        }
    });
    // Held read: the dialog is up, reading, and Esc closes it.
    c.press(Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
    c.press(Qt::Key_Y, Qt::ControlModifier | Qt::ShiftModifier);
    QPointer<ui::BulkApplyDialog> dialog = c.window.bulk()->dialog();
    const auto letGo = qScopeGuard([&] { go.release(); }); // a failed check must not hang
    QVERIFY(dialog);
    QVERIFY(reached.tryAcquire(1, 60'000));
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->phase(), ui::BulkApplyDialog::Phase::Reading);
    QVERIFY2(dialog->heading()->text().contains(u"Reading 120 row(s)"_s),
             qPrintable(dialog->heading()->text()));
    QVERIFY(dialog->progress()->isVisible());
    QCOMPARE(dialog->progress()->maximum(), 0); // busy
    QVERIFY(!dialog->confirmButton()->isEnabled());
    QCOMPARE(dialog->model()->rowCount(), 0);
    QTest::keyClick(dialog, Qt::Key_Escape);
    QVERIFY(dialog->cancelled());
    QVERIFY(!dialog->isVisible());
    QVERIFY(!c.window.bulk()->dialog());
    go.release();
    QTRY_VERIFY(!dialog);                 // deleted once the read stopped
    QCOMPARE(parts, (QList<int>{0, 50})); // the third part was never read
    for (const QString &id : ids)
        QCOMPARE(toString(f.store().operation(id)->state), u"unknown"_s);
    QVERIFY(c.window.bulk()->applyProposalsAction()->isEnabled()); // a new preview may be opened

    // Not held: the same dialog fills when the read ends, and runs as before.
    parts.clear();
    c.controller.setBulkPreviewHook({});
    ui::BulkApplyDialog *again = c.previewAll();
    QVERIFY(again);
    QCOMPARE(again->phase(), ui::BulkApplyDialog::Phase::Preview);
    QCOMPARE(again->model()->runnableCount(), 120);
    QVERIFY2(again->heading()->text().contains(u"120 selected"_s),
             qPrintable(again->heading()->text()));
    QVERIFY(again->confirmButton()->isEnabled());
    QVERIFY(!again->progress()->isVisible());
}

void TestBulkApply::twoConsolesCloseEachRowOnce()
{
    RolesFixture f;
    const QStringList ids = proposedRows(f, 60);
    Console alice(f, u"alice"_s);
    Console bob(f, u"bob"_s);
    ui::BulkApplyDialog *a = alice.previewAll();
    ui::BulkApplyDialog *b = bob.previewAll();
    QVERIFY(a && b);
    QCOMPARE(a->model()->runnableCount(), 60);
    QCOMPARE(b->model()->runnableCount(), 60);
    a->confirmButton()->click();
    b->confirmButton()->click();
    QVERIFY(waitDone(a));
    QVERIFY(waitDone(b));
    const BulkSummary sa = a->model()->summary();
    const BulkSummary sb = b->model()->summary();
    qInfo() << "alice applied" << sa.applied << "bob applied" << sb.applied;
    QCOMPARE(sa.applied + sb.applied, 60);
    QCOMPARE(sa.failed + sb.failed, 0);
    QCOMPARE(sa.excluded + sb.excluded, 60); // the other console's rows: closed already
    for (const QString &id : ids)
        QCOMPARE(closesOf(f, id), 1);
}

void TestBulkApply::withoutTheCloseRightBulkIsOff()
{
    RolesFixture f;
    const QString id = unknownRefund(f, u"op_support"_s);
    const Proposal p = propose(f, id);
    Console carol(f, u"carol"_s); // support: may look, may not close
    QCOMPARE(carol.window.bulk()->selectAllWithProposal(), 1);
    QVERIFY(!carol.window.bulk()->applyProposalsAction()->isEnabled());
    QVERIFY2(carol.window.bulk()->applyProposalsAction()->toolTip().contains(u"may not close"_s),
             qPrintable(carol.window.bulk()->applyProposalsAction()->toolTip()));
    QVERIFY(!carol.window.bulk()->openApplyDialog());
    // The store refuses it anyway, and writes nothing.
    const int before = int(f.store().audit(id).size());
    const ApplyResult r = applyProposal(f.as(u"carol"_s), p.id, f.person(u"carol"_s));
    QCOMPARE(toString(r.exclusion), u"not_permitted"_s);
    QCOMPARE(int(f.store().audit(id).size()), before);
    QCOMPARE(toString(f.store().operation(id)->state), u"unknown"_s);
    // A supervisor in the same database has them.
    Console alice(f, u"alice"_s);
    alice.window.bulk()->selectAllWithProposal();
    QVERIFY(alice.window.bulk()->applyProposalsAction()->isEnabled());
}

void TestBulkApply::resendSelectedUsesTheStoredKeys()
{
    test::SimProcess sim(ops::test::providerSimPath(),
                         test::SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(sim.start(), qPrintable(sim.error()));
    RolesFixture f;
    const StripeConfig stripe{sim.baseUrl(), u"sk_test_demo"_s, std::chrono::milliseconds(3000)};
    // Three rows the engine gave up on after 503s (nothing moved), one past its window.
    QtHttpTransport transport;
    StripeClient client(transport, stripe);
    EngineConfig config;
    config.backoffBase = std::chrono::milliseconds(1);
    config.backoffCap = std::chrono::milliseconds(2);
    RefundEngine engine(f.sessionAs(u"agent"_s), client, config, [](std::chrono::milliseconds) {});
    sim.addFault({{"route", "POST /v1/refunds"}, {"mode", "503"}});
    const auto unknown = [&](const QString &order) {
        ToolResult r;
        for (int i = 0; i < 2; ++i)
            r = engine.refund({order, u"ch_4417"_s, 100, u"usd"_s}, u"agent:toolu_t"_s);
        return r.operationId;
    };
    const QString old = unknown(u"order-old"_s);
    f.clock().advanceSecs(25 * 3600);
    const QStringList fresh = {unknown(u"order-a"_s), unknown(u"order-b"_s)};
    sim.clearFaults();
    // And one whose key holds a stored 500 (nothing moved): a resend can only replay it.
    sim.addFault({{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}});
    const QString replays =
        engine.refund({u"order-c"_s, u"ch_4417"_s, 100, u"usd"_s}, u"agent:toolu_t"_s).operationId;
    sim.clearFaults();
    for (const QString &id : fresh + QStringList{old, replays})
        QCOMPARE(toString(f.store().operation(id)->state), u"unknown"_s);
    ui::storeConfirmResendWithTestKey(false);
    // Each row carries the reconciler's reading; the Evidence column shows the newest.
    QMap<QString, qint64> newest;
    for (const QString &id : fresh + QStringList{old, replays})
        newest[id] = noRefundReading(f, id);

    Console c(f, u"alice"_s, stripe);
    c.window.queue()->checkingView()->table()->selectAll();
    c.press(Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
    ui::BulkApplyDialog *dialog = c.previewed();
    QVERIFY(dialog);
    QCOMPARE(dialog->mode(), ui::BulkApplyDialog::Mode::Resend);
    ApplyPreviewModel *model = dialog->model();
    QCOMPARE(model->rowCount(), 4);
    QCOMPARE(model->runnableCount(), 3);
    int replayRow = -1;
    for (int i = 0; i < model->rowCount(); ++i) {
        const BulkRow &row = model->rows()[std::size_t(i)];
        QCOMPARE(row.exclusion, row.operationId == old ? u"past_window"_s : QString());
        QCOMPARE(row.onlyReplays, row.operationId == replays);
        QCOMPARE(model->index(i, ApplyPreviewModel::EvidenceColumn).data().toString(),
                 u"#%1"_s.arg(newest.value(row.operationId)));
        if (row.operationId == replays)
            replayRow = i;
    }
    // The preview warns before anyone confirms (DESIGN §16).
    const QString warning =
        model->index(replayRow, ApplyPreviewModel::PreviewColumn).data().toString();
    QVERIFY2(warning.contains(u"cannot finish this refund"_s), qPrintable(warning));
    QTest::keyClick(dialog, Qt::Key_Return);
    QVERIFY(waitDone(dialog));
    const BulkSummary s = model->summary();
    QCOMPARE(s.sent, 3);
    QCOMPARE(s.succeeded, 2);
    QCOMPARE(s.stillUnknown, 1); // the stored 500 replayed: never counted as done
    QCOMPARE(s.closedFailed, 0);
    const QString result =
        model->index(replayRow, ApplyPreviewModel::ResultColumn).data().toString();
    QVERIFY2(result.startsWith(u"Resent: still unknown"_s), qPrintable(result));
    const QString summary = dialog->summaryLabel()->text();
    QVERIFY2(summary.startsWith(u"Succeeded 2 · closed as failed 0 · still unknown 1"_s),
             qPrintable(summary));
    QCOMPARE(toString(f.store().operation(replays)->state), u"unknown"_s);
    for (const QString &id : fresh) {
        const Operation op = *f.store().operation(id);
        QCOMPARE(toString(op.state), u"succeeded"_s);
        const auto attempts = f.store().attempts(id);
        QCOMPARE(attempts.back().actor, f.person(u"alice"_s));
        QVERIFY(!activeResendLease(f.store(), id));
    }
    QCOMPARE(int(f.store().attempts(old).size()), 6); // nothing sent past the window
    QCOMPARE(sim.ledger()["movements"].size(), 2u);   // one movement per resent row
}

// Issue 50 item 3: a resend above the four-eyes threshold is previewed as an approval request,
// in the heading and on its row, and the run says the same (sent for approval, nothing sent).
void TestBulkApply::resendAboveTheThresholdIsPreviewedAsAnApproval()
{
    RolesFixture f;
    const QString small = unknownRefund(f, u"op_small"_s, 300);
    const QString large = unknownRefund(f, u"op_large"_s, 3800);
    setApprovalThreshold(connectionOf(f.as(u"bob"_s)), 0, f.person(u"bob"_s), u"usd"_s, 1000);
    // Apply proposals says the same of a resend proposal (the store's preview, proposalapply.cpp).
    for (const QString &id : {small, large})
        propose(f, id, OperationState::Failed, ProposalAction::Resend);
    for (const ApplyPreviewRow &row :
         previewApply(f.as(u"alice"_s), {small, large}, f.person(u"alice"_s), {}))
        QCOMPARE(row.needsApproval, row.operationId == large);
    ui::storeConfirmResendWithTestKey(false);
    // Nothing may be sent: the one row below the threshold meets a closed port.
    const StripeConfig nowhere{QUrl(u"http://127.0.0.1:9"_s), u"sk_test_x"_s,
                               std::chrono::milliseconds(500)};
    Console c(f, u"alice"_s, nowhere);
    c.window.queue()->checkingView()->table()->selectAll();
    c.press(Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
    ui::BulkApplyDialog *dialog = c.previewed();
    QVERIFY(dialog);
    const QString heading = dialog->heading()->text();
    QVERIFY2(heading.contains(u"1 will be resent with the stored key and bytes"_s) &&
                 heading.contains(u"1 will ask a second person for approval"_s),
             qPrintable(heading));
    ApplyPreviewModel *model = dialog->model();
    for (int i = 0; i < model->rowCount(); ++i) {
        const BulkRow &row = model->rows()[std::size_t(i)];
        QCOMPARE(row.needsApproval, row.operationId == large);
        const QString preview = model->index(i, ApplyPreviewModel::PreviewColumn).data().toString();
        QCOMPARE(preview.startsWith(u"Approval request"_s), row.operationId == large);
    }
    QTest::keyClick(dialog, Qt::Key_Return);
    QVERIFY(waitDone(dialog));
    QCOMPARE(model->summary().sentForApproval, 1);
    QCOMPARE(int(f.store().attempts(large).size()), 1); // the engine's, none of alice's
    QCOMPARE(toString(f.store().operation(small)->state), u"unknown"_s);
}

void TestBulkApply::shortcutsAreListedOnce()
{
    RolesFixture f;
    Console c(f, u"alice"_s);
    QMap<QString, int> keys;
    for (QAction *action : c.window.actions()) {
        for (const QKeySequence &key : action->shortcuts())
            ++keys[key.toString()];
    }
    for (const QString &key : {u"Ctrl+Shift+P"_s, u"Ctrl+Shift+Y"_s, u"Ctrl+Shift+R"_s})
        QCOMPARE(keys.value(key), 1);
    for (auto it = keys.cbegin(); it != keys.cend(); ++it)
        QVERIFY2(it.value() == 1, qPrintable(it.key()));
}

QTEST_MAIN(TestBulkApply)
#include "tst_bulkapply.moc"
