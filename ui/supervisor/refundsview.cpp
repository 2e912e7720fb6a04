#include "supervisor/refundsview.h"

#include "common/consolereads.h"
#include "common/uilogging.h"
#include "domain/csv.h"
#include "domain/storeerror.h"
#include "supervisor/chartsview.h"

#include <QChart>
#include <QChartView>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSaveFile>
#include <QTableView>

using namespace Qt::StringLiterals;

namespace ops::ui {

RefundsView::RefundsView(ConsoleReads &reads, QWidget *parent)
    : QWidget(parent)
    , m_reads(reads)
{
    setObjectName(u"refundsView"_s);
    m_reasons = new RefundTallyModel(RefundTallyModel::Key::Reason, this);
    m_batches = new RefundTallyModel(RefundTallyModel::Key::Batch, this);
    m_rows = new BatchPreviewModel(this);
    m_chart = new QChart;
    m_chart->setTitle(tr("Refunds by reason"));
    m_chart->setAnimationOptions(QChart::NoAnimation);
    auto *chartView = new QChartView(m_chart, this); // owns the chart
    chartView->setObjectName(u"reasonChart"_s);
    chartView->setRenderHint(QPainter::Antialiasing);
    chartView->setMinimumHeight(180);
    m_status = new QLabel(this);
    m_status->setObjectName(u"refundsStatus"_s);
    m_status->setWordWrap(true);

    auto *grid = new QGridLayout(this);
    grid->addWidget(chartView, 0, 0);
    m_reasonTable = addTable(m_reasons, u"reasonTable"_s);
    grid->addWidget(m_reasonTable, 0, 1);
    m_batchTable = addTable(m_batches, u"batchTable"_s);
    grid->addWidget(m_batchTable, 1, 0);
    m_rowsTable = addTable(m_rows, u"batchRowsTable"_s);
    for (const int hidden : {BatchPreviewModel::LineColumn, BatchPreviewModel::CheckColumn})
        m_rowsTable->setColumnHidden(hidden, true);
    grid->addWidget(m_rowsTable, 1, 1);
    grid->addWidget(m_status, 2, 0);
    grid->addWidget(buildButtons(), 2, 1);
    grid->setRowStretch(0, 2);
    grid->setRowStretch(1, 3);
    connect(m_batchTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &RefundsView::showBatch);
    reload();
}

QTableView *RefundsView::addTable(QAbstractItemModel *model, const QString &name)
{
    auto *table = new QTableView(this);
    table->setObjectName(name);
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setAlternatingRowColors(true);
    table->setWordWrap(false);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

QWidget *RefundsView::buildButtons()
{
    auto *box = new QWidget(this);
    auto *row = new QHBoxLayout(box);
    row->setContentsMargins({});
    row->addStretch();
    const auto add = [&](const QString &text, const QString &name, Export what) {
        auto *button = new QPushButton(text, box);
        button->setObjectName(name);
        connect(button, &QPushButton::clicked, this, [this, what] { chooseExport(what); });
        row->addWidget(button);
    };
    add(tr("Export by reas&on…"), u"exportReasons"_s, Export::ByReason);
    add(tr("Export by &batch…"), u"exportBatches"_s, Export::ByBatch);
    add(tr("Export the batch's refun&ds…"), u"exportBatchRows"_s, Export::BatchRows);
    return box;
}

void RefundsView::reload()
{
    try {
        m_reasons->setRows(m_reads.refundsByReason());
        m_batches->setRows(m_reads.refundsByBatch());
    } catch (const StoreError &e) {
        m_status->setText(tr("Could not read the refunds: %1").arg(e.message()));
        return;
    }
    drawReasons();
    m_reasonTable->resizeColumnsToContents();
    m_batchTable->resizeColumnsToContents();
    const QString keep = m_batch;
    if (keep.isEmpty() || !selectBatch(keep)) {
        if (m_batches->rowCount() > 0)
            m_batchTable->setCurrentIndex(m_batches->index(0, 0));
    }
    m_status->setText(tr("%n batch(es); refunds by reason include every refund.", nullptr,
                         m_batches->rowCount()));
}

void RefundsView::drawReasons()
{
    QStringList labels;
    QList<qreal> refunded, failed, checking;
    for (int r = 0; r < m_reasons->rowCount(); ++r) {
        labels << m_reasons->index(r, RefundTallyModel::KeyColumn).data().toString();
        const RefundTally *t = m_reasons->rowAt(r);
        refunded << qreal(t->succeeded);
        failed << qreal(t->failed);
        checking << qreal(t->unsettled);
    }
    ChartsView::drawBars(
        m_chart, {{tr("Refunded"), refunded}, {tr("Failed"), failed}, {tr("Checking"), checking}},
        labels, {});
}

bool RefundsView::selectBatch(const QString &name)
{
    for (int r = 0; r < m_batches->rowCount(); ++r) {
        if (m_batches->index(r, 0).data(RefundTallyModel::KeyRole).toString() == name) {
            m_batchTable->setCurrentIndex(m_batches->index(r, 0));
            showBatch();
            return true;
        }
    }
    return false;
}

void RefundsView::showBatch()
{
    const QModelIndex current = m_batchTable->currentIndex();
    m_batch = current.isValid() ? current.data(RefundTallyModel::KeyRole).toString() : QString();
    std::vector<BatchPreviewRow> rows;
    try {
        if (!m_batch.isEmpty()) {
            for (const Operation &op : m_reads.batchRefunds(m_batch))
                rows.push_back(batchRowOf(op));
        }
    } catch (const StoreError &e) {
        m_status->setText(tr("Could not read batch %1: %2").arg(m_batch, e.message()));
    }
    m_rows->setRows(std::move(rows));
    m_rowsTable->resizeColumnsToContents();
}

QByteArray RefundsView::batchRowsCsv() const
{
    QByteArray out = csv::record({u"operation_id"_s, u"order"_s, u"charge"_s, u"amount_minor"_s,
                                  u"currency"_s, u"reason_code"_s, u"reference"_s, u"status"_s,
                                  u"reason"_s, u"provider_reference"_s});
    for (int r = 0; r < m_rows->rowCount(); ++r) {
        const BatchPreviewRow *row = m_rows->rowAt(r);
        out += csv::record({row->outcome.operationId, row->orderId, row->target,
                            QString::number(row->amount ? row->amount->minor : 0),
                            row->amount ? row->amount->currency : QString(), row->reasonCode,
                            row->reference, row->outcome.status, row->outcome.reason,
                            row->outcome.providerReference});
    }
    return out;
}

void RefundsView::chooseExport(Export what)
{
    const QString name = what == Export::ByReason  ? u"refunds-by-reason.csv"_s
                         : what == Export::ByBatch ? u"refunds-by-batch.csv"_s
                                                   : u"batch-%1.csv"_s.arg(m_batch);
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export refunds"), name, tr("CSV files (*.csv)"));
    if (!path.isEmpty())
        exportTo(what, path);
}

bool RefundsView::exportTo(Export what, const QString &path)
{
    if (what == Export::BatchRows && m_batch.isEmpty()) {
        m_status->setText(tr("Select a batch first."));
        return false;
    }
    const QByteArray bytes = what == Export::ByReason  ? m_reasons->csv()
                             : what == Export::ByBatch ? m_batches->csv()
                                                       : batchRowsCsv();
    QSaveFile out(path);
    if (out.open(QIODevice::WriteOnly) && out.write(bytes) >= 0 && out.commit()) {
        m_status->setText(tr("Saved %1.").arg(path));
        return true;
    }
    m_status->setText(tr("Could not save %1: %2").arg(path, out.errorString()));
    return false;
}

} // namespace ops::ui
