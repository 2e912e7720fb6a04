#pragma once

// What a console window asks of the console (app/console), as signals the console connects to
// (ConsoleView::requests): network work, long jobs and the console's own dialogs.

#include "common/batchjob.h"
#include "common/bulkjob.h"
#include "domain/refunddraft.h"

#include <QObject>

namespace ops::ui {

// The window's requests of the console. Each is emitted on the UI thread.
class ConsoleRequests final : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    // Whether a console reads bulk previews (bulkPreviewRequested is connected); without one a
    // preview says it cannot be read, since the window reads no storage for it.
    bool readsBulkPreviews() const;
    // Whether a console checks and runs batch files (batchCheckRequested is connected).
    bool readsBatches() const;

signals:
    void lookUpRequested(const QString &operationId);
    void resendRequested(const QString &operationId);
    void cancelRequested();
    void messageSendRequested(qint64 messageId);
    // A row linked to a ticket was closed: send the decision notes its close queued, if any.
    void decisionNotesRequested(const QString &operationId);
    // The new-refund form was confirmed: the console runs the refund (newrefundjob.h).
    void newRefundRequested(const ops::RefundDraft &draft);
    void connectionsRequested();
    void agentsRequested();
    // Confirm in a bulk preview: the console runs the job's runnable rows (bulkworker.h).
    void bulkRunRequested(ops::ui::BulkJob *job);
    // A bulk dialog opened reading: the console reads the job's preview off the UI thread
    // (app/console/bulkpreviewread.h) and answers through the job.
    void bulkPreviewRequested(ops::ui::BulkJob *job);
    // Import refunds…: the console reads and checks the job's file off the UI thread and answers
    // through the job (app/console/batchworker.h) …
    void batchCheckRequested(ops::ui::BatchJob *job);
    // … and runs the file it checked, when the person pressed Run.
    void batchRunRequested(ops::ui::BatchJob *job);
};

} // namespace ops::ui
