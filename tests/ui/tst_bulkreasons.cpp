// Bulk resolution, readable and fair (issue 31 item 3): newer evidence that is the same
// provider reading as the proposal's does not exclude the row; an exclusion's reason is one short
// sentence, whole in its cell's tooltip and in the row detail under the table, reached with the
// keyboard; the Preview column has the Result column's room until the run. A real database
// file, the console's bulk thread, QTest offscreen; screenshots bulk-reasons-WxH.png.

#include "console/consolecontroller.h"
#include "console/sessionreads.h"
#include "dialogs/bulkapplydialog.h"
#include "domain/evidencemaking.h"
#include "itemmodels/applypreviewmodel.h"
#include "mainwindow/bulkactions.h"
#include "mainwindow/mainwindow.h"
#include "storage/events/eventstore.h"
#include "storage/session.h"
#include "support/messagefixture.h"
#include "support/proposalfixture.h"
#include "support/screenshots.h"
#include "support/shortcuts.h"
#include "support/storefixture.h"

#include <QApplication>
#include <QLabel>
#include <QPointer>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

using test::unknownRefund;

// Evidence of `id` in the reconciler's or the look-up's shape (reconciler.cpp,
// providerlookup.cpp): no refund of ours on the complete list.
qint64 noRefundReading(test::StoreFixture &f, const QString &id, bool lookUp,
                       const QString &by = u"system:reconciler"_s)
{
    Evidence e;
    e.operationId = id;
    e.kind = u"provider_object"_s;
    e.title = lookUp ? u"Stripe look-up"_s : u"Reconciler reading"_s;
    e.contentType = u"application/json"_s;
    e.body = (lookUp ? uR"({"operation_id":"%1","list_complete":true,"matching_refund":null})"_s
                     : uR"({"operation_id":"%1","list_complete":true,"claiming_refunds":[]})"_s)
                 .arg(id)
                 .toUtf8();
    e.createdBy = by;
    return f.store().addEvidence(e);
}

Proposal proposeOnReading(test::StoreFixture &f, const QString &id)
{
    NewProposal p;
    p.operationId = id;
    p.outcome = OperationState::Failed;
    p.evidenceIds = {noRefundReading(f, id, false)};
    p.reason = u"No refund at the provider (list complete)"_s;
    return storeProposal(connectionOf(f.store()), f.clock().nowMs(), p);
}

// One console on the fixture's database, no provider: Apply proposals… only.
struct Console
{
    explicit Console(test::StoreFixture &fx)
        : session(fx.path(), fx.clock())
        , window(console::readsOf(session), u"operator:alice"_s, u"operator:alice#1"_s)
        , controller(window, config(fx), fx.clock())
    {
        window.show();
        window.tabs()->setCurrentIndex(ui::MainWindow::CheckingTab);
        window.reloadAll();
    }

    static console::JobConfig config(test::StoreFixture &fx)
    {
        console::JobConfig c;
        c.dbLocation = fx.path();
        c.stripeProblem = u"Stripe is not used in this test."_s;
        c.slenProblem = u"Slen is not used in this test."_s;
        return c;
    }

    void press(Qt::Key key, Qt::KeyboardModifiers modifiers)
    {
        test::pressInWindow(window, key, modifiers);
    }

    // Select all with a proposal → Apply proposals…, once its preview is read.
    ui::BulkApplyDialog *previewAll()
    {
        press(Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        press(Qt::Key_Y, Qt::ControlModifier | Qt::ShiftModifier);
        QPointer<ui::BulkApplyDialog> dialog = window.bulk()->dialog();
        QElapsedTimer t;
        t.start();
        while (dialog && dialog->phase() == ui::BulkApplyDialog::Phase::Reading &&
               t.elapsed() < 60'000)
            QTest::qWait(10);
        return dialog && dialog->phase() != ui::BulkApplyDialog::Phase::Reading ? dialog.data()
                                                                                : nullptr;
    }

    Session session;
    ui::MainWindow window;
    console::ConsoleController controller;
};

bool waitDone(ui::BulkApplyDialog *dialog)
{
    QElapsedTimer t;
    t.start();
    while (dialog && dialog->phase() != ui::BulkApplyDialog::Phase::Done && t.elapsed() < 60'000)
        QTest::qWait(20);
    return dialog && dialog->phase() == ui::BulkApplyDialog::Phase::Done;
}

} // namespace

class TestBulkReasons : public QObject
{
    Q_OBJECT

private slots:
    void exclusionReasonsAreReadableWhole();
};

void TestBulkReasons::exclusionReasonsAreReadableWhole()
{
    test::StoreFixture f;
    // Support attached a look-up that agrees (no refund, as proposed): the row stays in.
    const QString agreed = unknownRefund(f, u"op_agreed"_s);
    proposeOnReading(f, agreed);
    noRefundReading(f, agreed, true, u"operator:carol"_s);
    // A note came after the proposal: it may change the decision, so the row is excluded.
    const QString noted = unknownRefund(f, u"op_noted"_s);
    const Proposal notedProposal = proposeOnReading(f, noted);
    const Evidence note = noteEvidence(noted, u"Customer call"_s,
                                       "The customer says a refund arrived.", u"operator:carol"_s);
    const qint64 noteId = f.store().addEvidence(note);
    // A long reason from the store, far wider than its cell.
    const QString attention = unknownRefund(f, u"op_attention"_s);
    proposeOnReading(f, attention);
    const QString longReason =
        u"2 refund objects at the provider claim this operation (re_3MtwBwLkdIwHu7ix28a3tqPa, "
        "re_3MtwBwLkdIwHu7ix0n5BOwKh), one of them for another amount: ask the finance team "
        "before anyone closes it"_s;
    EventStore(connectionOf(f.store()), f.clock())
        .raiseAttention(attention, longReason, u"system:reconciler"_s);

    Console c(f);
    ui::BulkApplyDialog *dialog = c.previewAll();
    QVERIFY(dialog);
    dialog->fitTo({1024, 700});
    ApplyPreviewModel *model = dialog->model();
    QCOMPARE(model->rowCount(), 3);
    QCOMPARE(model->runnableCount(), 1);
    QCOMPARE(model->rows().front().operationId, agreed); // runnable first
    QTest::qWait(50);

    // Down through the rows with the keyboard: the detail under the table shows each whole.
    QTableView *table = dialog->table();
    QVERIFY(table->hasFocus());
    QVERIFY(table->isColumnHidden(ApplyPreviewModel::ResultColumn)); // nothing run yet
    const QString notedText =
        u"evidence #%1 came after proposal #%2 and may change it"_s.arg(noteId).arg(
            notedProposal.id);
    const QMap<QString, QString> reasons = {{noted, notedText}, {attention, longReason}};
    for (int row = 1; row < model->rowCount(); ++row) {
        QTest::keyClick(table, Qt::Key_Down);
        QCOMPARE(table->currentIndex().row(), row);
        const QString id = model->rows()[std::size_t(row)].operationId;
        const QString whole = reasons.value(id);
        QVERIFY2(!whole.isEmpty(), qPrintable(id));
        const QModelIndex cell = model->index(row, ApplyPreviewModel::PreviewColumn);
        QVERIFY2(cell.data(Qt::ToolTipRole).toString().endsWith(whole),
                 qPrintable(cell.data(Qt::ToolTipRole).toString()));
        QLabel *detail = dialog->rowDetail();
        QVERIFY(detail->isVisible());
        QVERIFY2(detail->text().contains(id) && detail->text().contains(whole),
                 qPrintable(detail->text()));
        // Wrapped inside the dialog, nothing cut: the label is as tall as its text needs.
        QVERIFY(detail->wordWrap());
        QTRY_VERIFY(detail->height() >= detail->heightForWidth(detail->width()));
        QVERIFY(dialog->rect().contains(detail->geometry()));
    }
    // The Preview column has the room the empty Result column had: a newer-evidence reason
    // fits its cell whole in the large window.
    dialog->fitTo({1440, 900});
    QTest::qWait(50);
    const int notedRow = model->rows()[1].operationId == noted ? 1 : 2;
    const QString cellText =
        model->index(notedRow, ApplyPreviewModel::PreviewColumn).data().toString();
    QVERIFY2(table->fontMetrics().horizontalAdvance(cellText) <
                 table->columnWidth(ApplyPreviewModel::PreviewColumn),
             qPrintable(cellText));
    test::screenshot(&c.window, {1440, 900}, u"bulk-reasons"_s, dialog);
    dialog->fitTo({1024, 700});
    test::screenshot(&c.window, {1024, 700}, u"bulk-reasons"_s, dialog);

    // The run: the Result column appears, and the detail adds the current row's result.
    QTest::keyClick(dialog, Qt::Key_Return);
    QVERIFY(waitDone(dialog));
    QVERIFY(!table->isColumnHidden(ApplyPreviewModel::ResultColumn));
    QCOMPARE(toString(f.store().operation(agreed)->state), u"failed"_s);
    QCOMPARE(toString(f.store().operation(noted)->state), u"unknown"_s);
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Home, Qt::ControlModifier);
    QTRY_VERIFY2(dialog->rowDetail()->text().contains(u"Result: Closed: closed as failed"_s),
                 qPrintable(dialog->rowDetail()->text()));
}

QTEST_MAIN(TestBulkReasons)
#include "tst_bulkreasons.moc"
