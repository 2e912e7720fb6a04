#include "dialogs/bulkapplydialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ops::ui {

BulkApplyDialog::BulkApplyDialog(Mode mode, int selected, QWidget *parent)
    : QDialog(parent)
    , m_mode(mode)
{
    setObjectName(u"bulkApplyDialog"_s);
    setWindowTitle(mode == Mode::ApplyProposals ? tr("Apply proposals") : tr("Resend selected"));
    m_model = new ApplyPreviewModel(this);

    m_heading = new QLabel(this);
    m_heading->setObjectName(u"bulkHeading"_s);
    m_heading->setWordWrap(true);
    m_heading->setText(tr("Reading %n row(s)…", nullptr, selected));

    buildTable();
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(u"bulkProgress"_s);
    m_progress->setRange(0, 0); // busy while the preview is read
    m_progress->setFormat(tr("%v of %m rows"));

    m_summary = new QLabel(this);
    m_summary->setObjectName(u"bulkSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_summary->hide();

    QDialogButtonBox *buttons = buildButtons(mode);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_rowDetail);
    layout->addWidget(m_progress);
    layout->addWidget(m_summary);
    layout->addWidget(buttons);
    fitTo(parent ? parent->size() : QSize(1040, 640));
    m_cancel->setFocus();
}

// The preview table, and the current row's full text under it.
void BulkApplyDialog::buildTable()
{
    m_table = new QTableView(this);
    m_table->setObjectName(u"bulkPreview"_s);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(24);

    m_rowDetail = new QLabel(this);
    m_rowDetail->setObjectName(u"bulkRowDetail"_s);
    m_rowDetail->setWordWrap(true);
    m_rowDetail->setTextFormat(Qt::PlainText);
    m_rowDetail->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_rowDetail->hide();
    connect(m_model, &QAbstractItemModel::dataChanged, this, &BulkApplyDialog::showRowDetail);
}

QDialogButtonBox *BulkApplyDialog::buildButtons(Mode mode)
{
    auto *buttons = new QDialogButtonBox(this);
    m_confirm = buttons->addButton(mode == Mode::ApplyProposals ? tr("&Confirm") : tr("&Resend"),
                                   QDialogButtonBox::AcceptRole);
    m_confirm->setObjectName(u"bulkConfirm"_s);
    m_confirm->setDefault(true);
    m_confirm->setEnabled(false);
    m_confirm->setToolTip(tr("The preview is being read."));
    m_cancel = buttons->addButton(tr("Cancel"), QDialogButtonBox::RejectRole);
    m_cancel->setObjectName(u"bulkCancel"_s);
    m_cancel->setToolTip(tr("Close without changing anything (Esc)"));
    connect(m_confirm, &QPushButton::clicked, this, &BulkApplyDialog::confirm);
    connect(m_cancel, &QPushButton::clicked, this, &BulkApplyDialog::reject);
    return buttons;
}

BulkJob *BulkApplyDialog::readJob(const BulkPreviewRequest &request)
{
    m_request = request;
    auto *job = new BulkJob(request, this);
    connect(job, &BulkJob::previewRead, this, &BulkApplyDialog::previewRead);
    connect(job, &BulkJob::previewFailed, this, &BulkApplyDialog::previewFailed);
    connect(this, &BulkApplyDialog::cancelRequested, job, &BulkJob::cancelRequested);
    return job;
}

void BulkApplyDialog::previewRead(std::vector<BulkRow> rows)
{
    if (m_phase != Phase::Reading)
        return;
    m_phase = Phase::Preview;
    // What will run first, the exclusions after it; each part keeps the list's order.
    std::stable_partition(rows.begin(), rows.end(), [](const BulkRow &r) { return r.runnable(); });
    m_model->setRows(std::move(rows));
    m_heading->setText(headingText());
    QHeaderView *header = m_table->horizontalHeader();
    // Widths are measured once, on the first rows: ResizeToContents would measure every row
    // again on each result, a stall that grows with the selection.
    header->setResizeContentsPrecision(100);
    for (const int column : {ApplyPreviewModel::OperationColumn, ApplyPreviewModel::AmountColumn,
                             ApplyPreviewModel::ProposalColumn, ApplyPreviewModel::EvidenceColumn})
        m_table->resizeColumnToContents(column);
    header->setSectionResizeMode(ApplyPreviewModel::PreviewColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(ApplyPreviewModel::ResultColumn, QHeaderView::Stretch);
    // Until the run, the Result column is empty: the preview has its width.
    m_table->setColumnHidden(ApplyPreviewModel::ResultColumn, true);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &BulkApplyDialog::showRowDetail);
    m_progress->hide();
    m_progress->setRange(0, qMax(1, m_model->runnableCount()));
    m_progress->setValue(0);
    m_confirm->setEnabled(m_model->runnableCount() > 0);
    m_confirm->setToolTip(m_confirm->isEnabled()
                              ? tr("Run every row the preview does not exclude (Enter)")
                              : tr("Every selected row is excluded; nothing to run."));
    m_table->setFocus();
    if (m_model->rowCount() > 0)
        m_table->setCurrentIndex(m_model->index(0, 0));
}

void BulkApplyDialog::previewFailed(const QString &error)
{
    if (m_phase != Phase::Reading)
        return;
    m_phase = Phase::Done;
    m_progress->hide();
    m_heading->setText(tr("Could not read the preview: %1").arg(error));
    m_summary->setText(tr("Nothing was changed; close and try again."));
    m_summary->show();
    m_confirm->hide();
    m_cancel->setText(tr("&Close"));
    m_cancel->setDefault(true);
    m_cancel->setFocus();
}

void BulkApplyDialog::showRowDetail()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        m_rowDetail->hide();
        return;
    }
    const int row = current.row();
    const QString id = m_model->index(row, ApplyPreviewModel::OperationColumn).data().toString();
    const QString preview = m_model->index(row, ApplyPreviewModel::PreviewColumn).data().toString();
    const QString result = m_model->index(row, ApplyPreviewModel::ResultColumn).data().toString();
    QString text = tr("%1: %2").arg(id, preview);
    if (!result.isEmpty())
        text += u"\n"_s + tr("Result: %1").arg(result);
    m_rowDetail->setText(text);
    m_rowDetail->show();
}

void BulkApplyDialog::fitTo(const QSize &window)
{
    const QSize room = window - QSize(80, 160);
    resize(qBound(600, room.width(), 1280), qBound(360, room.height(), 720));
}

QString BulkApplyDialog::headingText() const
{
    const int total = m_model->rowCount();
    const int runnable = m_model->runnableCount();
    int approvals = 0;
    int resends = 0; // resend proposals: applied by resending, not closed
    for (const BulkRow &r : m_model->rows()) {
        approvals += r.runnable() && r.needsApproval;
        resends += r.runnable() && r.resend && !r.needsApproval;
    }
    const QString excluded = tr("%n excluded", nullptr, total - runnable);
    const QString asking = tr("%n will ask a second person for approval", nullptr, approvals);
    if (m_mode == Mode::Resend)
        return tr("%n selected: ", nullptr, total) +
               tr("%n will be resent with the stored key and bytes, one attempt each; ", nullptr,
                  runnable - approvals) +
               asking + u"; "_s + excluded + u"."_s;
    const QString resent =
        resends > 0
            ? tr("%n will be resent with the stored key, one attempt each", nullptr, resends) +
                  u", "_s
            : QString();
    return tr("%n selected: ", nullptr, total) +
           tr("%n will be closed as proposed", nullptr, runnable - approvals - resends) + u", "_s +
           resent + asking + u", "_s + excluded + u". "_s +
           tr("Each row runs in its own transaction; the store checks each row again.");
}

QString BulkApplyDialog::summaryText() const
{
    const BulkSummary s = m_model->summary();
    QStringList reasons;
    for (auto it = s.excludedBy.cbegin(); it != s.excludedBy.cend(); ++it)
        reasons.append(u"%1 %2"_s.arg(it.key()).arg(it.value()));
    // Rows by what the run left them as (DESIGN §16): a resend whose answer settled nothing is
    // "still unknown", never "sent".
    QStringList parts;
    parts.append(tr("Succeeded %1").arg(s.succeeded));
    parts.append(tr("closed as failed %1").arg(s.closedFailed));
    parts.append(tr("still unknown %1").arg(s.stillUnknown));
    parts.append(tr("sent for approval %1").arg(s.sentForApproval));
    parts.append(reasons.isEmpty()
                     ? tr("excluded %1").arg(s.excluded)
                     : tr("excluded %1 (%2)").arg(s.excluded).arg(reasons.join(u", "_s)));
    parts.append(tr("errors %1").arg(s.failed));
    QString text = parts.join(u" · "_s) + u"."_s;
    if (s.notReached > 0)
        text += u" "_s + tr("Cancelled: %n row(s) left untouched.", nullptr, s.notReached);
    return text;
}

void BulkApplyDialog::confirm()
{
    if (m_phase != Phase::Preview || m_model->runnableCount() == 0 || m_runJob)
        return;
    auto *job = new BulkJob(m_request, m_model->rows(), this);
    m_runJob = job; // one run: a second Confirm before it starts asks nothing more
    connect(job, &BulkJob::runStarted, this, &BulkApplyDialog::runStarted);
    connect(job, &BulkJob::rowsFinished, this, &BulkApplyDialog::rowsFinished);
    connect(job, &BulkJob::runFinished, this, &BulkApplyDialog::runFinished);
    connect(this, &BulkApplyDialog::cancelRequested, job, &BulkJob::cancelRequested);
    emit confirmed(job);
}

void BulkApplyDialog::runStarted()
{
    m_phase = Phase::Running;
    m_confirm->setEnabled(false);
    m_cancel->setText(tr("Cancel run"));
    m_cancel->setToolTip(tr("Stop after the row in hand; later rows stay untouched (Esc)"));
    m_table->setColumnHidden(ApplyPreviewModel::ResultColumn, false);
    m_progress->show();
    m_cancel->setFocus();
}

void BulkApplyDialog::rowsFinished(const std::vector<BulkRowUpdate> &results)
{
    // A batch at a time (the worker posts every 50 ms): one dataChanged, one repaint.
    m_model->setResults(results);
    m_done += int(results.size());
    m_progress->setValue(m_done);
}

void BulkApplyDialog::runFinished()
{
    m_phase = Phase::Done;
    m_progress->setValue(m_done);
    m_summary->setText(summaryText());
    m_summary->show();
    m_confirm->hide();
    m_cancel->setText(tr("&Close"));
    m_cancel->setToolTip(tr("Close the summary (Esc)"));
    m_cancel->setDefault(true);
    m_cancel->setFocus();
    emit rowsChanged();
}

void BulkApplyDialog::reject()
{
    if (m_phase == Phase::Reading) {
        m_cancelled = true;
        emit cancelRequested(); // the read stops between parts; nothing was changed
        QDialog::reject();
        return;
    }
    if (m_phase != Phase::Running) {
        QDialog::reject();
        return;
    }
    if (m_cancelled)
        return;
    m_cancelled = true;
    m_cancel->setEnabled(false);
    m_cancel->setText(tr("Cancelling…"));
    emit cancelRequested();
}

} // namespace ops::ui
