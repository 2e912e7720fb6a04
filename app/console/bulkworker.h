#pragma once

// Runs a confirmed bulk preview (ui/common/bulkjob.h) off the UI thread: a thread of
// its own with its own database connection (a Qt SQL connection belongs to the thread that
// opened it), one row after another, each in its own transaction through the store's own
// functions — applyProposal for close proposals, the single-row Resend's runResend for resends
// (a resend proposal is applied by resending). The store checks every row again with the
// preview's version, so a row changed since the preview is excluded, not overwritten. Cancel is
// seen between rows: every row is then either done or untouched. Results arrive on the owner's
// thread through rowsFinished, in order and batched (at most every 50 ms, so a long run costs
// the UI thread a few updates a second, not one per row), then finished. The same thread and
// connection kind read the preview before it (startPreview → previewRead / previewFailed).

#include "console/bulkpreviewread.h"
#include "console/consolejobs.h"
#include "console/workerthread.h"
#include "itemmodels/applypreviewmodel.h"

#include <QObject>
#include <functional>
#include <vector>

namespace ops {
class Session;
}

namespace ops::console {

struct BulkItem
{
    int row = 0; // the preview row it came from
    QString operationId;
    qint64 proposalId = 0; // 0: a plain resend (Resend selected…)
    qint64 versionMs = 0;  // the row's updated_at when previewed
    bool resend = false;
    std::optional<OperationState> closesAs; // a close proposal's outcome (BulkRow::closesAs)
};

// The runnable rows of a preview, in its order.
std::vector<BulkItem> bulkItems(const std::vector<BulkRow> &preview);

class BulkWorker final : public QObject
{
    Q_OBJECT
public:
    // Called on the worker thread before each row with its index in the run (tests hold a row
    // there to cancel at a known point).
    using RowHook = std::function<void(int index)>;

    BulkWorker(JobConfig config, const Clock &clock, QString actor, QString leaseHolder,
               QObject *parent = nullptr);
    ~BulkWorker() override; // cancels and waits for the thread

    void setRowHook(RowHook hook) { m_hook = std::move(hook); }
    // Called on the worker thread before each part of the preview read, with the index of its
    // first row (tests hold the read there).
    void setPreviewHook(RowHook hook) { m_previewHook = std::move(hook); }
    void startPreview(ui::BulkPreviewRequest request);
    void start(std::vector<BulkItem> items);
    void cancel() { m_thread.cancel(); }
    bool isRunning() const { return m_thread.isRunning(); }
    void wait() { m_thread.wait(); }

signals:
    void previewRead(const std::vector<ops::BulkRow> &rows);
    void previewFailed(const QString &error); // nothing was read
    void rowsFinished(const std::vector<ops::BulkRowUpdate> &results);
    void finished();

private:
    static constexpr qsizetype kPreviewPart = 50; // rows read between two looks at cancel

    void readPreview(const ui::BulkPreviewRequest &request);
    void run(const std::vector<BulkItem> &items);
    BulkRowResult runOne(Session &session, const BulkItem &item) const;
    BulkRowResult resendOne(Session &session, const BulkItem &item) const;

    JobConfig m_config;
    const Clock &m_clock;
    QString m_actor;
    QString m_leaseHolder;
    RowHook m_hook;
    RowHook m_previewHook;
    WorkerThread m_thread{QStringLiteral("bulk")}; // last: the first to stop
};

} // namespace ops::console
