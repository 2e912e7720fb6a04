// ApplyPreviewModel, the rows of a bulk run (docs/design.md §10 Bulk resolution, §16), under
// QAbstractItemModelTester through everything a run does to it (issue 55): a preview's rows set,
// one result and then a batch of results delivered, a second preview replacing the first, and the
// rows emptied. No database: the model only holds what the store answered (BulkRow), so the rows
// are written here; the dialog around it is tests/ui/tst_bulkapply's.

#include "itemmodels/applypreviewmodel.h"
#include "itemmodels/localeformat.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using Tester = QAbstractItemModelTester;

namespace {

const Money kAmount{1200, u"usd"_s};

// A preview of four rows: a close, a resend that can only replay, a close above the four-eyes
// threshold, and a row the preview excluded.
std::vector<BulkRow> previewRows()
{
    BulkRow close;
    close.operationId = u"op_close"_s;
    close.amount = kAmount;
    close.proposal = u"close as failed"_s;
    close.evidence = u"#3, #4"_s;
    close.reason = u"closes the row as failed"_s;
    close.closesAs = OperationState::Failed;
    close.proposalId = 1;

    BulkRow replay;
    replay.operationId = u"op_replay"_s;
    replay.amount = kAmount;
    replay.proposal = u"resend with the stored key"_s;
    replay.reason = u"one attempt with key k_1"_s;
    replay.resend = true;
    replay.onlyReplays = true;

    BulkRow approval;
    approval.operationId = u"op_approval"_s;
    approval.amount = {250000, u"usd"_s};
    approval.proposal = u"close as succeeded (re_1)"_s;
    approval.reason = u"closes the row as succeeded"_s;
    approval.needsApproval = true;
    approval.closesAs = OperationState::Succeeded;
    approval.proposalId = 2;

    BulkRow excluded;
    excluded.operationId = u"op_excluded"_s;
    excluded.amount = kAmount;
    excluded.exclusion = u"newer_evidence"_s;
    excluded.reason = u"evidence #9 is newer than the proposal"_s;

    return {close, replay, approval, excluded};
}

QString cell(const ApplyPreviewModel &model, int row, int column, int role = Qt::DisplayRole)
{
    return model.index(row, column).data(role).toString();
}

} // namespace

class TestApplyPreviewModel : public QObject
{
    Q_OBJECT

private slots:
    void previewShowsWhatTheRunWillDo();
    void resultsArriveOneByOneAndInBatches();
    void aSecondPreviewReplacesTheFirst();
};

void TestApplyPreviewModel::previewShowsWhatTheRunWillDo()
{
    ApplyPreviewModel model;
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setRows(previewRows());

    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.columnCount(), int(ApplyPreviewModel::ColumnCount));
    QCOMPARE(model.rowCount(model.index(0, 0)), 0); // a table: no row has children
    QCOMPARE(model.headerData(ApplyPreviewModel::PreviewColumn, Qt::Horizontal).toString(),
             u"Preview"_s);
    QCOMPARE(model.runnableCount(), 3);
    QCOMPARE(cell(model, 0, ApplyPreviewModel::OperationColumn), u"op_close"_s);
    QCOMPARE(cell(model, 0, ApplyPreviewModel::AmountColumn), formatMoney(kAmount, QLocale()));
    QCOMPARE(cell(model, 0, ApplyPreviewModel::EvidenceColumn), u"#3, #4"_s);
    QCOMPARE(cell(model, 1, ApplyPreviewModel::EvidenceColumn), u"—"_s);
    QCOMPARE(cell(model, 3, ApplyPreviewModel::ProposalColumn), u"—"_s);
    QVERIFY(cell(model, 1, ApplyPreviewModel::PreviewColumn).contains(u"Warning"_s));
    QVERIFY(cell(model, 2, ApplyPreviewModel::PreviewColumn).startsWith(u"Approval request: "_s));
    QVERIFY(cell(model, 3, ApplyPreviewModel::PreviewColumn)
                .startsWith(u"Excluded — Newer evidence: "_s));
    QCOMPARE(cell(model, 3, ApplyPreviewModel::PreviewColumn, Qt::ToolTipRole),
             cell(model, 3, ApplyPreviewModel::PreviewColumn));
    QCOMPARE(cell(model, 0, ApplyPreviewModel::ResultColumn), QString());
    QCOMPARE(model.index(2, 0).data(ApplyPreviewModel::OperationIdRole).toString(),
             u"op_approval"_s);
    QCOMPARE(model.index(3, 0).data(ApplyPreviewModel::RunnableRole).toBool(), false);
    QCOMPARE(model.index(0, 0).data(ApplyPreviewModel::OutcomeRole).toInt(),
             int(BulkOutcome::NotRun));
}

void TestApplyPreviewModel::resultsArriveOneByOneAndInBatches()
{
    ApplyPreviewModel model;
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    model.setRows(previewRows());
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

    model.setResult(0, {BulkOutcome::Applied, {}, {}, OperationState::Failed});
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.at(0).at(0).toModelIndex(), model.index(0, 0));
    QCOMPARE(changed.at(0).at(1).toModelIndex(),
             model.index(0, ApplyPreviewModel::ColumnCount - 1));
    QCOMPARE(cell(model, 0, ApplyPreviewModel::ResultColumn), u"Closed: closed as failed"_s);

    // A batch: one dataChanged over the rows it spans; rows outside the table are dropped.
    model.setResults({{1, {BulkOutcome::Sent, {}, {}, OperationState::Unknown}},
                      {2, {BulkOutcome::SentForApproval, {}, {}, std::nullopt}},
                      {7, {BulkOutcome::Failed, u"lost"_s, {}, std::nullopt}}});
    QCOMPARE(changed.size(), 2);
    QCOMPARE(changed.at(1).at(0).toModelIndex(), model.index(1, 0));
    QCOMPARE(changed.at(1).at(1).toModelIndex(),
             model.index(2, ApplyPreviewModel::ColumnCount - 1));
    QCOMPARE(cell(model, 1, ApplyPreviewModel::ResultColumn), u"Resent: still unknown"_s);
    QCOMPARE(cell(model, 2, ApplyPreviewModel::ResultColumn), u"Sent for approval"_s);
    QCOMPARE(model.index(1, 0).data(ApplyPreviewModel::OutcomeRole).toInt(),
             int(BulkOutcome::Sent));

    model.setResult(-1, {BulkOutcome::Failed, u"lost"_s, {}, std::nullopt});
    model.setResults({{4, {BulkOutcome::Failed, u"lost"_s, {}, std::nullopt}}});
    QCOMPARE(changed.size(), 2); // nothing in range: no signal

    // Counted by what the run left each row as (§16): the resend settled nothing.
    const BulkSummary s = model.summary();
    QCOMPARE(s.applied, 1);
    QCOMPARE(s.closedFailed, 1);
    QCOMPARE(s.sent, 1);
    QCOMPARE(s.stillUnknown, 1);
    QCOMPARE(s.succeeded, 0);
    QCOMPARE(s.sentForApproval, 1);
    QCOMPARE(s.excluded, 1);
    QCOMPARE(s.excludedBy.value(u"Newer evidence"_s), 1);
    QCOMPARE(s.failed, 0);
    QCOMPARE(s.notReached, 0);
}

void TestApplyPreviewModel::aSecondPreviewReplacesTheFirst()
{
    ApplyPreviewModel model;
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    model.setRows(previewRows());
    model.setResult(0, {BulkOutcome::Applied, {}, {}, OperationState::Failed});
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

    std::vector<BulkRow> again = previewRows();
    again.resize(1);
    model.setRows(again);
    QCOMPARE(reset.size(), 1);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.resultAt(0).outcome, BulkOutcome::NotRun); // results start over
    QCOMPARE(model.summary().notReached, 1);

    model.setRows({});
    QCOMPARE(reset.size(), 2);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.runnableCount(), 0);
    QVERIFY(!model.index(0, 0).isValid());
    QVERIFY(!model.data(model.index(0, 0)).isValid());
}

QTEST_GUILESS_MAIN(TestApplyPreviewModel)
#include "tst_applypreviewmodel.moc"
