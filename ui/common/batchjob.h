#pragma once

// One batch file a console window hands the console to check and then run (docs/design.md §19):
// a value and a channel, as BulkJob is. The import dialog owns it, so closing the dialog ends
// the job, and the console's worker with it (the console makes the worker the job's child). The
// console emits the answers (checked … runFinished) on the UI thread; the dialog emits
// cancelRequested.

#include "itemmodels/batchpreviewmodel.h"

#include <QObject>
#include <vector>

namespace ops::ui {

// What a check reads: the file at `path` as the batch `name`, for `actor`.
struct BatchImportRequest
{
    QString path;
    QString name;
    QString actor;
};

// How a run ended. Every row is in the rows' outcomes; those a stop left untouched are not_run.
struct BatchRunEnding
{
    bool stopped = false; // a stop or a failure left rows untouched: run it again to go on
    QString failure;      // the database failed, or the person may not: why
    QString waitsFor;     // not empty: the batch waits for a second supervisor (nothing sent)
    QByteArray resultCsv; // line, ticket, operation_id, status, reason, provider_reference
};

class BatchJob final : public QObject
{
    Q_OBJECT
public:
    BatchJob(BatchImportRequest request, QObject *parent);

    const BatchImportRequest &request() const { return m_request; }

signals:
    void checked(const ops::BatchPreview &preview);
    void checkFailed(const QString &error); // the file could not be read: nothing was checked
    void rowsFinished(const std::vector<ops::BatchRowUpdate> &updates);
    void runFinished(const ops::ui::BatchRunEnding &ending);
    // Stop the check, or the run before its next row (every row is then a committed operation
    // or untouched, and the next run of the file goes on from there).
    void cancelRequested();

private:
    BatchImportRequest m_request;
};

} // namespace ops::ui
