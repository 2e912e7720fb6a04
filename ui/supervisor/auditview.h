#pragma once

// The supervisors' audit list (docs/design.md §6 "Audit"): filters, the entries newest first, chain
// verification and CSV export. Filtering is done by the model's SQL. Verify chain and export run
// as an AuditJob on a thread of their own with their own connection (a million entries take
// seconds), one at a time, with a progress bar and Cancel in the window; the list, the filters
// and the rest of the console stay usable meanwhile, and a cancel leaves no file behind.

#include "domain/audittypes.h"

#include <QWidget>
#include <memory>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QSplitter;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QModelIndex;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableView;
class QTimer;

namespace ops {
class AuditEntryModel;
class AuditPages;
class AuditTask;
} // namespace ops

namespace ops::ui {

class ConsoleReads;

class AuditView final : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kFilterDelayMs = 250;

    // Reads through the session's AuditQuery; `session` must outlive the view.
    explicit AuditView(ConsoleReads &reads, QWidget *parent = nullptr);
    ~AuditView() override;

    // Rights are decided elsewhere (roles); the view only obeys.
    void setExportAllowed(bool allowed);
    bool exportAllowed() const { return m_exportAllowed; }

    AuditFilter currentFilter() const;
    void applyFilter();
    void reload();

    // Starts walking the chain on the job thread; the result goes to the verify label and
    // verifyFinished(). False while another job runs.
    bool startVerify();
    // The last walk that ran to the end (nullopt before, or when it could not read).
    std::optional<ChainCheck> lastCheck() const { return m_lastCheck; }
    QString verifyText() const;

    // Starts exporting the current filter to `path` (the button asks for the path first). False
    // while another job runs or when export is withheld; a file that cannot be written ends the
    // job with exportFinished(false, …).
    bool startExport(const QString &path);
    // Cancels the running job (Cancel button); its end is still reported.
    void cancelJob();
    bool jobRunning() const { return m_job != nullptr; }
    QString exportMessage() const { return m_exportMessage; }
    QProgressBar *jobProgress() const { return m_jobProgress; }
    QPushButton *cancelButton() const { return m_cancelJob; }
    QLabel *countLabel() const { return m_countLabel; }

    AuditEntryModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    // The selected entry's detail, pretty-printed.
    QPlainTextEdit *detailPanel() const { return m_detail; }
    QLineEdit *actorFilter() const { return m_actor; }
    QComboBox *actionFilter() const { return m_action; }
    QLineEdit *operationFilter() const { return m_operation; }
    QComboBox *kindFilter() const { return m_kind; }
    QCheckBox *fromEnabled() const { return m_fromEnabled; }
    QDateTimeEdit *fromEdit() const { return m_from; }
    QCheckBox *toEnabled() const { return m_toEnabled; }
    QDateTimeEdit *toEdit() const { return m_to; }
    QPushButton *verifyButton() const { return m_verify; }
    QPushButton *exportButton() const { return m_exportButton; }

signals:
    // ok: the file is in place; otherwise cancelled or failed (message says which).
    void exportFinished(bool ok, const QString &message);
    // A chain walk ended: ran (lastCheck() and verifyText() are set) or was cancelled/failed.
    void verifyFinished(bool ran);

private:
    void buildTable();
    QHBoxLayout *buildButtons();
    QSplitter *buildDetailSplit();
    void sizeColumns();
    QWidget *buildFilterBar();
    void buildActorActionFilters(QWidget *bar);
    void buildOperationKindFilters(QWidget *bar);
    void buildDateFilters(QWidget *bar);
    QWidget *buildJobBar();
    void askExportPath();
    void startJob(AuditTask *job, const QString &what);
    void jobProgressed(qint64 done, qint64 total);
    void jobFinished(const AuditJobResult &result);
    void showCheck(const ChainCheck &check);
    void endExport(bool ok, const QString &message);
    void refreshActions();
    void showEntryDetail(const QModelIndex &index);

    ConsoleReads &m_reads;
    AuditPages &m_query; // m_reads
    AuditEntryModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QPlainTextEdit *m_detail = nullptr;
    QLineEdit *m_actor = nullptr;
    QComboBox *m_action = nullptr;
    QLineEdit *m_operation = nullptr;
    QComboBox *m_kind = nullptr;
    QCheckBox *m_fromEnabled = nullptr;
    QDateTimeEdit *m_from = nullptr;
    QCheckBox *m_toEnabled = nullptr;
    QDateTimeEdit *m_to = nullptr;
    QPushButton *m_verify = nullptr;
    QPushButton *m_exportButton = nullptr;
    QLabel *m_verifyLabel = nullptr;
    QLabel *m_countLabel = nullptr;
    QTimer *m_filterTimer = nullptr;
    QWidget *m_jobBar = nullptr;
    QLabel *m_jobLabel = nullptr;
    QProgressBar *m_jobProgress = nullptr;
    QPushButton *m_cancelJob = nullptr;
    AuditTask *m_job = nullptr; // owned (child); deleted when it has finished
    std::optional<ChainCheck> m_lastCheck;
    QString m_exportMessage;
    bool m_exportAllowed = true;
};

} // namespace ops::ui
