#pragma once

// One piece of bulk work a console window hands the console (issue 55: a value and a channel,
// never the dialog): reading the preview of the selected rows, or running a confirmed preview's
// runnable rows. The dialog that shows it owns it, so closing the dialog ends the job, and the
// console's worker with it (the console makes the worker the job's child). The console emits
// the answers (previewRead … runFinished) on the UI thread; the dialog emits cancelRequested.

#include "itemmodels/applypreviewmodel.h"

#include <QObject>
#include <QStringList>
#include <vector>

namespace ops::ui {

// What a bulk preview reads; the reading is the console's (app/console/bulkpreviewread.h), off
// the UI thread.
struct BulkPreviewRequest
{
    QStringList operationIds; // in list order
    QString actor;
    QString leaseHolder;
    bool resend = false; // Resend selected…; else Apply proposals…
};

class BulkJob final : public QObject
{
    Q_OBJECT
public:
    // Reading the preview `request` asks for.
    BulkJob(BulkPreviewRequest request, QObject *parent);
    // Running a confirmed preview: all its rows, in its order (the runnable ones run).
    BulkJob(BulkPreviewRequest request, std::vector<BulkRow> preview, QObject *parent);

    bool runs() const { return m_runs; }
    const BulkPreviewRequest &request() const { return m_request; }
    const std::vector<BulkRow> &preview() const { return m_preview; }

signals:
    void previewRead(const std::vector<ops::BulkRow> &rows);
    void previewFailed(const QString &error);
    void runStarted();
    void rowsFinished(const std::vector<ops::BulkRowUpdate> &results);
    void runFinished();
    // Stop reading, or stop a run after the row in hand (every row is then done or untouched).
    void cancelRequested();

private:
    BulkPreviewRequest m_request;
    std::vector<BulkRow> m_preview;
    bool m_runs = false;
};

} // namespace ops::ui
