#pragma once

// The supervisors' audit list (docs/design.md §6 "Audit"): filters, the entries newest first, chain
// verification and CSV export. Filtering is done by the model's SQL; export runs in chunks
// from the event loop behind a progress dialog, so the window stays responsive and a cancel
// leaves no file behind.

#include "auditlog.h"

#include <QWidget>
#include <memory>

class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QModelIndex;
class QPlainTextEdit;
class QProgressDialog;
class QPushButton;
class QTableView;
class QTimer;

namespace ops {
class AuditCsvExport;
class AuditQuery;
class AuditEntryModel;
class Session;
struct AuditFilter;
} // namespace ops

namespace ops::ui {

class AuditView final : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kExportChunkRows = 500;
    static constexpr int kFilterDelayMs = 250;

    // Reads through the session's AuditQuery; `session` must outlive the view.
    explicit AuditView(Session &session, QWidget *parent = nullptr);
    ~AuditView() override;

    // Rights are decided elsewhere (roles); the view only obeys.
    void setExportAllowed(bool allowed);
    bool exportAllowed() const { return m_exportAllowed; }

    AuditFilter currentFilter() const;
    void applyFilter();
    void reload();

    // Walks the chain now and shows the result in the verify label; returns it too (nullopt
    // when the database could not be read).
    std::optional<ChainCheck> verifyChain();
    QString verifyText() const;

    // Starts exporting the current filter to `path` (the button asks for the path first).
    // False with exportMessage() set when the file cannot be opened.
    bool startExport(const QString &path);
    void cancelExport();
    bool exportRunning() const { return m_export != nullptr; }
    QString exportMessage() const { return m_exportMessage; }
    QProgressDialog *exportProgress() const { return m_progress; }

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

private:
    QWidget *buildFilterBar();
    void askExportPath();
    void exportStep();
    void endExport(bool ok, const QString &message);
    void refreshActions();
    void showEntryDetail(const QModelIndex &index);

    Session &m_session;
    AuditQuery &m_query; // m_session's
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
    QTimer *m_exportTimer = nullptr;
    QProgressDialog *m_progress = nullptr;
    std::unique_ptr<AuditCsvExport> m_export;
    QString m_exportPath;
    QString m_exportMessage;
    bool m_exportAllowed = true;
};

} // namespace ops::ui
