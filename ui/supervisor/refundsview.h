#pragma once

// The supervisor's Refunds tab (docs/design.md §19, issue 54 items 2 and 3): refunds counted by
// reason code (a chart and a table) and by batch (a table of past batches; the one selected lists
// its refunds as they stand now), each exportable as CSV. Counts keep refunded, failed and
// checking apart (rule 16). The figures are the store's (ConsoleReads::refundsByReason,
// refundsByBatch, batchRefunds); the view only shows and saves them.

#include "itemmodels/batchpreviewmodel.h"
#include "itemmodels/refundtallymodel.h"

#include <QWidget>

class QChart;
class QLabel;
class QTableView;

namespace ops::ui {

class ConsoleReads;

class RefundsView final : public QWidget
{
    Q_OBJECT
public:
    enum class Export
    {
        ByReason,
        ByBatch,
        BatchRows, // the selected batch's refunds
    };

    // `reads` must outlive the view.
    explicit RefundsView(ConsoleReads &reads, QWidget *parent = nullptr);

    // Reads the tallies again, keeping the selected batch.
    void reload();
    // Selects the batch `name` and lists its refunds; false when there is no such batch.
    bool selectBatch(const QString &name);
    // Writes one export to `path`; false, with the reason in the status line, when it cannot.
    bool exportTo(Export what, const QString &path);

    RefundTallyModel *reasonModel() const { return m_reasons; }
    RefundTallyModel *batchModel() const { return m_batches; }
    BatchPreviewModel *batchRowsModel() const { return m_rows; }
    QTableView *batchTable() const { return m_batchTable; }
    QChart *reasonChart() const { return m_chart; }
    QLabel *statusLine() const { return m_status; }

private:
    QTableView *addTable(QAbstractItemModel *model, const QString &name);
    QWidget *buildButtons();
    void drawReasons();
    void showBatch();
    void chooseExport(Export what);
    QByteArray batchRowsCsv() const;

    ConsoleReads &m_reads;
    RefundTallyModel *m_reasons = nullptr;
    RefundTallyModel *m_batches = nullptr;
    BatchPreviewModel *m_rows = nullptr;
    QTableView *m_reasonTable = nullptr;
    QTableView *m_batchTable = nullptr;
    QTableView *m_rowsTable = nullptr;
    QChart *m_chart = nullptr;
    QLabel *m_status = nullptr;
    QString m_batch; // the batch whose refunds are listed
};

} // namespace ops::ui
