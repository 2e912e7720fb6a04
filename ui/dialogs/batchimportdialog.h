#pragma once

// Operation → Import refunds… (docs/design.md §19, docs/batches.md): a batch file's check, shown
// line by line with each problem in place, the totals per currency and what an earlier run of the
// same file already made; then Run, with progress and Stop; then how each row ended, counted by
// outcome (rule 16: an unknown outcome is "checking", never done), and the result file to save.
// The console reads, checks and runs the file off the UI thread (app/console/batchworker.h); the
// dialog only shows what its jobs answer. Changing the batch name needs a check again (Enter)
// before Run: the name is part of every row's unit of work. After a run, Check again reads what
// the database holds now, so a stopped run goes on from the same dialog. Escape stops a run (the
// row in hand finishes; the next run of the file goes on from the first row left) and otherwise
// closes.

#include "common/batchjob.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableView;

namespace ops::ui {

class BatchImportDialog final : public QDialog
{
    Q_OBJECT
public:
    enum class Phase
    {
        Checking,
        Preview,
        Running,
        Done
    };

    // Opens for the file at `path` as the batch `name` ('': named after the file); startCheck
    // checks it.
    BatchImportDialog(QString path, QString actor, const QString &name = {},
                      QWidget *parent = nullptr);

    Phase phase() const { return m_phase; }
    BatchPreviewModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QLineEdit *nameEdit() const { return m_name; }
    QLabel *heading() const { return m_heading; }
    QLabel *summaryLabel() const { return m_summary; }
    QProgressBar *progress() const { return m_progress; }
    QPushButton *checkButton() const { return m_check; }
    QPushButton *runButton() const { return m_run; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *closeButton() const { return m_close; }
    const BatchPreview &preview() const { return m_preview; }
    const BatchRunEnding &ending() const { return m_ending; }

    // The check of the file under the name in the field: a new job, owned by the dialog, that
    // the window hands the console (checkRequested carries the same).
    BatchJob *startCheck();
    // Writes the run's result file to `path`; false (the reason in the summary) when it cannot.
    bool saveResults(const QString &path);

    // A batch name from a file name: its letters, digits, '.', '-' and '_', at most 64.
    static QString nameFromFile(const QString &path);

signals:
    void checkRequested(ops::ui::BatchJob *job);
    void runRequested(ops::ui::BatchJob *job);
    void cancelRequested();
    // A run ended: the lists read the rows it made.
    void rowsChanged();

protected:
    void reject() override;

private:
    void buildTable();
    void buildButtons();
    void checked(const BatchPreview &preview);
    void nameEdited();
    void checkFailed(const QString &error);
    void run();
    void rowsFinished(const std::vector<BatchRowUpdate> &updates);
    void runFinished(const BatchRunEnding &ending);
    void chooseResultFile();
    QString headingText() const;
    void finishWith(const QString &summary);

    QString m_path;
    QString m_actor;
    Phase m_phase = Phase::Checking;
    BatchJob *m_job = nullptr; // the newest check's; a run goes through it
    BatchPreview m_preview;
    BatchRunEnding m_ending;
    bool m_stopping = false;
    int m_done = 0;
    BatchPreviewModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QLineEdit *m_name = nullptr;
    QLabel *m_heading = nullptr;
    QLabel *m_summary = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_check = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_close = nullptr;
};

} // namespace ops::ui
