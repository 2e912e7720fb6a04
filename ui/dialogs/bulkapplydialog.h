#pragma once

// Bulk resolution in the checking queue (docs/design.md §10, issue 14 item 3): the preview of
// every selected row — what applying its proposal (or resending it) will do, or why the store
// excludes it — then Confirm. The run itself is the console's (app/console/bulkworker.h, off the
// UI thread, each row its own transaction); the dialog shows its progress, offers Cancel (the
// row in hand finishes, later rows stay untouched) and ends with the summary. Escape cancels a
// run, and otherwise closes; Enter confirms; the whole flow works without the mouse. The dialog
// opens at once, while the console reads the preview off the UI thread (Phase::Reading, busy
// bar); Escape then closes it and the read stops between parts. A row's preview and result are
// readable whole however narrow the columns: the cells' tooltips carry them, and the row detail
// under the table shows the current row's, word-wrapped (issue 31 item 3).

#include "common/bulkjob.h"
#include "itemmodels/applypreviewmodel.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace ops::ui {

class BulkApplyDialog final : public QDialog
{
    Q_OBJECT
public:
    enum class Mode
    {
        ApplyProposals,
        Resend
    };
    enum class Phase
    {
        Reading, // the preview is being read (readJob)
        Preview,
        Running,
        Done
    };

    // Opens reading the preview of `selected` rows; previewRead fills it.
    BulkApplyDialog(Mode mode, int selected, QWidget *parent = nullptr);

    Mode mode() const { return m_mode; }
    Phase phase() const { return m_phase; }
    ApplyPreviewModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QLabel *heading() const { return m_heading; }
    QLabel *summaryLabel() const { return m_summary; }
    // The current row's whole preview (and result, once run), word-wrapped.
    QLabel *rowDetail() const { return m_rowDetail; }
    QProgressBar *progress() const { return m_progress; }
    QPushButton *confirmButton() const { return m_confirm; }
    QPushButton *cancelButton() const { return m_cancel; }
    bool cancelled() const { return m_cancelled; }

    // A size that leaves the window around it visible.
    void fitTo(const QSize &window);
    // The job that reads this dialog's preview, for the console; the dialog owns it and shows
    // what it answers.
    BulkJob *readJob(const BulkPreviewRequest &request);

    // From the reader, on the UI thread.
    void previewRead(std::vector<BulkRow> rows);
    void previewFailed(const QString &error);
    // From the runner, on the UI thread.
    void runStarted();
    void rowsFinished(const std::vector<BulkRowUpdate> &results);
    void runFinished();

signals:
    // Confirm: the job that runs the runnable rows, for the console (bulkworker.h).
    void confirmed(ops::ui::BulkJob *job);
    // Stop reading the preview, or stop a run after the row in hand (every row is then either
    // done or untouched).
    void cancelRequested();
    // The run ended: the lists reload (during the run the change watcher keeps them current).
    void rowsChanged();

protected:
    void reject() override;

private:
    void buildTable();
    QDialogButtonBox *buildButtons(Mode mode);
    QString headingText() const;
    QString summaryText() const;
    void confirm();
    void showRowDetail();

    Mode m_mode = Mode::ApplyProposals;
    Phase m_phase = Phase::Reading;
    BulkPreviewRequest m_request;
    BulkJob *m_runJob = nullptr; // made at the first Confirm
    bool m_cancelled = false;
    int m_done = 0;
    ApplyPreviewModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QLabel *m_heading = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_rowDetail = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_confirm = nullptr;
    QPushButton *m_cancel = nullptr;
};

} // namespace ops::ui
